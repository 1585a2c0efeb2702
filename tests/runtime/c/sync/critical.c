// Unnamed and named critical constructs: at most one thread inside each (an
// occupancy counter would see two), counters updated inside reach exact
// totals, and a thread wanting a critical section someone holds waits until
// it is left.
// RUN: %omp-cc %s -o %t
// RUN: for n in %threads; do OMP_NUM_THREADS=$n %run %t $n; done | FileCheck %s
// CHECK: threads=1 unnamed=5000 max_inside=1 alpha=5000 max_inside=1 waited_for_release=1
// CHECK: threads=2 unnamed=10000 max_inside=1 alpha=10000 max_inside=1 waited_for_release=1
// CHECK: threads=4 unnamed=20000 max_inside=1 alpha=20000 max_inside=1 waited_for_release=1
// CHECK: threads=8 unnamed=40000 max_inside=1 alpha=40000 max_inside=1 waited_for_release=1
#include <omp.h>
#include <sched.h>
#include <stdio.h>
#include <stdlib.h>

#define ITERATIONS 5000

struct guarded {
    int inside, max_inside;
    long count;
};

static struct guarded unnamed, alpha;

/* Called inside the critical region that guards `g`. */
static void occupy(struct guarded *g, int i)
{
    int now = __atomic_add_fetch(&g->inside, 1, __ATOMIC_RELAXED);
    if (now > g->max_inside)
        g->max_inside = now;
    long value = g->count;
    if (i % 512 == 0)
        sched_yield(); /* give another thread the chance to barge in */
    g->count = value + 1;
    __atomic_sub_fetch(&g->inside, 1, __ATOMIC_RELAXED);
}

int main(int argc, char **argv)
{
    if (argc < 2)
        return 1;
    int expected = atoi(argv[1]), team = 0;

#pragma omp parallel
    {
        if (omp_get_thread_num() == 0)
            team = omp_get_num_threads();
        for (int i = 0; i < ITERATIONS; i++) {
#pragma omp critical
            occupy(&unnamed, i);
#pragma omp critical(alpha)
            occupy(&alpha, i);
        }
    }

    /* Thread 0 holds critical(alpha) until thread 1 has had time to try it;
     * thread 1 must see the release flag thread 0 sets just before leaving. */
    int holding = 0, released = 0, waited_for_release = -1;
#pragma omp parallel num_threads(2)
    {
        if (omp_get_num_threads() != 2)
            abort();
        if (omp_get_thread_num() == 0) {
#pragma omp critical(alpha)
            {
                __atomic_store_n(&holding, 1, __ATOMIC_RELEASE);
                double start = omp_get_wtime();
                while (omp_get_wtime() - start < 0.05)
                    sched_yield();
                __atomic_store_n(&released, 1, __ATOMIC_RELEASE);
            }
        } else {
            while (!__atomic_load_n(&holding, __ATOMIC_ACQUIRE))
                sched_yield();
#pragma omp critical(alpha)
            waited_for_release = __atomic_load_n(&released, __ATOMIC_ACQUIRE);
        }
    }

    if (team != expected)
        return 2;
    printf("threads=%d unnamed=%ld max_inside=%d alpha=%ld max_inside=%d waited_for_release=%d\n",
           team, unnamed.count, unnamed.max_inside, alpha.count, alpha.max_inside,
           waited_for_release);
    return 0;
}
