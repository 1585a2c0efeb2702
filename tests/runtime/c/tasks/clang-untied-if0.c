// Untied tasks with if(0) (BOTS's if_clause variants of fib and friends),
// compiled by clang: Clang splits an untied body at its scheduling points and
// runs only the first part between __kmpc_omp_task_begin_if0 and
// __kmpc_omp_task_complete_if0; that part submits the task again. The later
// parts must run before the encountering task goes on: a recursive fib with
// untied if(0) children, and an untied if(0) task whose body creates a child
// and waits for it (three parts). Hung before (the re-submitted part never
// ran, so the parent's taskwait waited forever); libomp 14 aborts here.
// REQUIRES: clang
// RUN: %omp-cc %s -o %t
// RUN: for n in %threads; do OMP_NUM_THREADS=$n timeout 60 %run %t; done | FileCheck %s
// CHECK-COUNT-4: fib(22)=17711 parts=ok
#include <omp.h>
#include <stdio.h>

static long fib(int n)
{
    long x, y;
    if (n < 2)
        return n;
#pragma omp task untied shared(x) firstprivate(n) if (n > 18)
    x = fib(n - 1);
#pragma omp task untied shared(y) firstprivate(n) if (0)
    y = fib(n - 2);
#pragma omp taskwait
    return x + y;
}

int main(void)
{
    long result = 0;
    int parts_ok = 1;
#pragma omp parallel
#pragma omp single
    {
        result = fib(22);
        for (int round = 0; round < 50; round++) {
            int child = 0, after = 0;
#pragma omp task untied if (0) shared(child, after)
            {
#pragma omp task shared(child)
                child = round + 1;
#pragma omp taskwait
                after = child * 2;
            }
            /* The undeferred task is complete here, all three parts. */
            parts_ok &= child == round + 1 && after == 2 * (round + 1);
        }
    }
    printf("fib(22)=%ld parts=%s\n", result, parts_ok ? "ok" : "WRONG");
    return 0;
}
