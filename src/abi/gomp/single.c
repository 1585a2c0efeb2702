/* GCC ABI: single. GCC emits the closing barrier itself (GOMP_barrier)
 * unless the construct is nowait. */
#include "../../core/export.h"
#include "../../core/sync/single.h"
#include "../../core/threads/thread.h"
#include "../../ompt/events.h"

/* GCC makes no call at the end of the block: for OMPT the executing thread's
 * single region ends where it begins. */
GLASS_EXPORT bool GOMP_single_start(void)
{
    GLASS_OMPT_ENTRY_SPLIT_RETURN(glass_single_whole_unwatched(glass_self()),
                                  glass_single_whole_at(glass_self(), __builtin_return_address(0)));
}

/* copyprivate: NULL tells the calling thread to run the block and then call
 * GOMP_single_copy_end with the address of its values; the other threads get
 * that address back and copy from it. */
GLASS_EXPORT void *GOMP_single_copy_start(void)
{
    GLASS_OMPT_ENTRY_RETURN(glass_single_copy_begin_at(glass_self(), __builtin_return_address(0)));
}

GLASS_EXPORT void GOMP_single_copy_end(void *data)
{
    GLASS_OMPT_ENTRY_CALL(glass_single_copy_end_at(glass_self(), data, __builtin_return_address(0)));
}
