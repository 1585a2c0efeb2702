/* Barriers of a team, as the constructs see them. Every team barrier is a
 * cancellation point for the parallel region (OpenMP 5.1, 2.20.1): once the
 * region is cancelled, the team's barrier is open (cancel.h). */
#include "../ompt/events.h"
#include "cancel.h"

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

static bool team_barrier(struct glass_thread *self, enum glass_state wait_state, const void *codeptr)
{
    struct glass_team *team = self->team;
    int kind = glass_ompt_barrier_kind(wait_state);
    glass_tool_data *task_data = &self->task->tool_data;
    GLASS_OMPT_EMIT(sync_region, kind, GLASS_SCOPE_BEGIN, &team->tool_data, task_data, codeptr);
    if (team->nthreads == 1) {
        end_worksharing_cancellation(team);
    } else {
        int previous = atomic_load_explicit(&self->state, memory_order_relaxed);
        glass_set_state(self, wait_state);
        GLASS_OMPT_EMIT(sync_region_wait, kind, GLASS_SCOPE_BEGIN, &team->tool_data, task_data, codeptr);
        unsigned ticket = glass_barrier_arrive(&team->barrier);
        if (ticket & GLASS_BARRIER_LAST) {
            end_worksharing_cancellation(team);
            glass_barrier_release(&team->barrier);
        } else {
            glass_barrier_await(&team->barrier, ticket);
        }
        GLASS_OMPT_EMIT(sync_region_wait, kind, GLASS_SCOPE_END, &team->tool_data, task_data, codeptr);
        glass_set_state(self, previous);
    }
    GLASS_OMPT_EMIT(sync_region, kind, GLASS_SCOPE_END, &team->tool_data, task_data, codeptr);
    return parallel_cancelled(team);
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
