/* Centralized barrier: arrivals count up on one cache line, the releasing
 * generation lives on another. The last thread to arrive resets the count and
 * advances the generation. Good up to a few dozen threads; a tree barrier for
 * large teams is later work (bench/RESULTS.md).
 *
 * The generation word follows wait.h (bit 0: sleepers) and adds a cancelled
 * flag (bit 1); the count lives in bits 2..31. Cancelling sets the flag, which
 * changes the word and so releases every waiter, spinning or asleep. A cancelled
 * barrier stays open: later arrivals see the flag and pass without counting, so
 * the arrival count no longer matters until glass_barrier_init, which the team
 * runs before its next region. */
#ifndef GLASS_CORE_BARRIER_H
#define GLASS_CORE_BARRIER_H

#include <stdatomic.h>
#include <stdbool.h>

#define GLASS_CACHE_LINE 64

struct glass_barrier {
    _Alignas(GLASS_CACHE_LINE) _Atomic unsigned arrived;
    _Alignas(GLASS_CACHE_LINE) _Atomic unsigned gen;
    unsigned nthreads;
};

/* Arrival outcome, in the ticket glass_barrier_arrive returns. */
#define GLASS_BARRIER_LAST 1u      /* the caller arrived last: it must call glass_barrier_release */
#define GLASS_BARRIER_CANCELLED 2u /* the barrier is cancelled: pass */

/* Not while any thread is inside the barrier. Clears a cancellation. */
void glass_barrier_init(struct glass_barrier *barrier, unsigned nthreads);

/* Split form, so the last thread can finish shared work before anyone leaves:
 * arrive; if the ticket has GLASS_BARRIER_LAST, do that work and release;
 * otherwise, unless it has GLASS_BARRIER_CANCELLED, await with the ticket.
 * glass_barrier_await returns true when it was released by a cancellation. */
unsigned glass_barrier_arrive(struct glass_barrier *barrier);
void glass_barrier_release(struct glass_barrier *barrier);
bool glass_barrier_await(struct glass_barrier *barrier, unsigned ticket);
/* Whether a thread holding `ticket` may leave (released or cancelled), for
 * callers that wait by other means, e.g. while running tasks; such a waiter
 * must be woken by whoever releases or cancels the barrier. */
bool glass_barrier_passed(struct glass_barrier *barrier, unsigned ticket);

/* Whole barrier. Returns true in exactly one thread (the last to arrive); a
 * cancelled barrier returns false in every thread without waiting. */
bool glass_barrier_wait(struct glass_barrier *barrier);

/* Opens the barrier for good (until the next glass_barrier_init): releases the
 * waiters and lets later arrivals pass. Any thread, any number of times. */
void glass_barrier_cancel(struct glass_barrier *barrier);
bool glass_barrier_cancelled(struct glass_barrier *barrier);

#endif
