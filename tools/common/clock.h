/* The clock both tools timestamp events with: CLOCK_MONOTONIC in nanoseconds. */
#ifndef GLASS_TOOL_CLOCK_H
#define GLASS_TOOL_CLOCK_H

#include <stdint.h>
#include <time.h>

static inline uint64_t tool_now_ns(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (uint64_t)ts.tv_sec * 1000000000u + (uint64_t)ts.tv_nsec;
}

#endif
