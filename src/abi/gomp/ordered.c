/* GCC ABI: ordered regions of loops with an ordered clause. */
#include "../../core/export.h"
#include "../../core/ordered.h"
#include "../../core/thread.h"

GLASS_EXPORT void GOMP_ordered_start(void)
{
    glass_ordered_begin(glass_self());
}

GLASS_EXPORT void GOMP_ordered_end(void)
{
    glass_ordered_end(glass_self());
}
