/* Linux futex wrappers. Platform code lives apart from the portable core. */
#ifndef GLASS_PLATFORM_FUTEX_H
#define GLASS_PLATFORM_FUTEX_H

#include <stdatomic.h>

/* Sleep while *word == expected (returns on wake, on mismatch or on a signal). */
void glass_futex_wait(_Atomic unsigned *word, unsigned expected);
/* Wake up to `count` sleepers on word (INT_MAX: all). */
void glass_futex_wake(_Atomic unsigned *word, int count);

static inline void glass_cpu_relax(void)
{
#if defined(__x86_64__) || defined(__i386__)
    __builtin_ia32_pause();
#elif defined(__aarch64__)
    __asm__ __volatile__("yield" ::: "memory");
#else
    __asm__ __volatile__("" ::: "memory");
#endif
}

#endif
