// taskwait with depend clauses waits for the sibling tasks it depends on
// (here the writer of x), not for the others; an undeferred task with a
// depend clause also waits for its predecessors before it runs.
// RUN: %omp-cc %s -o %t && for n in %threads; do OMP_NUM_THREADS=$n %run %t; done | FileCheck %s
// RUN: %omp-cxx %s -o %t.cxx && for n in %threads; do OMP_NUM_THREADS=$n %run %t.cxx; done | FileCheck %s
// CHECK-COUNT-4: taskwait-depend x=1 undeferred=2 ok
#include <omp.h>
#include <stdio.h>

static void spin(int n)
{
    for (volatile int i = 0; i < n; i++)
        ;
}

int main(void)
{
    int x = 0, y = 0, seen_x = -1, seen_y = -1;
#pragma omp parallel
#pragma omp single
    {
#pragma omp task depend(out : x) shared(x)
        {
            spin(200000);
            x = 1;
        }
#pragma omp task depend(out : y) shared(y)
        {
            spin(100000);
            y = 1;
        }
#pragma omp taskwait depend(in : x)
        seen_x = x;
#pragma omp task depend(inout : y) if (0) shared(y, seen_y)
        seen_y = ++y;
#pragma omp taskwait
    }
    int ok = seen_x == 1 && seen_y == 2;
    printf("taskwait-depend x=%d undeferred=%d %s\n", seen_x, seen_y, ok ? "ok" : "WRONG");
    return !ok;
}
