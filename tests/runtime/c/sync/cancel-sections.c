// cancel sections (OpenMP 5.1, 2.20.1): with OMP_CANCELLATION=true the
// canceling section ends, sections at a cancellation point end, the region
// goes on after the construct, and the next sections construct runs whole.
// With OMP_CANCELLATION=false every section runs to its end.
// RUN: %omp-cc %s -o %t
// RUN: for n in %threads; do OMP_CANCELLATION=true OMP_NUM_THREADS=$n %run %t $n 1; done | FileCheck %s --check-prefix=ON
// RUN: for n in %threads; do OMP_CANCELLATION=false OMP_NUM_THREADS=$n %run %t $n 0; done | FileCheck %s --check-prefix=OFF
// ON: threads=1 completed=0 timeouts=0 after=1 next=4 after_next=1
// ON: threads=2 completed=0 timeouts=0 after=2 next=4 after_next=2
// ON: threads=4 completed=0 timeouts=0 after=4 next=4 after_next=4
// ON: threads=8 completed=0 timeouts=0 after=8 next=4 after_next=8
// OFF: threads=1 completed=4 timeouts=0 after=1 next=4 after_next=1
// OFF: threads=2 completed=4 timeouts=0 after=2 next=4 after_next=2
// OFF: threads=4 completed=4 timeouts=0 after=4 next=4 after_next=4
// OFF: threads=8 completed=4 timeouts=0 after=8 next=4 after_next=8
#include <omp.h>
#include <sched.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

static int expect_cancel, completed, timeouts;

/* With cancellation, a section other than the canceller's ends only through
 * the cancellation point in the caller's loop; give up after 10 s. */
static int keep_waiting(double start)
{
    if (!expect_cancel)
        return 0;
    if (omp_get_wtime() - start > 10) {
        __atomic_fetch_add(&timeouts, 1, __ATOMIC_RELAXED);
        return 0;
    }
    sched_yield();
    return 1;
}

int main(int argc, char **argv)
{
    if (argc < 3)
        return 1;
    alarm(60); /* a hang fails the test instead of stalling the suite */
    int expected = atoi(argv[1]), team = 0, after = 0, next = 0, after_next = 0;
    expect_cancel = atoi(argv[2]);

#pragma omp parallel
    {
        if (omp_get_thread_num() == 0)
            team = omp_get_num_threads();
#pragma omp sections
        {
#pragma omp section
            {
#pragma omp cancel sections
                __atomic_fetch_add(&completed, 1, __ATOMIC_RELAXED);
            }
#pragma omp section
            {
                double start = omp_get_wtime();
                do {
#pragma omp cancellation point sections
                } while (keep_waiting(start));
                __atomic_fetch_add(&completed, 1, __ATOMIC_RELAXED);
            }
#pragma omp section
            {
                double start = omp_get_wtime();
                do {
#pragma omp cancellation point sections
                } while (keep_waiting(start));
                __atomic_fetch_add(&completed, 1, __ATOMIC_RELAXED);
            }
#pragma omp section
            {
                double start = omp_get_wtime();
                do {
#pragma omp cancellation point sections
                } while (keep_waiting(start));
                __atomic_fetch_add(&completed, 1, __ATOMIC_RELAXED);
            }
        }
        __atomic_fetch_add(&after, 1, __ATOMIC_RELAXED);

#pragma omp sections
        {
#pragma omp section
            {
#pragma omp cancellation point sections
                __atomic_fetch_add(&next, 1, __ATOMIC_RELAXED);
            }
#pragma omp section
            {
#pragma omp cancellation point sections
                __atomic_fetch_add(&next, 1, __ATOMIC_RELAXED);
            }
#pragma omp section
            {
#pragma omp cancellation point sections
                __atomic_fetch_add(&next, 1, __ATOMIC_RELAXED);
            }
#pragma omp section
            {
#pragma omp cancellation point sections
                __atomic_fetch_add(&next, 1, __ATOMIC_RELAXED);
            }
        }
        __atomic_fetch_add(&after_next, 1, __ATOMIC_RELAXED);
    }

    if (team != expected)
        return 2;
    printf("threads=%d completed=%d timeouts=%d after=%d next=%d after_next=%d\n", team, completed,
           timeouts, after, next, after_next);
    return 0;
}
