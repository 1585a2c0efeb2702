/* The asymmetric dispatch fence (dispatch_fence.h). */
#include "dispatch_fence.h"

#include <linux/membarrier.h>
#include <sys/syscall.h>
#include <time.h>
#include <unistd.h>

/* Only ever goes from true to false, once: false means the process is
 * registered for membarrier, and finalization issues it. */
bool glass_ompt_dispatch_fenced = true;

#if defined(__SANITIZE_THREAD__)
#define UNDER_TSAN 1
#elif defined(__has_feature)
#if __has_feature(thread_sanitizer)
#define UNDER_TSAN 1
#endif
#endif

static long membarrier(int command)
{
    return syscall(SYS_membarrier, command, 0, 0);
}

void glass_ompt_dispatch_fence_prepare(void)
{
#ifndef UNDER_TSAN
    if (!glass_ompt_dispatch_fenced)
        return;
    long commands = membarrier(MEMBARRIER_CMD_QUERY);
    if (commands < 0 || !(commands & MEMBARRIER_CMD_PRIVATE_EXPEDITED) ||
        membarrier(MEMBARRIER_CMD_REGISTER_PRIVATE_EXPEDITED) != 0)
        return;
    /* Before any callback is enabled (the enabling stores are releases), so
     * every dispatch that can happen finds the flag settled; a thread that
     * still saw true would only fence for nothing. */
    glass_ompt_dispatch_fenced = false;
#endif
}

void glass_ompt_dispatch_fence_all(void)
{
    atomic_thread_fence(memory_order_seq_cst);
    if (glass_ompt_dispatch_fenced)
        return;
    if (membarrier(MEMBARRIER_CMD_PRIVATE_EXPEDITED) == 0)
        return;
    /* Registered, yet refused: cannot happen short of a kernel change. A
     * store waiting in a store buffer drains within microseconds. */
    struct timespec pause = {0, 1000000};
    nanosleep(&pause, NULL);
}
