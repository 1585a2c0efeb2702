/* Taskgroup regions (OpenMP 5.1, 2.12.5), their cancellation (2.20.1) and the
 * bookkeeping of task reductions (2.21.5).
 *
 * A task joins the innermost taskgroup of the task that generates it and
 * stays counted there until it completes; its own children join the same
 * taskgroup unless it opens one of its own, so a taskgroup's count covers
 * all its descendants. */
#include <stdlib.h>

#include "../../ompt/events.h"
#include "../globals.h"
#include "../runtime.h"
#include "task_internal.h"

struct glass_taskgroup *glass_taskgroup_create(void *reductions)
{
    struct glass_taskgroup *group = malloc(sizeof *group);
    if (!group)
        glass_fatal("out of memory for a taskgroup");
    *group = (struct glass_taskgroup){.reductions = reductions};
    return group;
}

void glass_taskgroup_destroy(struct glass_taskgroup *group)
{
    free(group);
}

static void start(struct glass_thread *self, bool workshare)
{
    struct glass_task *task = self->task;
    struct glass_taskgroup *prev = glass_task_current_taskgroup(task);
    struct glass_taskgroup *group = glass_taskgroup_create(prev ? prev->reductions : NULL);
    group->prev = prev;
    group->workshare = workshare;
    task->taskgroup = group;
}

void glass_taskgroup_start_at(struct glass_thread *self, const void *codeptr)
{
    GLASS_OMPT_EMIT(sync_region, GLASS_SYNC_TASKGROUP, GLASS_SCOPE_BEGIN, &self->team->tool_data,
                    &self->task->tool_data, codeptr);
    start(self, false);
}

/* The reduction taskgroup of a construct with a task reduction: its end is
 * reported like any taskgroup's (glass_taskgroup_end), so is its begin, as
 * libomp reports the taskgroup it opens for the task modifier. */
void glass_workshare_taskgroup_start(struct glass_thread *self)
{
    GLASS_OMPT_EMIT(sync_region, GLASS_SYNC_TASKGROUP, GLASS_SCOPE_BEGIN, &self->team->tool_data,
                    &self->task->tool_data, NULL);
    start(self, true);
}

static bool group_done(void *arg)
{
    struct glass_taskgroup *group = arg;
    return atomic_load_explicit(&group->pending, memory_order_seq_cst) == 0;
}

void glass_taskgroup_end_at(struct glass_thread *self, const void *codeptr)
{
    struct glass_task *task = self->task;
    struct glass_taskgroup *group = task->taskgroup;
    if (!group) {
        glass_warn("end of a taskgroup that was not started; ignored");
        return;
    }
    glass_tool_data *parallel = &self->team->tool_data;
    /* Its tasks all descend from the current task. */
    /* A tool sees a wait interval even when there is nothing to wait for. */
    if (atomic_load_explicit(&group->pending, memory_order_acquire) || GLASS_OMPT_ON(sync_region_wait)) {
        /* The wait state holds through the OMPT wait interval. */
        int previous = atomic_load_explicit(&self->state, memory_order_relaxed);
        glass_set_state(self, GLASS_STATE_WAIT_TASKGROUP);
        struct glass_ompt_wait wait;
        glass_ompt_wait_begin_lazy(&wait, GLASS_SYNC_TASKGROUP, parallel, &task->tool_data, codeptr);
        glass_task_wait_for(self, task, group_done, group, GLASS_STATE_WAIT_TASKGROUP);
        glass_ompt_wait_end(&wait, parallel);
        glass_set_state(self, previous);
    }
    task->taskgroup = group->prev;
    glass_taskgroup_destroy(group);
    GLASS_OMPT_EMIT(sync_region, GLASS_SYNC_TASKGROUP, GLASS_SCOPE_END, parallel, &task->tool_data, codeptr);
}

/* The taskgroup a cancel taskgroup construct binds to: the innermost one of
 * the current task, skipping a worksharing construct's reduction taskgroup
 * (it is not a taskgroup region of the program). */
static struct glass_taskgroup *binding_taskgroup(struct glass_thread *self)
{
    struct glass_taskgroup *group = glass_task_current_taskgroup(self->task);
    if (group && group->workshare && group->prev)
        group = group->prev;
    return group;
}

bool glass_taskgroup_cancel(struct glass_thread *self)
{
    struct glass_taskgroup *group = binding_taskgroup(self);
    if (!group)
        return false;
    atomic_store_explicit(&group->cancelled, true, memory_order_release);
    return true;
}

bool glass_taskgroup_cancelled(struct glass_thread *self)
{
    if (atomic_load_explicit(&self->team->cancelled, memory_order_acquire) & GLASS_CANCEL_PARALLEL)
        return true;
    struct glass_taskgroup *group = binding_taskgroup(self);
    return group && atomic_load_explicit(&group->cancelled, memory_order_acquire);
}

void *glass_taskgroup_reductions(struct glass_thread *self)
{
    struct glass_taskgroup *group = glass_task_current_taskgroup(self->task);
    return group ? group->reductions : NULL;
}

void glass_taskgroup_set_reductions(struct glass_thread *self, void *reductions)
{
    struct glass_taskgroup *group = glass_task_current_taskgroup(self->task);
    if (!group)
        glass_fatal("task reduction registered outside any taskgroup");
    group->reductions = reductions;
}

static void adopt_taskgroup(struct glass_team *team, void *arg)
{
    team->tasking.implicit_taskgroup = arg;
}

void glass_parallel_in_taskgroup(void (*fn)(void *), void *data, struct glass_parallel_args *args,
                                 struct glass_taskgroup *taskgroup)
{
    /* The combined-construct hook runs before any worker starts; keep it. */
    void (*prepare)(struct glass_team *, void *) = args->prepare;
    if (prepare)
        glass_fatal("a parallel construct with a task reduction and a prepared construct");
    args->prepare = adopt_taskgroup;
    args->prepare_arg = taskgroup;
    glass_parallel(fn, data, args);
}

/* Worksharing task reductions. All threads meet these constructs in the same
 * order, but they nest (scope reduction(task: ...) inside another), so more
 * than one can be open: construct k uses slot k % SLOTS, claimed by moving its
 * `claimed` from k - SLOTS (or 0) to k; the claimer reuses the slot once every
 * thread has taken the data of its previous construct. */

static struct glass_ws_reduction_slot *reduction_slot(struct glass_thread *self)
{
    return &self->team->tasking.ws_reductions[self->task->ws_reduction_seq % GLASS_WS_REDUCTION_SLOTS];
}

bool glass_workshare_reduction_claim(struct glass_thread *self)
{
    unsigned long k = ++self->task->ws_reduction_seq;
    /* The slot last belonged to construct k - SLOTS (0: never used). */
    unsigned long expected = k > GLASS_WS_REDUCTION_SLOTS ? k - GLASS_WS_REDUCTION_SLOTS : 0;
    return atomic_compare_exchange_strong_explicit(&reduction_slot(self)->claimed, &expected, k,
                                                   memory_order_acq_rel, memory_order_acquire);
}

static bool slot_free(void *arg)
{
    struct glass_thread *self = arg;
    return atomic_load_explicit(&reduction_slot(self)->pending, memory_order_acquire) == 0;
}

void glass_workshare_reduction_publish(struct glass_thread *self, void *data)
{
    struct glass_ws_reduction_slot *slot = reduction_slot(self);
    /* The construct that used the slot before may still be waiting for
     * threads to take its data (only with more than SLOTS nested constructs
     * open: they are behind us and never wait for us, so this ends). */
    if (!slot_free(self))
        glass_task_wait_for(self, self->task, slot_free, self, GLASS_STATE_WAIT_BARRIER_IMPLEMENTATION);
    atomic_store_explicit(&slot->pending, self->team->nthreads - 1, memory_order_relaxed);
    slot->data = data;
    atomic_store_explicit(&slot->ready, self->task->ws_reduction_seq, memory_order_seq_cst);
    glass_tasking_wake(self->team, true);
}

static bool published(void *arg)
{
    struct glass_thread *self = arg;
    return atomic_load_explicit(&reduction_slot(self)->ready, memory_order_seq_cst) == self->task->ws_reduction_seq;
}

void *glass_workshare_reduction_await(struct glass_thread *self)
{
    struct glass_ws_reduction_slot *slot = reduction_slot(self);
    if (!published(self))
        glass_task_wait_for(self, self->task, published, self, GLASS_STATE_WAIT_BARRIER_IMPLEMENTATION);
    unsigned long seq = self->task->ws_reduction_seq;
    void *data = slot->data;
    unsigned pending = atomic_fetch_sub_explicit(&slot->pending, 1, memory_order_acq_rel) - 1;
    /* The last to take it wakes a later construct's claimer waiting for the slot. */
    if (pending == 0 && atomic_load_explicit(&slot->claimed, memory_order_acquire) != seq)
        glass_tasking_wake(self->team, true);
    return data;
}
