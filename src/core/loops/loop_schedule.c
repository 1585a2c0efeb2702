/* How each loop schedule hands out chunks of logical iterations
 * (OpenMP 5.1, 2.11.4.1). */
#include "loop.h"

#include "../tasks/task.h"

/* schedule(static) without a chunk size: one contiguous block per thread, in
 * thread order, sizes differing by at most one (the first count % nthreads
 * threads get the extra iteration). GCC's inline expansion of schedule(static)
 * splits the same way, so loops of equal trip count get equal assignments
 * whichever path runs them. */
static void static_block(uint64_t count, unsigned nthreads, unsigned num, uint64_t *lo, uint64_t *hi)
{
    uint64_t size = count / nthreads, extra = count % nthreads;
    if (num < extra) {
        *lo = num * (size + 1);
        *hi = *lo + size + 1;
    } else {
        *lo = extra * (size + 1) + (num - extra) * size;
        *hi = *lo + size;
    }
}

unsigned glass_loop_static_owner(const struct glass_loop *loop, unsigned nthreads, uint64_t index)
{
    if (loop->chunk)
        return (unsigned)(index / loop->chunk % nthreads);
    uint64_t size = loop->count / nthreads, extra = loop->count % nthreads;
    uint64_t boundary = extra * (size + 1);
    if (index < boundary)
        return (unsigned)(index / (size + 1));
    return (unsigned)(extra + (index - boundary) / size);
}

bool glass_loop_claim_static(struct glass_loop *loop, struct glass_task *task, unsigned nthreads,
                             unsigned num, uint64_t *lo, uint64_t *hi)
{
    uint64_t trip = task->ws_static_trip;
    if (loop->chunk == 0) {
        if (trip)
            return false;
        task->ws_static_trip = 1;
        static_block(loop->count, nthreads, num, lo, hi);
        return *lo < *hi;
    }
    /* Chunks go round-robin in thread order: this thread's trip-th chunk is
     * chunk number trip * nthreads + num. */
    uint64_t chunk_index, first;
    if (__builtin_mul_overflow(trip, (uint64_t)nthreads, &chunk_index) ||
        __builtin_add_overflow(chunk_index, (uint64_t)num, &chunk_index) ||
        __builtin_mul_overflow(chunk_index, loop->chunk, &first) || first >= loop->count)
        return false;
    task->ws_static_trip = trip + 1;
    *lo = first;
    *hi = loop->count - first > loop->chunk ? first + loop->chunk : loop->count;
    return true;
}

/* Dynamic chunks so large that overshooting `next` could wrap: claim
 * exactly (the fetch-add fast path is in loop.h). */
bool glass_loop_claim_dynamic_exact(struct glass_loop *loop, uint64_t *lo, uint64_t *hi)
{
    uint64_t count = loop->count, chunk = loop->chunk;
    uint64_t first = atomic_load_explicit(&loop->next, memory_order_relaxed);
    uint64_t last;
    do {
        if (first >= count)
            return false;
        last = count - first > chunk ? first + chunk : count;
    } while (!atomic_compare_exchange_weak_explicit(&loop->next, &first, last, memory_order_relaxed,
                                                    memory_order_relaxed));
    *lo = first;
    *hi = last;
    return true;
}

bool glass_loop_claim_guided(struct glass_loop *loop, unsigned nthreads, uint64_t *lo, uint64_t *hi)
{
    /* Each chunk is the unassigned iterations divided by the team size, never
     * below the chunk size except for the final chunk. The size depends on
     * `next`, hence a compare-and-swap loop. */
    uint64_t count = loop->count, first = atomic_load_explicit(&loop->next, memory_order_relaxed);
    uint64_t last;
    do {
        if (first >= count)
            return false;
        uint64_t remaining = count - first;
        uint64_t size = remaining / nthreads + (remaining % nthreads != 0);
        if (size < loop->chunk)
            size = loop->chunk;
        if (loop->granule > 1)
            size = (size + loop->granule - 1) / loop->granule * loop->granule;
        last = size < remaining ? first + size : count;
    } while (!atomic_compare_exchange_weak_explicit(&loop->next, &first, last, memory_order_relaxed,
                                                    memory_order_relaxed));
    *lo = first;
    *hi = last;
    return true;
}
