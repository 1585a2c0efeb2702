// 256 threads on a machine with few cores: one parallel region in which every
// thread checks its number and team size, then a loop of barriers in which a
// shared counter must advance in lock step (a thread leaving a barrier early
// would see a count from the previous round).
// RUN: %omp-cc %s -o %t
// RUN: env OMP_NUM_THREADS=256 timeout 60 %run %t 256 | FileCheck %s
// RUN: env OMP_NUM_THREADS=256 OMP_WAIT_POLICY=passive timeout 60 %run %t 256 | FileCheck %s
// CHECK: team=256 numbers-ok=1
// CHECK: barrier-rounds={{[0-9]+}} errors=0
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>

int main(int argc, char **argv)
{
    int threads = argc > 1 ? atoi(argv[1]) : 256;
    int rounds = getenv("GLASS_STRESS") ? 2000 : 100;
    static char seen[4096];
    int team = 0, numbers_ok = 1;
#pragma omp parallel num_threads(threads)
    {
        int me = omp_get_thread_num();
        if (omp_get_num_threads() != threads || me < 0 || me >= threads)
            numbers_ok = 0;
        else
            seen[me] = 1;
#pragma omp single
        team = omp_get_num_threads();
    }
    for (int i = 0; i < threads; i++)
        numbers_ok &= seen[i];
    printf("team=%d numbers-ok=%d\n", team, numbers_ok);

    int arrivals = 0, errors = 0;
#pragma omp parallel num_threads(threads)
    for (int round = 0; round < rounds; round++) {
#pragma omp atomic
        arrivals++;
#pragma omp barrier
        int seen_now;
#pragma omp atomic read
        seen_now = arrivals;
        if (seen_now != (round + 1) * threads) {
#pragma omp atomic
            errors++;
        }
#pragma omp barrier
    }
    printf("barrier-rounds=%d errors=%d\n", rounds, errors);
    return errors != 0 || !numbers_ok;
}
