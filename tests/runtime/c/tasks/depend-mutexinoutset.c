// mutexinoutset: tasks in the same set never overlap (detected with a
// counter of tasks inside), all of them run after the preceding out task and
// before the following in task.
// RUN: %omp-cc %s -o %t && for n in %threads; do OMP_NUM_THREADS=$n %run %t; done | FileCheck %s
// RUN: %omp-cxx %s -o %t.cxx && for n in %threads; do OMP_NUM_THREADS=$n %run %t.cxx; done | FileCheck %s
// CHECK-COUNT-4: members=40 overlaps=0 before=ok after=ok
#include <omp.h>
#include <stdio.h>

#define MEMBERS 40

static void spin(int n)
{
    for (volatile int i = 0; i < n; i++)
        ;
}

int main(void)
{
    int x = 0, inside = 0, overlaps = 0, ran = 0, before_ok = 0, after_ok = 0;
#pragma omp parallel
#pragma omp single
    {
#pragma omp task depend(out : x) shared(x, before_ok)
        {
            spin(100000);
            x = 1;
            before_ok = 1;
        }
        for (int i = 0; i < MEMBERS; i++) {
#pragma omp task depend(mutexinoutset : x) shared(x, inside, overlaps, ran, before_ok)
            {
                if (!before_ok)
                    __atomic_fetch_add(&overlaps, 1000, __ATOMIC_SEQ_CST);
                if (__atomic_add_fetch(&inside, 1, __ATOMIC_SEQ_CST) != 1)
                    __atomic_fetch_add(&overlaps, 1, __ATOMIC_SEQ_CST);
                spin(5000);
                x++;
                __atomic_fetch_add(&ran, 1, __ATOMIC_SEQ_CST);
                __atomic_sub_fetch(&inside, 1, __ATOMIC_SEQ_CST);
            }
        }
#pragma omp task depend(in : x) shared(x, ran, after_ok)
        after_ok = __atomic_load_n(&ran, __ATOMIC_SEQ_CST) == MEMBERS && x == MEMBERS + 1;
#pragma omp taskwait
    }
    printf("members=%d overlaps=%d before=%s after=%s\n", ran, overlaps, before_ok ? "ok" : "WRONG",
           after_ok ? "ok" : "WRONG");
    return !(ran == MEMBERS && !overlaps && after_ok);
}
