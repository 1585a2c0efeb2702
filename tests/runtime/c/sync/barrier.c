// Barriers: every write made before a barrier is visible to every thread after
// it, and 2000 consecutive barriers keep the team in step (no thread gets a
// barrier ahead), in a flat team and in the teams of a nested region.
// RUN: %omp-cc %s -o %t
// RUN: for n in %threads; do OMP_NUM_THREADS=$n %run %t $n; done | FileCheck %s
// RUN: for n in %threads; do OMP_NUM_THREADS=$n,2 %run %t $n; done | FileCheck %s
// CHECK: threads=1 phases=50 stale=0 barriers=2000 out_of_step=0 nested_out_of_step=0
// CHECK: threads=2 phases=50 stale=0 barriers=2000 out_of_step=0 nested_out_of_step=0
// CHECK: threads=4 phases=50 stale=0 barriers=2000 out_of_step=0 nested_out_of_step=0
// CHECK: threads=8 phases=50 stale=0 barriers=2000 out_of_step=0 nested_out_of_step=0
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

#define PHASES 50
#define BARRIERS 2000
#define MAX_THREADS 64

/* Plain (non-atomic) data: only the barrier orders the accesses. */
static long data[MAX_THREADS][16];

/* Each thread counts arrivals before each barrier; right after barrier k the
 * count is at least (k + 1) * n (everyone arrived) and at most (k + 2) * n
 * (nobody can be past the next barrier). */
static int in_step(int *arrivals, int nthreads, int rounds)
{
    int bad = 0;
    for (int k = 0; k < rounds; k++) {
        __atomic_fetch_add(arrivals, 1, __ATOMIC_RELAXED);
#pragma omp barrier
        int seen = __atomic_load_n(arrivals, __ATOMIC_RELAXED);
        if (seen < (k + 1) * nthreads || seen > (k + 2) * nthreads)
            bad++;
    }
    return bad;
}

int main(int argc, char **argv)
{
    if (argc < 2)
        return 1;
    alarm(60); /* a hang fails the test instead of stalling the suite */
    int expected = atoi(argv[1]), team = 0, stale = 0, out_of_step = 0, nested_out_of_step = 0;
    int arrivals = 0;

#pragma omp parallel reduction(+ : stale, out_of_step, nested_out_of_step)
    {
        int me = omp_get_thread_num(), n = omp_get_num_threads();
        if (me == 0)
            team = n;
        if (n > MAX_THREADS)
            abort();
        for (int phase = 0; phase < PHASES; phase++) {
            for (int j = 0; j < 16; j++)
                data[me][j] = phase * 1000 + me * 16 + j;
#pragma omp barrier
            for (int t = 0; t < n; t++)
                for (int j = 0; j < 16; j++)
                    stale += data[t][j] != phase * 1000 + t * 16 + j;
#pragma omp barrier
        }
        out_of_step += in_step(&arrivals, n, BARRIERS);

        /* Each outer thread's inner team has its own barrier. */
        int inner_arrivals = 0;
#pragma omp parallel reduction(+ : nested_out_of_step)
        nested_out_of_step += in_step(&inner_arrivals, omp_get_num_threads(), 200);
    }

    if (team != expected)
        return 2;
    printf("threads=%d phases=%d stale=%d barriers=%d out_of_step=%d nested_out_of_step=%d\n", team,
           PHASES, stale, BARRIERS, out_of_step, nested_out_of_step);
    return 0;
}
