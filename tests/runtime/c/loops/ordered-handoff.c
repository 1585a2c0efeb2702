// The turn of ordered regions passed thread to thread (core/loops/ordered.c):
// many ordered loops back to back with nowait, so that threads race through
// the worksharing ring and meet slots whose turns an earlier loop with the
// same iterations left; static, static,1, dynamic and guided schedules (the
// last two spread chunk starts unevenly over the turn slots), team sizes
// that are and are not powers of two, more threads than processors. Each
// loop's ordered regions must run in iteration order, every iteration once.
// RUN: %omp-cc %s -o %t
// RUN: for n in 1 2 3 5 8 13; do OMP_NUM_THREADS=$n %run %t; done | FileCheck %s
// CHECK: threads=1 loops=240 out-of-order=0 missing=0
// CHECK: threads=2 loops=240 out-of-order=0 missing=0
// CHECK: threads=3 loops=240 out-of-order=0 missing=0
// CHECK: threads=5 loops=240 out-of-order=0 missing=0
// CHECK: threads=8 loops=240 out-of-order=0 missing=0
// CHECK: threads=13 loops=240 out-of-order=0 missing=0
#include <omp.h>
#include <stdio.h>

enum { LOOPS = 240, N = 97 };

static long last_seen[LOOPS], entered[LOOPS];
static long bad, missing;

static void check_turn(int loop, long i)
{
    /* Inside the ordered region: only one thread at a time is here, and the
     * iterations come in increasing order. */
    if (entered[loop] && last_seen[loop] >= i)
        bad++;
    last_seen[loop] = i;
    entered[loop]++;
}

int main(void)
{
    int threads = 0;
#pragma omp parallel
    {
#pragma omp single
        threads = omp_get_num_threads();
        for (int loop = 0; loop < LOOPS; loop++) {
            switch (loop % 4) {
            case 0:
#pragma omp for ordered schedule(static, 1) nowait
                for (long i = 0; i < N; i++) {
#pragma omp ordered
                    check_turn(loop, i);
                }
                break;
            case 1:
#pragma omp for ordered schedule(dynamic, 3) nowait
                for (long i = 0; i < N; i++) {
#pragma omp ordered
                    check_turn(loop, i);
                }
                break;
            case 2:
#pragma omp for ordered schedule(guided) nowait
                for (long i = 0; i < N; i++) {
#pragma omp ordered
                    check_turn(loop, i);
                }
                break;
            default:
#pragma omp for ordered schedule(static) nowait
                for (long i = 0; i < N; i++) {
                    /* One iteration in three skips its region: the turn
                     * still passes on when the chunk is done. */
                    if (i % 3 != 1) {
#pragma omp ordered
                        check_turn(loop, i);
                    }
                }
                break;
            }
        }
    }
    for (int loop = 0; loop < LOOPS; loop++)
        missing += entered[loop] != (loop % 4 == 3 ? N - N / 3 : N) || last_seen[loop] != N - 1;
    printf("threads=%d loops=%d out-of-order=%ld missing=%ld\n", threads, LOOPS, bad, missing);
    return 0;
}
