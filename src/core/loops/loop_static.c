/* Static schedules without shared state (loop_static.h). */
#include "loop_static.h"

void glass_static_share(uint64_t count, uint64_t chunk, unsigned nthreads, unsigned num,
                        struct glass_static_share *share)
{
    if (chunk == 0) {
        glass_static_block(count, nthreads, num, share);
        return;
    }
    if (nthreads == 0)
        nthreads = 1;
    /* Chunks go round-robin in thread order: the thread's k-th chunk is chunk
     * number k * nthreads + num. */
    if (chunk > count)
        chunk = count ? count : 1; /* one chunk covers the loop: same result, smaller stride */
    uint64_t nchunks = count / chunk + (count % chunk != 0);
    share->stride = chunk * nthreads;
    if (num >= nchunks) {
        share->lo = share->hi = count;
        share->last = false;
        return;
    }
    share->lo = num * chunk;
    share->hi = count - share->lo > chunk ? share->lo + chunk : count;
    share->last = (nchunks - 1) % nthreads == num;
}

void glass_static_share_simd(uint64_t count, uint64_t chunk, unsigned nthreads, unsigned num,
                             struct glass_static_share *share)
{
    if (nthreads == 0)
        nthreads = 1;
    if (chunk == 0)
        chunk = 1;
    uint64_t span = count / nthreads + (count % nthreads != 0);
    span = (span + chunk - 1) / chunk * chunk;
    share->stride = 0;
    if (span == 0 || num >= (count + span - 1) / span) {
        share->lo = share->hi = count;
        share->last = false;
        return;
    }
    share->lo = num * span;
    share->hi = count - share->lo > span ? share->lo + span : count;
    share->last = share->hi == count;
}
