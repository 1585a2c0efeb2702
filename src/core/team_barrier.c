/* Barriers of a team, as the constructs see them. */
#include "team.h"

void glass_team_barrier(struct glass_thread *self, enum glass_state wait_state)
{
    struct glass_team *team = self->team;
    if (team->nthreads == 1)
        return;
    int previous = atomic_load_explicit(&self->state, memory_order_relaxed);
    glass_set_state(self, wait_state);
    glass_barrier_wait(&team->barrier);
    glass_set_state(self, previous);
}

static bool parallel_cancelled(void *arg)
{
    struct glass_team *team = arg;
    return atomic_load_explicit(&team->cancelled, memory_order_acquire) & GLASS_CANCEL_PARALLEL;
}

bool glass_team_barrier_cancellable(struct glass_thread *self)
{
    struct glass_team *team = self->team;
    if (parallel_cancelled(team))
        return true;
    if (team->nthreads == 1)
        return false;
    int previous = atomic_load_explicit(&self->state, memory_order_relaxed);
    glass_set_state(self, GLASS_STATE_WAIT_BARRIER_EXPLICIT);
    glass_barrier_wait_until(&team->barrier, parallel_cancelled, team);
    glass_set_state(self, previous);
    return parallel_cancelled(team);
}
