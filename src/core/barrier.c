#include "barrier.h"

#include <limits.h>
#include <stddef.h>

#include "../platform/futex.h"
#include "wait.h"

#define SLEEPERS GLASS_GEN_SLEEPERS
#define CANCELLED 2u /* bit of the generation word */
#define STEP 4u      /* one barrier episode */

_Static_assert(CANCELLED == GLASS_BARRIER_CANCELLED, "tickets carry the word's cancelled bit");
_Static_assert(SLEEPERS == GLASS_BARRIER_LAST, "tickets reuse the sleepers bit for 'last'");

void glass_barrier_init(struct glass_barrier *barrier, unsigned nthreads)
{
    atomic_store_explicit(&barrier->arrived, 0, memory_order_relaxed);
    barrier->nthreads = nthreads;
    /* Released threads of the previous region may still be looking at the word
     * (in glass_gen_wait): keep the count and the sleepers bit, drop only the
     * cancellation. */
    atomic_fetch_and_explicit(&barrier->gen, ~CANCELLED, memory_order_relaxed);
}

unsigned glass_barrier_arrive(struct glass_barrier *barrier)
{
    /* The generation cannot advance before we arrive, so reading it first is safe. */
    unsigned ticket = atomic_load_explicit(&barrier->gen, memory_order_acquire) & ~SLEEPERS;
    if (ticket & CANCELLED)
        return ticket;
    /* Read before arriving: once the last thread arrives, the team may go on
     * to its next region, which sets nthreads anew (a stale read here could
     * make a thread that is not last release the barrier). */
    unsigned nthreads = barrier->nthreads;
    unsigned position = atomic_fetch_add_explicit(&barrier->arrived, 1, memory_order_acq_rel) + 1;
    if (position == nthreads)
        ticket |= GLASS_BARRIER_LAST;
    return ticket;
}

void glass_barrier_release(struct glass_barrier *barrier)
{
    /* Reset before the release so that a thread already on to the next episode
     * counts from zero. */
    atomic_store_explicit(&barrier->arrived, 0, memory_order_relaxed);
    /* Not glass_gen_advance: a canceller may set CANCELLED concurrently, and
     * the exchange there would lose it. */
    unsigned old = atomic_load_explicit(&barrier->gen, memory_order_relaxed);
    while (!atomic_compare_exchange_weak_explicit(&barrier->gen, &old, (old & ~SLEEPERS) + STEP,
                                                  memory_order_release, memory_order_relaxed))
        ;
    if (old & SLEEPERS)
        glass_futex_wake(&barrier->gen, INT_MAX);
}

bool glass_barrier_await(struct glass_barrier *barrier, unsigned ticket)
{
    unsigned gen = ticket & ~GLASS_BARRIER_LAST;
    if (gen & CANCELLED)
        return true;
    /* Returns only once the word differs from our generation: either the
     * release advanced it or a cancellation set its flag. */
    glass_gen_wait(&barrier->gen, gen, NULL, NULL);
    unsigned now = atomic_load_explicit(&barrier->gen, memory_order_acquire);
    return (now & ~(SLEEPERS | CANCELLED)) == gen;
}

bool glass_barrier_passed(struct glass_barrier *barrier, unsigned ticket)
{
    if (ticket & CANCELLED)
        return true;
    unsigned now = atomic_load_explicit(&barrier->gen, memory_order_acquire) & ~SLEEPERS;
    return now != (ticket & ~GLASS_BARRIER_LAST);
}

bool glass_barrier_wait(struct glass_barrier *barrier)
{
    unsigned ticket = glass_barrier_arrive(barrier);
    if (ticket & GLASS_BARRIER_LAST) {
        glass_barrier_release(barrier);
        return true;
    }
    glass_barrier_await(barrier, ticket);
    return false;
}

void glass_barrier_cancel(struct glass_barrier *barrier)
{
    unsigned old = atomic_fetch_or_explicit(&barrier->gen, CANCELLED, memory_order_release);
    if (old & SLEEPERS)
        glass_gen_poke(&barrier->gen);
}

bool glass_barrier_cancelled(struct glass_barrier *barrier)
{
    return atomic_load_explicit(&barrier->gen, memory_order_acquire) & CANCELLED;
}
