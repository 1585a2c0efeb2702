/* Clang ABI: the ordered construct without parameters, inside a loop that
 * runs through the dispatch interface. */
#include "../../core/ordered.h"
#include "kmp.h"

GLASS_EXPORT void __kmpc_ordered(struct kmp_ident *loc, int32_t gtid)
{
    (void)loc;
    glass_ordered_begin(kmp_thread(gtid));
}

GLASS_EXPORT void __kmpc_end_ordered(struct kmp_ident *loc, int32_t gtid)
{
    (void)loc;
    glass_ordered_end(kmp_thread(gtid));
}
