// Barriers of a team twice as large as its processors while two processes of
// the same session spin on those processors. Released threads of such a team
// may yield to let the primary pass first (team_barrier.c); here each of those
// yields hands a whole time slice to a spinner, which the runtime must notice
// and stop doing. Every round checks that no thread left a barrier before all
// had arrived at it. The speed of this case is measured by bench/run
// --busy 2 --busy-shared-session; the time limit here only catches a hang.
// RUN: %omp-cc %s -o %t
// RUN: env OMP_NUM_THREADS=4 timeout 120 %S/Inputs/beside-spinners.sh 2 %run %t 20000 | FileCheck %s
// CHECK: threads=4 rounds=20000 early=0 passed=80000
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>

int main(int argc, char **argv)
{
    long rounds = argc > 1 ? atol(argv[1]) : 20000;
    long arrived = 0, early = 0, passed = 0;
    int team = 0;
#pragma omp parallel reduction(+ : early, passed)
    {
        const long n = omp_get_num_threads();
        if (omp_get_thread_num() == 0)
            team = (int)n;
        for (long r = 1; r <= rounds; r++) {
            __atomic_fetch_add(&arrived, 1, __ATOMIC_RELAXED);
#pragma omp barrier
            // Every thread has counted its arrival for round r by now.
            if (__atomic_load_n(&arrived, __ATOMIC_RELAXED) < n * r)
                early++;
            passed++;
        }
    }
    printf("threads=%d rounds=%ld early=%ld passed=%ld\n", team, rounds, early, passed);
    return early != 0;
}
