/* Waiting at task scheduling points: run eligible tasks while there are any,
 * then spin for a bounded time (wait.h: cut short where the processors are
 * oversubscribed or taken), then sleep on the team's event word.
 *
 * Sleeping follows the Dekker pattern: the sleeper sets the word's sleepers
 * bit, then looks at its condition and for work once more; whoever changes a
 * condition or queues work does so with a sequentially consistent operation,
 * then reads the word and wakes the sleepers if the bit is set. One of the
 * two always sees the other, so no wake-up is lost, and a thread with no
 * sleeper to wake pays one load. */
#include <limits.h>
#include <sched.h>

#include "../../platform/futex.h"
#include "../globals.h"
#include "../sync/wait.h"
#include "task_barrier.h"
#include "task_internal.h"
#include "../../ompt/events.h"

#define SLEEPERS 1u
#define STEP 2u

/* Between two looks for work the pauses double, up to a limit: a waiter that
 * keeps probing a producer's deque slows the producer down. */
#define MIN_PAUSES 16
#define MAX_PAUSES 256

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
    glass_wait_sleep(events, value);
}

/* Up to `pauses` steps of the spin, looking at `done` between them (one
 * step only in the yield phase: the caller looks for tasks after each
 * yield). False when the spin is over: time to sleep. */
static bool spin_pauses(struct glass_spin *spin, unsigned pauses, bool (*done)(void *), void *arg)
{
    if (!spin->left)
        return glass_spin_step(spin, 1);
    for (unsigned i = 0; i < pauses; i++) {
        if (done(arg))
            return true;
        if (!glass_spin_step(spin, 1))
            return false;
    }
    return true;
}

void glass_task_wait_for(struct glass_thread *self, const struct glass_task *constraint,
                         bool (*done)(void *), void *arg, enum glass_state state)
{
    int previous = atomic_load_explicit(&self->state, memory_order_relaxed);
    glass_set_state(self, state);
    struct glass_task *outer_task = self->waiting_task;
    const struct glass_task *outer_constraint = self->waiting_constraint;
    self->waiting_task = self->task;
    self->waiting_constraint = constraint;
    struct glass_spin spin;
    glass_spin_begin(&spin);
    unsigned pauses = MIN_PAUSES;
    /* Without a constraint this is a wait for the whole team's tasks
     * (barriers, the end of teams and target regions): the count of those
     * must not include credits we hold while we wait. */
    if (!constraint)
        glass_task_return_credits(self);
    while (!done(arg)) {
        if (glass_task_run_eligible(self, constraint)) {
            glass_set_state(self, state);
            if (!self->steal_costly) {
                glass_spin_begin(&spin);
                pauses = MIN_PAUSES;
                continue;
            }
            /* Back off as if nothing had been found (task_schedule.c). */
            self->steal_costly = false;
        }
        /* Nothing to run now: wait holding no credits. A task this thread
         * ran (here or in sleep_once) may have taken some, and a barrier-type
         * wait ends only when the count they are part of reaches zero; a
         * thread that slept holding them would wait for itself. While it
         * keeps finding tasks it keeps them, so a task creating tasks still
         * counts them in batches. */
        if (!constraint)
            glass_task_return_credits(self);
        glass_ompt_wait_idle();
        if (spin_pauses(&spin, pauses, done, arg)) {
            if (pauses < MAX_PAUSES)
                pauses *= 2;
            continue;
        }
        sleep_once(self, constraint, done, arg);
        glass_set_state(self, state);
        /* Woken: more work tends to follow (a producer keeps queueing), so
         * look for it a while before sleeping again, which costs two system
         * calls each time. */
        glass_spin_begin(&spin);
        pauses = MIN_PAUSES;
    }
    self->waiting_task = outer_task;
    self->waiting_constraint = outer_constraint;
    glass_set_state(self, previous);
}

/* The task scheduling constraint (OpenMP 5.1, 2.12.6, TSC2) binds a new
 * tied task to every task tied to the thread and not suspended in a
 * barrier: it must descend from each of them. The waiting task here is a
 * target task, untied (5.1, 1.2.5: "target task"), so it adds nothing to
 * that set; the tasks suspended below it on this thread still bind it. Each
 * of them was started obeying the constraint of the one below, so the
 * innermost one's constraint covers them all: the constraint under which
 * this task itself was started. That is the wait this task was run from,
 * when it was (a barrier's wait: none; a taskwait's: the waiting task), and
 * otherwise the task that was current when this one started (an included
 * task, or one run by taskyield: the task suspended at that scheduling
 * point). Glass runs untied tasks as tied ones elsewhere; here being untied
 * is what lets the thread run siblings of the target task and, under a
 * barrier, any task of the team while the device works. */
void glass_task_wait_untied(struct glass_thread *self, bool (*done)(void *), void *arg, enum glass_state state,
                            bool alone)
{
    if (alone || !(self->task->flags & GLASS_TASK_TARGET)) {
        /* As a tied task would (no caller passes other than target tasks). */
        glass_task_wait_for(self, self->task, done, arg, state);
        return;
    }
    const struct glass_task *below = self->task->scheduler;
    const struct glass_task *constraint = below;
    if (self->waiting_task == below)
        constraint = self->waiting_constraint;
    glass_task_wait_for(self, constraint, done, arg, state);
}

void glass_task_wake_waiters(struct glass_team *team)
{
    glass_tasking_wake(team, false);
}
