/* Explicit tasks: creation and execution from one producer or from every
 * thread, taskwait, nested (recursive) tasks, taskloop and dependence chains.
 * A task body runs the delay and counts itself in a thread-local counter; the
 * counters are summed once per region, after the barrier that completes the
 * tasks, so checking the count costs nothing per task. */
#include "bench.h"

#include <stdlib.h>

static _Thread_local long tasks_run;

static void task_body(long delay_loops)
{
    delay(delay_loops);
    tasks_run++;
}

/* Adds the calling thread's count to *total. Call after a barrier. */
static void collect(long *total)
{
#pragma omp atomic
    *total += tasks_run;
    tasks_run = 0;
}

static long ceil_div(long a, long b)
{
    return (a + b - 1) / b;
}

/* One thread creates `reps` tasks, the team runs them: the reference is the
 * delays shared out evenly, so the overhead is the cost per task of the
 * producer and of handing tasks to the others. */
static void run_task(long reps, const struct bench_params *p, struct bench_sample *s)
{
    long total = 0;
    double t0 = bench_now();
#pragma omp parallel
    {
#pragma omp single
        for (long r = 0; r < reps; r++) {
#pragma omp task
            task_body(p->delay_loops);
        }
        collect(&total);
    }
    s->seconds = bench_now() - t0;
    bench_check(total == reps, "task: tasks run");
    s->ref_delays = ceil_div(reps, p->threads);
    s->instances = reps;
}

/* Every thread creates `reps` tasks; the overhead is per task of one thread. */
static void run_task_all(long reps, const struct bench_params *p, struct bench_sample *s)
{
    long total = 0;
    double t0 = bench_now();
#pragma omp parallel
    {
        for (long r = 0; r < reps; r++) {
#pragma omp task
            task_body(p->delay_loops);
        }
#pragma omp barrier
        collect(&total);
    }
    s->seconds = bench_now() - t0;
    bench_check(total == reps * p->threads, "task_all: tasks run");
    s->ref_delays = reps;
    s->instances = reps;
}

/* Every thread creates a task and waits for it, `reps` times. */
static void run_taskwait(long reps, const struct bench_params *p, struct bench_sample *s)
{
    long total = 0;
    double t0 = bench_now();
#pragma omp parallel
    {
        for (long r = 0; r < reps; r++) {
#pragma omp task
            task_body(p->delay_loops);
#pragma omp taskwait
        }
#pragma omp barrier
        collect(&total);
    }
    s->seconds = bench_now() - t0;
    bench_check(total == reps * p->threads, "taskwait: tasks run");
    s->ref_delays = reps;
    s->instances = reps;
}

/* A binary tree of tasks: inner nodes create two children and wait for
 * them, leaves run the delay. */
static void task_tree(int depth, long delay_loops)
{
    if (depth == 0) {
        task_body(delay_loops);
        return;
    }
#pragma omp task
    task_tree(depth - 1, delay_loops);
#pragma omp task
    task_tree(depth - 1, delay_loops);
#pragma omp taskwait
}

/* One thread starts `reps` trees one after the other; the team shares the
 * work by stealing. Overhead per task created (inner and leaf). */
static void run_task_nested(long reps, const struct bench_params *p, struct bench_sample *s)
{
    const long leaves = 1L << p->tree_depth;
    const long tasks_per_tree = 2 * leaves - 2;
    long total = 0;
    double t0 = bench_now();
#pragma omp parallel
    {
#pragma omp single
        for (long r = 0; r < reps; r++)
            task_tree(p->tree_depth, p->delay_loops);
        collect(&total);
    }
    s->seconds = bench_now() - t0;
    bench_check(total == reps * leaves, "task_nested: leaves run");
    s->ref_delays = ceil_div(reps * leaves, p->threads);
    s->instances = reps * tasks_per_tree;
}

/* One thread runs `reps` taskloops of taskloop_tasks tasks per thread, one
 * iteration each. Overhead per taskloop construct. */
static void run_taskloop(long reps, const struct bench_params *p, struct bench_sample *s)
{
    /* Unsigned: clang 14 warns about its own signed/unsigned comparison when
     * a taskloop over a signed variable has a grainsize. */
    const unsigned long n = (unsigned long)(p->taskloop_tasks * p->threads);
    long total = 0;
    double t0 = bench_now();
#pragma omp parallel
    {
#pragma omp single
        for (long r = 0; r < reps; r++) {
#pragma omp taskloop grainsize(1)
            for (unsigned long i = 0; i < n; i++)
                task_body(p->delay_loops);
        }
        collect(&total);
    }
    s->seconds = bench_now() - t0;
    bench_check(total == reps * (long)n, "taskloop: iterations run");
    s->ref_delays = reps * p->taskloop_tasks;
    s->instances = reps;
}

/* One thread creates `reps` tasks spread round-robin over `chains` chains;
 * an inout dependence on the chain's slot serialises each chain. A chain
 * checks that its tasks ran in creation order. */
static void run_task_depend(long reps, const struct bench_params *p, struct bench_sample *s)
{
    const int chains = p->chains;
    struct padded_long *slot = calloc((size_t)chains, sizeof *slot);
    long total = 0;
    int out_of_order = 0;
    double t0 = bench_now();
#pragma omp parallel
    {
#pragma omp single
        for (long r = 0; r < reps; r++) {
            struct padded_long *mine = &slot[r % chains];
#pragma omp task depend(inout : mine[0])
            {
                if (mine->value != r / chains) {
#pragma omp atomic write
                    out_of_order = 1;
                }
                mine->value++;
                task_body(p->delay_loops);
            }
        }
        collect(&total);
    }
    s->seconds = bench_now() - t0;
    free(slot);
    bench_check(total == reps && !out_of_order, "task_depend: chain order");
    const long parallel_chains = chains < p->threads ? chains : p->threads;
    s->ref_delays = ceil_div(reps, parallel_chains);
    s->instances = reps;
}

const struct bench bench_tasks[] = {
    {"task", "task", "", "tasks created by one thread, run by the team", run_task},
    {"task_all", "task", "", "tasks created by every thread", run_task_all},
    {"taskwait", "task+taskwait", "", "task then taskwait, on every thread", run_taskwait},
    {"task_nested", "task", "", "binary trees of tasks with taskwait, one producer",
     run_task_nested},
    {"taskloop", "taskloop", "", "taskloop grainsize(1), one producer", run_taskloop},
    {"task_depend", "task", "", "depend(inout) chains, one producer", run_task_depend},
    {0},
};
