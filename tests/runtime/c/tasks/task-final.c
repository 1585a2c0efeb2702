// Included tasks run at once on the encountering thread: if(0) tasks
// (undeferred), every task generated inside a final task (which are final
// too: omp_in_final), and mergeable ones among them. The generating task sees
// their effects right after the construct, without a taskwait. A task of an
// if(0) task may still be deferred.
// RUN: %omp-cc %s -o %t && for n in %threads; do OMP_NUM_THREADS=$n %run %t; done | FileCheck %s
// RUN: %omp-cxx %s -o %t.cxx && for n in %threads; do OMP_NUM_THREADS=$n %run %t.cxx; done | FileCheck %s
// CHECK-COUNT-4: if0=ok final=ok nested=ok mergeable=ok in_final=1/1/0
#include <omp.h>
#include <stdio.h>

int main(void)
{
    int if0_ok = 0, final_ok = 0, nested_ok = 1, mergeable_ok = 0;
    int in_final_outer = -1, in_final_child = -1, in_final_plain = -1;
#pragma omp parallel
#pragma omp single
    {
        int me = omp_get_thread_num();
        int x = 0;
#pragma omp task if (0) shared(x)
        x = omp_get_thread_num() + 1;
        if0_ok = x == me + 1;

        int count = 0;
#pragma omp task final(1) shared(count, in_final_outer, in_final_child, nested_ok)
        {
            int owner = omp_get_thread_num();
            in_final_outer = omp_in_final();
            for (int i = 0; i < 10; i++) {
#pragma omp task shared(count, in_final_child, nested_ok) firstprivate(owner)
                {
                    count++;
                    in_final_child = omp_in_final();
                    if (omp_get_thread_num() != owner)
                        nested_ok = 0;
#pragma omp task shared(count, nested_ok) firstprivate(owner)
                    {
                        count += 100;
                        if (omp_get_thread_num() != owner)
                            nested_ok = 0;
                    }
                }
                /* Included: done already. */
                if (count != (i + 1) * 101)
                    nested_ok = 0;
            }
        }
#pragma omp taskwait
        final_ok = count == 1010;

        int m = 0;
#pragma omp task mergeable if (0) shared(m)
        m = 5;
        mergeable_ok = m == 5;
#pragma omp task shared(in_final_plain)
        in_final_plain = omp_in_final();
#pragma omp taskwait
    }
    printf("if0=%s final=%s nested=%s mergeable=%s in_final=%d/%d/%d\n", if0_ok ? "ok" : "WRONG",
           final_ok ? "ok" : "WRONG", nested_ok ? "ok" : "WRONG", mergeable_ok ? "ok" : "WRONG", in_final_outer,
           in_final_child, in_final_plain);
    return !(if0_ok && final_ok && nested_ok && mergeable_ok);
}
