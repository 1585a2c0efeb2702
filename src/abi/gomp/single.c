/* GCC ABI: single. GCC emits the closing barrier itself (GOMP_barrier)
 * unless the construct is nowait. */
#include "../../core/export.h"
#include "../../core/single.h"
#include "../../core/thread.h"

GLASS_EXPORT bool GOMP_single_start(void)
{
    return glass_single_begin(glass_self());
}

/* copyprivate: NULL tells the calling thread to run the block and then call
 * GOMP_single_copy_end with the address of its values; the other threads get
 * that address back and copy from it. */
GLASS_EXPORT void *GOMP_single_copy_start(void)
{
    return glass_single_copy_begin(glass_self());
}

GLASS_EXPORT void GOMP_single_copy_end(void *data)
{
    glass_single_copy_end(glass_self(), data);
}
