// cancel for (OpenMP 5.1, 2.20.1): with OMP_CANCELLATION=true the thread that
// cancels and every thread at a cancellation point of the loop skip the rest
// of their iterations, the region goes on after the loop, and the request dies
// with the loop: the next loop's cancellation points do not fire. With
// OMP_CANCELLATION=false every iteration runs.
// RUN: %omp-cc %s -o %t
// RUN: for n in %threads; do OMP_CANCELLATION=true OMP_NUM_THREADS=$n %run %t $n 1; done | FileCheck %s --check-prefix=ON
// RUN: for n in %threads; do OMP_CANCELLATION=false OMP_NUM_THREADS=$n %run %t $n 0; done | FileCheck %s --check-prefix=OFF
// ON: threads=1 cancelled_loop=0 timeouts=0 after_loop=1 next_loop=1000 after_next=1
// ON: threads=2 cancelled_loop=0 timeouts=0 after_loop=2 next_loop=1000 after_next=2
// ON: threads=4 cancelled_loop=0 timeouts=0 after_loop=4 next_loop=1000 after_next=4
// ON: threads=8 cancelled_loop=0 timeouts=0 after_loop=8 next_loop=1000 after_next=8
// OFF: threads=1 cancelled_loop=1000 timeouts=0 after_loop=1 next_loop=1000 after_next=1
// OFF: threads=2 cancelled_loop=1000 timeouts=0 after_loop=2 next_loop=1000 after_next=2
// OFF: threads=4 cancelled_loop=1000 timeouts=0 after_loop=4 next_loop=1000 after_next=4
// OFF: threads=8 cancelled_loop=1000 timeouts=0 after_loop=8 next_loop=1000 after_next=8
#include <omp.h>
#include <sched.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

#define N 1000

int main(int argc, char **argv)
{
    if (argc < 3)
        return 1;
    alarm(60); /* a hang fails the test instead of stalling the suite */
    int expected = atoi(argv[1]), expect_cancel = atoi(argv[2]), team = 0;
    int executed = 0, timeouts = 0, after_loop = 0, next_loop = 0, after_next = 0;

#pragma omp parallel
    {
        if (omp_get_thread_num() == 0)
            team = omp_get_num_threads();
#pragma omp for schedule(static)
        for (int i = 0; i < N; i++) {
            if (i == 0) {
#pragma omp cancel for
            }
            /* With cancellation, wait at a cancellation point until it fires,
             * so no iteration but the canceller's can slip through. */
            double start = omp_get_wtime();
            while (expect_cancel) {
#pragma omp cancellation point for
                if (omp_get_wtime() - start > 10) {
                    __atomic_fetch_add(&timeouts, 1, __ATOMIC_RELAXED);
                    break;
                }
                sched_yield();
            }
            __atomic_fetch_add(&executed, 1, __ATOMIC_RELAXED);
        }
        __atomic_fetch_add(&after_loop, 1, __ATOMIC_RELAXED);

#pragma omp for schedule(static)
        for (int i = 0; i < N; i++) {
#pragma omp cancellation point for
            __atomic_fetch_add(&next_loop, 1, __ATOMIC_RELAXED);
        }
        __atomic_fetch_add(&after_next, 1, __ATOMIC_RELAXED);
    }

    if (team != expected)
        return 2;
    printf("threads=%d cancelled_loop=%d timeouts=%d after_loop=%d next_loop=%d after_next=%d\n", team,
           executed, timeouts, after_loop, next_loop, after_next);
    return 0;
}
