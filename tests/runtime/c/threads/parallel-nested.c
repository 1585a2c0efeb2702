// Team sizes, thread numbers, levels and nesting, for several thread counts.
// Nesting is inactive by default (as with libgomp) and active when
// OMP_NUM_THREADS is a list.
// RUN: %omp-cc %s -o %t
// RUN: for n in %threads; do OMP_NUM_THREADS=$n %run %t $n 1; done | FileCheck %s --check-prefix=FLAT
// RUN: for n in %threads; do OMP_NUM_THREADS=$n,2 %run %t $n 2; done | FileCheck %s --check-prefix=NESTED
// FLAT: threads=1 sum=0 level=1 active=0 inner=1
// FLAT: threads=2 sum=1 level=1 active=1 inner=2
// FLAT: threads=4 sum=6 level=1 active=1 inner=4
// FLAT: threads=8 sum=28 level=1 active=1 inner=8
// NESTED: threads=1 sum=0 level=1 active=0 inner=2
// NESTED: threads=2 sum=1 level=1 active=1 inner=4
// NESTED: threads=4 sum=6 level=1 active=1 inner=8
// NESTED: threads=8 sum=28 level=1 active=1 inner=16
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>

int main(int argc, char **argv)
{
    int expected = atoi(argv[1]), inner_expected = atoi(argv[2]);
    int team = 0, sum = 0, level = 0, active = 0, inner = 0;
    if (argc < 3 || omp_get_level() != 0 || omp_in_parallel() || omp_get_num_threads() != 1)
        return 1;
#pragma omp parallel
    {
        if (omp_get_thread_num() == 0) {
            team = omp_get_num_threads();
            level = omp_get_level();
            active = omp_get_active_level();
        }
        __atomic_fetch_add(&sum, omp_get_thread_num(), __ATOMIC_RELAXED);
#pragma omp parallel
        {
            if (omp_get_level() != 2 || omp_get_num_threads() != inner_expected)
                abort();
            __atomic_fetch_add(&inner, 1, __ATOMIC_RELAXED);
        }
    }
    if (team != expected)
        return 2;
    printf("threads=%d sum=%d level=%d active=%d inner=%d\n", team, sum, level, active, inner);
    return 0;
}
