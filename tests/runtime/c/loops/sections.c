// The sections construct: each section runs exactly once, with fewer and more
// sections than threads, back to back with nowait, in combined parallel
// sections (GOMP_parallel_sections), and with lastprivate(conditional:)
// (GOMP_sections2_start with team-shared scratch memory).
// REQUIRES: gcc
// RUN: %omp-cc %s -o %t
// RUN: for n in %threads; do OMP_NUM_THREADS=$n %run %t $n; done | FileCheck %s
// CHECK: threads=1 one=ok three=ok twelve=ok nowait=ok parallel-three=ok parallel-twelve=ok lastprivate=ok runs=4269
// CHECK: threads=2 one=ok three=ok twelve=ok nowait=ok parallel-three=ok parallel-twelve=ok lastprivate=ok runs=4269
// CHECK: threads=4 one=ok three=ok twelve=ok nowait=ok parallel-three=ok parallel-twelve=ok lastprivate=ok runs=4269
// CHECK: threads=8 one=ok three=ok twelve=ok nowait=ok parallel-three=ok parallel-twelve=ok lastprivate=ok runs=4269
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int runs[16];
static long total_runs;

#define SECTION(k)                                                                                     \
    _Pragma("omp section") __atomic_fetch_add(&runs[k], 1, __ATOMIC_RELAXED);

/* Each of the first `count` sections ran `times` times, no other. */
static int ran(int count, int times)
{
    int ok = 1;
    for (int k = 0; k < 16; k++) {
        ok &= runs[k] == (k < count ? times : 0);
        total_runs += runs[k];
    }
    memset(runs, 0, sizeof runs);
    return ok;
}

static int one(void)
{
#pragma omp parallel
    {
#pragma omp sections
        {
            SECTION(0)
        }
    }
    return ran(1, 1);
}

static int three(void)
{
#pragma omp parallel
    {
#pragma omp sections
        {
            SECTION(0)
            SECTION(1)
            SECTION(2)
        }
    }
    return ran(3, 1);
}

static int twelve(void)
{
#pragma omp parallel
    {
#pragma omp sections
        {
            SECTION(0) SECTION(1) SECTION(2) SECTION(3) SECTION(4) SECTION(5)
            SECTION(6) SECTION(7) SECTION(8) SECTION(9) SECTION(10) SECTION(11)
        }
    }
    return ran(12, 1);
}

/* Many sections constructs in a row, none waiting for the previous. */
static int nowait(void)
{
#pragma omp parallel
    for (int round = 0; round < 100; round++) {
#pragma omp sections nowait
        {
            SECTION(0) SECTION(1) SECTION(2) SECTION(3) SECTION(4)
        }
    }
    return ran(5, 100);
}

static int parallel_three(void)
{
#pragma omp parallel sections
    {
        SECTION(0)
        SECTION(1)
        SECTION(2)
    }
    return ran(3, 1);
}

static int parallel_twelve(void)
{
    int ok = 1;
    for (int round = 0; round < 300; round++) {
#pragma omp parallel sections
        {
            SECTION(0) SECTION(1) SECTION(2) SECTION(3) SECTION(4) SECTION(5)
            SECTION(6) SECTION(7) SECTION(8) SECTION(9) SECTION(10) SECTION(11)
        }
        ok &= ran(12, 1);
    }
    return ok;
}

/* lastprivate(conditional:): the value from the sequentially last section
 * that assigned it survives, whichever thread ran it. */
/* GCC warns about the private copy it creates for the copy-out. */
#pragma GCC diagnostic ignored "-Wmaybe-uninitialized"
static int last = -1;

static int lastprivate(void)
{
    int ok = 1;
    for (int round = 0; round < 50; round++) {
        int skip_last = round % 2;
#pragma omp parallel
        {
#pragma omp sections lastprivate(conditional : last)
            {
#pragma omp section
                {
                    last = 10;
                    __atomic_fetch_add(&runs[0], 1, __ATOMIC_RELAXED);
                }
#pragma omp section
                {
                    last = 20;
                    __atomic_fetch_add(&runs[1], 1, __ATOMIC_RELAXED);
                }
#pragma omp section
                {
                    if (!skip_last)
                        last = 30;
                    __atomic_fetch_add(&runs[2], 1, __ATOMIC_RELAXED);
                }
            }
        }
        ok &= last == (skip_last ? 20 : 30);
        ok &= ran(3, 1);
    }
    return ok;
}

static const char *verdict(int ok)
{
    return ok ? "ok" : "FAILED";
}

int main(int argc, char **argv)
{
    int nthreads = argc > 1 ? atoi(argv[1]) : 1;
    int results[7] = {one(), three(), twelve(), nowait(), parallel_three(), parallel_twelve(), lastprivate()};
    printf("threads=%d one=%s three=%s twelve=%s nowait=%s parallel-three=%s parallel-twelve=%s lastprivate=%s "
           "runs=%ld\n",
           nthreads, verdict(results[0]), verdict(results[1]), verdict(results[2]), verdict(results[3]),
           verdict(results[4]), verdict(results[5]), verdict(results[6]), total_runs);
    for (int k = 0; k < 7; k++)
        if (!results[k])
            return 1;
    return 0;
}
