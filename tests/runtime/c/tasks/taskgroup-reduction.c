// Task reductions: taskgroup task_reduction with in_reduction tasks (nested
// taskgroups, several operators), parallel reduction(task, ...), a
// worksharing loop reduction(task, ...) whose iterations create
// in_reduction tasks, and taskloop reduction.
// RUN: %omp-cc %s -o %t && for n in %threads; do OMP_NUM_THREADS=$n %run %t; done | FileCheck %s
// RUN: %omp-cxx %s -o %t.cxx && for n in %threads; do OMP_NUM_THREADS=$n %run %t.cxx; done | FileCheck %s
// CHECK-COUNT-4: taskgroup sum=20100 product=1024 max=199 nested=ok parallel=ok taskloop=500500
#include <omp.h>
#include <stdio.h>

int main(void)
{
    long sum = 0, product = 1, nested = 0, parallel_sum = 0, taskloop_sum = 0;
    int max = -1, nthreads = 0;
#pragma omp parallel
#pragma omp single
    {
#pragma omp taskgroup task_reduction(+ : sum) task_reduction(* : product) task_reduction(max : max)
        {
            for (int i = 0; i < 200; i++) {
#pragma omp task in_reduction(+ : sum) in_reduction(max : max) firstprivate(i)
                {
                    sum += i + 1;
                    if (i > max)
                        max = i;
                }
                if (i % 20 == 0) {
#pragma omp task in_reduction(* : product)
                    product *= 2;
                }
            }
#pragma omp taskgroup task_reduction(+ : nested)
            {
                for (int i = 0; i < 50; i++) {
#pragma omp task in_reduction(+ : nested, sum)
                    {
                        nested += 2;
                        sum += 0;
                    }
                }
            }
        }
#pragma omp taskloop reduction(+ : taskloop_sum) num_tasks(13)
        for (int i = 1; i <= 1000; i++)
            taskloop_sum += i;
    }
#pragma omp parallel reduction(task, + : parallel_sum)
    {
#pragma omp single
        nthreads = omp_get_num_threads();
        for (int i = 0; i < 5; i++) {
#pragma omp task in_reduction(+ : parallel_sum)
            parallel_sum += 1;
        }
#pragma omp taskwait
    }
    int nested_ok = nested == 100;
    int parallel_ok = parallel_sum == 5L * nthreads;
    printf("taskgroup sum=%ld product=%ld max=%d nested=%s parallel=%s taskloop=%ld\n", sum, product, max,
           nested_ok ? "ok" : "WRONG", parallel_ok ? "ok" : "WRONG", taskloop_sum);
    return 0;
}
