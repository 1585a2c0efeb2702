// Task reductions on worksharing constructs: for and sections with
// reduction(task, ...) whose bodies create in_reduction tasks, several times
// in a row in the same region.
// RUN: %omp-cc %s -o %t && for n in %threads; do OMP_NUM_THREADS=$n %run %t; done | FileCheck %s
// RUN: %omp-cxx %s -o %t.cxx && for n in %threads; do OMP_NUM_THREADS=$n %run %t.cxx; done | FileCheck %s
// CHECK-COUNT-4: for=3000 sections=30 ok
#include <omp.h>
#include <stdio.h>

int main(void)
{
    long for_sum = 0, sections_sum = 0;
#pragma omp parallel
    {
        for (int round = 0; round < 3; round++) {
#pragma omp for reduction(task, + : for_sum)
            for (int i = 0; i < 100; i++) {
#pragma omp task in_reduction(+ : for_sum)
                for_sum += 10;
            }
        }
#pragma omp sections reduction(task, + : sections_sum)
        {
#pragma omp section
            {
                for (int i = 0; i < 10; i++) {
#pragma omp task in_reduction(+ : sections_sum)
                    sections_sum += 1;
                }
            }
#pragma omp section
            {
                for (int i = 0; i < 20; i++) {
#pragma omp task in_reduction(+ : sections_sum)
                    sections_sum += 1;
                }
            }
        }
    }
    int ok = for_sum == 3000 && sections_sum == 30;
    printf("for=%ld sections=%ld %s\n", for_sum, sections_sum, ok ? "ok" : "WRONG");
    return !ok;
}
