/* Shared by the GCC loop entry points: GCC's schedule codes. */
#ifndef GLASS_ABI_GOMP_LOOP_SCHED_H
#define GLASS_ABI_GOMP_LOOP_SCHED_H

#include "../../core/settings/icv.h"
#include "../../core/loops/loop.h"

/* The `sched` argument of GOMP_loop_start and friends: 0 runtime, 1 static,
 * 2 dynamic, 3 guided, 4 runtime with the nonmonotonic modifier, plus bit 31
 * for the monotonic modifier (libgomp's enum gomp_schedule_type). */
static inline int glass_gomp_sched(long sched)
{
    int monotonic = (sched & 0x80000000L) ? GLASS_SCHED_MONOTONIC : 0;
    switch (sched & 0x7fffffffL) {
    case 1:
        return GLASS_SCHED_STATIC | monotonic;
    case 2:
        return GLASS_SCHED_DYNAMIC | monotonic;
    case 3:
        return GLASS_SCHED_GUIDED | monotonic;
    default:
        return GLASS_SCHED_RUNTIME | monotonic;
    }
}

/* GCC passes signed chunk sizes; anything below one means "unspecified". */
static inline uint64_t glass_gomp_chunk(long chunk)
{
    return chunk > 0 ? (uint64_t)chunk : 0;
}

#endif
