// A lock (simple and nested) and a critical section contended by 64 threads:
// the protected non-atomic counters end exact, and omp_test_lock never lets two
// holders in at once.
// RUN: %omp-cc %s -o %t
// RUN: env OMP_NUM_THREADS=64 timeout 60 %run %t | FileCheck %s
// CHECK: threads=64 lock-ok=1 nest-ok=1 critical-ok=1 test-lock-overlaps=0
#include <omp.h>
#include <stdio.h>
#include <sched.h>
#include <stdlib.h>

int main(void)
{
    int per_thread = getenv("GLASS_STRESS") ? 20000 : 1000, team = 0, overlaps = 0;
    volatile long lock_count = 0, nest_count = 0, critical_count = 0;
    volatile int holders = 0;
    omp_lock_t lock;
    omp_nest_lock_t nest;
    omp_init_lock(&lock);
    omp_init_nest_lock(&nest);
#pragma omp parallel num_threads(64)
    {
#pragma omp single
        team = omp_get_num_threads();
        for (int i = 0; i < per_thread; i++) {
            omp_set_lock(&lock);
            lock_count = lock_count + 1;
            omp_unset_lock(&lock);
            omp_set_nest_lock(&nest);
            omp_set_nest_lock(&nest);
            nest_count = nest_count + 1;
            omp_unset_nest_lock(&nest);
            omp_unset_nest_lock(&nest);
#pragma omp critical
            critical_count = critical_count + 1;
        }
        for (int i = 0; i < per_thread / 10; i++) {
            while (!omp_test_lock(&lock))
                sched_yield(); /* 64 threads on few cores: let the holder run */
            if (++holders != 1)
#pragma omp atomic
                overlaps++;
            holders--;
            omp_unset_lock(&lock);
        }
    }
    omp_destroy_lock(&lock);
    omp_destroy_nest_lock(&nest);
    long expected = (long)team * per_thread;
    printf("threads=%d lock-ok=%d nest-ok=%d critical-ok=%d test-lock-overlaps=%d\n", team,
           lock_count == expected, nest_count == expected, critical_count == expected, overlaps);
    return lock_count != expected || nest_count != expected || critical_count != expected || overlaps;
}
