/* GCC ABI: the taskloop construct. GCC passes the loop as start, end (not
 * included) and step; each task's argument block starts with its own start
 * and end, of the loop's type, which the runtime fills in. With a reduction
 * clause the third word of the block points to the reduction array
 * (task_reduction.c). */
#include <stdbool.h>
#include <stdint.h>
#include <string.h>

#include "../../core/runtime.h"
#include "../../core/tasking.h"
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

struct loop {
    uint64_t start, step; /* as 64-bit words: iteration i is start + i * step */
    uint64_t niters;
};

/* OMPT work events of the taskloop region, inside its taskgroup (as libomp
 * reports a Clang-compiled taskloop). */
#define REPORT_TASKLOOP(self, endpoint, count, codeptr)                                                  \
    GLASS_OMPT_EMIT(work, GLASS_WORK_TASKLOOP, endpoint, &(self)->team->tool_data, &(self)->task->tool_data, \
                    count, codeptr)

static void run_taskloop(void (*fn)(void *), void *data, void (*cpyfn)(void *, void *), long arg_size,
                         long arg_align, unsigned flags, unsigned long num_tasks, int priority,
                         const struct loop *loop, const void *codeptr)
{
    struct glass_thread *self = glass_self();
    void **reduction_slot = (void **)((uint64_t *)data + 2);
    if (loop->niters == 0) {
        REPORT_TASKLOOP(self, GLASS_SCOPE_BEGIN, 0, codeptr);
        REPORT_TASKLOOP(self, GLASS_SCOPE_END, 0, codeptr);
        /* GCC combines the copies after the construct unless their base (d[2])
         * is 0: tell it none were registered. */
        if ((flags & (TASK_FLAG_NOGROUP | TASK_FLAG_REDUCTION)) == TASK_FLAG_REDUCTION)
            ((uintptr_t *)*reduction_slot)[2] = 0;
        return;
    }
    enum glass_taskloop_split split = GLASS_TASKLOOP_DEFAULT;
    if (flags & TASK_FLAG_GRAINSIZE)
        split = GLASS_TASKLOOP_GRAINSIZE;
    else if (num_tasks)
        split = GLASS_TASKLOOP_NUM_TASKS;
    struct glass_taskloop_plan plan;
    glass_taskloop_plan(loop->niters, split, num_tasks, flags & TASK_FLAG_STRICT, self->team->nthreads,
                        &plan);

    bool group = !(flags & TASK_FLAG_NOGROUP);
    if (group) {
        glass_taskgroup_start_at(self, codeptr);
        if (flags & TASK_FLAG_REDUCTION)
            GOMP_taskgroup_reduction_register(*reduction_slot);
    }
    REPORT_TASKLOOP(self, GLASS_SCOPE_BEGIN, loop->niters, codeptr);
    struct glass_task_options opts = {
        .codeptr = codeptr,
        .fn = fn,
        .arg_size = arg_size > 0 ? (size_t)arg_size : 0,
        .arg_align = arg_align > 0 ? (size_t)arg_align : 1,
        .priority = (flags & TASK_FLAG_PRIORITY) ? priority : 0,
        .undeferred = !(flags & TASK_FLAG_IF),
        .untied = flags & TASK_FLAG_UNTIED,
        .final = flags & TASK_FLAG_FINAL,
        .mergeable = flags & TASK_FLAG_MERGEABLE,
        /* Tasks that run at once because the team has many queued still get
         * their own block: the block we were given is the one every deferred
         * task copies. */
        .copy_args = (flags & TASK_FLAG_IF) || cpyfn,
    };
    uint64_t first = loop->start, logical = 0;
    for (uint64_t i = 0; i < plan.ntasks; i++) {
        uint64_t count = i < plan.nbig ? plan.big : plan.small;
        uint64_t last = first + count * loop->step;
        struct glass_task *task = glass_task_new(self, &opts, data);
        if (!task)
            break; /* cancelled */
        void *args = glass_task_args(task);
        if (args != data) {
            if (cpyfn)
                cpyfn(args, data);
            else
                memcpy(args, data, opts.arg_size);
        }
        ((uint64_t *)args)[0] = first;
        ((uint64_t *)args)[1] = last;
        glass_task_set_taskloop_chunk(task, logical, count);
        glass_task_submit(self, task, NULL, 0);
        first = last;
        logical += count;
    }
    REPORT_TASKLOOP(self, GLASS_SCOPE_END, loop->niters, codeptr);
    if (group)
        glass_taskgroup_end_at(self, codeptr);
}

GLASS_EXPORT void GOMP_taskloop(void (*fn)(void *), void *data, void (*cpyfn)(void *, void *), long arg_size,
                                long arg_align, unsigned flags, unsigned long num_tasks, int priority,
                                long start, long end, long step)
{
    GLASS_OMPT_ENTRY();
    struct loop loop = {(uint64_t)start, (uint64_t)step, 0};
    if (step > 0 && start < end)
        loop.niters = ((uint64_t)end - (uint64_t)start + (uint64_t)step - 1) / (uint64_t)step;
    else if (step < 0 && start > end)
        loop.niters = ((uint64_t)start - (uint64_t)end - (uint64_t)step - 1) / (0 - (uint64_t)step);
    run_taskloop(fn, data, cpyfn, arg_size, arg_align, flags, num_tasks, priority, &loop,
                 __builtin_return_address(0));
}

GLASS_EXPORT void GOMP_taskloop_ull(void (*fn)(void *), void *data, void (*cpyfn)(void *, void *),
                                    long arg_size, long arg_align, unsigned flags, unsigned long num_tasks,
                                    int priority, unsigned long long start, unsigned long long end,
                                    unsigned long long step)
{
    GLASS_OMPT_ENTRY();
    struct loop loop = {start, step, 0};
    if ((flags & TASK_FLAG_UP) && start < end)
        loop.niters = (end - start + step - 1) / step;
    else if (!(flags & TASK_FLAG_UP) && start > end)
        loop.niters = (start - end - step - 1) / -step;
    run_taskloop(fn, data, cpyfn, arg_size, arg_align, flags, num_tasks, priority, &loop,
                 __builtin_return_address(0));
}
