// The depobj construct (OpenMP 5.1, 2.19.10): dependences kept in an
// omp_depend_t, changed with update and used with depend(depobj: ...),
// mixed with ordinary depend clauses. Each task checks that what must have
// run before it has.
// RUN: %omp-cc %s -o %t && for n in %threads; do OMP_NUM_THREADS=$n %run %t; done | FileCheck %s
// RUN: %omp-cxx %s -o %t.cxx && for n in %threads; do OMP_NUM_THREADS=$n %run %t.cxx; done | FileCheck %s
// CHECK-COUNT-4: depobj a=3 b=12 ok
#include <omp.h>
#include <stdio.h>

static void spin(int n)
{
    for (volatile int i = 0; i < n; i++)
        ;
}

int main(void)
{
    int a = 0, b = 0, bad = 0;
    omp_depend_t obj_a, obj_b;
#pragma omp depobj(obj_a) depend(inout : a)
#pragma omp depobj(obj_b) depend(out : b)
#pragma omp parallel
#pragma omp single
    {
#pragma omp task depend(depobj : obj_a) shared(a)
        {
            spin(30000);
            a = 1;
        }
#pragma omp depobj(obj_a) update(in)
#pragma omp task depend(depobj : obj_a) depend(depobj : obj_b) shared(a, b, bad)
        {
            if (a != 1)
                bad++;
            spin(30000);
            b = 10 + a;
        }
#pragma omp task depend(inout : a) depend(in : b) shared(a, b, bad)
        {
            if (b != 11)
                bad++;
            a += 2;
            b++;
        }
#pragma omp taskwait
    }
#pragma omp depobj(obj_a) destroy
#pragma omp depobj(obj_b) destroy
    int ok = a == 3 && b == 12 && !bad;
    printf("depobj a=%d b=%d %s\n", a, b, ok ? "ok" : "WRONG");
    return !ok;
}
