// Nestable locks: omp_test_nest_lock returns the nesting depth, the owner sets
// the lock again without blocking, another thread's test fails until the owner
// has unset it as many times as it set it, and a counter protected by nested
// acquisitions reaches the exact total.
// RUN: %omp-cc %s -o %t
// RUN: for n in %threads; do OMP_NUM_THREADS=$n %run %t $n; done | FileCheck %s
// CHECK: threads=1 depths=1,2,3,4 total=4000 other_while_held=0 other_after_partial=0 other_after_release=1
// CHECK: threads=2 depths=1,2,3,4 total=8000 other_while_held=0 other_after_partial=0 other_after_release=1
// CHECK: threads=4 depths=1,2,3,4 total=16000 other_while_held=0 other_after_partial=0 other_after_release=1
// CHECK: threads=8 depths=1,2,3,4 total=32000 other_while_held=0 other_after_partial=0 other_after_release=1
#include <omp.h>
#include <sched.h>
#include <stdio.h>
#include <stdlib.h>

#define ITERATIONS 2000

static omp_nest_lock_t lock;
static long counter;

static void increment(void)
{
    long value = counter;
    __asm__ __volatile__("" ::: "memory");
    counter = value + 1;
}

/* Recursion takes the lock once per level, as code calling itself would. */
static void add(int levels)
{
    omp_set_nest_lock(&lock);
    increment();
    if (levels > 1)
        add(levels - 1);
    omp_unset_nest_lock(&lock);
}

static int step;

static void wait_step(int value)
{
    while (__atomic_load_n(&step, __ATOMIC_ACQUIRE) < value)
        sched_yield();
}

static void set_step(int value)
{
    __atomic_store_n(&step, value, __ATOMIC_RELEASE);
}

int main(int argc, char **argv)
{
    if (argc < 2)
        return 1;
    int expected = atoi(argv[1]), team = 0;
    omp_init_nest_lock(&lock);

    /* Depths in one thread: test, set, test, set. */
    int depth[4];
    depth[0] = omp_test_nest_lock(&lock);
    omp_set_nest_lock(&lock);
    depth[1] = 2;
    depth[2] = omp_test_nest_lock(&lock);
    depth[3] = omp_test_nest_lock(&lock);
    for (int i = 0; i < 4; i++)
        omp_unset_nest_lock(&lock);

#pragma omp parallel
    {
        if (omp_get_thread_num() == 0)
            team = omp_get_num_threads();
        for (int i = 0; i < ITERATIONS; i++)
            add(1 + i % 2 * 2); /* depth 1 or 3 */
    }

    int while_held = -1, after_partial = -1, after_release = -1;
#pragma omp parallel num_threads(2)
    {
        if (omp_get_num_threads() != 2)
            abort();
        if (omp_get_thread_num() == 0) {
            omp_set_nest_lock(&lock);
            omp_set_nest_lock(&lock);
            set_step(1);
            wait_step(2);
            omp_unset_nest_lock(&lock); /* still held once */
            set_step(3);
            wait_step(4);
            omp_unset_nest_lock(&lock);
            set_step(5);
        } else {
            wait_step(1);
            while_held = omp_test_nest_lock(&lock);
            set_step(2);
            wait_step(3);
            after_partial = omp_test_nest_lock(&lock);
            set_step(4);
            wait_step(5);
            after_release = omp_test_nest_lock(&lock);
            if (after_release)
                omp_unset_nest_lock(&lock);
        }
    }
    omp_destroy_nest_lock(&lock);

    if (team != expected)
        return 2;
    printf("threads=%d depths=%d,%d,%d,%d total=%ld other_while_held=%d other_after_partial=%d "
           "other_after_release=%d\n",
           team, depth[0], depth[1], depth[2], depth[3], counter, while_held, after_partial,
           after_release);
    return 0;
}
