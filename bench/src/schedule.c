/* Loop schedules: static, dynamic and guided with a chunk size chosen on the
 * command line. One region holds `reps` loops of iters_per_thread iterations
 * per thread; the overhead is reported per iteration of one thread (multiply
 * by iters_per_thread for the cost of one loop). The kind is a clause of the
 * construct, so each kind has its own function. */
#include "bench.h"

static void finish(long reps, long iterations, const struct bench_params *p,
                   struct bench_sample *s, const char *what)
{
    bench_check(iterations == reps * p->iters_per_thread * p->threads, what);
    s->ref_delays = reps * p->iters_per_thread;
    s->instances = reps * p->iters_per_thread;
}

static void run_static(long reps, const struct bench_params *p, struct bench_sample *s)
{
    const long n = p->iters_per_thread * p->threads, chunk = p->chunk;
    long iterations = 0;
    double t0 = bench_now();
#pragma omp parallel reduction(+ : iterations)
    for (long r = 0; r < reps; r++) {
#pragma omp for schedule(static, chunk)
        for (long i = 0; i < n; i++) {
            delay(p->delay_loops);
            iterations++;
        }
    }
    s->seconds = bench_now() - t0;
    finish(reps, iterations, p, s, "schedule_static: iteration count");
}

static void run_dynamic(long reps, const struct bench_params *p, struct bench_sample *s)
{
    const long n = p->iters_per_thread * p->threads, chunk = p->chunk;
    long iterations = 0;
    double t0 = bench_now();
#pragma omp parallel reduction(+ : iterations)
    for (long r = 0; r < reps; r++) {
#pragma omp for schedule(dynamic, chunk)
        for (long i = 0; i < n; i++) {
            delay(p->delay_loops);
            iterations++;
        }
    }
    s->seconds = bench_now() - t0;
    finish(reps, iterations, p, s, "schedule_dynamic: iteration count");
}

static void run_guided(long reps, const struct bench_params *p, struct bench_sample *s)
{
    const long n = p->iters_per_thread * p->threads, chunk = p->chunk;
    long iterations = 0;
    double t0 = bench_now();
#pragma omp parallel reduction(+ : iterations)
    for (long r = 0; r < reps; r++) {
#pragma omp for schedule(guided, chunk)
        for (long i = 0; i < n; i++) {
            delay(p->delay_loops);
            iterations++;
        }
    }
    s->seconds = bench_now() - t0;
    finish(reps, iterations, p, s, "schedule_guided: iteration count");
}

const struct bench bench_schedule[] = {
    {"schedule_static", "iteration", "chunk", "for schedule(static,chunk)", run_static},
    {"schedule_dynamic", "iteration", "chunk", "for schedule(dynamic,chunk)", run_dynamic},
    {"schedule_guided", "iteration", "chunk", "for schedule(guided,chunk)", run_guided},
    {0},
};
