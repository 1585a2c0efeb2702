/* Runtime start-up: defaults, then the environment, then derived settings. */
#include <limits.h>
#include <pthread.h>
#include <sched.h>
#include <stdatomic.h>
#include <string.h>
#include <unistd.h>

#include "../../ompt/hooks.h"
#include "../places/affinity.h"
#include "../settings/env.h"
#include "../globals.h"
#include "../runtime.h"
#include "../sync/wait.h"

struct glass_globals glass_globals;

static unsigned count_available_procs(void)
{
    cpu_set_t set;
    if (sched_getaffinity(0, sizeof set, &set) == 0) {
        int n = CPU_COUNT(&set);
        if (n > 0)
            return (unsigned)n;
    }
    long n = sysconf(_SC_NPROCESSORS_ONLN);
    return n > 0 ? (unsigned)n : 1;
}

static void set_defaults(void)
{
    struct glass_globals *g = &glass_globals;
    g->num_procs = count_available_procs();
    g->wait_cpus = glass_wait_usable_cpus(g->num_procs);
    g->initial_icvs = (struct glass_icvs){
        .nthreads = g->num_procs,
        .bind = GLASS_BIND_FALSE,
        .dynamic = false,
        .run_sched = GLASS_SCHED_DYNAMIC,
        .run_sched_chunk = 1,
        .thread_limit = UINT_MAX,
        /* Like libgomp: nesting is off unless the environment asks for it. */
        .max_active_levels = 1,
        .default_device = 0,
        .device_num = -1,
        .default_allocator = 1, /* omp_default_mem_alloc */
    };
    g->wait_policy = GLASS_WAIT_UNSET;
    g->spin_count = GLASS_SPIN_COUNT_DEFAULT;
    g->max_task_priority = 0;
    g->cancellation = false;
    g->display_affinity = false;
    /* The default is implementation defined (OpenMP 5.1, 2.4.2); libgomp's is
     * "level %L thread %i affinity %A", this one is libomp's, which programs
     * and tools are checked against. */
    strcpy(g->affinity_format, "OMP: pid %P tid %i thread %n bound to OS proc set {%A}");
    g->num_teams = 0;
    g->teams_thread_limit = 0;
    g->debug = 0;
    g->display_env = 0;
    g->target_offload = GLASS_OFFLOAD_DEFAULT;
    g->kmp_blocktime = -1;
    g->task_throttle_per_thread = GLASS_TASK_THROTTLE_PER_THREAD;
    g->barrier_fanout = 0; /* central */
}

static void initialize_once(void)
{
    set_defaults();
    glass_env_parse();
    glass_affinity_init();
    glass_ompd_initialize();
    if (glass_globals.display_env)
        glass_display_env(&glass_globals.initial_icvs, glass_globals.display_env == 2);
    glass_wait_configure(glass_globals.spin_count, glass_globals.wait_policy == GLASS_WAIT_PASSIVE,
                         glass_globals.wait_policy != GLASS_WAIT_ACTIVE);
}

static pthread_once_t init_once = PTHREAD_ONCE_INIT;

void glass_initialize(void)
{
    pthread_once(&init_once, initialize_once);
    /* Outside the once-block: the tool's initializer may call OpenMP routines. */
    glass_ompt_initialize();
}

/* Environment errors and OMP_DISPLAY_ENV are reported when the library loads,
 * as users expect from libgomp, rather than at the first construct. */
static bool loading;
static _Atomic bool unloading;

bool glass_loading(void)
{
    return loading;
}

bool glass_unloading(void)
{
    return atomic_load_explicit(&unloading, memory_order_relaxed);
}

/* Called first by each of the runtime's destructors. */
void glass_mark_unloading(void)
{
    atomic_store_explicit(&unloading, true, memory_order_relaxed);
}

__attribute__((constructor)) static void glass_load(void)
{
    /* Constructors run on one thread. */
    loading = true;
    glass_initialize();
    loading = false;
}
