/* Clang ABI: taskloop (OpenMP 5.1, 2.12.2), run by the core (taskloop.h).
 * Clang allocates one "pattern" task whose private variables include the
 * loop's bounds (*lb and *ub point into it, the upper bound included) and
 * calls __kmpc_taskloop. Each task the core makes runs a byte copy of the
 * pattern with its own bounds, and the compiler's task_dup copy-constructs
 * what a byte copy cannot (and marks the task holding the last iteration,
 * for lastprivate). Once the last task is made the pattern, which never
 * runs, is discarded. */
#include <string.h>

#include "../../core/runtime.h"
#include "../../core/tasks/taskloop.h"
#include "../../ompt/events.h"
#include "task.h"

typedef void (*kmp_task_dup)(struct kmp_task *copy, struct kmp_task *pattern, int32_t last);

enum { SCHED_NONE = 0, SCHED_GRAINSIZE = 1, SCHED_NUM_TASKS = 2 };

/* What the callbacks need of the call. */
struct kmp_taskloop {
    int32_t gtid;
    struct kmp_task_block *pattern;
    size_t lb_offset, ub_offset; /* of the bounds in the task */
    kmp_task_dup task_dup;
};

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

static void fill(void *ctx, struct glass_task *task, const struct glass_taskloop_chunk *chunk)
{
    struct kmp_taskloop *call = ctx;
    struct kmp_task_block *block = copy_pattern(call->pattern);
    set_bound(block, call->lb_offset, chunk->lower);
    set_bound(block, call->ub_offset, chunk->upper);
    if (call->task_dup)
        call->task_dup(&block->task, &call->pattern->task, chunk->last);
    kmp_task_attach(block, task);
}

static void made(void *ctx, bool reduced)
{
    (void)reduced;
    struct kmp_taskloop *call = ctx;
    /* The pattern never runs; its private objects go. */
    kmp_task_block_discard(call->gtid, call->pattern);
}

static void taskloop(struct glass_thread *self, int32_t gtid, struct kmp_task *task, int if_val, uint64_t *lb,
                     uint64_t *ub, int64_t st, int nogroup, int sched, uint64_t value, bool strict,
                     kmp_task_dup task_dup, const void *codeptr)
{
    struct kmp_taskloop call = {
        .gtid = gtid,
        .pattern = kmp_block_of(task),
        .lb_offset = (size_t)((char *)lb - (char *)task),
        .ub_offset = (size_t)((char *)ub - (char *)task),
        .task_dup = task_dup,
    };
    uint64_t lower = *lb, upper = *ub;
    struct glass_taskloop loop = {
        .start = lower,
        .step = (uint64_t)st,
        /* Clang only calls with a non-empty loop. */
        .niters = st > 0 ? (upper - lower) / (uint64_t)st + 1 : (lower - upper) / (0 - (uint64_t)st) + 1,
        .split = sched == SCHED_GRAINSIZE    ? GLASS_TASKLOOP_GRAINSIZE
                 : sched == SCHED_NUM_TASKS ? GLASS_TASKLOOP_NUM_TASKS
                                            : GLASS_TASKLOOP_DEFAULT,
        .value = value,
        .strict = strict,
        .nogroup = nogroup,
        .codeptr = codeptr,
        .fill = fill,
        .made = made,
        .ctx = &call,
    };
    kmp_task_options(call.pattern, &loop.task);
    loop.task.undeferred = !if_val;
    glass_taskloop_run(self, &loop);
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
