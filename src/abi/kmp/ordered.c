/* Clang ABI: the ordered construct without parameters, inside a loop that
 * runs through the dispatch interface. */
#include "../../core/loops/ordered.h"
#include "../../ompt/events.h"
#include "kmp.h"

GLASS_EXPORT void __kmpc_ordered(struct kmp_ident *loc, int32_t gtid)
{
    (void)loc;
    GLASS_OMPT_ENTRY_CALL(glass_ordered_begin_at(kmp_thread(gtid), __builtin_return_address(0)));
}

GLASS_EXPORT void __kmpc_end_ordered(struct kmp_ident *loc, int32_t gtid)
{
    (void)loc;
    GLASS_OMPT_ENTRY_CALL(glass_ordered_end_at(kmp_thread(gtid), __builtin_return_address(0)));
}
