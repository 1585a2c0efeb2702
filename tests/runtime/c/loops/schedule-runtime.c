// schedule(runtime) with OMP_SCHEDULE, with and without the monotonic and
// nonmonotonic modifiers on the clause and in the variable: orphaned loops
// over long (up and down) and unsigned long long, and combined parallel loops
// (GOMP_parallel_loop_*runtime). Every iteration runs once; static kinds give
// the exact assignment OpenMP 5.1 2.11.4.1 requires, dynamic and guided
// chunks are never below the chunk size except the last one.
// RUN: %omp-cc %s -o %t
// RUN: for n in %threads; do OMP_NUM_THREADS=$n OMP_SCHEDULE=static %run %t $n blocks 0; done | FileCheck %s -DSCHED=static
// RUN: for n in %threads; do OMP_NUM_THREADS=$n OMP_SCHEDULE="static,3" %run %t $n round-robin 3; done | FileCheck %s -DSCHED=static,3
// RUN: for n in %threads; do OMP_NUM_THREADS=$n OMP_SCHEDULE="monotonic:static,2" %run %t $n round-robin 2; done | FileCheck %s -DSCHED=monotonic:static,2
// RUN: for n in %threads; do OMP_NUM_THREADS=$n OMP_SCHEDULE=dynamic %run %t $n min-chunk 1; done | FileCheck %s -DSCHED=dynamic
// RUN: for n in %threads; do OMP_NUM_THREADS=$n OMP_SCHEDULE="dynamic,5" %run %t $n min-chunk 5; done | FileCheck %s -DSCHED=dynamic,5
// RUN: for n in %threads; do OMP_NUM_THREADS=$n OMP_SCHEDULE="monotonic:dynamic,3" %run %t $n min-chunk 3; done | FileCheck %s -DSCHED=monotonic:dynamic,3
// RUN: for n in %threads; do OMP_NUM_THREADS=$n OMP_SCHEDULE="nonmonotonic:dynamic,2" %run %t $n min-chunk 2; done | FileCheck %s -DSCHED=nonmonotonic:dynamic,2
// RUN: for n in %threads; do OMP_NUM_THREADS=$n OMP_SCHEDULE=guided %run %t $n min-chunk 1; done | FileCheck %s -DSCHED=guided
// RUN: for n in %threads; do OMP_NUM_THREADS=$n OMP_SCHEDULE="guided,7" %run %t $n min-chunk 7; done | FileCheck %s -DSCHED=guided,7
// RUN: for n in %threads; do OMP_NUM_THREADS=$n OMP_SCHEDULE="nonmonotonic:guided,4" %run %t $n min-chunk 4; done | FileCheck %s -DSCHED=nonmonotonic:guided,4
// RUN: for n in %threads; do OMP_NUM_THREADS=$n OMP_SCHEDULE=auto %run %t $n once 0; done | FileCheck %s -DSCHED=auto
// CHECK: threads=1 OMP_SCHEDULE=[[SCHED]] runtime long=ok ull=ok monotonic:runtime=ok nonmonotonic:runtime=ok combined=ok iterations=7249
// CHECK: threads=2 OMP_SCHEDULE=[[SCHED]] runtime long=ok ull=ok monotonic:runtime=ok nonmonotonic:runtime=ok combined=ok iterations=7249
// CHECK: threads=4 OMP_SCHEDULE=[[SCHED]] runtime long=ok ull=ok monotonic:runtime=ok nonmonotonic:runtime=ok combined=ok iterations=7249
// CHECK: threads=8 OMP_SCHEDULE=[[SCHED]] runtime long=ok ull=ok monotonic:runtime=ok nonmonotonic:runtime=ok combined=ok iterations=7249
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define MAX_ITER 1100

static int hits[MAX_ITER];
static int owner[MAX_ITER];
static int nthreads, chunk;
static const char *mode;
static long total;

static void record(unsigned long index)
{
    if (index >= MAX_ITER)
        abort();
    __atomic_fetch_add(&hits[index], 1, __ATOMIC_RELAXED);
    owner[index] = omp_get_thread_num();
}

static void reset(void)
{
    memset(hits, 0, sizeof hits);
    memset(owner, -1, sizeof owner);
}

/* Checks the last loop run over n iterations against the expected schedule. */
static int check(long n)
{
    for (long i = 0; i < n; i++) {
        if (hits[i] != 1)
            return 0;
        total++;
    }
    if (!strcmp(mode, "blocks")) {
        /* One contiguous block per thread, in thread order, sizes within one. */
        long next = 0, smallest = n, largest = 0;
        for (int t = 0; t < nthreads; t++) {
            long size = 0;
            while (next + size < n && owner[next + size] == t)
                size++;
            next += size;
            smallest = size < smallest ? size : smallest;
            largest = size > largest ? size : largest;
        }
        return next == n && largest - smallest <= 1;
    }
    if (!strcmp(mode, "round-robin")) {
        for (long i = 0; i < n; i++)
            if (owner[i] != (i / chunk) % nthreads)
                return 0;
        return 1;
    }
    if (!strcmp(mode, "min-chunk")) {
        long run = 1;
        for (long i = 1; i < n; i++) {
            if (owner[i] == owner[i - 1]) {
                run++;
                continue;
            }
            if (run < chunk)
                return 0;
            run = 1;
        }
    }
    return 1;
}

static int run_long(long start, long end, long step)
{
    reset();
#pragma omp parallel
    {
        if (step > 0) {
#pragma omp for schedule(runtime)
            for (long i = start; i < end; i += step)
                record((unsigned long)(i - start) / step);
        } else {
#pragma omp for schedule(runtime)
            for (long i = start; i > end; i += step)
                record((unsigned long)(start - i) / -step);
        }
    }
    long n = step > 0 ? (end > start ? (end - start + step - 1) / step : 0)
                      : (start > end ? (start - end - step - 1) / -step : 0);
    return check(n);
}

static int run_ull(unsigned long long start, unsigned long long end, unsigned long long step, int up)
{
    reset();
#pragma omp parallel
    {
        if (up) {
#pragma omp for schedule(runtime)
            for (unsigned long long i = start; i < end; i += step)
                record((i - start) / step);
        } else {
#pragma omp for schedule(runtime)
            for (unsigned long long i = start; i > end; i -= step)
                record((start - i) / step);
        }
    }
    unsigned long long n = up ? (end > start ? (end - start + step - 1) / step : 0)
                              : (start > end ? (start - end + step - 1) / step : 0);
    return check((long)n);
}

static int run_modifiers(int monotonic)
{
    long start = 3, end = 1000, step = 2;
    reset();
#pragma omp parallel
    {
        if (monotonic) {
#pragma omp for schedule(monotonic : runtime)
            for (long i = start; i < end; i += step)
                record((i - start) / step);
        } else {
#pragma omp for schedule(nonmonotonic : runtime)
            for (long i = start; i < end; i += step)
                record((i - start) / step);
        }
    }
    return check((end - start + step - 1) / step);
}

/* Constant bounds: GCC then sets the loop up before the team starts. */
static int run_combined(void)
{
    int ok = 1;
    reset();
#pragma omp parallel for schedule(runtime)
    for (int i = 0; i < 1000; i++)
        record(i);
    ok &= check(1000);
    reset();
#pragma omp parallel for schedule(monotonic : runtime)
    for (int i = 1000; i > 0; i -= 3)
        record((1000 - i) / 3);
    ok &= check(334);
    reset();
#pragma omp parallel for schedule(nonmonotonic : runtime)
    for (int i = -50; i < 50; i++)
        record(i + 50);
    ok &= check(100);
    return ok;
}

static const char *verdict(int ok)
{
    return ok ? "ok" : "FAILED";
}

int main(int argc, char **argv)
{
    if (argc < 4)
        return 2;
    nthreads = atoi(argv[1]);
    mode = argv[2];
    chunk = atoi(argv[3]);

    int long_ok = run_long(0, 1000, 1) & run_long(-17, 1000, 7) & run_long(999, -1, -1) &
                  run_long(500, -500, -9) & run_long(4, 4, 1) & run_long(0, 5, 1) & run_long(3, 0, -2);
    int ull_ok = run_ull(0, 1000, 1, 1) & run_ull(1ULL << 63, (1ULL << 63) + 999, 4, 1) &
                 run_ull(1000, 0, 1, 0) & run_ull(~0ULL, ~0ULL - 900, 3, 0) & run_ull(7, 7, 1, 1) &
                 run_ull(2, 0, 1, 0);
    int monotonic_ok = run_modifiers(1);
    int nonmonotonic_ok = run_modifiers(0);
    int combined_ok = run_combined();
    int team = 0;
#pragma omp parallel
#pragma omp single
    team = omp_get_num_threads();
    printf("threads=%d OMP_SCHEDULE=%s runtime long=%s ull=%s monotonic:runtime=%s nonmonotonic:runtime=%s "
           "combined=%s iterations=%ld\n",
           team, getenv("OMP_SCHEDULE"), verdict(long_ok), verdict(ull_ok), verdict(monotonic_ok),
           verdict(nonmonotonic_ok), verdict(combined_ok), total);
    return !(long_ok && ull_ok && monotonic_ok && nonmonotonic_ok && combined_ok);
}
