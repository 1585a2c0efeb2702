// OMP_STACKSIZE: a size with an optional B/K/M/G unit (K when none), read back
// from OMP_DISPLAY_ENV in bytes; worker threads get that stack, so they can
// hold a 40 MiB array with OMP_STACKSIZE=64M (the system default is 8 MiB).
// RUN: %omp-cc %s -o %t
// RUN: for n in %threads; do OMP_STACKSIZE=64M OMP_NUM_THREADS=$n %run %t big; done | FileCheck %s --check-prefix=BIG
// RUN: for v in "64M" " 65536 " "65536 k" "67108864B" "1g" "512 b"; do OMP_DISPLAY_ENV=true OMP_STACKSIZE="$v" %run %t; done 2>&1 | FileCheck %s --check-prefix=UNITS
// RUN: GOMP_STACKSIZE=128 OMP_DISPLAY_ENV=true %run %t 2>&1 | FileCheck %s --check-prefix=GOMP
// RUN: for v in "" "0" "-1" "12Q" "M" "4 M B" "99999999999999999999" "2048G" "1.5M"; do OMP_DISPLAY_ENV=true OMP_STACKSIZE="$v" %run %t; done 2>&1 | FileCheck %s --check-prefix=BAD
// BIG: big stack arrays used by 1 threads
// BIG: big stack arrays used by 2 threads
// BIG: big stack arrays used by 4 threads
// BIG: big stack arrays used by 8 threads
// UNITS: OMP_STACKSIZE = '67108864'
// UNITS: OMP_STACKSIZE = '67108864'
// UNITS: OMP_STACKSIZE = '67108864'
// UNITS: OMP_STACKSIZE = '67108864'
// UNITS: OMP_STACKSIZE = '1073741824'
// UNITS: OMP_STACKSIZE = '512'
// GOMP: OMP_STACKSIZE = '131072'
// BAD: glass: OMP_STACKSIZE="" is invalid: expected a positive size with an optional unit B, K, M or G (K if none), at most 1T; using the default
// BAD: OMP_STACKSIZE = '0'
// BAD: glass: OMP_STACKSIZE="0" is invalid
// BAD: OMP_STACKSIZE = '0'
// BAD: glass: OMP_STACKSIZE="-1" is invalid
// BAD: OMP_STACKSIZE = '0'
// BAD: glass: OMP_STACKSIZE="12Q" is invalid
// BAD: OMP_STACKSIZE = '0'
// BAD: glass: OMP_STACKSIZE="M" is invalid
// BAD: OMP_STACKSIZE = '0'
// BAD: glass: OMP_STACKSIZE="4 M B" is invalid
// BAD: OMP_STACKSIZE = '0'
// BAD: glass: OMP_STACKSIZE="99999999999999999999" is invalid
// BAD: OMP_STACKSIZE = '0'
// BAD: glass: OMP_STACKSIZE="2048G" is invalid
// BAD: OMP_STACKSIZE = '0'
// BAD: glass: OMP_STACKSIZE="1.5M" is invalid
// BAD: OMP_STACKSIZE = '0'
#include <omp.h>
#include <stdio.h>
#include <string.h>

#define BIG (40 << 20)

/* Fills a stack array far larger than a default thread stack. */
static __attribute__((noinline)) long use_big_stack(int seed)
{
    volatile char array[BIG];
    for (long i = 0; i < BIG; i += 4096)
        array[i] = (char)(seed + i);
    long sum = 0;
    for (long i = 0; i < BIG; i += 4096)
        sum += array[i];
    return sum;
}

int main(int argc, char **argv)
{
    if (argc < 2 || strcmp(argv[1], "big") != 0)
        return 0;
    int used = 0, team = 0;
#pragma omp parallel reduction(+ : used)
    {
        /* The initial thread's stack is the process's, not OMP_STACKSIZE's. */
        if (omp_get_thread_num() != 0) {
            long expect = 0;
            for (long i = 0; i < BIG; i += 4096)
                expect += (char)(omp_get_thread_num() + i);
            used += use_big_stack(omp_get_thread_num()) == expect;
        }
#pragma omp single
        team = omp_get_num_threads();
    }
    if (used != team - 1)
        return 1;
    printf("big stack arrays used by %d threads\n", team);
    return 0;
}
