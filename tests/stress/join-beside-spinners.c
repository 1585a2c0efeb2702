// Parallel regions whose threads compute for tens of microseconds each, in a
// team twice as large as its processors, while two processes spin on those
// processors. Once a waiter finds the processors taken, the primary of such a
// team sleeps at once at a long join instead of yielding (parallel.c,
// primary_join), and the last worker to arrive must wake it; one region in
// three also leaves tasks for the join to run. Every region's sum and task
// count are checked, so a join that let the primary through early or lost a
// task shows, and a lost wake-up hangs into the time limit. The speed of this
// shape is measured by bench/run --busy 2 (app_loops).
// RUN: %omp-cc %s -o %t
// RUN: env OMP_NUM_THREADS=4 timeout 120 %S/Inputs/beside-spinners.sh 2 %run %t 3000 | FileCheck %s
// CHECK: threads=4 regions=3000 wrong_sums=0 wrong_tasks=0
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>

#define WORK 20000L /* iterations per thread and region: tens of microseconds */

static long work(long seed)
{
    volatile long x = seed;
    for (long i = 0; i < WORK; i++)
        x = x + (i ^ seed);
    return x;
}

int main(int argc, char **argv)
{
    long regions = argc > 1 ? atol(argv[1]) : 3000;
    long wrong_sums = 0, wrong_tasks = 0;
    int team = 0;
    for (long r = 0; r < regions; r++) {
        long sum = 0, tasks_done = 0, expected = 0, tasks_made = 0;
#pragma omp parallel reduction(+ : sum)
        {
            const int me = omp_get_thread_num();
            if (me == 0)
                team = omp_get_num_threads();
            sum += work(me + r);
            if (r % 3 == 0 && me == 1) {
                for (int t = 0; t < 8; t++) {
#pragma omp task shared(tasks_done)
                    {
                        work(t);
                        __atomic_fetch_add(&tasks_done, 1, __ATOMIC_RELAXED);
                    }
                }
                __atomic_store_n(&tasks_made, 8, __ATOMIC_RELAXED);
            }
        }
        for (int me = 0; me < team; me++)
            expected += work(me + r);
        wrong_sums += sum != expected;
        wrong_tasks += tasks_done != tasks_made || (r % 3 == 0 && team > 1 && tasks_made != 8);
    }
    printf("threads=%d regions=%ld wrong_sums=%ld wrong_tasks=%ld\n", team, regions, wrong_sums, wrong_tasks);
    return wrong_sums != 0 || wrong_tasks != 0;
}
