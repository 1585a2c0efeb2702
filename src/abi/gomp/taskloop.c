/* GCC ABI: the taskloop construct, run by the core (taskloop.h). GCC passes
 * the loop as start, end (not included) and step; each task's argument block
 * starts with its own start and end, of the loop's type, which the runtime
 * fills in. With a reduction clause the third word of the block points to
 * the reduction array (task_reduction.c). */
#include <stdbool.h>
#include <stdint.h>
#include <string.h>

#include "../../core/runtime.h"
#include "../../core/tasks/taskloop.h"
#include "../../ompt/events.h"
#include "gomp.h"

enum {
    TASK_FLAG_UNTIED = 1 << 0,
    TASK_FLAG_FINAL = 1 << 1,
    TASK_FLAG_MERGEABLE = 1 << 2,
    TASK_FLAG_PRIORITY = 1 << 4,
    TASK_FLAG_UP = 1 << 8,        /* unsigned loop counting up */
    TASK_FLAG_GRAINSIZE = 1 << 9, /* num_tasks is a grainsize */
    TASK_FLAG_IF = 1 << 10,       /* if clause true (or absent) */
    TASK_FLAG_NOGROUP = 1 << 11,
    TASK_FLAG_REDUCTION = 1 << 12,
    TASK_FLAG_STRICT = 1 << 14,
};

/* Defined in task_reduction.c; GCC calls it GOMP_taskgroup_reduction_register. */
void GOMP_taskgroup_reduction_register(uintptr_t *data);

/* What the callbacks need of the call. */
struct gomp_taskloop {
    void *data; /* the block every task's block is a copy of */
    void (*cpyfn)(void *, void *);
    size_t arg_size;
    uint64_t step;
    unsigned flags;
};

static void **reduction_slot(void *data)
{
    return (void **)((uint64_t *)data + 2);
}

static void fill(void *ctx, struct glass_task *task, const struct glass_taskloop_chunk *chunk)
{
    struct gomp_taskloop *call = ctx;
    void *args = glass_task_args(task);
    if (args != call->data) {
        if (call->cpyfn)
            call->cpyfn(args, call->data);
        else
            memcpy(args, call->data, call->arg_size);
    }
    /* GCC's end is the value after the task's last iteration. */
    ((uint64_t *)args)[0] = chunk->lower;
    ((uint64_t *)args)[1] = chunk->upper + call->step;
}

static void register_reductions(void *ctx, struct glass_thread *self)
{
    (void)self;
    struct gomp_taskloop *call = ctx;
    GOMP_taskgroup_reduction_register(*reduction_slot(call->data));
}

static void made(void *ctx, bool reduced)
{
    struct gomp_taskloop *call = ctx;
    /* GCC combines the copies after the construct unless their base (d[2])
     * is 0: tell it none were registered (a loop of no iterations). */
    if (!reduced && (call->flags & (TASK_FLAG_NOGROUP | TASK_FLAG_REDUCTION)) == TASK_FLAG_REDUCTION)
        ((uintptr_t *)*reduction_slot(call->data))[2] = 0;
}

static void run_taskloop(void (*fn)(void *), void *data, void (*cpyfn)(void *, void *), long arg_size,
                         long arg_align, unsigned flags, unsigned long num_tasks, int priority, uint64_t start,
                         uint64_t step, uint64_t niters, const void *codeptr)
{
    struct gomp_taskloop call = {
        .data = data,
        .cpyfn = cpyfn,
        .arg_size = arg_size > 0 ? (size_t)arg_size : 0,
        .step = step,
        .flags = flags,
    };
    struct glass_taskloop loop = {
        .start = start,
        .step = step,
        .niters = niters,
        .split = (flags & TASK_FLAG_GRAINSIZE) ? GLASS_TASKLOOP_GRAINSIZE
                 : num_tasks                   ? GLASS_TASKLOOP_NUM_TASKS
                                               : GLASS_TASKLOOP_DEFAULT,
        .value = num_tasks,
        .strict = flags & TASK_FLAG_STRICT,
        .nogroup = flags & TASK_FLAG_NOGROUP,
        .task =
            {
                .fn = fn,
                .arg_size = call.arg_size,
                .arg_align = arg_align > 0 ? (size_t)arg_align : 1,
                .priority = (flags & TASK_FLAG_PRIORITY) ? priority : 0,
                .undeferred = !(flags & TASK_FLAG_IF),
                .untied = flags & TASK_FLAG_UNTIED,
                .final = flags & TASK_FLAG_FINAL,
                .mergeable = flags & TASK_FLAG_MERGEABLE,
                /* Tasks that run at once because the team has many queued
                 * still get their own block: the block we were given is the
                 * one every deferred task copies. */
                .copy_args = (flags & TASK_FLAG_IF) || cpyfn,
            },
        .caller_args = data,
        .codeptr = codeptr,
        .fill = fill,
        .reductions = (flags & TASK_FLAG_REDUCTION) ? register_reductions : NULL,
        .made = made,
        .ctx = &call,
    };
    glass_taskloop_run(glass_self(), &loop);
}

GLASS_EXPORT void GOMP_taskloop(void (*fn)(void *), void *data, void (*cpyfn)(void *, void *), long arg_size,
                                long arg_align, unsigned flags, unsigned long num_tasks, int priority,
                                long start, long end, long step)
{
    GLASS_OMPT_ENTRY();
    uint64_t niters = 0;
    if (step > 0 && start < end)
        niters = ((uint64_t)end - (uint64_t)start + (uint64_t)step - 1) / (uint64_t)step;
    else if (step < 0 && start > end)
        niters = ((uint64_t)start - (uint64_t)end - (uint64_t)step - 1) / (0 - (uint64_t)step);
    run_taskloop(fn, data, cpyfn, arg_size, arg_align, flags, num_tasks, priority, (uint64_t)start,
                 (uint64_t)step, niters, __builtin_return_address(0));
}

GLASS_EXPORT void GOMP_taskloop_ull(void (*fn)(void *), void *data, void (*cpyfn)(void *, void *),
                                    long arg_size, long arg_align, unsigned flags, unsigned long num_tasks,
                                    int priority, unsigned long long start, unsigned long long end,
                                    unsigned long long step)
{
    GLASS_OMPT_ENTRY();
    uint64_t niters = 0;
    if ((flags & TASK_FLAG_UP) && start < end)
        niters = (end - start + step - 1) / step;
    else if (!(flags & TASK_FLAG_UP) && start > end)
        niters = (start - end - step - 1) / -step;
    run_taskloop(fn, data, cpyfn, arg_size, arg_align, flags, num_tasks, priority, start, step, niters,
                 __builtin_return_address(0));
}
