/* GCC ABI: atomic updates GCC cannot do with an atomic instruction (long
 * double, __int128 without cmpxchg16b, _Complex types, ...) are bracketed by
 * these calls. */
#include "../../core/lock.h"
#include "gomp.h"

GLASS_EXPORT void GOMP_atomic_start(void)
{
    glass_atomic_enter();
}

GLASS_EXPORT void GOMP_atomic_end(void)
{
    glass_atomic_exit();
}
