// OMP_CANCELLATION: read back with omp_get_cancellation; with it on, a
// cancelled parallel region really stops early.
// RUN: %omp-cc %s -o %t
// RUN: for n in %threads; do OMP_CANCELLATION=true OMP_NUM_THREADS=$n %run %t 1; done | FileCheck %s --check-prefix=ON
// RUN: OMP_CANCELLATION=" False " %run %t 0 | FileCheck %s --check-prefix=OFF
// RUN: %run %t 0 | FileCheck %s --check-prefix=OFF
// RUN: for v in "" "on" "1"; do OMP_CANCELLATION="$v" %run %t 0; done 2>&1 | FileCheck %s --check-prefix=BAD
// ON-COUNT-4: cancellation=1 stopped=1
// OFF: cancellation=0 stopped=0
// BAD: glass: OMP_CANCELLATION="" is invalid: expected true or false; using the default
// BAD-NEXT: cancellation=0
// BAD-NEXT: glass: OMP_CANCELLATION="on" is invalid
// BAD-NEXT: cancellation=0
// BAD-NEXT: glass: OMP_CANCELLATION="1" is invalid
// BAD-NEXT: cancellation=0
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>

int main(int argc, char **argv)
{
    if (argc < 2 || omp_get_cancellation() != atoi(argv[1]))
        return 1;
    int reached = 0;
#pragma omp parallel
    {
#pragma omp cancel parallel
        /* Only reached when cancellation is off. */
#pragma omp atomic
        reached++;
    }
    int stopped = reached == 0;
    if (stopped != omp_get_cancellation())
        return 2;
    printf("cancellation=%d stopped=%d\n", omp_get_cancellation(), stopped);
    return 0;
}
