// Simple locks: a counter protected by omp_set_lock/omp_test_lock reaches the
// exact total, omp_test_lock fails while another thread holds the lock and
// succeeds once it is free, and a lock can be destroyed and initialized again.
// RUN: %omp-cc %s -o %t
// RUN: for n in %threads; do OMP_NUM_THREADS=$n %run %t $n; done | FileCheck %s
// CHECK: threads=1 total=20000 held_test=0 free_test=1 reinit=1
// CHECK: threads=2 total=40000 held_test=0 free_test=1 reinit=1
// CHECK: threads=4 total=80000 held_test=0 free_test=1 reinit=1
// CHECK: threads=8 total=160000 held_test=0 free_test=1 reinit=1
#include <omp.h>
#include <sched.h>
#include <stdio.h>
#include <stdlib.h>

#define ITERATIONS 10000

static omp_lock_t lock;
static long counter;

static void increment(int i)
{
    long value = counter;
    if (i % 256 == 0)
        sched_yield(); /* give another thread the chance to barge in */
    counter = value + 1;
}

int main(int argc, char **argv)
{
    if (argc < 2)
        return 1;
    int expected = atoi(argv[1]), team = 0;
    omp_init_lock(&lock);

#pragma omp parallel
    {
        if (omp_get_thread_num() == 0)
            team = omp_get_num_threads();
        /* Half the acquisitions through omp_set_lock, half through an
         * omp_test_lock retry loop. */
        for (int i = 0; i < ITERATIONS; i++) {
            if (i % 2) {
                omp_set_lock(&lock);
            } else {
                while (!omp_test_lock(&lock))
                    sched_yield();
            }
            increment(i);
            increment(i + 1);
            omp_unset_lock(&lock);
        }
    }

    /* Two threads whatever OMP_NUM_THREADS says: one holds the lock while the
     * other tests it. */
    int held_test = -1, free_test = -1, holding = 0, tested = 0;
#pragma omp parallel num_threads(2)
    {
        if (omp_get_num_threads() != 2)
            abort();
        if (omp_get_thread_num() == 0) {
            omp_set_lock(&lock);
            __atomic_store_n(&holding, 1, __ATOMIC_RELEASE);
            while (!__atomic_load_n(&tested, __ATOMIC_ACQUIRE))
                sched_yield();
            omp_unset_lock(&lock);
        } else {
            while (!__atomic_load_n(&holding, __ATOMIC_ACQUIRE))
                sched_yield();
            held_test = omp_test_lock(&lock);
            __atomic_store_n(&tested, 1, __ATOMIC_RELEASE);
        }
#pragma omp barrier
        if (omp_get_thread_num() == 1) {
            free_test = omp_test_lock(&lock);
            if (free_test)
                omp_unset_lock(&lock);
        }
    }

    omp_destroy_lock(&lock);
    omp_init_lock(&lock);
    int reinit = omp_test_lock(&lock);
    omp_unset_lock(&lock);
    omp_destroy_lock(&lock);

    if (team != expected)
        return 2;
    printf("threads=%d total=%ld held_test=%d free_test=%d reinit=%d\n", team, counter, held_test,
           free_test, reinit);
    return 0;
}
