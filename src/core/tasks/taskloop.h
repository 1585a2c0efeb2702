/* The taskloop construct (OpenMP 5.1, 2.12.2) for every ABI. The core splits
 * the iterations into tasks, opens and closes the construct's taskgroup,
 * reports the taskloop's work region to tools and makes and submits every
 * task; the ABI translates its entry point's arguments into a
 * glass_taskloop and fills each task's argument block through a callback,
 * since only it knows the compiler's layout (where a task's bounds go, how
 * its private data is copied). */
#ifndef GLASS_CORE_TASKLOOP_H
#define GLASS_CORE_TASKLOOP_H

#include <stdbool.h>
#include <stdint.h>

#include "tasking.h"

/* How the iterations split into tasks: the grainsize or num_tasks clause
 * (value), or neither (the implementation's choice). */
enum glass_taskloop_split { GLASS_TASKLOOP_DEFAULT, GLASS_TASKLOOP_GRAINSIZE, GLASS_TASKLOOP_NUM_TASKS };

/* What one task runs: logical iterations [first, first + iterations), whose
 * loop values are lower, lower + step, ..., upper (all of the loop's
 * type, as 64-bit words). `last`: the task holds the loop's last iteration
 * (for lastprivate). */
struct glass_taskloop_chunk {
    uint64_t first, iterations;
    uint64_t lower, upper;
    bool last;
};

struct glass_taskloop {
    /* The loop: `niters` iterations (0: none), iteration i having the value
     * start + i * step, computed modulo 2^64 (a negative step is its two's
     * complement). */
    uint64_t start, step, niters;
    enum glass_taskloop_split split;
    uint64_t value; /* the grainsize or num_tasks; 0 is taken as 1 */
    bool strict;    /* the strict modifier (5.1) */
    bool nogroup;   /* no implicit taskgroup around the tasks */
    /* Every task's: body, argument block size and alignment, and the if
     * (undeferred), final, priority, untied and mergeable clauses. The core
     * sets codeptr; ndepend, detach and the like stay 0. */
    struct glass_task_options task;
    /* Handed to glass_task_new: an argument block a task that runs at once
     * may use in place (task.copy_args false), or NULL. */
    void *caller_args;
    const void *codeptr; /* the construct's call site, for tools */

    /* The ABI's part. fill: writes the argument block of a new task,
     * glass_task_args(task), for `chunk`, before the core submits it.
     * reductions (NULL: none): registers the construct's task reductions
     * in its taskgroup (glass_taskgroup_set_reductions), before the first
     * task is made; not called with nogroup nor for a loop of no
     * iterations. made (NULL: nothing): once the last task is made, before
     * the work region and the taskgroup end; `reduced` tells whether
     * reductions was called. */
    void (*fill)(void *ctx, struct glass_task *task, const struct glass_taskloop_chunk *chunk);
    void (*reductions)(void *ctx, struct glass_thread *self);
    void (*made)(void *ctx, bool reduced);
    void *ctx;
};

/* Runs the construct on the calling thread. Tasks not yet made when their
 * taskgroup or the region is cancelled are not made. */
void glass_taskloop_run(struct glass_thread *self, const struct glass_taskloop *loop);

#endif
