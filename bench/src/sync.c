/* Parallel regions, worksharing and synchronisation constructs.
 * Each function times `reps` instances of its construct around delay(). */
#include "bench.h"

#include <omp.h>
#include <stdlib.h>

/* One region per repetition; every thread runs the delay once. */
static void run_parallel(long reps, const struct bench_params *p, struct bench_sample *s)
{
    double t0 = bench_now();
    for (long r = 0; r < reps; r++) {
#pragma omp parallel
        delay(p->delay_loops);
    }
    s->seconds = bench_now() - t0;
    s->ref_delays = reps;
    s->instances = reps;
}

/* One region holding `reps` static loops of one iteration per thread. */
static void run_for(long reps, const struct bench_params *p, struct bench_sample *s)
{
    const int n = p->threads;
    long iterations = 0;
    double t0 = bench_now();
#pragma omp parallel reduction(+ : iterations)
    for (long r = 0; r < reps; r++) {
#pragma omp for schedule(static)
        for (int i = 0; i < n; i++) {
            delay(p->delay_loops);
            iterations++;
        }
    }
    s->seconds = bench_now() - t0;
    bench_check(iterations == reps * n, "for: iteration count");
    s->ref_delays = reps;
    s->instances = reps;
}

/* One combined parallel loop per repetition, one iteration per thread. */
static void run_parallel_for(long reps, const struct bench_params *p, struct bench_sample *s)
{
    const int n = p->threads;
    struct padded_long *hits = calloc((size_t)n, sizeof *hits);
    double t0 = bench_now();
    for (long r = 0; r < reps; r++) {
#pragma omp parallel for schedule(static)
        for (int i = 0; i < n; i++) {
            delay(p->delay_loops);
            hits[i].value++;
        }
    }
    s->seconds = bench_now() - t0;
    for (int i = 0; i < n; i++)
        bench_check(hits[i].value == reps, "parallel_for: iteration count");
    free(hits);
    s->ref_delays = reps;
    s->instances = reps;
}

static void run_barrier(long reps, const struct bench_params *p, struct bench_sample *s)
{
    double t0 = bench_now();
#pragma omp parallel
    for (long r = 0; r < reps; r++) {
        delay(p->delay_loops);
#pragma omp barrier
    }
    s->seconds = bench_now() - t0;
    s->ref_delays = reps;
    s->instances = reps;
}

/* One thread runs each single body; the implied barrier orders the count. */
static void run_single(long reps, const struct bench_params *p, struct bench_sample *s)
{
    long bodies = 0;
    double t0 = bench_now();
#pragma omp parallel
    for (long r = 0; r < reps; r++) {
#pragma omp single
        {
            delay(p->delay_loops);
            bodies++;
        }
    }
    s->seconds = bench_now() - t0;
    bench_check(bodies == reps, "single: body count");
    s->ref_delays = reps;
    s->instances = reps;
}

/* Every thread enters the critical section `reps` times: all bodies are
 * serialised, so the reference is every body run one after the other. */
static void run_critical(long reps, const struct bench_params *p, struct bench_sample *s)
{
    long entries = 0;
    double t0 = bench_now();
#pragma omp parallel
    for (long r = 0; r < reps; r++) {
#pragma omp critical
        {
            delay(p->delay_loops);
            entries++;
        }
    }
    s->seconds = bench_now() - t0;
    bench_check(entries == reps * p->threads, "critical: entry count");
    s->ref_delays = reps * p->threads;
    s->instances = reps * p->threads;
}

/* As critical, with an omp_lock_t. */
static void run_lock(long reps, const struct bench_params *p, struct bench_sample *s)
{
    omp_lock_t lock;
    long entries = 0;
    omp_init_lock(&lock);
    double t0 = bench_now();
#pragma omp parallel
    for (long r = 0; r < reps; r++) {
        omp_set_lock(&lock);
        delay(p->delay_loops);
        entries++;
        omp_unset_lock(&lock);
    }
    s->seconds = bench_now() - t0;
    omp_destroy_lock(&lock);
    bench_check(entries == reps * p->threads, "lock: entry count");
    s->ref_delays = reps * p->threads;
    s->instances = reps * p->threads;
}

/* Every thread alternates a delay and an atomic update of one shared counter;
 * the delays run side by side, so the overhead is per update of one thread. */
static void run_atomic(long reps, const struct bench_params *p, struct bench_sample *s)
{
    long counter = 0;
    double t0 = bench_now();
#pragma omp parallel
    for (long r = 0; r < reps; r++) {
        delay(p->delay_loops);
#pragma omp atomic
        counter++;
    }
    s->seconds = bench_now() - t0;
    bench_check(counter == reps * p->threads, "atomic: counter");
    s->ref_delays = reps;
    s->instances = reps;
}

/* A loop of `reps` iterations dealt round-robin whose bodies run in order:
 * the bodies are serialised and each hands over to another thread. */
static void run_ordered(long reps, const struct bench_params *p, struct bench_sample *s)
{
    long next = 0;
    int out_of_order = 0;
    double t0 = bench_now();
#pragma omp parallel
    {
#pragma omp for ordered schedule(static, 1)
        for (long i = 0; i < reps; i++) {
#pragma omp ordered
            {
                delay(p->delay_loops);
                if (i != next)
                    out_of_order = 1;
                next++;
            }
        }
    }
    s->seconds = bench_now() - t0;
    bench_check(!out_of_order && next == reps, "ordered: sequence");
    s->ref_delays = reps;
    s->instances = reps;
}

/* A parallel region with a reduction per repetition: compare with `parallel`
 * for the cost of the reduction itself. */
static void run_reduction(long reps, const struct bench_params *p, struct bench_sample *s)
{
    long total = 0;
    double t0 = bench_now();
    for (long r = 0; r < reps; r++) {
        long sum = 0;
#pragma omp parallel reduction(+ : sum)
        {
            delay(p->delay_loops);
            sum += 1;
        }
        total += sum;
    }
    s->seconds = bench_now() - t0;
    bench_check(total == reps * p->threads, "reduction: sum");
    s->ref_delays = reps;
    s->instances = reps;
}

/* Every thread of an outer team opens `reps` inner regions of
 * inner_threads threads. Nesting must be active: an inner region gets more
 * than one thread only while max-active-levels-var allows a second active
 * level (OpenMP 5.1 section 2.6.1). */
static void run_nested_parallel(long reps, const struct bench_params *p, struct bench_sample *s)
{
    const int inner = p->inner_threads;
    int not_nested = 0;
    /* The environment wins when it sets the limit: the driver sets it so that
     * runtimes without omp_set_max_active_levels can still be measured. */
    if (!getenv("OMP_MAX_ACTIVE_LEVELS") && omp_get_max_active_levels() < 2)
        omp_set_max_active_levels(2);
    double t0 = bench_now();
#pragma omp parallel
    for (long r = 0; r < reps; r++) {
#pragma omp parallel num_threads(inner)
        {
            if (r == 0 && (omp_get_num_threads() != inner || omp_get_active_level() != 2)) {
#pragma omp atomic write
                not_nested = 1;
            }
            delay(p->delay_loops);
        }
    }
    s->seconds = bench_now() - t0;
    bench_check(!not_nested, "nested_parallel: inner team not active or wrong size");
    s->ref_delays = reps;
    s->instances = reps;
}

const struct bench bench_sync[] = {
    {"parallel", "region", "", "parallel region", run_parallel},
    {"for", "loop", "", "for schedule(static) inside one region", run_for},
    {"parallel_for", "region", "", "combined parallel for", run_parallel_for},
    {"barrier", "barrier", "", "explicit barrier", run_barrier},
    {"single", "single", "", "single with its implied barrier", run_single},
    {"critical", "entry", "", "critical section, all threads contending", run_critical},
    {"lock", "entry", "", "omp_set_lock/omp_unset_lock, all threads contending", run_lock},
    {"atomic", "update", "", "atomic increment of one shared counter", run_atomic},
    {"ordered", "iteration", "", "ordered loop, schedule(static,1)", run_ordered},
    {"reduction", "region", "", "parallel region with reduction(+)", run_reduction},
    {"nested_parallel", "inner-region", "", "inner parallel regions from every outer thread",
     run_nested_parallel},
    {0},
};
