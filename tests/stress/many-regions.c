// 100,000 consecutive parallel regions (10 times more with GLASS_STRESS=long),
// each adding its team's thread numbers: no region lost, no stale team, and the
// whole run bounded by timeout. 8 threads on 2 cores get fewer regions: each
// region then costs several context switches (and Glass is ~4x slower than
// libgomp there).
// RUN: %omp-cc %s -o %t
// RUN: env OMP_NUM_THREADS=2 timeout 120 %run %t 2 100000 | FileCheck %s --check-prefix=TWO
// RUN: env OMP_NUM_THREADS=8 timeout 120 %run %t 8 3000 | FileCheck %s --check-prefix=EIGHT
// TWO: threads=2 regions=100000 sum-ok=1
// EIGHT: threads=8 regions=3000 sum-ok=1
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>

int main(int argc, char **argv)
{
    int threads = atoi(argv[1]);
    long regions = atol(argv[2]), per_region = threads * (threads - 1) / 2;
    long long total = 0;
    int bad_team = 0;
    for (long r = 0; r < regions * (getenv("GLASS_STRESS") ? 10 : 1); r++) {
#pragma omp parallel reduction(+ : total)
        {
            total += omp_get_thread_num();
            if (omp_get_num_threads() != threads)
#pragma omp atomic write
                bad_team = 1;
        }
    }
    long done = getenv("GLASS_STRESS") ? regions * 10 : regions;
    printf("threads=%d regions=%ld sum-ok=%d\n", threads, regions, !bad_team && total == (long long)done * per_region);
    return bad_team || total != (long long)done * per_region;
}
