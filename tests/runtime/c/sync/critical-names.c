// Critical constructs with different names exclude nothing from each other:
// two threads can be inside critical(left) and critical(right) at the same
// time, and an unnamed critical does not exclude a named one. With a shared
// lock the second thread could only enter after the first gave up waiting.
// RUN: %omp-cc %s -o %t
// RUN: %run %t | FileCheck %s
// CHECK: left_right_overlap=1 unnamed_named_overlap=1
#include <omp.h>
#include <sched.h>
#include <stdio.h>
#include <stdlib.h>

static int first_in, second_in;

/* Thread 0 enters the first region and stays until thread 1 is inside the
 * second one (or 10 s passed: then they did not overlap). */
static int stay_until_second(void)
{
    __atomic_store_n(&first_in, 1, __ATOMIC_RELEASE);
    double start = omp_get_wtime();
    while (!__atomic_load_n(&second_in, __ATOMIC_ACQUIRE)) {
        if (omp_get_wtime() - start > 10)
            return 0;
        sched_yield();
    }
    return 1;
}

static void wait_first(void)
{
    while (!__atomic_load_n(&first_in, __ATOMIC_ACQUIRE))
        sched_yield();
}

int main(void)
{
    int left_right = -1, unnamed_named = -1;
#pragma omp parallel num_threads(2)
    {
        if (omp_get_num_threads() != 2)
            abort();
        if (omp_get_thread_num() == 0) {
#pragma omp critical(left)
            left_right = stay_until_second();
        } else {
            wait_first();
#pragma omp critical(right)
            __atomic_store_n(&second_in, 1, __ATOMIC_RELEASE);
        }
#pragma omp barrier
        if (omp_get_thread_num() == 0)
            first_in = second_in = 0;
#pragma omp barrier
        if (omp_get_thread_num() == 0) {
#pragma omp critical
            unnamed_named = stay_until_second();
        } else {
            wait_first();
#pragma omp critical(left)
            __atomic_store_n(&second_in, 1, __ATOMIC_RELEASE);
        }
    }
    printf("left_right_overlap=%d unnamed_named_overlap=%d\n", left_right, unnamed_named);
    return 0;
}
