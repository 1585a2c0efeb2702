// OMP_DEFAULT_DEVICE: read back with omp_get_default_device (and inherited by
// the implicit tasks of a region); invalid values are reported.
// RUN: %omp-cc %s -o %t
// RUN: %run %t 0 | FileCheck %s --check-prefix=ZERO
// RUN: OMP_DEFAULT_DEVICE=" 3 " %run %t 3 | FileCheck %s --check-prefix=THREE
// RUN: for v in "" "-1" "host" "99999999999"; do OMP_DEFAULT_DEVICE="$v" %run %t 0; done 2>&1 | FileCheck %s --check-prefix=BAD
// ZERO: default-device=0 in-region=0
// THREE: default-device=3 in-region=3
// BAD: glass: OMP_DEFAULT_DEVICE="" is invalid: expected a non-negative integer; using the default
// BAD-NEXT: default-device=0
// BAD-NEXT: glass: OMP_DEFAULT_DEVICE="-1" is invalid
// BAD-NEXT: default-device=0
// BAD-NEXT: glass: OMP_DEFAULT_DEVICE="host" is invalid
// BAD-NEXT: default-device=0
// BAD-NEXT: glass: OMP_DEFAULT_DEVICE="99999999999" is invalid
// BAD-NEXT: default-device=0
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>

int main(int argc, char **argv)
{
    if (argc < 2)
        return 1;
    int want = atoi(argv[1]), wrong = 0;
#pragma omp parallel num_threads(3) reduction(+ : wrong)
    wrong += omp_get_default_device() != want;
    if (omp_get_default_device() != want || wrong)
        return 2;
    printf("default-device=%d in-region=%d\n", omp_get_default_device(), want);
    return 0;
}
