/* Barriers of a team, as the constructs see them. Every team barrier is a
 * cancellation point for the parallel region (OpenMP 5.1, 2.20.1): once the
 * region is cancelled, the team's barrier is open (cancel.h). */
#include "../../ompt/events.h"
#include "../../platform/futex.h"
#include "cancel.h"
#include "single.h"

#include "../globals.h"
#include "../tasks/task_barrier.h"
#include "wait.h"

#define WORKSHARE_CANCELLATION (GLASS_CANCEL_LOOP | GLASS_CANCEL_SECTIONS)

static bool parallel_cancelled(struct glass_team *team)
{
    return atomic_load_explicit(&team->cancelled, memory_order_acquire) & GLASS_CANCEL_PARALLEL;
}

/* Run by the last thread to arrive, before anyone leaves: the barrier ends the
 * worksharing construct, and with it any cancellation of that construct. */
static void end_worksharing_cancellation(struct glass_team *team)
{
    if (atomic_load_explicit(&team->cancelled, memory_order_relaxed) & WORKSHARE_CANCELLATION)
        atomic_fetch_and_explicit(&team->cancelled, ~WORKSHARE_CANCELLATION, memory_order_relaxed);
}

static bool ticket_passed(void *arg)
{
    return glass_barrier_passed(arg);
}

static bool no_tasks_pending(void *arg)
{
    return !glass_team_tasks_pending(arg);
}

/* The common case, a team that has no tasks: poll the barrier generation
 * alone, as a plain barrier does, without the task scheduler's look into
 * every deque between polls (cache lines the other threads are writing).
 * Returns true once released; false as soon as tasks exist (the waiter must
 * then help run them) or after half the spin budget: sleepers must sleep on
 * the team's task event word (task_barrier.h), where both a new task and the
 * release wake them, and the task-aware wait spins its own budget before
 * that, so a waiter spins at most 1.5 budgets in all. */
static bool await_while_no_tasks(struct glass_team *team, const struct glass_barrier_ticket *ticket)
{
    struct glass_spin spin;
    glass_spin_begin(&spin);
    spin.left /= 2;
    spin.yields /= 2;
    do {
        if (glass_barrier_passed(ticket))
            return true;
        if (glass_team_tasks_pending(team))
            return false;
    } while (glass_spin_step(&spin, 1));
    return false;
}

/* In a team with more threads than usable processors, while the processors
 * are seen taken (wait.h: a waiter lost a time slice), the primary thread
 * leaves a central barrier first: the others, once released, yield until it
 * has passed (a bounded number of times). A program often has the primary
 * continue alone after a barrier (a flag the others wait for in their own
 * code); released threads that went ahead keep the processors, and the
 * primary waits a whole time slice for one, every barrier. libomp's primary,
 * which always ends its barrier itself, never waits there. Only while the
 * processors are taken: on an otherwise idle oversubscribed team, waiting
 * for the primary costs a barrier about a third more. And not while yields
 * give the processor away for a slice (glass_wait_yields_feed_others: more
 * than one in 8 lately): where the scheduler puts other processes' threads
 * beside ours (one session, no autogroup), each yield here handed a whole
 * slice to a spinning process, and a barrier took 1 to 4 ms instead of tens
 * of microseconds. A single lost yield is not enough: under autogroup one
 * is lost whenever the program's turn on a processor ends, and stopping
 * then let such a program fall to 200 us per barrier-and-flag round for a
 * while (4 threads beside two spinning processes), against 10-20. */
#define PRIMARY_FIRST_YIELDS 64
static inline bool oversubscribed_central(const struct glass_team *team, const struct glass_barrier *barrier)
{
    return barrier == &team->barrier && !barrier->levels && glass_team_outnumbers_processors(team);
}

static void passed(struct glass_thread *self, struct glass_barrier *barrier, const struct glass_barrier_ticket *ticket)
{
    unsigned gen = ticket->word & ~GLASS_BARRIER_LAST;
    if (self->num == 0) {
        atomic_store_explicit(&barrier->primary_passed, gen, memory_order_release);
        return;
    }
    if (!glass_wait_processors_taken() || glass_wait_yields_feed_others())
        return;
    for (int i = 0; i < PRIMARY_FIRST_YIELDS; i++) {
        if (atomic_load_explicit(&barrier->primary_passed, memory_order_acquire) == gen ||
            glass_barrier_cancelled(barrier) || !glass_wait_yield())
            return;
    }
}

/* Every explicit task generated in the region completes at a barrier (OpenMP
 * 5.1, 2.19.2), and a barrier is a task scheduling point (2.12.6): the last
 * thread to arrive runs or waits for the remaining tasks before it releases
 * the others, and waiting threads run tasks meanwhile. `before_release` runs
 * in the last thread once the tasks are done. Returns true in that thread. */
bool glass_team_barrier_tasks(struct glass_thread *self, struct glass_barrier *barrier,
                              void (*before_release)(struct glass_team *))
{
    struct glass_team *team = self->team;
    glass_task_return_credits(self);
    if (team->nthreads == 1) {
        if (glass_team_tasks_pending(team))
            glass_task_barrier_wait_until(self, no_tasks_pending, team);
        if (before_release)
            before_release(team);
        return true;
    }
    struct glass_barrier_ticket ticket = glass_barrier_arrive(barrier, self->num);
    if (ticket.word & GLASS_BARRIER_LAST) {
        if (glass_team_tasks_pending(team))
            glass_task_barrier_wait_until(self, no_tasks_pending, team);
        if (before_release)
            before_release(team);
        glass_barrier_release(barrier, &ticket, self->num);
        /* Waiters sleep on the team's task event word, not on the barrier. */
        glass_team_tasking_wake(team);
        if (oversubscribed_central(team, barrier))
            passed(self, barrier, &ticket);
        return true;
    }
    if (ticket.word & GLASS_BARRIER_CANCELLED)
        return false;
    if (!await_while_no_tasks(team, &ticket))
        glass_task_barrier_wait_until(self, ticket_passed, &ticket);
    /* A tree barrier: this thread's share of the release, the nodes below
     * the one it waited at; their waiters may sleep on the task event word. */
    if (glass_barrier_leave(barrier, &ticket, self->num))
        glass_team_tasking_wake(team);
    if (oversubscribed_central(team, barrier))
        passed(self, barrier, &ticket);
    return false;
}

/* The barrier while a tool watches: its sync-region events and the wait
 * interval around it. A team of one (the initial thread's implicit region,
 * where an orphaned loop's barrier runs, or a serialized region) has nobody
 * to wait for, but it still reports the interval, empty unless the team's
 * tasks run in it, as a taskwait with nothing to wait for does and as libomp
 * does: a tool that pairs every barrier with its wait, or measures barrier
 * waits, sees every barrier the same way. */
static bool __attribute__((noinline))
team_barrier_observed(struct glass_thread *self, enum glass_state wait_state, const void *codeptr)
{
    struct glass_team *team = self->team;
    int kind = glass_ompt_barrier_kind(wait_state);
    glass_tool_data *task_data = &self->task->tool_data;
    glass_single_close_open(self); /* GCC's single ends at the next barrier */
    GLASS_OMPT_EMIT(sync_region, kind, GLASS_SCOPE_BEGIN, &team->tool_data, task_data, codeptr);
    int previous = atomic_load_explicit(&self->state, memory_order_relaxed);
    glass_set_state(self, wait_state);
    struct glass_ompt_wait wait;
    glass_ompt_wait_begin(&wait, kind, &team->tool_data, task_data, codeptr);
    glass_team_barrier_tasks(self, &team->barrier, end_worksharing_cancellation);
    glass_ompt_wait_end(&wait, &team->tool_data);
    glass_set_state(self, previous);
    GLASS_OMPT_EMIT(sync_region, kind, GLASS_SCOPE_END, &team->tool_data, task_data, codeptr);
    return parallel_cancelled(team);
}

/* One branch decides between the observed barrier and the plain one, so that
 * with no tool the barrier costs what it costs in a build without OMPT. The
 * state word is kept in both (OMPD reads it). */
static inline bool team_barrier_unobserved(struct glass_thread *self, enum glass_state wait_state)
{
    struct glass_team *team = self->team;
    if (team->nthreads == 1) {
        glass_team_barrier_tasks(self, &team->barrier, end_worksharing_cancellation);
    } else {
        int previous = atomic_load_explicit(&self->state, memory_order_relaxed);
        glass_set_state(self, wait_state);
        glass_team_barrier_tasks(self, &team->barrier, end_worksharing_cancellation);
        glass_set_state(self, previous);
    }
    return parallel_cancelled(team);
}

static bool team_barrier(struct glass_thread *self, enum glass_state wait_state, const void *codeptr)
{
    if (GLASS_OMPT_ACTIVE())
        return team_barrier_observed(self, wait_state, codeptr);
    return team_barrier_unobserved(self, wait_state);
}

void glass_team_barrier_unwatched(struct glass_thread *self, enum glass_state wait_state)
{
    team_barrier_unobserved(self, wait_state);
}

void glass_team_barrier_at(struct glass_thread *self, enum glass_state wait_state, const void *codeptr)
{
    team_barrier(self, wait_state, codeptr);
}

bool glass_team_barrier_cancellable_at(struct glass_thread *self, enum glass_state wait_state,
                                       const void *codeptr)
{
    if (!team_barrier(self, wait_state, codeptr))
        return false;
    /* The barrier is a cancellation point that found the region cancelled. */
    GLASS_OMPT_EMIT(cancel, &self->task->tool_data, GLASS_CANCEL_FLAG_PARALLEL | GLASS_CANCEL_FLAG_DETECTED,
                    codeptr);
    return true;
}
