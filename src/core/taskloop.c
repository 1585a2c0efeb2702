/* How a taskloop's iterations split into tasks (OpenMP 5.1, 2.12.2). */
#include "tasking.h"

static void even_split(uint64_t niters, uint64_t ntasks, struct glass_taskloop_plan *plan)
{
    plan->ntasks = ntasks;
    plan->small = niters / ntasks;
    plan->nbig = niters % ntasks;
    plan->big = plan->small + 1;
}

void glass_taskloop_plan(uint64_t niters, enum glass_taskloop_split split, uint64_t value, bool strict,
                         unsigned nthreads, struct glass_taskloop_plan *plan)
{
    if (niters == 0) {
        *plan = (struct glass_taskloop_plan){0};
        return;
    }
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
