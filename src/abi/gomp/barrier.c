/* GCC ABI: the barrier construct. GCC calls the _cancel form in regions that
 * contain a cancel construct and jumps to the end of the region when it
 * returns true. */
#include <stdbool.h>

#include "../../core/sync/cancel.h"
#include "../../ompt/events.h"
#include "gomp.h"

/* GCC also ends worksharing constructs it expands inline (schedule(static)
 * loops, single) with GOMP_barrier: OMPT can only report those implicit
 * barriers as explicit ones. */
void GOMP_barrier(void)
{
    GLASS_OMPT_ENTRY_SPLIT(
        glass_team_barrier_unwatched(glass_self(), GLASS_STATE_WAIT_BARRIER_EXPLICIT),
        glass_team_barrier_at(glass_self(), GLASS_STATE_WAIT_BARRIER_EXPLICIT, __builtin_return_address(0)));
}

GLASS_EXPORT bool GOMP_barrier_cancel(void)
{
    GLASS_OMPT_ENTRY_RETURN(glass_team_barrier_cancellable_at(
        glass_self(), GLASS_STATE_WAIT_BARRIER_EXPLICIT, __builtin_return_address(0)));
}
