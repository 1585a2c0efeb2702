// Atomic updates GCC cannot do with one instruction (long double, __int128)
// go through GOMP_atomic_start/GOMP_atomic_end; they must not lose updates,
// and an atomic update inside a critical region must not deadlock.
// REQUIRES: gcc
// RUN: %gcc-omp %s -o %t
// RUN: objdump -d %t | FileCheck %s --check-prefix=ASM
// ASM: call{{.*}}<GOMP_atomic_start
// ASM: call{{.*}}<GOMP_atomic_end
// RUN: for n in %threads; do OMP_NUM_THREADS=$n %run %t $n; done | FileCheck %s
// CHECK: threads=1 long_double=20000.5 int128_high=20000 int128_low=20000 in_critical=100
// CHECK: threads=2 long_double=40000.5 int128_high=40000 int128_low=40000 in_critical=200
// CHECK: threads=4 long_double=80000.5 int128_high=80000 int128_low=80000 in_critical=400
// CHECK: threads=8 long_double=160000.5 int128_high=160000 int128_low=160000 in_critical=800
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>

#define ITERATIONS 20000

static long double ld = 0.5L;
static __int128 wide;
static long double in_critical;

int main(int argc, char **argv)
{
    if (argc < 2)
        return 1;
    int expected = atoi(argv[1]), team = 0;
    /* Adds to both halves, so a torn update shows in either. */
    const __int128 step = ((__int128)1 << 64) + 1;

#pragma omp parallel
    {
        if (omp_get_thread_num() == 0)
            team = omp_get_num_threads();
        for (int i = 0; i < ITERATIONS; i++) {
#pragma omp atomic
            ld += 1.0L;
#pragma omp atomic
            wide += step;
        }
        for (int i = 0; i < 100; i++) {
#pragma omp critical
            {
#pragma omp atomic
                in_critical += 1.0L;
            }
        }
    }

    if (team != expected)
        return 2;
    printf("threads=%d long_double=%.1Lf int128_high=%lld int128_low=%lld in_critical=%.0Lf\n", team,
           ld, (long long)(wide >> 64), (long long)(unsigned long long)wide, in_critical);
    return 0;
}
