/* The delay body, its calibration and the clock. */
#include "bench.h"

#include <time.h>

double bench_now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

__attribute__((noinline)) void delay(long loops)
{
    unsigned long acc = 0;
    for (long i = 0; i < loops; i++) {
        acc += (unsigned long)i;
        /* Makes acc opaque, so the loop can be neither folded nor vectorised. */
        __asm__ volatile("" : "+r"(acc));
    }
}

double delay_loops_per_us(void)
{
    const long loops = 1L << 20;
    double best = 1e30;
    /* The fastest of several runs: the others were interrupted or ran before
     * the clock frequency ramped up. */
    for (int i = 0; i < 7; i++) {
        double t0 = bench_now();
        delay(loops);
        double t = bench_now() - t0;
        if (t < best)
            best = t;
    }
    return (double)loops / (best * 1e6);
}
