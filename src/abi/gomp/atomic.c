/* GCC ABI: atomic updates GCC cannot do with an atomic instruction (long
 * double, __int128 without cmpxchg16b, _Complex types, ...) are bracketed by
 * these calls. */
#include "../../core/sync/lock.h"
#include "../../ompt/events.h"
#include "gomp.h"

GLASS_EXPORT void GOMP_atomic_start(void)
{
    GLASS_OMPT_ENTRY_SPLIT(glass_atomic_enter_unwatched(), glass_atomic_enter_at(__builtin_return_address(0)));
}

GLASS_EXPORT void GOMP_atomic_end(void)
{
    GLASS_OMPT_ENTRY_SPLIT(glass_atomic_exit_unwatched(), glass_atomic_exit_at(__builtin_return_address(0)));
}
