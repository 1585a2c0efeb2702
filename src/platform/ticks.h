/* A cheap, monotonic-enough tick counter for comparing two short intervals
 * measured on one thread (task_schedule.c). Units differ by machine: only
 * ratios of ticks mean anything. */
#ifndef GLASS_PLATFORM_TICKS_H
#define GLASS_PLATFORM_TICKS_H

#include <stdint.h>
#include <time.h>

static inline uint64_t glass_ticks(void)
{
#if defined(__x86_64__) || defined(__i386__)
    return __builtin_ia32_rdtsc();
#elif defined(__aarch64__)
    uint64_t value;
    __asm__ __volatile__("mrs %0, cntvct_el0" : "=r"(value));
    return value;
#else
    struct timespec now;
    clock_gettime(CLOCK_MONOTONIC, &now);
    return (uint64_t)now.tv_sec * 1000000000u + (uint64_t)now.tv_nsec;
#endif
}

#endif
