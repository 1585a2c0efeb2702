/* Shared by the tasking files of the core (task*.c, depend.c, taskgroup.c);
 * nothing outside them includes it. */
#ifndef GLASS_CORE_TASK_INTERNAL_H
#define GLASS_CORE_TASK_INTERNAL_H

#include <stdatomic.h>
#include <stdbool.h>
#include <stddef.h>

#include "../../ompt/hooks.h"
#include "tasking.h"

/* task->detach bits: the event was fulfilled, the body has finished. The
 * task completes when both are set (OpenMP 5.1, 2.12.1). With a tool, the
 * executing thread sets BODY_ENDING before its detach event and BODY_DONE
 * after it, and the fulfiller sets FULFILL_REPORTED with FULFILLED when it
 * emitted its early/late_fulfill event itself: a fulfillment during the
 * detach event is reported after it, by the executing thread (task.c). */
enum glass_detach_state {
    GLASS_DETACH_ARMED = 1,
    GLASS_DETACH_FULFILLED = 2,
    GLASS_DETACH_BODY_DONE = 4,
    GLASS_DETACH_BODY_ENDING = 8,
    GLASS_DETACH_FULFILL_REPORTED = 16,
};

struct glass_taskgroup {
    struct glass_taskgroup *prev;   /* enclosing taskgroup of the same task */
    _Atomic unsigned long pending;  /* member tasks (descendants included) not completed */
    _Atomic bool cancelled;
    bool workshare;                 /* opened by a worksharing construct's task reduction */
    void *reductions;               /* the ABI's task reduction data */
};

/* Explicit tasks (and target tasks) are the ones the tasking allocates. */
static inline bool glass_task_is_explicit(const struct glass_task *task)
{
    return task->flags & (GLASS_TASK_EXPLICIT | GLASS_TASK_TARGET | GLASS_TASK_TASKWAIT);
}

/* The taskgroup new children of `task` join: its innermost taskgroup, or for
 * an implicit task without one, the region's (glass_parallel_in_taskgroup). */
static inline struct glass_taskgroup *glass_task_current_taskgroup(const struct glass_task *task)
{
    if (task->taskgroup || glass_task_is_explicit(task) || !task->team)
        return task->taskgroup;
    return task->team->tasking.implicit_taskgroup;
}

/* task_alloc.c: task memory from per-thread free lists. A block holds the
 * task, then `extra` bytes (dependence entries, argument block); blocks are
 * never returned to the system, so a thief may read a stale task safely. The
 * largest extra a block can hold: */
#define GLASS_TASK_BLOCK_EXTRA_MAX (8192 - 64 - sizeof(struct glass_task))
struct glass_task *glass_task_alloc(size_t extra);
void glass_task_free(struct glass_task *task);

/* task_schedule.c */
/* True when `task` descends from `ancestor` (the task scheduling constraint,
 * OpenMP 5.1, 2.12.6). Safe on a task another thread may free meanwhile. */
bool glass_task_descends_from(const struct glass_task *task, const struct glass_task *ancestor);
/* Runs one ready task of the team that descends from `constraint` (any, when
 * NULL); false when there is none. */
bool glass_task_run_eligible(struct glass_thread *self, const struct glass_task *constraint);
/* Queues a ready task: on the caller's deque when the caller is a member of
 * the task's team and not `foreign`, else on the team's shared queue. */
void glass_task_enqueue(struct glass_thread *self, struct glass_task *task, bool foreign);
void glass_task_heap_init(struct glass_task_heap *heap);

/* task.c */
/* Runs a task's body on the calling thread, then completes it (or leaves it
 * to its detach event). Two copies: one with the event points, frames and
 * breakpoints of a watched run, one with none. The choice is made here, in
 * the caller, so that the watched copy is not reached through the unwatched
 * one's frame (whose register saves it would pay for nothing). */
void glass_task_execute_watched(struct glass_thread *self, struct glass_task *task);
void glass_task_execute_unwatched(struct glass_thread *self, struct glass_task *task);
static inline void glass_task_execute(struct glass_thread *self, struct glass_task *task)
{
    if (GLASS_OMPT_ENTRY_WATCH())
        glass_task_execute_watched(self, task);
    else
        glass_task_execute_unwatched(self, task);
}
/* Completion: releases dependent tasks, leaves the taskgroup, the parent and
 * the team. `foreign`: the caller may not be a member of the task's team. */
void glass_task_complete(struct glass_thread *self, struct glass_task *task, bool foreign);

/* task_wait.c */
/* Waits until done(arg), running tasks that descend from `constraint` (any
 * task of the team when NULL) meanwhile, with `state` as the thread state. */
void glass_task_wait_for(struct glass_thread *self, const struct glass_task *constraint,
                         bool (*done)(void *), void *arg, enum glass_state state);
/* Wakes the team's sleepers: call after making work available or after a
 * count someone may wait for reached zero. `fenced`: the change was made by a
 * sequentially consistent atomic operation (else a fence is issued). */
void glass_tasking_wake(struct glass_team *team, bool fenced);

/* depend.c */
size_t glass_depend_node_size(size_t ndeps);
/* Registers `task` (whose node lives at task->depend) with its parent's
 * dependence map. True when it has no predecessor left: the caller schedules
 * it; otherwise its last predecessor will. */
bool glass_depend_register(struct glass_task *task, const struct glass_depend *deps, size_t ndeps);
bool glass_depend_ready(const struct glass_task *task);
/* On completion: leaves the map and schedules the successors that became
 * ready. */
void glass_depend_release(struct glass_thread *self, struct glass_task *task, bool foreign);
void glass_depend_map_destroy(struct glass_depend_map *map);

#endif
