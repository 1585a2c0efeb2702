// The single construct: each of many consecutive single regions (with and
// without nowait, between nowait loops) runs in exactly one thread, the
// first thread to arrive wins, and its writes are visible after the barrier.
// RUN: %omp-cc %s -o %t
// RUN: for n in %threads; do OMP_NUM_THREADS=$n %run %t $n; done | FileCheck %s
// CHECK: threads=1 nowait=ok barrier=ok mixed=ok first-wins=ok executions=3000
// CHECK: threads=2 nowait=ok barrier=ok mixed=ok first-wins=ok executions=3000
// CHECK: threads=4 nowait=ok barrier=ok mixed=ok first-wins=ok executions=3000
// CHECK: threads=8 nowait=ok barrier=ok mixed=ok first-wins=ok executions=3000
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#define ROUNDS 1000

static int executions[ROUNDS];
static long total;

static int once_each(void)
{
    int ok = 1;
    for (int k = 0; k < ROUNDS; k++) {
        ok &= executions[k] == 1;
        total += executions[k];
    }
    memset(executions, 0, sizeof executions);
    return ok;
}

static const char *verdict(int ok)
{
    return ok ? "ok" : "FAILED";
}

int main(int argc, char **argv)
{
    int nthreads = argc > 1 ? atoi(argv[1]) : 1;

#pragma omp parallel
    for (int k = 0; k < ROUNDS; k++) {
#pragma omp single nowait
        __atomic_fetch_add(&executions[k], 1, __ATOMIC_RELAXED);
    }
    int nowait_ok = once_each();

    /* After the implicit barrier every thread sees the value the single wrote. */
    static int value;
    int barrier_ok = 1;
#pragma omp parallel reduction(& : barrier_ok)
    for (int k = 0; k < ROUNDS; k++) {
#pragma omp single
        {
            __atomic_fetch_add(&executions[k], 1, __ATOMIC_RELAXED);
            value = k * 3 + 1;
        }
        barrier_ok &= value == k * 3 + 1;
#pragma omp barrier
    }
    barrier_ok &= once_each();

    /* Singles interleaved with nowait loops (which use the worksharing ring). */
    static int loop_hits[64];
#pragma omp parallel
    for (int k = 0; k < ROUNDS; k++) {
#pragma omp for schedule(dynamic) nowait
        for (int i = 0; i < 64; i++)
            __atomic_fetch_add(&loop_hits[i], 1, __ATOMIC_RELAXED);
#pragma omp single nowait
        __atomic_fetch_add(&executions[k], 1, __ATOMIC_RELAXED);
    }
    int mixed_ok = once_each();
    for (int i = 0; i < 64; i++)
        mixed_ok &= loop_hits[i] == ROUNDS;

    /* Everybody but the last thread arrives late: the last thread must win. */
    int winner = -1;
#pragma omp parallel
    {
        if (omp_get_thread_num() != omp_get_num_threads() - 1)
            usleep(100000);
#pragma omp single
        winner = omp_get_thread_num();
    }
    int first_wins_ok = winner == nthreads - 1;

    printf("threads=%d nowait=%s barrier=%s mixed=%s first-wins=%s executions=%ld\n", omp_get_max_threads(),
           verdict(nowait_ok), verdict(barrier_ok), verdict(mixed_ok), verdict(first_wins_ok), total);
    return !(nowait_ok && barrier_ok && mixed_ok && first_wins_ok);
}
