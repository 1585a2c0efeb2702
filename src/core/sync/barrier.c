#include "barrier.h"

#include <limits.h>
#include <stddef.h>

#include "../../platform/futex.h"
#include "../store_changed.h"
#include "barrier_tree.h"
#include "wait.h"

#define SLEEPERS GLASS_GEN_SLEEPERS
#define CANCELLED GLASS_BARRIER_CANCELLED /* bit of the generation word */
#define STEP 4u                            /* one barrier episode */

_Static_assert(SLEEPERS == GLASS_BARRIER_LAST, "tickets reuse the sleepers bit for 'last'");
_Static_assert(SLEEPERS == 1u, "glass_barrier_passed masks bit 0");

void glass_barrier_init(struct glass_barrier *barrier, unsigned nthreads, unsigned fanout)
{
    /* Released threads of the previous region may still be looking at the word
     * (in glass_gen_wait): keep the count and the sleepers bit, drop only the
     * cancellation. */
    unsigned gen = atomic_load_explicit(&barrier->gen, memory_order_relaxed);
    if (__builtin_expect(gen & CANCELLED, 0))
        gen = atomic_fetch_and_explicit(&barrier->gen, ~CANCELLED, memory_order_relaxed);
    /* A barrier descriptor is reset at every fork: stored only where it
     * changes (store_changed.h). */
    GLASS_STORE_CHANGED_RELAXED(&barrier->arrived, 0u);
    if (__builtin_expect(fanout == 0 || nthreads <= fanout, 1)) {
        GLASS_STORE_CHANGED(barrier->nthreads, nthreads);
        GLASS_STORE_CHANGED(barrier->levels, 0u);
        return;
    }
    glass_barrier_tree_init(barrier, nthreads, fanout, gen);
}

struct glass_barrier_ticket glass_barrier_arrive(struct glass_barrier *barrier, unsigned num)
{
    if (barrier->levels)
        return glass_barrier_tree_arrive(barrier, num);
    /* The generation cannot advance before we arrive, so reading it first is safe. */
    struct glass_barrier_ticket ticket = {
        .wait_word = &barrier->gen,
        .word = atomic_load_explicit(&barrier->gen, memory_order_acquire) & ~SLEEPERS,
        .level = 0,
    };
    if (ticket.word & CANCELLED)
        return ticket;
    /* Read before arriving: once the last thread arrives, the team may go on
     * to its next region, which sets nthreads anew (a stale read here could
     * make a thread that is not last release the barrier). */
    unsigned nthreads = barrier->nthreads;
    unsigned position = atomic_fetch_add_explicit(&barrier->arrived, 1, memory_order_acq_rel) + 1;
    if (position == nthreads)
        ticket.word |= GLASS_BARRIER_LAST;
    return ticket;
}

void glass_barrier_release_word(_Atomic unsigned *word)
{
    /* Not glass_gen_advance: a canceller may set CANCELLED concurrently, and
     * the exchange there would lose it. */
    unsigned old = atomic_load_explicit(word, memory_order_relaxed);
    while (!atomic_compare_exchange_weak_explicit(word, &old, (old & ~SLEEPERS) + STEP, memory_order_release,
                                                  memory_order_relaxed))
        ;
    if (old & SLEEPERS)
        glass_futex_wake(word, INT_MAX);
}

void glass_barrier_release(struct glass_barrier *barrier, const struct glass_barrier_ticket *ticket, unsigned num)
{
    /* Reset before the release so that a thread already on to the next episode
     * counts from zero. */
    atomic_store_explicit(&barrier->arrived, 0, memory_order_relaxed);
    glass_barrier_release_word(&barrier->gen);
    if (ticket->level)
        glass_barrier_tree_release_below(barrier, ticket->level, num);
}

bool glass_barrier_leave(struct glass_barrier *barrier, const struct glass_barrier_ticket *ticket, unsigned num)
{
    if (!ticket->level || (ticket->word & CANCELLED))
        return false;
    /* Released by a cancellation: every node is open already (or about to be:
     * the canceller opens them all). */
    if (atomic_load_explicit(ticket->wait_word, memory_order_relaxed) & CANCELLED)
        return false;
    glass_barrier_tree_release_below(barrier, ticket->level, num);
    return true;
}

bool glass_barrier_await(struct glass_barrier *barrier, const struct glass_barrier_ticket *ticket, unsigned num)
{
    unsigned gen = ticket->word & ~GLASS_BARRIER_LAST;
    if (gen & CANCELLED)
        return true;
    /* Returns only once the word differs from our generation: either the
     * release advanced it or a cancellation set its flag. */
    glass_gen_wait(ticket->wait_word, gen, NULL, NULL);
    unsigned now = atomic_load_explicit(ticket->wait_word, memory_order_acquire);
    if ((now & ~(SLEEPERS | CANCELLED)) == gen)
        return true;
    glass_barrier_leave(barrier, ticket, num);
    return false;
}

bool glass_barrier_wait(struct glass_barrier *barrier, unsigned num)
{
    struct glass_barrier_ticket ticket = glass_barrier_arrive(barrier, num);
    if (ticket.word & GLASS_BARRIER_LAST) {
        glass_barrier_release(barrier, &ticket, num);
        return true;
    }
    glass_barrier_await(barrier, &ticket, num);
    return false;
}

void glass_barrier_cancel(struct glass_barrier *barrier)
{
    /* The nodes first: a thread that finds the top open leaves without
     * releasing the nodes below it. */
    if (barrier->levels)
        glass_barrier_tree_cancel(barrier);
    unsigned old = atomic_fetch_or_explicit(&barrier->gen, CANCELLED, memory_order_release);
    if (old & SLEEPERS)
        glass_gen_poke(&barrier->gen);
}

bool glass_barrier_cancelled(struct glass_barrier *barrier)
{
    return atomic_load_explicit(&barrier->gen, memory_order_acquire) & CANCELLED;
}
