/* The taskloop construct for every ABI (taskloop.h): how its iterations
 * split into tasks (OpenMP 5.1, 2.12.2), and the construct's run. */
#include "taskloop.h"

#include "../../ompt/events.h"
#include "../runtime.h"

/* The first `nbig` tasks get `big` iterations, the others `small`. */
struct plan {
    uint64_t ntasks;
    uint64_t nbig;
    uint64_t big;
    uint64_t small;
};

static void even_split(uint64_t niters, uint64_t ntasks, struct plan *plan)
{
    plan->ntasks = ntasks;
    plan->small = niters / ntasks;
    plan->nbig = niters % ntasks;
    plan->big = plan->small + 1;
}

static void make_plan(uint64_t niters, enum glass_taskloop_split split, uint64_t value, bool strict,
                      unsigned nthreads, struct plan *plan)
{
    switch (split) {
    case GLASS_TASKLOOP_GRAINSIZE: {
        uint64_t grainsize = value ? value : 1;
        if (strict) {
            /* Every task gets exactly grainsize iterations but the last. */
            uint64_t rest = niters % grainsize;
            plan->ntasks = niters / grainsize + (rest != 0);
            plan->big = grainsize;
            plan->nbig = rest ? plan->ntasks - 1 : plan->ntasks;
            plan->small = rest;
            return;
        }
        /* Between grainsize and twice grainsize iterations per task (fewer
         * only when the loop itself is shorter). */
        uint64_t ntasks = niters / grainsize;
        even_split(niters, ntasks ? ntasks : 1, plan);
        return;
    }
    case GLASS_TASKLOOP_NUM_TASKS: {
        uint64_t ntasks = value ? value : 1;
        even_split(niters, ntasks < niters ? ntasks : niters, plan);
        return;
    }
    case GLASS_TASKLOOP_DEFAULT:
        break;
    }
    /* Implementation defined: one task per thread, as libgomp does. */
    uint64_t ntasks = nthreads ? nthreads : 1;
    even_split(niters, ntasks < niters ? ntasks : niters, plan);
}

/* The taskloop's work region, inside its taskgroup (as libomp reports a
 * Clang-compiled taskloop), whichever compiler made the program. */
#define REPORT_TASKLOOP(self, endpoint, count, codeptr)                                                      \
    GLASS_OMPT_EMIT(work, GLASS_WORK_TASKLOOP, endpoint, &(self)->team->tool_data, &(self)->task->tool_data, \
                    count, codeptr)

void glass_taskloop_run(struct glass_thread *self, const struct glass_taskloop *loop)
{
    const void *codeptr = loop->codeptr;
    if (loop->niters == 0) {
        REPORT_TASKLOOP(self, GLASS_SCOPE_BEGIN, 0, codeptr);
        REPORT_TASKLOOP(self, GLASS_SCOPE_END, 0, codeptr);
        if (loop->made)
            loop->made(loop->ctx, false);
        return;
    }
    struct plan plan;
    make_plan(loop->niters, loop->split, loop->value, loop->strict, self->team->nthreads, &plan);

    bool reduced = false;
    if (!loop->nogroup) {
        glass_taskgroup_start_at(self, codeptr);
        if (loop->reductions) {
            loop->reductions(loop->ctx, self);
            reduced = true;
        }
    }
    REPORT_TASKLOOP(self, GLASS_SCOPE_BEGIN, loop->niters, codeptr);
    struct glass_task_options opts = loop->task;
    opts.codeptr = codeptr;
    struct glass_taskloop_chunk chunk = {.first = 0, .lower = loop->start};
    for (uint64_t i = 0; i < plan.ntasks; i++) {
        chunk.iterations = i < plan.nbig ? plan.big : plan.small;
        chunk.upper = chunk.lower + (chunk.iterations - 1) * loop->step;
        chunk.last = i == plan.ntasks - 1;
        struct glass_task *task = glass_task_new(self, &opts, loop->caller_args);
        if (!task)
            break; /* cancelled: no further task is made either */
        loop->fill(loop->ctx, task, &chunk);
        glass_task_set_taskloop_chunk(task, chunk.first, chunk.iterations);
        glass_task_submit(self, task, NULL, 0);
        chunk.first += chunk.iterations;
        chunk.lower = chunk.upper + loop->step;
    }
    if (loop->made)
        loop->made(loop->ctx, reduced);
    REPORT_TASKLOOP(self, GLASS_SCOPE_END, loop->niters, codeptr);
    if (!loop->nogroup)
        glass_taskgroup_end_at(self, codeptr);
}
