// cancel taskgroup (OpenMP 5.1, 2.20.1): with cancel-var true, tasks of the
// cancelled taskgroup that have not started are discarded, and cancellation
// points in its running tasks report the cancellation. The 50 tasks here
// depend on the one that cancels, so none can have started before it. With
// cancel-var false the construct is ignored.
// RUN: %omp-cc %s -o %t
// RUN: for n in %threads; do OMP_CANCELLATION=true OMP_NUM_THREADS=$n %run %t; done | FileCheck %s --check-prefix=ON
// RUN: for n in %threads; do OMP_NUM_THREADS=$n %run %t; done | FileCheck %s --check-prefix=OFF
// ON-COUNT-4: canceller=1 ran=0 of 50 point=seen after=ok
// OFF-COUNT-4: canceller=1 ran=50 of 50 point=unseen after=ok
#include <omp.h>
#include <stdio.h>

int main(void)
{
    int canceller = 0, ran = 0, point_seen = 0, after = 0, gate = 0;
#pragma omp parallel
#pragma omp single
    {
#pragma omp taskgroup
        {
#pragma omp task depend(out : gate) shared(canceller)
            {
                canceller = 1;
#pragma omp cancel taskgroup
            }
            for (int i = 0; i < 50; i++) {
#pragma omp task depend(in : gate) shared(ran)
                __atomic_fetch_add(&ran, 1, __ATOMIC_SEQ_CST);
            }
        }
#pragma omp taskgroup
        {
#pragma omp task shared(point_seen)
            {
#pragma omp cancel taskgroup
            }
#pragma omp taskwait
#pragma omp task shared(point_seen)
            {
                /* Created after the cancellation: not created at all. */
                point_seen = 2;
            }
        }
        /* A new taskgroup is not cancelled. */
#pragma omp taskgroup
        {
#pragma omp task shared(after)
            after = 1;
        }
    }
    int seen = 0;
#pragma omp parallel num_threads(1)
#pragma omp taskgroup
    {
#pragma omp task shared(seen)
        {
#pragma omp cancel taskgroup
#pragma omp cancellation point taskgroup
            seen = -1; /* not reached when cancelled */
        }
    }
    printf("canceller=%d ran=%d of 50 point=%s after=%s\n", canceller, ran,
           point_seen == 0 && seen == 0 ? "seen" : "unseen", after ? "ok" : "WRONG");
    return 0;
}
