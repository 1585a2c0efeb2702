/* What barriers and the end of a parallel region need from tasking: all
 * explicit tasks generated in a region complete at its barriers (OpenMP 5.1,
 * 2.19.2), and threads waiting there may run them (a barrier is a task
 * scheduling point at which any ready task of the team may start, 2.12.6).
 *
 * A barrier that waits for tasks: the last thread to arrive runs tasks until
 * glass_team_tasks_pending() is false, then releases the others; the others
 * run tasks until released. glass_task_barrier_wait_until() does the waiting
 * part; it sleeps on the team's task event word rather than on the barrier,
 * so whoever releases (or cancels) the barrier calls glass_team_tasking_wake()
 * afterwards. */
#ifndef GLASS_CORE_TASK_BARRIER_H
#define GLASS_CORE_TASK_BARRIER_H

#include <stdbool.h>

#include "../threads/team.h"

/* True while the team has explicit tasks not yet completed (queued or running). */
bool glass_team_tasks_pending(struct glass_team *team);

/* The same, without the units `self` holds in advance in the team's count
 * (credits, task.c), which glass_team_tasks_pending() counts as pending:
 * whether a barrier of `self` would run or wait for any task. */
bool glass_team_tasks_incomplete(struct glass_thread *self, struct glass_team *team);

/* Gives back the tasks the caller counted in advance in a team's count of
 * incomplete tasks (task.c): before anything waits for that count to reach 0
 * (barrier arrival; task-aware waits do it themselves). */
void glass_task_return_credits(struct glass_thread *self);

/* Waits until done(arg) returns true, running ready tasks of the caller's
 * team meanwhile. done() is polled, and also looked at after each task and
 * before sleeping; the thread keeps its current state. */
void glass_task_barrier_wait_until(struct glass_thread *self, bool (*done)(void *), void *arg);

/* Wakes threads asleep in glass_task_barrier_wait_until (and in taskwait,
 * taskgroup end) so they look at their condition again. Call after making
 * such a condition true; task completion already does it when the team's
 * last task completes. */
void glass_team_tasking_wake(struct glass_team *team);

#endif
