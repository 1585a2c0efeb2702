// Clang ABI cancellation (__kmpc_cancel, __kmpc_cancellationpoint,
// __kmpc_cancel_barrier): a cancelled loop stops handing out work to threads
// that reach a cancellation point, threads that leave a dispatched loop early
// leave its worksharing construct (twenty more loops run afterwards without
// hanging), a cancelled parallel region skips the rest of the region, and
// with cancel-var false nothing is cancelled.
// REQUIRES: clang
// RUN: %omp-cc %s -o %t
// RUN: for n in %threads; do OMP_CANCELLATION=true OMP_NUM_THREADS=$n %run %t 1; done | FileCheck %s --check-prefix=ON
// RUN: for n in %threads; do OMP_NUM_THREADS=$n %run %t 0; done | FileCheck %s --check-prefix=OFF
// ON-COUNT-4: cancellation=1 loop-dynamic=ok loop-static=ok after=ok parallel=ok
// OFF-COUNT-4: cancellation=0 loop-dynamic=ok loop-static=ok after=ok parallel=ok
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>

#define N 100000

static const char *verdict(int ok)
{
    return ok ? "ok" : "FAILED";
}

int main(int argc, char **argv)
{
    int on = atoi(argv[1]);
    int dynamic_runs = 0, static_runs = 0, after_ok = 1, parallel_after = 0;
    static int local;
#pragma omp parallel
    {
#pragma omp for schedule(dynamic, 1)
        for (int i = 0; i < N; i++) {
            int runs;
#pragma omp atomic capture
            runs = ++dynamic_runs;
            /* The tenth iteration to run, whichever it is: a nonmonotonic
             * schedule may run iteration 10 itself late (a thread that holds
             * it can be descheduled while the others work through theirs). */
            if (runs == 10) {
#pragma omp cancel for
            }
#pragma omp cancellation point for
        }
#pragma omp for schedule(static)
        for (int i = 0; i < N; i++) {
#pragma omp atomic
            static_runs++;
#pragma omp cancel for if (i % 1000 == 5)
        }
        /* More worksharing constructs than the ring has slots. */
        for (int round = 0; round < 20; round++) {
#pragma omp single
            local = 0;
#pragma omp for schedule(dynamic, 4) reduction(+ : local)
            for (int i = 0; i < 40; i++)
                local += 1;
            if (local != 40) {
#pragma omp atomic write
                after_ok = 0;
            }
#pragma omp barrier
        }
    }
#pragma omp parallel
    {
        if (omp_get_thread_num() == 0) {
#pragma omp cancel parallel
        }
#pragma omp barrier
#pragma omp atomic
        parallel_after++;
    }
    int n = omp_get_max_threads();
    /* Cancelled: far fewer iterations than the loop has (each thread stops
     * at its next cancellation point); not cancelled: all of them. */
    int dynamic_ok = on ? dynamic_runs < N / 2 : dynamic_runs == N;
    int static_ok = on ? static_runs < N : static_runs == N;
    int parallel_ok = on ? parallel_after < n || n == 1 : parallel_after == n;
    if (on && n == 1)
        parallel_ok = parallel_after == 0;
    printf("cancellation=%d loop-dynamic=%s loop-static=%s after=%s parallel=%s\n", omp_get_cancellation(),
           verdict(dynamic_ok), verdict(static_ok), verdict(after_ok), verdict(parallel_ok));
    return 0;
}
