// Shakes out races in the worksharing ring: 10000 rounds of small nowait
// loops, a loop ending in its implicit barrier, a nowait single and a nowait
// sections construct, all in one parallel region. Every iteration, single and
// section must run exactly once per round.
// RUN: %omp-cc %s -o %t
// RUN: for n in %threads; do OMP_NUM_THREADS=$n %run %t $n; done | FileCheck %s
// CHECK: threads=1 rounds=10000 ok
// CHECK: threads=2 rounds=10000 ok
// CHECK: threads=4 rounds=10000 ok
// CHECK: threads=8 rounds=10000 ok
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>

#define ROUNDS 10000
#define N 16

static int dynamic_hits[N], guided_hits[N], barrier_hits[N], single_runs, section_runs[2];
static int errors;

int main(int argc, char **argv)
{
    int nthreads = argc > 1 ? atoi(argv[1]) : 1;
#pragma omp parallel
    for (int round = 1; round <= ROUNDS; round++) {
#pragma omp for schedule(dynamic) nowait
        for (int i = 0; i < N; i++)
            __atomic_fetch_add(&dynamic_hits[i], 1, __ATOMIC_RELAXED);
#pragma omp for schedule(guided) nowait
        for (int i = N; i > 0; i--)
            __atomic_fetch_add(&guided_hits[i - 1], 1, __ATOMIC_RELAXED);
#pragma omp single nowait
        __atomic_fetch_add(&single_runs, 1, __ATOMIC_RELAXED);
#pragma omp sections nowait
        {
#pragma omp section
            __atomic_fetch_add(&section_runs[0], 1, __ATOMIC_RELAXED);
#pragma omp section
            __atomic_fetch_add(&section_runs[1], 1, __ATOMIC_RELAXED);
        }
#pragma omp for schedule(dynamic, 2)
        for (int i = 0; i < N; i++)
            __atomic_fetch_add(&barrier_hits[i], 1, __ATOMIC_RELAXED);
        /* After that loop's barrier, this round's barrier loop is complete. */
        for (int i = 0; i < N; i++)
            if (__atomic_load_n(&barrier_hits[i], __ATOMIC_RELAXED) != round)
                __atomic_fetch_add(&errors, 1, __ATOMIC_RELAXED);
#pragma omp barrier
    }
    int ok = !errors && single_runs == ROUNDS && section_runs[0] == ROUNDS && section_runs[1] == ROUNDS;
    for (int i = 0; i < N; i++)
        ok &= dynamic_hits[i] == ROUNDS && guided_hits[i] == ROUNDS && barrier_hits[i] == ROUNDS;
    printf("threads=%d rounds=%d %s\n", nthreads, ROUNDS, ok ? "ok" : "FAILED");
    return !ok;
}
