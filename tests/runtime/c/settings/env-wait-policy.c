// OMP_WAIT_POLICY and GOMP_SPINCOUNT: the spin count they give, read back
// from OMP_DISPLAY_ENV=verbose, and regions still run correctly under each
// (waiting threads must not starve an oversubscribed machine).
// RUN: %omp-cc %s -o %t
// RUN: for n in %threads; do OMP_DISPLAY_ENV=verbose OMP_NUM_THREADS=$n %run %t $n; done 2>&1 | FileCheck %s --check-prefix=DEFAULT
// RUN: for n in %threads; do OMP_DISPLAY_ENV=verbose OMP_WAIT_POLICY=active OMP_NUM_THREADS=$n %run %t $n; done 2>&1 | FileCheck %s --check-prefix=ACTIVE
// RUN: for n in %threads; do OMP_DISPLAY_ENV=verbose OMP_WAIT_POLICY=" Passive " OMP_NUM_THREADS=$n %run %t $n; done 2>&1 | FileCheck %s --check-prefix=PASSIVE
// RUN: for v in "1000" "2k" " 3 M " "4G" "1t" "infinite" "INFINITY" "0"; do OMP_DISPLAY_ENV=verbose GOMP_SPINCOUNT="$v" OMP_NUM_THREADS=2 %run %t 2; done 2>&1 | FileCheck %s --check-prefix=SPIN
// RUN: OMP_DISPLAY_ENV=verbose OMP_WAIT_POLICY=active GOMP_SPINCOUNT=5 OMP_NUM_THREADS=2 %run %t 2 2>&1 | FileCheck %s --check-prefix=BOTH
// RUN: for v in "" "busy" "active,passive"; do OMP_DISPLAY_ENV=verbose OMP_WAIT_POLICY="$v" OMP_NUM_THREADS=2 %run %t 2; done 2>&1 | FileCheck %s --check-prefix=BADPOLICY
// RUN: for v in "" "-1" "lots" "5x" "99999999999999999999" "20000000T"; do OMP_DISPLAY_ENV=verbose GOMP_SPINCOUNT="$v" OMP_NUM_THREADS=2 %run %t 2; done 2>&1 | FileCheck %s --check-prefix=BADSPIN
// DEFAULT: OMP_WAIT_POLICY = 'PASSIVE'
// DEFAULT: GOMP_SPINCOUNT = '300000'
// DEFAULT: sum over 1 threads ok
// DEFAULT: OMP_WAIT_POLICY = 'PASSIVE'
// DEFAULT: GOMP_SPINCOUNT = '300000'
// DEFAULT: sum over 2 threads ok
// DEFAULT: OMP_WAIT_POLICY = 'PASSIVE'
// DEFAULT: GOMP_SPINCOUNT = '300000'
// DEFAULT: sum over 4 threads ok
// DEFAULT: OMP_WAIT_POLICY = 'PASSIVE'
// DEFAULT: GOMP_SPINCOUNT = '300000'
// DEFAULT: sum over 8 threads ok
// ACTIVE: OMP_WAIT_POLICY = 'ACTIVE'
// ACTIVE: GOMP_SPINCOUNT = '30000000000'
// ACTIVE: sum over 1 threads ok
// ACTIVE: OMP_WAIT_POLICY = 'ACTIVE'
// ACTIVE: GOMP_SPINCOUNT = '30000000000'
// ACTIVE: sum over 2 threads ok
// ACTIVE: OMP_WAIT_POLICY = 'ACTIVE'
// ACTIVE: GOMP_SPINCOUNT = '30000000000'
// ACTIVE: sum over 4 threads ok
// ACTIVE: OMP_WAIT_POLICY = 'ACTIVE'
// ACTIVE: GOMP_SPINCOUNT = '30000000000'
// ACTIVE: sum over 8 threads ok
// PASSIVE: OMP_WAIT_POLICY = 'PASSIVE'
// PASSIVE: GOMP_SPINCOUNT = '0'
// PASSIVE: sum over 1 threads ok
// PASSIVE: OMP_WAIT_POLICY = 'PASSIVE'
// PASSIVE: GOMP_SPINCOUNT = '0'
// PASSIVE: sum over 2 threads ok
// PASSIVE: OMP_WAIT_POLICY = 'PASSIVE'
// PASSIVE: GOMP_SPINCOUNT = '0'
// PASSIVE: sum over 4 threads ok
// PASSIVE: OMP_WAIT_POLICY = 'PASSIVE'
// PASSIVE: GOMP_SPINCOUNT = '0'
// PASSIVE: sum over 8 threads ok
// SPIN: GOMP_SPINCOUNT = '1000'
// SPIN: GOMP_SPINCOUNT = '2000'
// SPIN: GOMP_SPINCOUNT = '3000000'
// SPIN: GOMP_SPINCOUNT = '4000000000'
// SPIN: GOMP_SPINCOUNT = '1000000000000'
// SPIN: GOMP_SPINCOUNT = 'INFINITE'
// SPIN: GOMP_SPINCOUNT = 'INFINITE'
// SPIN: GOMP_SPINCOUNT = '0'
// BOTH: OMP_WAIT_POLICY = 'ACTIVE'
// BOTH: GOMP_SPINCOUNT = '5'
// BADPOLICY: glass: OMP_WAIT_POLICY="" is invalid: expected active or passive; using the default
// BADPOLICY: GOMP_SPINCOUNT = '300000'
// BADPOLICY: glass: OMP_WAIT_POLICY="busy" is invalid
// BADPOLICY: GOMP_SPINCOUNT = '300000'
// BADPOLICY: glass: OMP_WAIT_POLICY="active,passive" is invalid
// BADPOLICY: GOMP_SPINCOUNT = '300000'
// BADSPIN: glass: GOMP_SPINCOUNT="" is invalid: expected a number with an optional factor k, M, G or T, or infinite; using the default
// BADSPIN: GOMP_SPINCOUNT = '300000'
// BADSPIN: glass: GOMP_SPINCOUNT="-1" is invalid
// BADSPIN: GOMP_SPINCOUNT = '300000'
// BADSPIN: glass: GOMP_SPINCOUNT="lots" is invalid
// BADSPIN: GOMP_SPINCOUNT = '300000'
// BADSPIN: glass: GOMP_SPINCOUNT="5x" is invalid
// BADSPIN: GOMP_SPINCOUNT = '300000'
// BADSPIN: glass: GOMP_SPINCOUNT="99999999999999999999" is invalid
// BADSPIN: GOMP_SPINCOUNT = '300000'
// BADSPIN: glass: GOMP_SPINCOUNT="20000000T" is invalid
// BADSPIN: GOMP_SPINCOUNT = '300000'
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>

int main(int argc, char **argv)
{
    if (argc < 2)
        return 1;
    int n = atoi(argv[1]);
    /* Many short regions with barriers: every kind of wait happens. */
    long total = 0;
    for (int round = 0; round < 200; round++) {
        long sum = 0;
#pragma omp parallel reduction(+ : sum)
        {
            sum += omp_get_thread_num();
#pragma omp barrier
            sum += 1;
        }
        total += sum;
    }
    if (total != 200L * (n * (n - 1) / 2 + n))
        return 2;
    printf("sum over %d threads ok\n", n);
    return 0;
}
