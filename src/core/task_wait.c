/* Waiting at task scheduling points: run eligible tasks while there are any,
 * then spin (or yield, when the team has more threads than processors) for a
 * bounded time, then sleep on the team's event word.
 *
 * Sleeping follows the Dekker pattern: the sleeper sets the word's sleepers
 * bit, then looks at its condition and for work once more; whoever changes a
 * condition or queues work does so with a sequentially consistent operation,
 * then reads the word and wakes the sleepers if the bit is set. One of the
 * two always sees the other, so no wake-up is lost, and a thread with no
 * sleeper to wake pays one load. */
#include <limits.h>
#include <sched.h>

#include "../platform/futex.h"
#include "globals.h"
#include "task_internal.h"

#define SLEEPERS 1u
#define STEP 2u

/* Rounds of "look for work, then pause" before sleeping; each round is a few
 * hundred cycles. Passive waiting sleeps at once. */
#define SPIN_ROUNDS 2000
#define YIELD_ROUNDS 64
#define PAUSES_PER_ROUND 16

void glass_tasking_wake(struct glass_team *team, bool fenced)
{
    _Atomic unsigned *events = &team->tasking.events;
    if (!fenced)
        atomic_thread_fence(memory_order_seq_cst);
    unsigned value = atomic_load_explicit(events, memory_order_seq_cst);
    if (!(value & SLEEPERS))
        return;
    /* Advance and clear the bit in one step; if the exchange fails another
     * waker has advanced the word and woken everyone already. */
    if (atomic_compare_exchange_strong_explicit(events, &value, (value & ~SLEEPERS) + STEP,
                                                memory_order_seq_cst, memory_order_relaxed))
        glass_futex_wake(events, INT_MAX);
}

static unsigned spin_rounds(const struct glass_team *team, bool *yield)
{
    *yield = team->nthreads > glass_globals.num_procs;
    if (glass_globals.wait_policy == GLASS_WAIT_PASSIVE)
        return 0;
    return *yield ? YIELD_ROUNDS : SPIN_ROUNDS;
}

/* One attempt to sleep; returns early when there is something to do. */
static void sleep_once(struct glass_thread *self, const struct glass_task *constraint,
                       bool (*done)(void *), void *arg)
{
    _Atomic unsigned *events = &self->team->tasking.events;
    unsigned value = atomic_load_explicit(events, memory_order_relaxed);
    if (!(value & SLEEPERS)) {
        if (!atomic_compare_exchange_strong_explicit(events, &value, value | SLEEPERS, memory_order_seq_cst,
                                                     memory_order_relaxed))
            return; /* the word moved: something happened */
        value |= SLEEPERS;
    }
    atomic_thread_fence(memory_order_seq_cst);
    if (done(arg) || glass_task_run_eligible(self, constraint))
        return;
    glass_futex_wait(events, value);
}

void glass_task_wait_for(struct glass_thread *self, const struct glass_task *constraint,
                         bool (*done)(void *), void *arg, enum glass_state state)
{
    int previous = atomic_load_explicit(&self->state, memory_order_relaxed);
    glass_set_state(self, state);
    bool yield;
    unsigned rounds = spin_rounds(self->team, &yield);
    unsigned idle = 0;
    while (!done(arg)) {
        if (glass_task_run_eligible(self, constraint)) {
            glass_set_state(self, state);
            idle = 0;
            continue;
        }
        if (idle < rounds) {
            idle++;
            if (yield)
                sched_yield();
            else
                for (int i = 0; i < PAUSES_PER_ROUND; i++)
                    glass_cpu_relax();
            continue;
        }
        sleep_once(self, constraint, done, arg);
        glass_set_state(self, state);
    }
    glass_set_state(self, previous);
}
