/* User API: threads, teams and nesting (OpenMP 5.1, 3.2). */
#include "../core/globals.h"
#include "../core/threads/team.h"
#include "api.h"

int omp_get_thread_num(void)
{
    return (int)glass_self()->num;
}

int omp_get_num_threads(void)
{
    return (int)glass_self()->team->nthreads;
}

int omp_get_max_threads(void)
{
    return (int)glass_self()->task->icv.nthreads;
}

void omp_set_num_threads(int num_threads)
{
    /* Not positive: implementation defined (OpenMP 5.1, 3.2.1); libgomp and
     * libomp both set 1, and so does Glass, with a warning. */
    if (num_threads <= 0) {
        glass_warn("omp_set_num_threads(%d): the argument must be positive; using 1", num_threads);
        num_threads = 1;
    }
    glass_self()->task->icv.nthreads = (unsigned)num_threads;
}

int omp_in_parallel(void)
{
    return glass_self()->team->active_level > 0;
}

int omp_get_level(void)
{
    return (int)glass_self()->team->level;
}

int omp_get_active_level(void)
{
    return (int)glass_self()->team->active_level;
}

int omp_get_num_procs(void)
{
    glass_initialize();
    return (int)glass_globals.num_procs;
}
