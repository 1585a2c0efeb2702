/* User API: routines that set and read ICVs (OpenMP 5.1, 3.2), nesting
 * queries, omp_display_env and omp_pause_resource. Setters of data-environment
 * ICVs change the calling task's copy, which its children inherit. */
#include <limits.h>

#include "../core/settings/env.h"
#include "../core/globals.h"
#include "../core/threads/team.h"
#include "api.h"

void omp_set_dynamic(int dynamic_threads)
{
    glass_self()->task->icv.dynamic = dynamic_threads != 0;
}

int omp_get_dynamic(void)
{
    return glass_self()->task->icv.dynamic;
}

/* Deprecated in 5.0; maps onto max-active-levels-var (OpenMP 5.1, 3.2.9). */
void omp_set_nested(int nested)
{
    glass_self()->task->icv.max_active_levels = nested ? GLASS_SUPPORTED_ACTIVE_LEVELS : 1;
}

int omp_get_nested(void)
{
    return glass_self()->task->icv.max_active_levels > 1;
}

void omp_set_schedule(omp_sched_t kind, int chunk_size)
{
    int base = (int)kind & ~GLASS_SCHED_MONOTONIC;
    if (base < GLASS_SCHED_STATIC || base > GLASS_SCHED_AUTO) {
        glass_warn("omp_set_schedule: kind %#x is not an omp_sched_t value; ignored", (unsigned)kind);
        return;
    }
    /* A chunk size below 1 means the default (OpenMP 5.1, 3.2.11). Auto has
     * none; it reads back as 1, as on libomp (and on libgomp, which keeps the
     * previous chunk, 1 unless a program set another). */
    if (base == GLASS_SCHED_AUTO)
        chunk_size = 1;
    else if (chunk_size < 1)
        chunk_size = base == GLASS_SCHED_STATIC ? 0 : 1;
    struct glass_icvs *icv = &glass_self()->task->icv;
    icv->run_sched = (int)kind;
    icv->run_sched_chunk = chunk_size;
}

void omp_get_schedule(omp_sched_t *kind, int *chunk_size)
{
    const struct glass_icvs *icv = &glass_self()->task->icv;
    *kind = (omp_sched_t)icv->run_sched;
    *chunk_size = icv->run_sched_chunk;
}

int omp_get_thread_limit(void)
{
    unsigned limit = glass_self()->task->icv.thread_limit;
    return limit > INT_MAX ? INT_MAX : (int)limit;
}

void omp_set_max_active_levels(int max_levels)
{
    if (max_levels < 0) {
        glass_warn("omp_set_max_active_levels(%d): the argument must not be negative; ignored",
                   max_levels);
        return;
    }
    /* More than supported means all that are supported (OpenMP 5.1, 3.2.15). */
    if (max_levels > GLASS_SUPPORTED_ACTIVE_LEVELS)
        max_levels = GLASS_SUPPORTED_ACTIVE_LEVELS;
    glass_self()->task->icv.max_active_levels = (unsigned)max_levels;
}

int omp_get_max_active_levels(void)
{
    return (int)glass_self()->task->icv.max_active_levels;
}

int omp_get_supported_active_levels(void)
{
    return GLASS_SUPPORTED_ACTIVE_LEVELS;
}

/* The team the calling thread belongs to at nesting level `level`, or NULL
 * when there is no such level. */
static const struct glass_team *team_at_level(const struct glass_thread *self, int level,
                                              unsigned *thread_num)
{
    const struct glass_team *team = self->team;
    unsigned num = self->num;
    if (level < 0 || (unsigned)level > team->level)
        return NULL;
    while (team->level > (unsigned)level) {
        num = team->parent_thread_num;
        team = team->parent;
    }
    *thread_num = num;
    return team;
}

int omp_get_ancestor_thread_num(int level)
{
    unsigned num;
    return team_at_level(glass_self(), level, &num) ? (int)num : -1;
}

int omp_get_team_size(int level)
{
    unsigned num;
    const struct glass_team *team = team_at_level(glass_self(), level, &num);
    return team ? (int)team->nthreads : -1;
}

int omp_get_cancellation(void)
{
    glass_initialize();
    return glass_globals.cancellation;
}

omp_proc_bind_t omp_get_proc_bind(void)
{
    return (omp_proc_bind_t)glass_self()->task->icv.bind;
}

int omp_get_max_task_priority(void)
{
    glass_initialize();
    return glass_globals.max_task_priority;
}

void omp_set_num_teams(int num_teams)
{
    glass_initialize();
    if (num_teams <= 0) {
        glass_warn("omp_set_num_teams(%d): the argument must be positive; ignored", num_teams);
        return;
    }
    glass_globals.num_teams = num_teams;
}

int omp_get_max_teams(void)
{
    glass_initialize();
    return glass_globals.num_teams;
}

void omp_set_teams_thread_limit(int thread_limit)
{
    glass_initialize();
    if (thread_limit <= 0) {
        glass_warn("omp_set_teams_thread_limit(%d): the argument must be positive; ignored",
                   thread_limit);
        return;
    }
    glass_globals.teams_thread_limit = thread_limit;
}

int omp_get_teams_thread_limit(void)
{
    glass_initialize();
    return glass_globals.teams_thread_limit;
}

void omp_display_env(int verbose)
{
    glass_display_env(&glass_self()->task->icv, verbose != 0);
}

/* Nothing to release on the host that the next region would not re-create at
 * once; the routines validate their arguments and succeed (OpenMP 5.1, 3.2.43). */
int omp_pause_resource(omp_pause_resource_t kind, int device_num)
{
    if (kind != omp_pause_soft && kind != omp_pause_hard)
        return -1;
    /* The host is device 0 (no other devices), or omp_initial_device (-1, 5.2). */
    if (device_num != 0 && device_num != -1)
        return -1;
    return 0;
}

int omp_pause_resource_all(omp_pause_resource_t kind)
{
    return omp_pause_resource(kind, 0);
}
