// cancel parallel (OpenMP 5.1, 2.20.1): with OMP_CANCELLATION=true the
// canceling thread leaves at once, threads polling a cancellation point leave,
// threads waiting in a barrier are released, threads arriving at a barrier
// later pass it, and nothing after those points runs; the region still ends
// and the next regions' barriers count correctly. With OMP_CANCELLATION=false
// the constructs are ignored and everything runs.
// REQUIRES: gcc
// RUN: %gcc-omp %s -o %t
// RUN: objdump -d %t | FileCheck %s --check-prefix=ASM
// ASM: call{{.*}}<GOMP_cancel@plt>
// ASM: call{{.*}}<GOMP_barrier_cancel@plt>
// RUN: for n in %threads; do OMP_CANCELLATION=true OMP_NUM_THREADS=$n %run %t $n 1; done | FileCheck %s --check-prefix=ON
// RUN: for n in %threads; do OMP_CANCELLATION=false OMP_NUM_THREADS=$n %run %t $n 0; done | FileCheck %s --check-prefix=OFF
// ON: threads=1 polling: after_cancel=0 after_poll=0 timeouts=0 | waiting: after_cancel=0 after_barrier=0 | next: out_of_step=0
// ON: threads=2 polling: after_cancel=0 after_poll=0 timeouts=0 | waiting: after_cancel=0 after_barrier=0 | next: out_of_step=0
// ON: threads=4 polling: after_cancel=0 after_poll=0 timeouts=0 | waiting: after_cancel=0 after_barrier=0 | next: out_of_step=0
// ON: threads=8 polling: after_cancel=0 after_poll=0 timeouts=0 | waiting: after_cancel=0 after_barrier=0 | next: out_of_step=0
// OFF: threads=1 polling: after_cancel=1 after_poll=1 timeouts=0 | waiting: after_cancel=1 after_barrier=1 | next: out_of_step=0
// OFF: threads=2 polling: after_cancel=1 after_poll=2 timeouts=0 | waiting: after_cancel=1 after_barrier=2 | next: out_of_step=0
// OFF: threads=4 polling: after_cancel=1 after_poll=4 timeouts=0 | waiting: after_cancel=1 after_barrier=4 | next: out_of_step=0
// OFF: threads=8 polling: after_cancel=1 after_poll=8 timeouts=0 | waiting: after_cancel=1 after_barrier=8 | next: out_of_step=0
#include <omp.h>
#include <sched.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

static int expect_cancel;

static void pause_for(double seconds)
{
    double start = omp_get_wtime();
    while (omp_get_wtime() - start < seconds)
        sched_yield();
}

int main(int argc, char **argv)
{
    if (argc < 3)
        return 1;
    alarm(60); /* a hang fails the test instead of stalling the suite */
    int expected = atoi(argv[1]), team = 0;
    expect_cancel = atoi(argv[2]);

    /* 1. The others poll a cancellation point; thread 0 cancels once all of
     * them are polling. */
    int polling = 0, after_cancel = 0, after_poll = 0, timeouts = 0;
#pragma omp parallel
    {
        int n = omp_get_num_threads();
        if (omp_get_thread_num() == 0) {
            team = n;
            while (__atomic_load_n(&polling, __ATOMIC_ACQUIRE) < n - 1)
                sched_yield();
#pragma omp cancel parallel
            __atomic_fetch_add(&after_cancel, 1, __ATOMIC_RELAXED);
        } else {
            __atomic_fetch_add(&polling, 1, __ATOMIC_RELEASE);
            /* With cancellation, only the cancellation point ends this loop. */
            double start = omp_get_wtime();
            for (int i = 0; expect_cancel || i < 1000; i++) {
#pragma omp cancellation point parallel
                if (omp_get_wtime() - start > 10) {
                    __atomic_fetch_add(&timeouts, 1, __ATOMIC_RELAXED);
                    break;
                }
                sched_yield();
            }
        }
        __atomic_fetch_add(&after_poll, 1, __ATOMIC_RELAXED);
    }
    int polling_after_cancel = after_cancel;

    /* 2. Half the others wait in a barrier before the cancellation, the rest
     * arrive after it. */
    int waiting_after_cancel = 0, after_barrier = 0;
#pragma omp parallel
    {
        int me = omp_get_thread_num();
        if (me == 0) {
            pause_for(0.02);
#pragma omp cancel parallel
            __atomic_fetch_add(&waiting_after_cancel, 1, __ATOMIC_RELAXED);
        } else if (me % 2 == 0 && expect_cancel) {
            pause_for(0.04);
        }
#pragma omp barrier
        __atomic_fetch_add(&after_barrier, 1, __ATOMIC_RELAXED);
    }

    /* 3. The team's barrier counts from zero again in the next region. */
    int out_of_step = 0, arrivals = 0;
#pragma omp parallel reduction(+ : out_of_step)
    {
        int n = omp_get_num_threads();
        for (int k = 0; k < 200; k++) {
            __atomic_fetch_add(&arrivals, 1, __ATOMIC_RELAXED);
#pragma omp barrier
            int seen = __atomic_load_n(&arrivals, __ATOMIC_RELAXED);
            out_of_step += seen < (k + 1) * n || seen > (k + 2) * n;
        }
    }

    if (team != expected)
        return 2;
    printf("threads=%d polling: after_cancel=%d after_poll=%d timeouts=%d | waiting: after_cancel=%d "
           "after_barrier=%d | next: out_of_step=%d\n",
           team, polling_after_cancel, after_poll, timeouts, waiting_after_cancel, after_barrier,
           out_of_step);
    return 0;
}
