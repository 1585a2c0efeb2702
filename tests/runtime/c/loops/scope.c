// The scope construct (OpenMP 5.1, 2.9): a reduction over a scope region
// combines every thread's contribution and is complete after the construct's
// barrier; private copies stay per thread; nowait scopes and
// worksharing loops can follow each other.
// REQUIRES: gcc
// RUN: %omp-cc %s -o %t
// RUN: for n in %threads; do OMP_NUM_THREADS=$n %run %t $n; done | FileCheck %s
// CHECK: threads=1 reduction=ok private=ok repeated=ok sum=1
// CHECK: threads=2 reduction=ok private=ok repeated=ok sum=3
// CHECK: threads=4 reduction=ok private=ok repeated=ok sum=10
// CHECK: threads=8 reduction=ok private=ok repeated=ok sum=36
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>

static const char *verdict(int ok)
{
    return ok ? "ok" : "FAILED";
}

int main(int argc, char **argv)
{
    int nthreads = argc > 1 ? atoi(argv[1]) : 1;
    int expected_sum = nthreads * (nthreads + 1) / 2;

    /* Each thread adds its number plus one; after the scope's barrier every
     * thread must see the full sum. */
    int sum = 0, seen_everywhere = 1;
#pragma omp parallel shared(sum) reduction(& : seen_everywhere)
    {
#pragma omp scope reduction(+ : sum)
        sum += omp_get_thread_num() + 1;
        seen_everywhere &= sum == expected_sum;
    }
    int reduction_ok = sum == expected_sum && seen_everywhere;

    /* private: each thread works on its own copy of a shared variable. */
    int mine = -1, private_ok = 1;
#pragma omp parallel shared(mine) reduction(& : private_ok)
    {
#pragma omp scope private(mine)
        {
            mine = omp_get_thread_num() * 10;
#pragma omp barrier
            private_ok &= mine == omp_get_thread_num() * 10;
        }
    }
    private_ok &= mine == -1;

    /* Scopes with reductions and nowait loops back to back. */
    long total = 0;
    static int hits[200];
    int repeated_ok = 1;
#pragma omp parallel shared(total) reduction(& : repeated_ok)
    for (int round = 0; round < 300; round++) {
#pragma omp for schedule(dynamic, 8) nowait
        for (int i = 0; i < 200; i++)
            __atomic_fetch_add(&hits[i], 1, __ATOMIC_RELAXED);
#pragma omp scope reduction(+ : total)
        total += round;
        repeated_ok &= total == (long)nthreads * round * (round + 1) / 2;
#pragma omp barrier
    }
    for (int i = 0; i < 200; i++)
        repeated_ok &= hits[i] == 300;

    printf("threads=%d reduction=%s private=%s repeated=%s sum=%d\n", omp_get_max_threads(), verdict(reduction_ok),
           verdict(private_ok), verdict(repeated_ok), sum);
    return !(reduction_ok && private_ok && repeated_ok);
}
