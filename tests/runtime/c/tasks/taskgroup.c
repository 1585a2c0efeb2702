// taskgroup waits for its tasks and all their descendants (taskwait only for
// children), nests, and is a scheduling point where the generating thread
// helps. A grandchild that takes long must be complete at the end of the
// taskgroup but not necessarily after a taskwait of its parent's parent.
// RUN: %omp-cc %s -o %t && for n in %threads; do OMP_NUM_THREADS=$n %run %t; done | FileCheck %s
// RUN: %omp-cxx %s -o %t.cxx && for n in %threads; do OMP_NUM_THREADS=$n %run %t.cxx; done | FileCheck %s
// CHECK-COUNT-4: taskgroup descendants=3000 inner=ok outer=ok
#include <omp.h>
#include <stdio.h>

static void spin(int n)
{
    for (volatile int i = 0; i < n; i++)
        ;
}

int main(void)
{
    int done = 0, inner_ok = 0, outer_ok = 0;
#pragma omp parallel
#pragma omp single
    {
#pragma omp taskgroup
        {
            for (int i = 0; i < 10; i++) {
#pragma omp task shared(done)
                {
                    for (int j = 0; j < 10; j++) {
#pragma omp task shared(done)
                        {
                            for (int k = 0; k < 10; k++) {
#pragma omp task shared(done)
                                {
                                    spin(1000);
                                    __atomic_fetch_add(&done, 1, __ATOMIC_SEQ_CST);
                                }
                            }
                            __atomic_fetch_add(&done, 10, __ATOMIC_SEQ_CST);
                        }
                    }
                    __atomic_fetch_add(&done, 100, __ATOMIC_SEQ_CST);
                }
            }
#pragma omp taskgroup
            {
                int mark = 0;
#pragma omp task shared(mark)
                {
#pragma omp task shared(mark)
                    {
                        spin(200000);
                        mark = 1;
                    }
                }
#pragma omp taskgroup
                {
                }
#pragma omp task shared(mark, inner_ok)
                inner_ok = 1;
#pragma omp taskwait
                (void)mark;
            }
        }
        outer_ok = __atomic_load_n(&done, __ATOMIC_SEQ_CST) == 3000;
    }
    printf("taskgroup descendants=%d inner=%s outer=%s\n", done, inner_ok ? "ok" : "WRONG", outer_ok ? "ok" : "WRONG");
    return !(outer_ok && inner_ok);
}
