/* libomp's KMP_* environment variables (env_kmp.c), translated into the
 * OMP_* settings they stand for; env.c applies them with libomp's
 * precedence. */
#ifndef GLASS_CORE_ENV_KMP_H
#define GLASS_CORE_ENV_KMP_H

#include <stdbool.h>

#define GLASS_KMP_BLOCKTIME_INFINITE (-2LL)
/* task_throttle values: 0 leaves the default. */
#define GLASS_KMP_THROTTLE_RUN_AT_ONCE 1 /* KMP_TASKING=0 */
#define GLASS_KMP_THROTTLE_OFF 2         /* KMP_ENABLE_TASK_THROTTLING=0 */

struct glass_kmp_env {
    /* In the syntax of the OMP_* variable named, NULL when not given. */
    const char *proc_bind, *places; /* KMP_AFFINITY: win over OMP_PROC_BIND/OMP_PLACES */
    bool affinity_set;
    bool display_affinity;          /* KMP_AFFINITY=verbose,... */
    const char *stacksize;          /* KMP_STACKSIZE: wins over OMP_STACKSIZE */
    const char *num_threads;        /* KMP_LIBRARY=serial: OMP_NUM_THREADS wins */
    const char *wait_policy;        /* KMP_LIBRARY=turnaround: OMP_WAIT_POLICY wins */
    const char *display_env;        /* KMP_SETTINGS: OMP_DISPLAY_ENV wins */
    const char *thread_limit;       /* KMP_DEVICE_THREAD_LIMIT, KMP_ALL_THREADS */
    const char *teams_thread_limit; /* KMP_TEAMS_THREAD_LIMIT */
    long long blocktime_us;         /* KMP_BLOCKTIME: -1 unset, or ..._INFINITE */
    bool blocktime_in_us;           /* it was given in us (kmp_get_blocktime answers in its unit) */
    int task_throttle;              /* KMP_TASKING / KMP_ENABLE_TASK_THROTTLING */
    char places_buffer[4096];       /* places from proclist=[...] */
};

/* The parsers of the KMP_* entries of the settings table (env.c), which reads
 * them before every OMP_* variable. Each warns (once) about an invalid value.
 * KMP_WARNINGS=false silences Glass's warnings (libomp's switch spellings). */
void glass_env_kmp_warnings(const char *name, const char *value);
void glass_env_kmp_blocktime(const char *name, const char *value);
void glass_env_kmp_affinity(const char *name, const char *value);
void glass_env_kmp_stacksize(const char *name, const char *value);
void glass_env_kmp_library(const char *name, const char *value);
void glass_env_kmp_tasking(const char *name, const char *value);
void glass_env_kmp_task_throttling(const char *name, const char *value);
void glass_env_kmp_settings(const char *name, const char *value);
void glass_env_kmp_teams_thread_limit(const char *name, const char *value);
void glass_env_kmp_thread_limit(const char *name, const char *value);
void glass_env_kmp_without_effect(const char *name, const char *value);

/* What they read, in the syntax of the OMP_* variables they stand for. */
const struct glass_kmp_env *glass_env_kmp(void);

/* One line for each KMP_* variable of the environment that is not in the
 * table: Glass does not honour it. */
void glass_env_kmp_others(void);

#endif
