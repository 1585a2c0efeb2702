/* schedule(nonmonotonic: dynamic), the default kind of dynamic schedule:
 * chunks may go to threads in any order (OpenMP 5.1, 2.11.4.1), so each
 * thread starts with its own contiguous range of chunks and takes them one at
 * a time from it, and a thread whose range is empty takes the upper half of
 * another's. A claim is then a compare-and-swap on a line only its owner
 * uses, where the shared counter of a monotonic loop moves a line between
 * the cores for every chunk (0.06 against 0.12 µs per chunk of one iteration
 * at 2 threads in this machine's slow periods: bench/RESULTS.md, session 6).
 *
 * A range is one word, its first and end chunk numbers in 32 bits each, so
 * that the owner taking one chunk and a thief taking half are each one
 * compare-and-swap; loops of more than 2^32 - 1 chunks keep the counter,
 * as do the loops resolve_schedule (loop.c) makes monotonic.
 * Every chunk is run once: only a compare-and-swap takes chunks out of a
 * range, a thief puts what it took in its own (empty, hence untouched by
 * others) range before it runs them, and numbers only leave ranges, so a
 * word never takes a value it had before (no ABA). A thread that finds every
 * range empty is done; chunks another thief is moving at that moment are run
 * by that thief.
 *
 * The loop's last chunk is dealt to nobody: the first thread to find every
 * range empty takes it, and takes nothing after it. Clang copies lastprivate
 * (and linear) variables out from the thread that ran the last chunk, as they
 * stand after that thread's last iteration, so no chunk may follow it on the
 * same thread. */
#include "loop.h"

#include <stdlib.h>

#include "../runtime.h"

struct glass_loop_range {
    _Alignas(64) _Atomic uint64_t word; /* first chunk | end chunk << 32 */
};

static inline uint32_t range_first(uint64_t word)
{
    return (uint32_t)word;
}

static inline uint32_t range_end(uint64_t word)
{
    return (uint32_t)(word >> 32);
}

static inline uint64_t range_word(uint32_t first, uint32_t end)
{
    return (uint64_t)first | (uint64_t)end << 32;
}

void glass_loop_steal_deal(struct glass_loop *loop, unsigned nthreads)
{
    loop->steal = false;
    if (loop->monotonic || loop->sched != GLASS_SCHED_DYNAMIC || nthreads < 2)
        return;
    /* A dynamic schedule's chunk is at least 1 (resolve_schedule). */
    uint64_t chunks = loop->count / loop->chunk + (loop->count % loop->chunk != 0);
    if (chunks == 0 || chunks > UINT32_MAX)
        return;
    loop->steal = true;
    loop->steal_chunks = (uint32_t)chunks;
    atomic_store_explicit(&loop->steal_last_taker, 0, memory_order_relaxed);
    uint64_t dealt = chunks - 1; /* all but the last */
    if (loop->range_capacity < nthreads) {
        free(loop->ranges);
        loop->ranges = aligned_alloc(_Alignof(struct glass_loop_range), nthreads * sizeof *loop->ranges);
        if (!loop->ranges)
            glass_fatal("out of memory for the ranges of a loop of %u threads", nthreads);
        loop->range_capacity = nthreads;
    }
    /* Published with the rest of the loop (glass_ws_publish). */
    for (unsigned i = 0; i < nthreads; i++)
        atomic_store_explicit(&loop->ranges[i].word,
                              range_word((uint32_t)(dealt * i / nthreads), (uint32_t)(dealt * (i + 1) / nthreads)),
                              memory_order_relaxed);
}

void glass_loop_steal_free(struct glass_loop *loop)
{
    free(loop->ranges);
    loop->ranges = NULL;
    loop->range_capacity = 0;
}

static bool chunk_iterations(const struct glass_loop *loop, uint32_t chunk, uint64_t *lo, uint64_t *hi)
{
    *lo = (uint64_t)chunk * loop->chunk;
    *hi = loop->count - *lo > loop->chunk ? *lo + loop->chunk : loop->count;
    return true;
}

/* The upper half (rounded up) of the first non-empty range after this
 * thread's: its first chunk is returned, the rest become this thread's range. */
static bool steal(struct glass_loop *loop, unsigned num, unsigned nthreads, uint64_t *lo, uint64_t *hi)
{
    for (unsigned k = 1, victim = num; k < nthreads; k++) {
        if (++victim == nthreads)
            victim = 0;
        _Atomic uint64_t *word = &loop->ranges[victim].word;
        uint64_t seen = atomic_load_explicit(word, memory_order_relaxed);
        while (range_first(seen) < range_end(seen)) {
            uint32_t first = range_first(seen), end = range_end(seen);
            uint32_t from = end - (end - first + 1) / 2;
            if (atomic_compare_exchange_weak_explicit(word, &seen, range_word(first, from), memory_order_relaxed,
                                                      memory_order_relaxed)) {
                atomic_store_explicit(&loop->ranges[num].word, range_word(from + 1, end), memory_order_relaxed);
                return chunk_iterations(loop, from, lo, hi);
            }
        }
    }
    return false;
}

bool glass_loop_claim_stealing(struct glass_loop *loop, unsigned num, unsigned nthreads, uint64_t *lo,
                               uint64_t *hi)
{
    _Atomic uint64_t *word = &loop->ranges[num].word;
    uint64_t seen = atomic_load_explicit(word, memory_order_relaxed);
    while (range_first(seen) < range_end(seen)) {
        /* first + 1 cannot carry into the end: first < end. */
        if (atomic_compare_exchange_weak_explicit(word, &seen, seen + 1, memory_order_relaxed, memory_order_relaxed))
            return chunk_iterations(loop, range_first(seen), lo, hi);
    }
    /* Nothing may follow the last chunk on the thread that ran it. */
    if (atomic_load_explicit(&loop->steal_last_taker, memory_order_relaxed) == num + 1)
        return false;
    if (steal(loop, num, nthreads, lo, hi))
        return true;
    unsigned nobody = 0;
    if (atomic_load_explicit(&loop->steal_last_taker, memory_order_relaxed) == 0 &&
        atomic_compare_exchange_strong_explicit(&loop->steal_last_taker, &nobody, num + 1, memory_order_relaxed,
                                                memory_order_relaxed))
        return chunk_iterations(loop, loop->steal_chunks - 1, lo, hi);
    return false;
}
