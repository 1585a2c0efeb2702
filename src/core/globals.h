/* Process-wide runtime settings: the environment as parsed at start-up and the
 * device ICVs. Written during initialization (and by the few API routines that
 * set global ICVs), read everywhere. */
#ifndef GLASS_CORE_GLOBALS_H
#define GLASS_CORE_GLOBALS_H

#include <stdbool.h>
#include <stddef.h>

#include "export.h"
#include "settings/icv.h"

/* Incomplete tasks per team member beyond which new tasks run at once
 * (bounded memory for a thread that creates millions); KMP_TASKING=0 makes it
 * 0 (every task at once), KMP_ENABLE_TASK_THROTTLING=0 unbounded. */
#define GLASS_TASK_THROTTLE_PER_THREAD 64UL
#define GLASS_TASK_THROTTLE_OFF (~0UL)

/* Pause instructions per millisecond of waiting (about 40 ns each on current
 * x86 processors): KMP_BLOCKTIME and kmp_set_blocktime convert with it. */
#define GLASS_PAUSES_PER_MS 25000ULL

/* GLASS_BARRIER=tree without GLASS_BARRIER_FANOUT: four children per node,
 * LLVM libomp's default branching for its hyper barrier. */
#define GLASS_BARRIER_FANOUT_DEFAULT 4u

/* GLASS_HOST_DEVICES: at most this many host devices; more would only
 * multiply the per-device state for no use. */
#define GLASS_MAX_HOST_DEVICES 64

enum glass_wait_policy { GLASS_WAIT_UNSET, GLASS_WAIT_ACTIVE, GLASS_WAIT_PASSIVE };
enum glass_target_offload { GLASS_OFFLOAD_DEFAULT, GLASS_OFFLOAD_MANDATORY, GLASS_OFFLOAD_DISABLED };

struct glass_globals {
    struct glass_icvs initial_icvs;  /* data environment of the initial task */
    unsigned nthreads_list[GLASS_MAX_LIST];
    unsigned nthreads_list_len;
    signed char bind_list[GLASS_MAX_LIST];
    unsigned bind_list_len;
    size_t stacksize;                /* stacksize-var, bytes; 0: system default */
    enum glass_wait_policy wait_policy;
    unsigned long long spin_count;   /* GOMP_SPINCOUNT or derived from the wait policy */
    bool cancellation;               /* cancel-var */
    int max_task_priority;           /* max-task-priority-var */
    bool display_affinity;           /* display-affinity-var */
    char affinity_format[256];       /* affinity-format-var */
    int num_teams;                   /* nteams-var, 0: unset */
    int teams_thread_limit;          /* teams-thread-limit-var, 0: unset */
    int debug;                       /* debug-var (OMP_DEBUG) */
    unsigned num_procs;              /* processors available to the process */
    unsigned wait_cpus;   /* processors the waiting policy counts on (wait.h: cgroup quota too) */
    int display_env;                 /* OMP_DISPLAY_ENV: 0 false, 1 true, 2 verbose */
    int target_offload;              /* target-offload-var: enum glass_target_offload */
    int kmp_blocktime;               /* KMP_BLOCKTIME in its unit (kmp_get_blocktime), -1: unset */
    unsigned long task_throttle_per_thread; /* incomplete tasks per thread before new ones run at once */
    /* Shape of every team's fork, barriers and join (GLASS_BARRIER,
     * GLASS_BARRIER_FANOUT): 0 central, else the branching factor of a tree. */
    unsigned barrier_fanout;
    int host_devices;                /* GLASS_HOST_DEVICES: host devices in the device table */
#ifdef GLASS_TEST_SETTING
    int test_setting;                /* GLASS_TEST_SETTING: only in the settings test's builds */
#endif
};

extern GLASS_INTERNAL struct glass_globals glass_globals;

/* Reads the environment (once) and reports invalid values; called by
 * glass_initialize. */
void glass_env_parse(void);

#endif
