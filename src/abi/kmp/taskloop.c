/* Clang ABI: taskloop (OpenMP 5.1, 2.12.2). Clang allocates one "pattern"
 * task whose private variables include the loop's bounds (*lb and *ub point
 * into it) and calls __kmpc_taskloop. The runtime splits the iterations
 * (the core's plan, the same split as for GCC-compiled taskloops), makes one
 * task per part as a byte copy of the pattern with its own bounds, lets the
 * compiler's task_dup copy-construct what a byte copy cannot (and mark the
 * task holding the last iteration, for lastprivate), submits them, and
 * discards the pattern. For tools, as libomp: the taskloop's work region
 * (ompt_work_taskloop) inside its taskgroup, and each task's chunk as a
 * taskloop_chunk dispatch when the task begins. */
#include <string.h>

#include "../../core/runtime.h"
#include "../../ompt/events.h"
#include "task.h"

typedef void (*kmp_task_dup)(struct kmp_task *copy, struct kmp_task *pattern, int32_t last);

enum { SCHED_NONE = 0, SCHED_GRAINSIZE = 1, SCHED_NUM_TASKS = 2 };

static struct kmp_task_block *copy_pattern(const struct kmp_task_block *pattern)
{
    const struct kmp_task *from = &pattern->task;
    size_t shareds_offset = from->shareds ? (size_t)((const char *)from->shareds - (const char *)from) : 0;
    struct kmp_task_block *block =
        kmp_task_block_new(pattern->flags, pattern->size, shareds_offset, from->shareds != NULL, from->routine);
    void *shareds = block->task.shareds;
    memcpy(&block->task, from, pattern->size);
    block->task.shareds = shareds;
    block->target = pattern->target;
    return block;
}

static void set_bound(struct kmp_task_block *block, size_t offset, uint64_t value)
{
    memcpy((char *)&block->task + offset, &value, sizeof value);
}

static void taskloop(struct glass_thread *self, int32_t gtid, struct kmp_task *task, int if_val, uint64_t *lb,
                     uint64_t *ub, int64_t st, int nogroup, int sched, uint64_t value, bool strict,
                     kmp_task_dup task_dup, const void *codeptr)
{
    struct kmp_task_block *pattern = kmp_block_of(task);
    size_t lb_offset = (size_t)((char *)lb - (char *)task), ub_offset = (size_t)((char *)ub - (char *)task);
    uint64_t lower = *lb, upper = *ub;
    /* Clang only calls with a non-empty loop. */
    uint64_t count = st > 0 ? (upper - lower) / (uint64_t)st + 1 : (lower - upper) / (0 - (uint64_t)st) + 1;
    enum glass_taskloop_split split = sched == SCHED_GRAINSIZE   ? GLASS_TASKLOOP_GRAINSIZE
                                      : sched == SCHED_NUM_TASKS ? GLASS_TASKLOOP_NUM_TASKS
                                                                 : GLASS_TASKLOOP_DEFAULT;
    struct glass_taskloop_plan plan;
    glass_taskloop_plan(count, split, value, strict, self->team->nthreads, &plan);

    if (!nogroup)
        glass_taskgroup_start_at(self, codeptr);
    GLASS_OMPT_EMIT(work, GLASS_WORK_TASKLOOP, GLASS_SCOPE_BEGIN, &self->team->tool_data, &self->task->tool_data,
                    count, codeptr);
    uint64_t first = 0;
    for (uint64_t t = 0; t < plan.ntasks; t++) {
        uint64_t size = t < plan.nbig ? plan.big : plan.small;
        struct kmp_task_block *block = copy_pattern(pattern);
        set_bound(block, lb_offset, lower + first * (uint64_t)st);
        set_bound(block, ub_offset, lower + (first + size - 1) * (uint64_t)st);
        block->undeferred = !if_val;
        if (task_dup)
            task_dup(&block->task, task, t == plan.ntasks - 1);
        struct glass_dispatch_chunk chunk = {.start = first, .iterations = size};
        kmp_taskloop_task_submit(self, block, codeptr, &chunk);
        first += size;
    }
    /* The pattern never runs; its private objects go. */
    kmp_task_block_discard(gtid, pattern);
    GLASS_OMPT_EMIT(work, GLASS_WORK_TASKLOOP, GLASS_SCOPE_END, &self->team->tool_data, &self->task->tool_data,
                    count, codeptr);
    if (!nogroup)
        glass_taskgroup_end_at(self, codeptr);
}

GLASS_EXPORT void __kmpc_taskloop(struct kmp_ident *loc, int32_t gtid, struct kmp_task *task, int if_val,
                                  uint64_t *lb, uint64_t *ub, int64_t st, int nogroup, int sched,
                                  uint64_t grainsize, void *task_dup)
{
    (void)loc;
    GLASS_OMPT_ENTRY_CALL(taskloop(kmp_thread(gtid), gtid, task, if_val, lb, ub, st, nogroup, sched, grainsize, false,
             (kmp_task_dup)task_dup, __builtin_return_address(0)));
}

/* OpenMP 5.1: the strict modifier of grainsize and num_tasks. */
GLASS_EXPORT void __kmpc_taskloop_5(struct kmp_ident *loc, int32_t gtid, struct kmp_task *task, int if_val,
                                    uint64_t *lb, uint64_t *ub, int64_t st, int nogroup, int sched,
                                    uint64_t grainsize, int modifier, void *task_dup)
{
    (void)loc;
    GLASS_OMPT_ENTRY_CALL(taskloop(kmp_thread(gtid), gtid, task, if_val, lb, ub, st, nogroup, sched, grainsize, modifier != 0,
             (kmp_task_dup)task_dup, __builtin_return_address(0)));
}
