/* The tasking side of barriers (task_barrier.h). */
#include "task_barrier.h"

#include "task_internal.h"

bool glass_team_tasks_pending(struct glass_team *team)
{
    return atomic_load_explicit(&team->tasking.active, memory_order_seq_cst) != 0;
}

bool glass_team_tasks_incomplete(struct glass_thread *self, struct glass_team *team)
{
    unsigned long held = self->credit_team == team ? self->active_credits : 0;
    return atomic_load_explicit(&team->tasking.active, memory_order_seq_cst) != held;
}

void glass_task_barrier_wait_until(struct glass_thread *self, bool (*done)(void *), void *arg)
{
    enum glass_state state = atomic_load_explicit(&self->state, memory_order_relaxed);
    glass_task_wait_for(self, NULL, done, arg, state);
}

void glass_team_tasking_wake(struct glass_team *team)
{
    glass_tasking_wake(team, false);
}
