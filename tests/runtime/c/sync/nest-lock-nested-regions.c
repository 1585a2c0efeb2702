// Locks shared by the threads of nested parallel regions: exact totals with a
// simple and a nestable lock, and ownership belongs to the task, not the
// thread (OpenMP 5.1, 3.9): the primary thread of an inner team runs a new
// implicit task, so a lock its outer task holds is not its own.
// RUN: %omp-cc %s -o %t
// RUN: for n in %threads; do OMP_NUM_THREADS=$n,2 %run %t $n; done | FileCheck %s
// CHECK: threads=1 inner=2 simple=2000 nest=2000 inner_test_simple=0 inner_test_nest=0 outer_test_nest=2
// CHECK: threads=2 inner=2 simple=4000 nest=4000 inner_test_simple=0 inner_test_nest=0 outer_test_nest=2
// CHECK: threads=4 inner=2 simple=8000 nest=8000 inner_test_simple=0 inner_test_nest=0 outer_test_nest=2
// CHECK: threads=8 inner=2 simple=16000 nest=16000 inner_test_simple=0 inner_test_nest=0 outer_test_nest=2
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>

#define ITERATIONS 1000

static omp_lock_t simple;
static omp_nest_lock_t nest;
static long simple_count, nest_count;

int main(int argc, char **argv)
{
    if (argc < 2)
        return 1;
    int expected = atoi(argv[1]), team = 0, inner_team = 0;
    omp_init_lock(&simple);
    omp_init_nest_lock(&nest);

#pragma omp parallel
    {
        int outer = omp_get_thread_num();
        if (outer == 0)
            team = omp_get_num_threads();
#pragma omp parallel
        {
            if (outer == 0 && omp_get_thread_num() == 0)
                inner_team = omp_get_num_threads();
            for (int i = 0; i < ITERATIONS; i++) {
                omp_set_lock(&simple);
                long value = simple_count;
                __asm__ __volatile__("" ::: "memory");
                simple_count = value + 1;
                omp_unset_lock(&simple);

                omp_set_nest_lock(&nest);
                omp_set_nest_lock(&nest);
                value = nest_count;
                __asm__ __volatile__("" ::: "memory");
                nest_count = value + 1;
                omp_unset_nest_lock(&nest);
                omp_unset_nest_lock(&nest);
            }
        }
    }

    /* The initial task holds both locks; the primary thread of an inner team
     * (the same thread, another task) must not get them. */
    int inner_test_simple = -1, inner_test_nest = -1;
    omp_set_lock(&simple);
    omp_set_nest_lock(&nest);
#pragma omp parallel num_threads(1)
    {
        inner_test_simple = omp_test_lock(&simple);
        inner_test_nest = omp_test_nest_lock(&nest);
    }
    int outer_test_nest = omp_test_nest_lock(&nest);
    omp_unset_nest_lock(&nest);
    omp_unset_nest_lock(&nest);
    omp_unset_lock(&simple);
    omp_destroy_lock(&simple);
    omp_destroy_nest_lock(&nest);

    if (team != expected)
        return 2;
    printf("threads=%d inner=%d simple=%ld nest=%ld inner_test_simple=%d inner_test_nest=%d "
           "outer_test_nest=%d\n",
           team, inner_team, simple_count, nest_count, inner_test_simple, inner_test_nest,
           outer_test_nest);
    return 0;
}
