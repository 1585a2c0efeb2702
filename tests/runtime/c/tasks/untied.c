// Untied tasks (Glass runs them as tied: they never move to another thread,
// which OpenMP allows) with taskyield and taskwait inside, nested: the
// results must be right for every team size, and taskyield must not lose or
// repeat work.
// RUN: %omp-cc %s -o %t && for n in %threads; do OMP_NUM_THREADS=$n %run %t; done | FileCheck %s
// RUN: %omp-cxx %s -o %t.cxx && for n in %threads; do OMP_NUM_THREADS=$n %run %t.cxx; done | FileCheck %s
// CHECK-COUNT-4: untied sum=328350 leaves=100 yields=ok
#include <omp.h>
#include <stdio.h>

static long sum;
static int leaves;

static void work(int depth, int base)
{
    if (depth == 0) {
        __atomic_fetch_add(&sum, (long)base * base, __ATOMIC_RELAXED);
        __atomic_fetch_add(&leaves, 1, __ATOMIC_RELAXED);
        return;
    }
    for (int i = 0; i < 10; i++) {
#pragma omp task untied firstprivate(i, depth, base)
        {
#pragma omp taskyield
            work(depth - 1, base * 10 + i);
#pragma omp taskyield
        }
    }
#pragma omp taskwait
}

int main(void)
{
#pragma omp parallel
#pragma omp single
    work(2, 0);
    /* Sum of squares of 0..99. */
    printf("untied sum=%ld leaves=%d yields=%s\n", sum, leaves, sum == 328350 && leaves == 100 ? "ok" : "WRONG");
    return !(sum == 328350 && leaves == 100);
}
