#include "futex.h"

#include <linux/futex.h>
#include <sys/syscall.h>
#include <unistd.h>

/* Private futexes: every waiter lives in this process, so the kernel can skip the
 * shared-mapping lookup. */
void glass_futex_wait(_Atomic unsigned *word, unsigned expected)
{
    syscall(SYS_futex, (unsigned *)word, FUTEX_WAIT_PRIVATE, expected, NULL, NULL, 0);
}

void glass_futex_wake(_Atomic unsigned *word, int count)
{
    syscall(SYS_futex, (unsigned *)word, FUTEX_WAKE_PRIVATE, count, NULL, NULL, 0);
}
