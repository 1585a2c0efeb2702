// scope with reduction(task, +: x) (OpenMP 5.1, 2.9 and 2.21.5.5): tasks created
// inside the scope contribute through in_reduction, and every thread sees the
// combined value after the scope. GCC calls GOMP_scope_start only for this form.
// REQUIRES: gcc
// RUN: %omp-cc %s -o %t && for n in %threads; do OMP_NUM_THREADS=$n %run %t; done | FileCheck %s
// CHECK-COUNT-4: scope-task-reduction ok
#include <omp.h>
#include <stdio.h>

int main(void)
{
    int failures = 0, threads = 0;
    long total = 0;
#pragma omp parallel shared(total, threads) reduction(+ : failures)
    {
#pragma omp single
        threads = omp_get_num_threads();
        for (int round = 1; round <= 3; round++) {
#pragma omp scope reduction(task, + : total)
            {
                for (int i = 1; i <= 10; i++) {
#pragma omp task in_reduction(+ : total)
                    total += i;
                }
            }
            /* After the scope every thread sees all contributions so far: 55
             * per thread per round. */
            if (total != 55L * threads * round)
                failures++;
#pragma omp barrier
        }
    }
    if (failures)
        printf("scope-task-reduction failed %d\n", failures);
    else
        printf("scope-task-reduction ok\n");
    return failures != 0;
}
