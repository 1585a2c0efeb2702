/* GCC ABI: ordered regions of loops with an ordered clause. */
#include "../../core/export.h"
#include "../../core/loops/ordered.h"
#include "../../core/threads/thread.h"
#include "../../ompt/events.h"

GLASS_EXPORT void GOMP_ordered_start(void)
{
    GLASS_OMPT_ENTRY_CALL(glass_ordered_begin_at(glass_self(), __builtin_return_address(0)));
}

GLASS_EXPORT void GOMP_ordered_end(void)
{
    GLASS_OMPT_ENTRY_CALL(glass_ordered_end_at(glass_self(), __builtin_return_address(0)));
}
