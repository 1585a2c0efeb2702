/* GCC ABI: the barrier construct. GCC calls the _cancel form in regions that
 * contain a cancel construct and jumps to the end of the region when it
 * returns true. */
#include <stdbool.h>

#include "../../core/cancel.h"
#include "gomp.h"

void GOMP_barrier(void)
{
    glass_team_barrier(glass_self(), GLASS_STATE_WAIT_BARRIER_EXPLICIT);
}

GLASS_EXPORT bool GOMP_barrier_cancel(void)
{
    return glass_team_barrier_cancellable_as(glass_self(), GLASS_STATE_WAIT_BARRIER_EXPLICIT);
}
