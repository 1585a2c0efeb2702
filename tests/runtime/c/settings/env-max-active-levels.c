// OMP_MAX_ACTIVE_LEVELS and the deprecated OMP_NESTED: the max-active-levels
// ICV they give (read back with omp_get_max_active_levels / omp_get_nested),
// and the team sizes that follow at three nesting levels. OMP_MAX_ACTIVE_LEVELS
// wins over OMP_NESTED, which wins over a list in OMP_NUM_THREADS.
// RUN: %omp-cc %s -o %t
// RUN: OMP_NUM_THREADS=2 %run %t 1 | FileCheck %s --check-prefix=L1
// RUN: OMP_NUM_THREADS=2 OMP_MAX_ACTIVE_LEVELS=2 %run %t 2 | FileCheck %s --check-prefix=L2
// RUN: OMP_NUM_THREADS=2 OMP_MAX_ACTIVE_LEVELS=" 3 " %run %t 3 | FileCheck %s --check-prefix=L3
// RUN: OMP_NUM_THREADS=2 OMP_MAX_ACTIVE_LEVELS=0 %run %t 0 | FileCheck %s --check-prefix=L0
// RUN: OMP_NUM_THREADS=2 OMP_MAX_ACTIVE_LEVELS=100000 %run %t 255 | FileCheck %s --check-prefix=HUGE
// RUN: OMP_NUM_THREADS=2 OMP_NESTED=true %run %t 255 | FileCheck %s --check-prefix=NESTED
// RUN: OMP_NUM_THREADS=2,2 OMP_NESTED=false %run %t 1 | FileCheck %s --check-prefix=L1
// RUN: OMP_NUM_THREADS=2 OMP_NESTED=true OMP_MAX_ACTIVE_LEVELS=2 %run %t 2 | FileCheck %s --check-prefix=L2
// RUN: for v in "" "-1" "two" "99999999999999999999999"; do OMP_NUM_THREADS=2 OMP_MAX_ACTIVE_LEVELS="$v" %run %t 1; done 2>&1 | FileCheck %s --check-prefix=BAD
// RUN: for v in "" "1" "maybe"; do OMP_NUM_THREADS=2 OMP_NESTED="$v" %run %t 1; done 2>&1 | FileCheck %s --check-prefix=BADNESTED
// L0: max-active-levels=0 nested=0 teams=1,1,1
// L1: max-active-levels=1 nested=0 teams=2,1,1
// L2: max-active-levels=2 nested=1 teams=2,2,1
// L3: max-active-levels=3 nested=1 teams=2,2,2
// HUGE: max-active-levels=255 nested=1 teams=2,2,2
// NESTED: max-active-levels=255 nested=1 teams=2,2,2
// BAD: glass: OMP_MAX_ACTIVE_LEVELS="" is invalid: expected a non-negative integer; using the default
// BAD-NEXT: max-active-levels=1 nested=0 teams=2,1,1
// BAD-NEXT: glass: OMP_MAX_ACTIVE_LEVELS="-1" is invalid
// BAD-NEXT: max-active-levels=1
// BAD-NEXT: glass: OMP_MAX_ACTIVE_LEVELS="two" is invalid
// BAD-NEXT: max-active-levels=1
// BAD-NEXT: glass: OMP_MAX_ACTIVE_LEVELS="99999999999999999999999" is invalid
// BAD-NEXT: max-active-levels=1
// BADNESTED: glass: OMP_NESTED="" is invalid: expected true or false; using the default
// BADNESTED-NEXT: max-active-levels=1 nested=0 teams=2,1,1
// BADNESTED-NEXT: glass: OMP_NESTED="1" is invalid
// BADNESTED-NEXT: max-active-levels=1
// BADNESTED-NEXT: glass: OMP_NESTED="maybe" is invalid
// BADNESTED-NEXT: max-active-levels=1
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>

int main(int argc, char **argv)
{
    if (argc < 2)
        return 1;
    int levels = omp_get_max_active_levels(), want = atoi(argv[1]);
    int nested = omp_get_nested();
    int teams[3] = {0, 0, 0};
#pragma omp parallel
    {
#pragma omp master
        teams[0] = omp_get_num_threads();
#pragma omp parallel
        {
#pragma omp master
            if (omp_get_ancestor_thread_num(1) == 0)
                teams[1] = omp_get_num_threads();
#pragma omp parallel
#pragma omp master
            if (omp_get_ancestor_thread_num(1) == 0 && omp_get_ancestor_thread_num(2) == 0)
                teams[2] = omp_get_num_threads();
        }
    }
    /* A team is active (more than one thread) only while fewer than
     * max-active-levels enclosing regions are active (OpenMP 5.1, 2.6.1). */
    for (int i = 0; i < 3; i++)
        if (teams[i] != (i < want ? 2 : 1))
            return 2;
    if (levels != want || nested != (want > 1))
        return 3;
    printf("max-active-levels=%d nested=%d teams=%d,%d,%d\n", levels, nested, teams[0], teams[1], teams[2]);
    return 0;
}
