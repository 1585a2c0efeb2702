/* Static loop schedules that each thread computes on its own, without a
 * worksharing descriptor: the Clang ABI's __kmpc_for_static_init family runs
 * static loops this way, and distribute divides a loop among the teams of a
 * league the same way (the teams being the "threads").
 *
 * The division is the one loop_schedule.c's static claims make, so a loop
 * gives each thread the same iterations whichever ABI runs it (OpenMP 5.1,
 * 2.11.4: static loops with the same iteration count and chunk size in the
 * same region map iterations to threads alike, which nowait code relies on,
 * also across a GCC- and a Clang-compiled loop). */
#ifndef GLASS_CORE_LOOP_STATIC_H
#define GLASS_CORE_LOOP_STATIC_H

#include <stdbool.h>
#include <stdint.h>

/* A thread's part of a loop of logical iterations 0 .. count-1. */
struct glass_static_share {
    uint64_t lo, hi;  /* the first (or only) chunk, [lo, hi); empty when lo == hi */
    uint64_t stride;  /* iterations from the start of one of the thread's chunks to the
                         next; 0: the thread has one block */
    bool last;        /* the thread runs iteration count-1 */
};

/* schedule(static) without a chunk size: one contiguous block per thread,
 * sizes differing by at most one, the first count % nthreads threads getting
 * the larger ones (as loop_schedule.c and GCC's inline expansion of
 * schedule(static)). Inline for the Clang ABI's static loop entry. */
static inline void glass_static_block(uint64_t count, unsigned nthreads, unsigned num,
                                      struct glass_static_share *share)
{
    if (nthreads == 0)
        nthreads = 1;
    uint64_t size = count / nthreads, extra = count % nthreads;
    share->lo = num < extra ? num * (size + 1) : extra * (size + 1) + (num - extra) * size;
    share->hi = share->lo + size + (num < extra);
    share->stride = 0;
    share->last = share->hi == count && share->lo < share->hi;
}

/* schedule(static) (chunk 0) or schedule(static, chunk), thread `num` of
 * `nthreads`. */
void glass_static_share(uint64_t count, uint64_t chunk, unsigned nthreads, unsigned num,
                        struct glass_static_share *share);

/* schedule(simd: static): one block per thread whose size is a multiple of
 * `chunk` (the SIMD width), so vector loops are not split mid-vector. */
void glass_static_share_simd(uint64_t count, uint64_t chunk, unsigned nthreads, unsigned num,
                             struct glass_static_share *share);

#endif
