/* Environment variables (OpenMP 5.1, chapter 6), read once at initialization,
 * and the settings table (settings.h) that names every one of them. Every
 * invalid value gets one line on stderr naming the variable, the value and
 * what is accepted; the default then stays in force. The parsing itself is in
 * env_parse.c and places_parse.c; this file applies the results. */
#include <limits.h>
#include <stdlib.h>
#include <string.h>

#include "../places/affinity.h"
#include "../places/affinity_format.h"
#include "../memory/alloc.h"
#include "../sync/barrier.h"
#include "env.h"
#include "env_kmp.h"
#include "env_parse.h"
#include "../globals.h"
#include "../runtime.h"
#include "settings_parts.h"

/* Largest team size accepted in OMP_NUM_THREADS: more is a typo, and creating
 * that many threads would fail far from the cause. */
#define MAX_NUM_THREADS (1u << 20)

static void reject(const char *name, const char *value, const char *expected)
{
    glass_warn("%s=\"%s\" is invalid: expected %s; using the default", name, value, expected);
}

/* What the variables said that decides between several of them. */
static struct {
    bool nested_set, nested;
    bool max_active_levels_set;
    bool list_asks_nesting;      /* OMP_NUM_THREADS or OMP_PROC_BIND has several elements */
    bool proc_bind_set;
    bool spin_count_set;
    bool places_set;
    struct glass_places_spec places;
    const char *places_text;
    bool barrier_tree;
    unsigned barrier_fanout;     /* GLASS_BARRIER_FANOUT, 0: unset */
    const char *barrier_fanout_text;
} seen;

static bool read_bool(const char *name, const char *value, bool *out)
{
    if (glass_parse_bool(value, out))
        return true;
    reject(name, value, "true or false");
    return false;
}

static bool read_int(const char *name, const char *value, unsigned long long min, int *out)
{
    unsigned long long number;
    if (glass_parse_uint(value, min, INT_MAX, &number)) {
        *out = (int)number;
        return true;
    }
    reject(name, value, min ? "a positive integer" : "a non-negative integer");
    return false;
}

static void env_num_threads(const char *name, const char *value)
{
    struct glass_globals *g = &glass_globals;
    unsigned list[GLASS_MAX_LIST], len;
    if (!glass_parse_uint_list(value, 1, MAX_NUM_THREADS, list, GLASS_MAX_LIST, &len)) {
        reject(name, value,
               "a positive integer (at most 1048576) or a comma-separated list of at most 16 of them");
        return;
    }
    g->initial_icvs.nthreads = list[0];
    memcpy(g->nthreads_list, list, len * sizeof list[0]);
    g->nthreads_list_len = len;
    g->initial_icvs.nthreads_next = 1;
    seen.list_asks_nesting |= len > 1;
}

static void env_schedule(const char *name, const char *value)
{
    int kind, chunk;
    if (!glass_parse_schedule(value, &kind, &chunk)) {
        reject(name, value,
               "[monotonic:|nonmonotonic:]static|dynamic|guided|auto[,positive chunk size]");
        return;
    }
    int base = kind & ~GLASS_SCHED_MONOTONIC;
    glass_globals.initial_icvs.run_sched = kind;
    /* Without a chunk: static divides evenly (0), the others hand out 1. */
    if (chunk == 0 && base != GLASS_SCHED_STATIC && base != GLASS_SCHED_AUTO)
        chunk = 1;
    /* auto has no chunk; it reads back as 1, as on libgomp and libomp. */
    glass_globals.initial_icvs.run_sched_chunk = base == GLASS_SCHED_AUTO ? 1 : chunk;
}

static void env_dynamic(const char *name, const char *value)
{
    bool flag;
    if (read_bool(name, value, &flag))
        glass_globals.initial_icvs.dynamic = flag;
}

static void env_proc_bind(const char *name, const char *value)
{
    struct glass_globals *g = &glass_globals;
    signed char list[GLASS_MAX_LIST];
    unsigned len;
    if (!glass_parse_proc_bind(value, list, GLASS_MAX_LIST, &len)) {
        reject(name, value,
               "true, false, or a comma-separated list of at most 16 of primary, close, spread");
        return;
    }
    g->initial_icvs.bind = list[0];
    memcpy(g->bind_list, list, len);
    g->bind_list_len = len;
    g->initial_icvs.bind_next = 1;
    seen.proc_bind_set = true;
    seen.list_asks_nesting |= len > 1;
}

static void env_places(const char *name, const char *value)
{
    if (!glass_parse_places(value, &seen.places)) {
        reject(name, value,
               "threads, cores, ll_caches, numa_domains or sockets with an optional (count), "
               "or a list of places such as {0,1},{2:2},{0:4:2} or {0:2}:4:2");
        return;
    }
    seen.places_set = true;
    seen.places_text = value;
}

static void env_stacksize(const char *name, const char *value)
{
    size_t bytes;
    if (glass_parse_stacksize(value, &bytes))
        glass_globals.stacksize = bytes;
    else
        reject(name, value, "a positive size with an optional unit B, K, M or G (K if none), at most 1T");
}

static void env_wait_policy(const char *name, const char *value)
{
    static const char *const names[] = {"active", "passive", NULL};
    int index;
    if (glass_parse_keyword(value, names, &index))
        glass_globals.wait_policy = index == 0 ? GLASS_WAIT_ACTIVE : GLASS_WAIT_PASSIVE;
    else
        reject(name, value, "active or passive");
}

static void env_spin_count(const char *name, const char *value)
{
    unsigned long long count;
    if (glass_parse_spincount(value, &count)) {
        glass_globals.spin_count = count;
        seen.spin_count_set = true;
    } else {
        reject(name, value, "a number with an optional factor k, M, G or T, or infinite");
    }
}

static void env_max_active_levels(const char *name, const char *value)
{
    unsigned long long levels;
    if (!glass_parse_uint(value, 0, ULLONG_MAX, &levels)) {
        reject(name, value, "a non-negative integer");
        return;
    }
    /* More levels than supported means all of them (OpenMP 5.1, 2.4.2). */
    if (levels > GLASS_SUPPORTED_ACTIVE_LEVELS)
        levels = GLASS_SUPPORTED_ACTIVE_LEVELS;
    glass_globals.initial_icvs.max_active_levels = (unsigned)levels;
    seen.max_active_levels_set = true;
}

static void env_nested(const char *name, const char *value)
{
    if (read_bool(name, value, &seen.nested))
        seen.nested_set = true;
}

static void env_thread_limit(const char *name, const char *value)
{
    int limit;
    if (read_int(name, value, 1, &limit))
        glass_globals.initial_icvs.thread_limit = (unsigned)limit;
}

static void env_cancellation(const char *name, const char *value)
{
    read_bool(name, value, &glass_globals.cancellation);
}

static void env_display_env(const char *name, const char *value)
{
    static const char *const names[] = {"false", "true", "verbose", NULL};
    int index;
    if (glass_parse_keyword(value, names, &index))
        glass_globals.display_env = index;
    else
        reject(name, value, "true, false or verbose");
}

static void env_display_affinity(const char *name, const char *value)
{
    read_bool(name, value, &glass_globals.display_affinity);
}

/* A value with nonconforming fields is kept, as libomp and libgomp keep it:
 * 6.14 says what an unknown field prints ("undefined"); the warning names the
 * first such field. Longer values do not fit affinity-format-var. */
static void env_affinity_format(const char *name, const char *value)
{
    char problem[512];
    if (strlen(value) >= sizeof glass_globals.affinity_format) {
        reject(name, value, "at most 255 characters");
        return;
    }
    if (glass_affinity_format_problem(value, problem, sizeof problem))
        glass_warn("%s=\"%s\": %s", name, value, problem);
    strcpy(glass_globals.affinity_format, value);
}

static void env_default_device(const char *name, const char *value)
{
    read_int(name, value, 0, &glass_globals.initial_icvs.default_device);
}

static void env_max_task_priority(const char *name, const char *value)
{
    read_int(name, value, 0, &glass_globals.max_task_priority);
}

static void env_teams_thread_limit(const char *name, const char *value)
{
    read_int(name, value, 1, &glass_globals.teams_thread_limit);
}

static void env_num_teams(const char *name, const char *value)
{
    read_int(name, value, 1, &glass_globals.num_teams);
}

/* Predefined allocators, in the order of their handle values 1..8 (the
 * numbering of omp_allocator_handle_t in GCC's and LLVM's omp.h). */
static const char *const allocator_names[] = {
    "omp_default_mem_alloc", "omp_large_cap_mem_alloc", "omp_const_mem_alloc",
    "omp_high_bw_mem_alloc", "omp_low_lat_mem_alloc",   "omp_cgroup_mem_alloc",
    "omp_pteam_mem_alloc",   "omp_thread_mem_alloc",    NULL,
};

const char *glass_allocator_name(uintptr_t handle)
{
    return handle >= 1 && handle <= 8 ? allocator_names[handle - 1] : NULL;
}

static void env_allocator(const char *name, const char *value)
{
    int index;
    if (glass_parse_keyword(value, allocator_names, &index))
        glass_globals.initial_icvs.default_allocator = (uintptr_t)index + 1;
    else if (!glass_allocator_parse(value, &glass_globals.initial_icvs.default_allocator))
        reject(name, value,
               "a predefined allocator such as omp_default_mem_alloc, or a memory space optionally "
               "followed by :trait=value,...");
}

static void env_debug(const char *name, const char *value)
{
    static const char *const names[] = {"disabled", "enabled", NULL};
    int index;
    if (glass_parse_keyword(value, names, &index))
        glass_globals.debug = index;
    else
        reject(name, value, "enabled or disabled");
}

static void env_target_offload(const char *name, const char *value)
{
    static const char *const names[] = {"default", "mandatory", "disabled", NULL};
    int index;
    if (glass_parse_keyword(value, names, &index))
        glass_globals.target_offload = index;
    else
        reject(name, value, "default, mandatory or disabled");
}

/* GLASS_BARRIER: the shape of the fork, barriers and join (barrier.h). */
static void env_barrier(const char *name, const char *value)
{
    static const char *const names[] = {"central", "tree", NULL};
    int index;
    if (glass_parse_keyword(value, names, &index))
        seen.barrier_tree = index == 1;
    else
        reject(name, value, "central or tree");
}

static void env_barrier_fanout(const char *name, const char *value)
{
    unsigned long long fanout;
    if (glass_parse_uint(value, 2, GLASS_BARRIER_MAX_FANOUT, &fanout)) {
        seen.barrier_fanout = (unsigned)fanout;
        seen.barrier_fanout_text = value;
    } else {
        reject(name, value, "an integer from 2 to 64");
    }
}

/* GLASS_HOST_DEVICES: how many host devices to add to the device table
 * (src/device/device_table.c); empty means none. */
static void env_host_devices(const char *name, const char *value)
{
    unsigned long long n;
    if (!*value)
        return;
    if (glass_parse_uint(value, 0, GLASS_MAX_HOST_DEVICES, &n))
        glass_globals.host_devices = (int)n;
    else
        glass_warn("%s=%s: not a number of host devices from 0 to %d; no host devices", name, value,
                   GLASS_MAX_HOST_DEVICES);
}

/* GOMP_STACKSIZE is libgomp's older name; OMP_STACKSIZE and KMP_STACKSIZE win. */
static void env_gomp_stacksize(const char *name, const char *value)
{
    if (!glass_setting_given("OMP_STACKSIZE") && !glass_setting_given("KMP_STACKSIZE"))
        env_stacksize(name, value);
}

/* The tool variables: read here, with secure_getenv since they name libraries
 * to load, and checked by tool discovery (src/ompt/tool_init.c,
 * glass_setting_text), which logs each step of its search with them
 * (OMP_TOOL_VERBOSE_INIT). */
static void env_tool_variable(const char *name, const char *value)
{
    (void)name, (void)value;
}

#ifdef GLASS_TEST_SETTING
/* A setting that exists only in builds for the settings test
 * (tests/runtime/settings-mock.test): it proves that one entry here, its
 * storage and its show and change functions are all a setting needs. */
static void env_test_setting(const char *name, const char *value)
{
    read_int(name, value, 0, &glass_globals.test_setting);
}
#endif

/* Every variable, in the order OMP_DISPLAY_ENV shows them (and they are read
 * in, GLASS_SETTING_FIRST ones first). */
const struct glass_setting glass_settings[] = {
    {"_OPENMP", NULL, glass_show_openmp, NULL, GLASS_VIEW_ALL, GLASS_SETTING_NO_DEVICE},
    /* libomp's variables (env_kmp.c): read first, since they stand for OMP_*
     * ones below, and KMP_WARNINGS first of all, since it decides whether the
     * others may warn. */
    {"KMP_WARNINGS", glass_env_kmp_warnings, NULL, NULL, 0, GLASS_SETTING_FIRST},
    {"KMP_AFFINITY", glass_env_kmp_affinity, NULL, NULL, 0, GLASS_SETTING_FIRST},
    {"KMP_BLOCKTIME", glass_env_kmp_blocktime, NULL, NULL, 0, GLASS_SETTING_FIRST},
    {"KMP_STACKSIZE", glass_env_kmp_stacksize, NULL, glass_change_stacksize, 0, GLASS_SETTING_FIRST},
    {"KMP_LIBRARY", glass_env_kmp_library, NULL, NULL, 0, GLASS_SETTING_FIRST},
    {"KMP_TASKING", glass_env_kmp_tasking, NULL, NULL, 0, GLASS_SETTING_FIRST},
    {"KMP_ENABLE_TASK_THROTTLING", glass_env_kmp_task_throttling, NULL, NULL, 0, GLASS_SETTING_FIRST},
    {"KMP_SETTINGS", glass_env_kmp_settings, NULL, NULL, 0, GLASS_SETTING_FIRST},
    {"KMP_TEAMS_THREAD_LIMIT", glass_env_kmp_teams_thread_limit, NULL, NULL, 0, GLASS_SETTING_FIRST},
    /* The newer name last: it wins when both are set. */
    {"KMP_ALL_THREADS", glass_env_kmp_thread_limit, NULL, NULL, 0, GLASS_SETTING_FIRST},
    {"KMP_DEVICE_THREAD_LIMIT", glass_env_kmp_thread_limit, NULL, NULL, 0, GLASS_SETTING_FIRST},
    {"KMP_DUPLICATE_LIB_OK", glass_env_kmp_without_effect, NULL, NULL, 0, GLASS_SETTING_FIRST},
    {"OMP_DYNAMIC", env_dynamic, glass_show_dynamic, glass_change_dynamic, GLASS_VIEW_ALL, 0},
    {"OMP_NESTED", env_nested, glass_show_nested, glass_change_nested, GLASS_VIEW_ALL, 0},
    {"OMP_NUM_THREADS", env_num_threads, glass_show_num_threads, glass_change_num_threads, GLASS_VIEW_ALL, 0},
    {"OMP_SCHEDULE", env_schedule, glass_show_schedule, glass_change_schedule, GLASS_VIEW_ALL, 0},
    {"OMP_PROC_BIND", env_proc_bind, glass_show_proc_bind, NULL, GLASS_VIEW_ALL, 0},
    {"OMP_PLACES", env_places, glass_show_places, NULL, GLASS_VIEW_ALL, 0},
    {"OMP_STACKSIZE", env_stacksize, glass_show_stacksize, glass_change_stacksize, GLASS_VIEW_ALL, 0},
    {"GOMP_STACKSIZE", env_gomp_stacksize, NULL, NULL, 0, 0},
    {"OMP_WAIT_POLICY", env_wait_policy, glass_show_wait_policy, NULL, GLASS_VIEW_ALL, 0},
    {"OMP_THREAD_LIMIT", env_thread_limit, glass_show_thread_limit, NULL, GLASS_VIEW_ALL, 0},
    {"OMP_MAX_ACTIVE_LEVELS", env_max_active_levels, glass_show_max_active_levels,
     glass_change_max_active_levels, GLASS_VIEW_ALL, 0},
    {"OMP_NUM_TEAMS", env_num_teams, glass_show_num_teams, NULL, GLASS_VIEW_ALL, 0},
    {"OMP_TEAMS_THREAD_LIMIT", env_teams_thread_limit, glass_show_teams_thread_limit, NULL, GLASS_VIEW_ALL, 0},
    {"OMP_CANCELLATION", env_cancellation, glass_show_cancellation, NULL, GLASS_VIEW_ALL, 0},
    {"OMP_DEFAULT_DEVICE", env_default_device, glass_show_default_device, NULL, GLASS_VIEW_ALL, 0},
    {"OMP_MAX_TASK_PRIORITY", env_max_task_priority, glass_show_max_task_priority, NULL, GLASS_VIEW_ALL, 0},
    {"OMP_DISPLAY_AFFINITY", env_display_affinity, glass_show_display_affinity, NULL, GLASS_VIEW_ALL, 0},
    {"OMP_AFFINITY_FORMAT", env_affinity_format, glass_show_affinity_format, NULL, GLASS_VIEW_ALL, 0},
    {"OMP_ALLOCATOR", env_allocator, glass_show_allocator, NULL, GLASS_VIEW_ALL, 0},
    {"OMP_TARGET_OFFLOAD", env_target_offload, glass_show_target_offload, NULL, GLASS_VIEW_ALL, 0},
    {"OMP_DEBUG", env_debug, glass_show_debug, NULL, GLASS_VIEW_ALL, 0},
#ifdef GLASS_TEST_SETTING
    {"GLASS_TEST_SETTING", env_test_setting, glass_show_test_setting, glass_change_test_setting, GLASS_VIEW_ALL, 0},
#endif
    {"OMP_DISPLAY_ENV", env_display_env, NULL, NULL, 0, 0},
    /* Settings of this runtime beyond the specification: verbose only. */
    {"GOMP_SPINCOUNT", env_spin_count, glass_show_spin_count, NULL, GLASS_VIEW_VERBOSE, 0},
    {"GLASS_NUM_PROCS", NULL, glass_show_num_procs, NULL, GLASS_VIEW_VERBOSE, 0},
    {"GLASS_BARRIER", env_barrier, glass_show_barrier, NULL, GLASS_VIEW_VERBOSE, 0},
    {"GLASS_BARRIER_FANOUT", env_barrier_fanout, glass_show_barrier_fanout, NULL, GLASS_VIEW_VERBOSE, 0},
    {"GLASS_HOST_DEVICES", env_host_devices, NULL, NULL, 0, 0},
    {"OMP_TOOL", env_tool_variable, NULL, NULL, 0, GLASS_SETTING_SECURE},
    {"OMP_TOOL_LIBRARIES", env_tool_variable, NULL, NULL, 0, GLASS_SETTING_SECURE},
    {"OMP_TOOL_VERBOSE_INIT", env_tool_variable, NULL, NULL, 0, GLASS_SETTING_SECURE},
    {"GLASS_OMPT_ALL_TOOLS", env_tool_variable, NULL, NULL, 0, GLASS_SETTING_SECURE},
    {"GLASS_VERSION", NULL, glass_show_version, NULL, GLASS_VIEW_VERBOSE, 0},
};
const size_t glass_settings_count = sizeof glass_settings / sizeof glass_settings[0];

/* The environment's value of each entry, read once (glass_env_parse). */
static const char *given[sizeof glass_settings / sizeof glass_settings[0]];

const struct glass_setting *glass_setting_find(const char *name, size_t len)
{
    for (size_t i = 0; i < glass_settings_count; i++)
        if (strlen(glass_settings[i].name) == len && !strncmp(glass_settings[i].name, name, len))
            return &glass_settings[i];
    return NULL;
}

const char *glass_setting_text(const char *name)
{
    const struct glass_setting *entry = glass_setting_find(name, strlen(name));
    return entry ? given[entry - glass_settings] : NULL;
}

bool glass_setting_given(const char *name)
{
    return glass_setting_text(name) != NULL;
}

/* Rules that involve several variables. */
static void reconcile(void)
{
    struct glass_globals *g = &glass_globals;
    /* Nesting, as libgomp does: OMP_MAX_ACTIVE_LEVELS wins over the deprecated
     * OMP_NESTED, which wins over the lists that imply nesting. */
    if (!seen.max_active_levels_set) {
        if (seen.nested_set)
            g->initial_icvs.max_active_levels = seen.nested ? GLASS_SUPPORTED_ACTIVE_LEVELS : 1;
        else if (seen.list_asks_nesting)
            g->initial_icvs.max_active_levels = GLASS_SUPPORTED_ACTIVE_LEVELS;
    }
    /* Places without a policy ask for binding (libgomp's choice where OpenMP
     * 5.1, 2.4.2 leaves bind-var to the implementation). */
    if (seen.places_set && !seen.proc_bind_set)
        g->initial_icvs.bind = GLASS_BIND_TRUE;
    if (seen.barrier_tree)
        g->barrier_fanout = seen.barrier_fanout ? seen.barrier_fanout : GLASS_BARRIER_FANOUT_DEFAULT;
    else if (seen.barrier_fanout)
        glass_warn("GLASS_BARRIER_FANOUT=\"%s\" has no effect: GLASS_BARRIER is not tree (the default is central)",
                   seen.barrier_fanout_text);
    if (!seen.spin_count_set) {
        if (g->wait_policy == GLASS_WAIT_ACTIVE)
            g->spin_count = GLASS_SPIN_COUNT_ACTIVE;
        else if (g->wait_policy == GLASS_WAIT_PASSIVE)
            g->spin_count = 0;
    }
}

/* A KMP_* variable standing for an OMP_* one (env_kmp.c), and which of the
 * two libomp lets win when both are set. */
struct kmp_stand_in {
    const char *omp_name, *kmp_name;
    const char *value;
    bool kmp_wins;
};

static void kmp_stand_ins(const struct glass_kmp_env *kmp, struct kmp_stand_in *list, size_t *count)
{
    const struct kmp_stand_in all[] = {
        {"OMP_PROC_BIND", "KMP_AFFINITY", kmp->proc_bind, true},
        {"OMP_PLACES", "KMP_AFFINITY", kmp->affinity_set ? (kmp->places ? kmp->places : "") : NULL, true},
        {"OMP_STACKSIZE", "KMP_STACKSIZE", kmp->stacksize, true},
        {"OMP_NUM_THREADS", "KMP_LIBRARY", kmp->num_threads, false},
        {"OMP_WAIT_POLICY", "KMP_LIBRARY", kmp->wait_policy, false},
        {"OMP_DISPLAY_ENV", "KMP_SETTINGS", kmp->display_env, false},
        {"OMP_DISPLAY_AFFINITY", "KMP_AFFINITY", kmp->display_affinity ? "true" : NULL, false},
        {"OMP_THREAD_LIMIT", "KMP_DEVICE_THREAD_LIMIT", kmp->thread_limit, false},
        {"OMP_TEAMS_THREAD_LIMIT", "KMP_TEAMS_THREAD_LIMIT", kmp->teams_thread_limit, false},
    };
    *count = 0;
    for (size_t i = 0; i < sizeof all / sizeof *all; i++)
        if (all[i].value)
            list[(*count)++] = all[i];
}

/* KMP_BLOCKTIME: the spin budget, unless GOMP_SPINCOUNT gives it exactly. */
static void apply_blocktime(const struct glass_kmp_env *kmp)
{
    struct glass_globals *g = &glass_globals;
    if (kmp->blocktime_us == -1)
        return;
    if (seen.spin_count_set) {
        glass_warn("KMP_BLOCKTIME: ignored because GOMP_SPINCOUNT has been defined");
        return;
    }
    bool infinite = kmp->blocktime_us == GLASS_KMP_BLOCKTIME_INFINITE;
    if (g->wait_policy != GLASS_WAIT_UNSET)
        glass_warn("OMP_WAIT_POLICY: KMP_BLOCKTIME decides how long waiting threads stay awake");
    g->spin_count = infinite ? GLASS_SPIN_COUNT_ACTIVE
                             : (unsigned long long)kmp->blocktime_us * GLASS_PAUSES_PER_MS / 1000;
    g->wait_policy = g->spin_count == 0 ? GLASS_WAIT_PASSIVE : GLASS_WAIT_UNSET;
    seen.spin_count_set = true;
    g->kmp_blocktime = infinite ? INT_MAX
                                : (int)(kmp->blocktime_in_us ? kmp->blocktime_us : kmp->blocktime_us / 1000);
}

/* One entry's value, from the environment or the KMP_* variable standing
 * for it. */
static void read_setting(const struct glass_setting *entry, const struct kmp_stand_in *stand_ins,
                         size_t stand_in_count)
{
    const char *name = entry->name, *value = given[entry - glass_settings];
    const struct kmp_stand_in *kmp_value = NULL;
    for (size_t k = 0; k < stand_in_count; k++)
        if (!strcmp(stand_ins[k].omp_name, name))
            kmp_value = &stand_ins[k];
    if (kmp_value && value && kmp_value->kmp_wins)
        glass_warn("%s: ignored because %s has been defined", name, kmp_value->kmp_name);
    if (kmp_value && (!value || kmp_value->kmp_wins)) {
        /* KMP_AFFINITY=none leaves the places unset. */
        if (*kmp_value->value)
            entry->parse(kmp_value->kmp_name, kmp_value->value);
    } else if (value) {
        entry->parse(name, value);
    }
}

void glass_env_parse(void)
{
    for (size_t i = 0; i < glass_settings_count; i++)
        if (glass_settings[i].parse)
            given[i] = glass_settings[i].flags & GLASS_SETTING_SECURE ? secure_getenv(glass_settings[i].name)
                                                                      : getenv(glass_settings[i].name);
    /* The KMP_* variables first, in table order (KMP_WARNINGS leads). */
    for (size_t i = 0; i < glass_settings_count; i++)
        if ((glass_settings[i].flags & GLASS_SETTING_FIRST) && given[i])
            glass_settings[i].parse(glass_settings[i].name, given[i]);
    glass_env_kmp_others();
    const struct glass_kmp_env *kmp = glass_env_kmp();
    struct kmp_stand_in stand_ins[16];
    size_t stand_in_count;
    kmp_stand_ins(kmp, stand_ins, &stand_in_count);
    for (size_t i = 0; i < glass_settings_count; i++)
        if (glass_settings[i].parse && !(glass_settings[i].flags & GLASS_SETTING_FIRST))
            read_setting(&glass_settings[i], stand_ins, stand_in_count);
    apply_blocktime(kmp);
    if (kmp->task_throttle == GLASS_KMP_THROTTLE_RUN_AT_ONCE)
        glass_globals.task_throttle_per_thread = 0;
    else if (kmp->task_throttle == GLASS_KMP_THROTTLE_OFF)
        glass_globals.task_throttle_per_thread = GLASS_TASK_THROTTLE_OFF;
    reconcile();
}

const struct glass_places_spec *glass_env_places(const char **text)
{
    *text = seen.places_text;
    return seen.places_set ? &seen.places : NULL;
}

void glass_env_places_release(void)
{
    if (seen.places_set)
        glass_places_spec_free(&seen.places);
    seen.places_set = false;
}
