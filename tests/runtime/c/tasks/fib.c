// Recursive Fibonacci with two tasks per call and a taskwait: the classic
// test of task creation, stealing and the task scheduling constraint. The
// result is checked against a loop; the per-thread counts check that the
// tasks ran on the team (all of them on one thread is legal, so only the
// total is checked).
// RUN: %omp-cc %s -o %t && for n in %threads; do OMP_NUM_THREADS=$n %run %t 25; done | FileCheck %s
// RUN: %omp-cxx %s -o %t.cxx && for n in %threads; do OMP_NUM_THREADS=$n %run %t.cxx 25; done | FileCheck %s
// CHECK-COUNT-4: fib(25)=75025 tasks=242784 ok
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>

static long tasks_run[64];

static long fib(int n)
{
    if (n < 2)
        return n;
    long a, b;
#pragma omp task shared(a)
    {
        __atomic_fetch_add(&tasks_run[omp_get_thread_num()], 1, __ATOMIC_RELAXED);
        a = fib(n - 1);
    }
#pragma omp task shared(b)
    {
        __atomic_fetch_add(&tasks_run[omp_get_thread_num()], 1, __ATOMIC_RELAXED);
        b = fib(n - 2);
    }
#pragma omp taskwait
    return a + b;
}

int main(int argc, char **argv)
{
    int n = argc > 1 ? atoi(argv[1]) : 25;
    long expected = 0, next = 1;
    for (int i = 0; i < n; i++) {
        long sum = expected + next;
        expected = next;
        next = sum;
    }
    long result = 0;
#pragma omp parallel
#pragma omp single
    result = fib(n);
    long total = 0;
    for (int i = 0; i < 64; i++)
        total += tasks_run[i];
    printf("fib(%d)=%ld tasks=%ld %s\n", n, result, total, result == expected ? "ok" : "WRONG");
    return result == expected ? 0 : 1;
}
