/* Application-shaped benchmarks. Unlike the EPCC-style ones, they do not
 * subtract a sequential reference: each reports the whole elapsed time per
 * unit (a timestep, a round), so a row compares what a program of that
 * shape would see on each runtime (s->ref_delays = 0). */
#include "bench.h"

#include <omp.h>
#include <stdlib.h>

/* The arrays of app_loops, allocated on first use and kept: the size is fixed
 * for the life of the process (--app-n). */
static double *field_u, *field_v, *weight;

static void app_arrays(long n)
{
    if (field_u)
        return;
    field_u = malloc((size_t)n * sizeof *field_u);
    field_v = malloc((size_t)n * sizeof *field_v);
    weight = malloc((size_t)n * sizeof *weight);
    bench_check(field_u && field_v && weight, "app_loops: out of memory");
}

/* Sum of weight[i] * (i + t) over i < n with weight +1 at even i and -1 at
 * odd i: evens sum to E(E-1), odds to O^2 (E, O: how many of each). */
static double alternating_sum(long n, long t)
{
    long long evens = (n + 1) / 2, odds = n / 2;
    return (double)(evens * (evens - 1) + (long long)t * evens - odds * odds - (long long)t * odds);
}

/* Per timestep three parallel loops over n doubles, as an explicit solver
 * writes them: a 3-point stencil (v from u), a sum of v (reduction), and an
 * update of u from v and u with a weighted sum (reduction). The data stay
 * integers below 2^53 (u[i] = i + t after step t), so every operation is
 * exact in any order: both sums have a closed form, and a lost or repeated
 * iteration, or a wrong reduction, changes them. No schedule clause: the
 * runtime's default schedule, as most programs leave it. */
static void run_app_loops(long reps, const struct bench_params *p, struct bench_sample *s)
{
    const long n = p->app_n;
    app_arrays(n);
    double *u = field_u, *v = field_v, *w = weight;
    /* Initialised by the team, so each thread's part is first touched by it. */
#pragma omp parallel for
    for (long i = 0; i < n; i++) {
        u[i] = (double)i;
        v[i] = 0.0;
        w[i] = (i & 1) ? -1.0 : 1.0;
    }
    const double triangle = (double)n * (double)(n - 1) / 2;
    long wrong = 0;
    double t0 = bench_now();
    for (long t = 1; t <= reps; t++) {
        /* u[i] = i + t - 1 on entry: the stencil gives v[i] = i + t. */
#pragma omp parallel for
        for (long i = 1; i < n - 1; i++)
            v[i] = 0.5 * (u[i - 1] + u[i + 1]) + 1.0;
        v[0] = u[0] + 1.0;
        v[n - 1] = u[n - 1] + 1.0;
        double sum = 0.0;
#pragma omp parallel for reduction(+ : sum)
        for (long i = 0; i < n; i++)
            sum += v[i];
        double dot = 0.0;
#pragma omp parallel for reduction(+ : dot)
        for (long i = 0; i < n; i++) {
            u[i] = 2.0 * v[i] - u[i] - 1.0; /* = i + t */
            dot += w[i] * u[i];
        }
        wrong += sum != triangle + (double)n * (double)t;
        wrong += dot != alternating_sum(n, t);
    }
    s->seconds = bench_now() - t0;
    bench_check(wrong == 0, "app_loops: stencil, sum or weighted sum");
    s->ref_delays = 0;
    s->instances = reps;
}

/* Each round: barrier; thread 0 sets a shared flag while the others spin on
 * it in user code (a short delay between reads); barrier; thread 0 clears
 * it. The spinners hold their processors while thread 0 still has to leave
 * the first barrier, so with more threads than processors the round lasts as
 * long as the runtime takes to give a waking thread a processor back. The
 * flag carries the round number: a spinner that reads another round's value
 * was let through a barrier early. */
static void run_barrier_flag(long reps, const struct bench_params *p, struct bench_sample *s)
{
    long flag = 0, stale = 0, rounds = 0;
    double t0 = bench_now();
#pragma omp parallel reduction(+ : stale, rounds)
    {
        const int me = omp_get_thread_num();
        for (long r = 1; r <= reps; r++) {
#pragma omp barrier
            if (me == 0) {
                __atomic_store_n(&flag, r, __ATOMIC_RELEASE);
            } else {
                long seen;
                while ((seen = __atomic_load_n(&flag, __ATOMIC_ACQUIRE)) == 0)
                    delay(p->delay_loops);
                stale += seen != r;
            }
#pragma omp barrier
            if (me == 0)
                __atomic_store_n(&flag, 0, __ATOMIC_RELAXED);
            rounds++;
        }
    }
    s->seconds = bench_now() - t0;
    bench_check(stale == 0, "barrier_flag: a spinner saw another round's flag");
    bench_check(rounds == reps * p->threads, "barrier_flag: round count");
    s->ref_delays = 0;
    s->instances = reps;
}

const struct bench bench_app[] = {
    {"app_loops", "timestep", "",
     "time per timestep of 3 parallel for loops over --app-n doubles (stencil, 2 reductions)", run_app_loops},
    {"barrier_flag", "round", "",
     "time per round of barrier, user-code spin on a flag thread 0 sets, barrier", run_barrier_flag},
    {0},
};
