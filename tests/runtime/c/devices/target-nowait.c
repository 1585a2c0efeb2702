// Target tasks: target nowait is a deferred task ordered by its depend
// clauses with sibling tasks, and so are target update / enter data / exit
// data with nowait or depend; a target with depend but without nowait waits
// for its predecessors and completes before the construct returns; taskwait
// waits for target tasks. firstprivate data of a deferred target is copied
// when the construct is encountered.
// RUN: %omp-cc %s -o %t && for n in %threads; do OMP_NUM_THREADS=$n %run %t; done | FileCheck %s
// RUN: %omp-cxx %s -o %t.cxx && for n in %threads; do OMP_NUM_THREADS=$n %run %t.cxx; done | FileCheck %s
// CHECK-COUNT-4: chain=ok sync=ok data=ok firstprivate=ok
#include <omp.h>
#include <stdio.h>

static void spin(int n)
{
    for (volatile int i = 0; i < n; i++)
        ;
}

int main(void)
{
    unsigned long long x = 1;
    int sync_ok = 0, data_ok = 0, fp_ok = 0;
    int a[16] = {0};
#pragma omp parallel
#pragma omp single
    {
        for (int i = 0; i < 50; i++) {
#pragma omp target nowait depend(inout : x) map(tofrom : x) firstprivate(i)
            {
                spin(1000);
                x = x * 3 + i;
            }
        }
        int y = 0;
#pragma omp task depend(out : y) shared(y)
        {
            spin(100000);
            y = 1;
        }
#pragma omp target depend(in : y) map(from : sync_ok) map(to : y)
        sync_ok = y == 1;
        /* Done already: no taskwait before reading sync_ok. */
        sync_ok = sync_ok && y == 1;

#pragma omp task depend(out : a) shared(a)
        {
            spin(50000);
            a[3] = 3;
        }
#pragma omp target update to(a) nowait depend(inout : a)
#pragma omp target enter data map(to : a) nowait depend(inout : a)
#pragma omp target nowait depend(inout : a) map(tofrom : a)
        a[3] *= 2;
#pragma omp target exit data map(from : a) nowait depend(inout : a)
#pragma omp task depend(in : a) shared(a, data_ok)
        data_ok = a[3] == 6;

        int v = 1;
#pragma omp target nowait firstprivate(v) map(from : fp_ok)
        {
            spin(20000);
            fp_ok = v == 1;
        }
        v = 2;
#pragma omp taskwait
    }
    unsigned long long expected = 1;
    for (int i = 0; i < 50; i++)
        expected = expected * 3 + i;
    printf("chain=%s sync=%s data=%s firstprivate=%s\n", x == expected ? "ok" : "WRONG", sync_ok ? "ok" : "WRONG",
           data_ok ? "ok" : "WRONG", fp_ok ? "ok" : "WRONG");
    return 0;
}
