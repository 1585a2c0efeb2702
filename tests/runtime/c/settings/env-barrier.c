// GLASS_BARRIER and GLASS_BARRIER_FANOUT: the shape they give, read back from
// OMP_DISPLAY_ENV=verbose, a region's barriers still correct under it, and
// one clear line for each bad value (the default, central, then stays).
// RUN: %omp-cc %s -o %t
// RUN: env -u GLASS_BARRIER -u GLASS_BARRIER_FANOUT OMP_DISPLAY_ENV=verbose OMP_NUM_THREADS=5 %run %t 5 2>&1 | FileCheck %s --check-prefix=DEFAULT
// RUN: OMP_DISPLAY_ENV=verbose GLASS_BARRIER=central OMP_NUM_THREADS=5 %run %t 5 2>&1 | FileCheck %s --check-prefix=DEFAULT
// RUN: OMP_DISPLAY_ENV=verbose GLASS_BARRIER=" Tree " OMP_NUM_THREADS=5 %run %t 5 2>&1 | FileCheck %s --check-prefix=TREE
// RUN: OMP_DISPLAY_ENV=verbose GLASS_BARRIER=tree GLASS_BARRIER_FANOUT=2 OMP_NUM_THREADS=7 %run %t 7 2>&1 | FileCheck %s --check-prefix=TWO
// RUN: for v in "" hyper "tree,2" 2; do OMP_DISPLAY_ENV=verbose GLASS_BARRIER="$v" OMP_NUM_THREADS=3 %run %t 3; done 2>&1 | FileCheck %s --check-prefix=BAD
// RUN: for v in "" 0 1 65 -4 "3x" 99999999999; do OMP_DISPLAY_ENV=verbose GLASS_BARRIER=tree GLASS_BARRIER_FANOUT="$v" OMP_NUM_THREADS=6 %run %t 6; done 2>&1 | FileCheck %s --check-prefix=BADFANOUT
// RUN: OMP_DISPLAY_ENV=verbose GLASS_BARRIER_FANOUT=8 OMP_NUM_THREADS=3 %run %t 3 2>&1 | FileCheck %s --check-prefix=ALONE
// DEFAULT: GLASS_BARRIER = 'central'
// DEFAULT-NOT: GLASS_BARRIER_FANOUT
// DEFAULT: barriers over 5 threads ok
// TREE: GLASS_BARRIER = 'tree'
// TREE-NEXT: GLASS_BARRIER_FANOUT = '4'
// TREE: barriers over 5 threads ok
// TWO: GLASS_BARRIER = 'tree'
// TWO-NEXT: GLASS_BARRIER_FANOUT = '2'
// TWO: barriers over 7 threads ok
// BAD: glass: GLASS_BARRIER="" is invalid: expected central or tree; using the default
// BAD: GLASS_BARRIER = 'central'
// BAD: barriers over 3 threads ok
// BAD: glass: GLASS_BARRIER="hyper" is invalid: expected central or tree; using the default
// BAD: GLASS_BARRIER = 'central'
// BAD: glass: GLASS_BARRIER="tree,2" is invalid
// BAD: glass: GLASS_BARRIER="2" is invalid
// BAD: GLASS_BARRIER = 'central'
// BAD: barriers over 3 threads ok
// BADFANOUT: glass: GLASS_BARRIER_FANOUT="" is invalid: expected an integer from 2 to 64; using the default
// BADFANOUT: GLASS_BARRIER_FANOUT = '4'
// BADFANOUT: barriers over 6 threads ok
// BADFANOUT: glass: GLASS_BARRIER_FANOUT="0" is invalid
// BADFANOUT: glass: GLASS_BARRIER_FANOUT="1" is invalid
// BADFANOUT: glass: GLASS_BARRIER_FANOUT="65" is invalid
// BADFANOUT: glass: GLASS_BARRIER_FANOUT="-4" is invalid
// BADFANOUT: glass: GLASS_BARRIER_FANOUT="3x" is invalid
// BADFANOUT: glass: GLASS_BARRIER_FANOUT="99999999999" is invalid
// BADFANOUT: GLASS_BARRIER_FANOUT = '4'
// BADFANOUT: barriers over 6 threads ok
// ALONE: glass: GLASS_BARRIER_FANOUT="8" has no effect: GLASS_BARRIER is not tree (the default is central)
// ALONE: GLASS_BARRIER = 'central'
// ALONE: barriers over 3 threads ok
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>

#define ROUNDS 200

int main(int argc, char **argv)
{
    int expected = argc > 1 ? atoi(argv[1]) : 1;
    static int slots[64];
    int bad = 0, team = 0;
#pragma omp parallel reduction(+ : bad)
    {
        int me = omp_get_thread_num(), n = omp_get_num_threads();
#pragma omp single
        team = n;
        for (int round = 1; round <= ROUNDS; round++) {
            slots[me] = round;
#pragma omp barrier
            for (int other = 0; other < n; other++)
                bad += slots[other] != round;
#pragma omp barrier
        }
    }
    printf("barriers over %d threads %s\n", team, team == expected && bad == 0 ? "ok" : "FAILED");
    return 0;
}
