/* Target regions: what a target construct costs on the host. Compiled by gcc
 * they are GOMP_target_ext calls: libgomp runs them on the host (its host
 * fallback), Glass on the host too, or on a host device with
 * GLASS_HOST_DEVICES=1 (its own allocation and copies of the mapped data:
 * the cost of a separate memory without a GPU). Compiled by clang without
 * offload targets they are plain host code, and cost nothing. One thread
 * encounters them (the team size does not matter). */
#include "bench.h"

#define MAPPED_DOUBLES 128 /* 1 KiB each way */

/* An empty target region with one delay in it. */
static void run_target(long reps, const struct bench_params *p, struct bench_sample *s)
{
    long loops = p->delay_loops;
    double t0 = bench_now();
    for (long r = 0; r < reps; r++) {
#pragma omp target firstprivate(loops)
        delay(loops);
    }
    s->seconds = bench_now() - t0;
    s->ref_delays = reps;
    s->instances = reps;
}

/* A target region mapping 1 KiB to the device and 1 KiB back. */
static void run_target_map(long reps, const struct bench_params *p, struct bench_sample *s)
{
    static double in[MAPPED_DOUBLES], out[MAPPED_DOUBLES];
    long loops = p->delay_loops;
    for (int i = 0; i < MAPPED_DOUBLES; i++)
        in[i] = i;
    double t0 = bench_now();
    for (long r = 0; r < reps; r++) {
#pragma omp target map(to : in) map(from : out) firstprivate(loops)
        {
            delay(loops);
            out[r % MAPPED_DOUBLES] = in[r % MAPPED_DOUBLES] + 1;
        }
    }
    s->seconds = bench_now() - t0;
    bench_check(out[(reps - 1) % MAPPED_DOUBLES] == (double)((reps - 1) % MAPPED_DOUBLES) + 1,
                "target_map: the value mapped back is wrong");
    s->ref_delays = reps;
    s->instances = reps;
}

const struct bench bench_target[] = {
    {"target", "region", "", "empty target region (host, or a host device)", run_target},
    {"target_map", "region", "", "target region mapping 1 KiB to and 1 KiB from", run_target_map},
    {0},
};
