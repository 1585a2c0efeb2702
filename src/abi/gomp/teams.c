/* GCC ABI: the teams construct on the host. A host teams construct calls
 * GOMP_teams_reg with the region as a function; inside a target region GCC
 * emits a loop around the region's body driven by GOMP_teams4 (GCC 12), or a
 * single GOMP_teams call before it (older GCC, one team). */
#include <stdbool.h>

#include "../../core/tasks/tasking.h"
#include "../../ompt/events.h"
#include "gomp.h"

GLASS_EXPORT void GOMP_teams_reg(void (*fn)(void *), void *data, unsigned num_teams, unsigned thread_limit,
                                 unsigned flags)
{
    GLASS_OMPT_ENTRY();
    (void)flags; /* reserved */
    glass_teams_run(glass_self(), fn, data, num_teams, thread_limit, __builtin_return_address(0));
}

/* num_teams(lower: upper): the host makes the lower bound's number of teams
 * (at least that many are required; more would only run one after another). */
GLASS_EXPORT bool GOMP_teams4(unsigned num_teams_lower, unsigned num_teams_upper, unsigned thread_limit,
                              bool first)
{
    GLASS_OMPT_ENTRY();
    (void)num_teams_upper;
    return glass_teams_step(glass_self(), num_teams_lower, thread_limit, first, __builtin_return_address(0));
}

GLASS_EXPORT void GOMP_teams(unsigned num_teams, unsigned thread_limit)
{
    (void)num_teams;
    struct glass_thread *self = glass_self();
    if (thread_limit)
        self->task->icv.thread_limit = thread_limit;
}
