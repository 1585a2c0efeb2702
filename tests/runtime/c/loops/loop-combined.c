// Combined parallel loops with constant bounds, which GCC compiles to
// GOMP_parallel_loop_* (the runtime sets the loop up before the team runs),
// with num_threads, if(0) and nested (inactive) regions, and back-to-back
// regions that reuse the team. Every iteration runs exactly once.
// RUN: %omp-cc %s -o %t
// RUN: for n in %threads; do OMP_NUM_THREADS=$n %run %t $n; done | FileCheck %s
// CHECK: threads=1 dynamic=ok monotonic:dynamic=ok guided=ok monotonic:guided=ok num_threads=ok if0=ok nested=ok repeated=ok
// CHECK: threads=2 dynamic=ok monotonic:dynamic=ok guided=ok monotonic:guided=ok num_threads=ok if0=ok nested=ok repeated=ok
// CHECK: threads=4 dynamic=ok monotonic:dynamic=ok guided=ok monotonic:guided=ok num_threads=ok if0=ok nested=ok repeated=ok
// CHECK: threads=8 dynamic=ok monotonic:dynamic=ok guided=ok monotonic:guided=ok num_threads=ok if0=ok nested=ok repeated=ok
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define N 1000

static int hits[N];
static int team_sizes[N];

static void hit(int i)
{
    if (i < 0 || i >= N)
        abort();
    __atomic_fetch_add(&hits[i], 1, __ATOMIC_RELAXED);
    team_sizes[i] = omp_get_num_threads();
}

static int all_once(int n, int team)
{
    for (int i = 0; i < n; i++)
        if (hits[i] != 1 || team_sizes[i] != team)
            return 0;
    for (int i = n; i < N; i++)
        if (hits[i] != 0)
            return 0;
    memset(hits, 0, sizeof hits);
    return 1;
}

static const char *verdict(int ok)
{
    return ok ? "ok" : "FAILED";
}

int main(int argc, char **argv)
{
    int nthreads = argc > 1 ? atoi(argv[1]) : 1;

#pragma omp parallel for schedule(dynamic, 3)
    for (int i = 0; i < N; i++)
        hit(i);
    int dynamic_ok = all_once(N, nthreads);

#pragma omp parallel for schedule(monotonic : dynamic)
    for (int i = N - 1; i >= 0; i -= 2)
        hit(i);
    int m_dynamic_ok = 1;
    for (int i = 0; i < N; i++)
        m_dynamic_ok &= hits[i] == (i % 2 == 1);
    memset(hits, 0, sizeof hits);

#pragma omp parallel for schedule(guided, 4)
    for (long i = -300; i < 600; i++)
        hit((int)(i + 300));
    int guided_ok = all_once(900, nthreads);

#pragma omp parallel for schedule(monotonic : guided)
    for (int i = 997; i > 0; i -= 1)
        hit(i - 1);
    int m_guided_ok = all_once(997, nthreads);

#pragma omp parallel for schedule(dynamic) num_threads(3)
    for (int i = 0; i < 500; i++)
        hit(i);
    int num_threads_ok = all_once(500, 3);

    int never = argc > 5;
#pragma omp parallel for schedule(guided) if (never)
    for (int i = 0; i < 700; i++)
        hit(i);
    int if0_ok = all_once(700, 1);

    /* Inner combined loops run in teams of one (nesting is inactive). */
    static int inner_hits[8][100];
    memset(inner_hits, 0, sizeof inner_hits);
#pragma omp parallel
    {
        int t = omp_get_thread_num();
#pragma omp parallel for schedule(dynamic, 7)
        for (int i = 0; i < 100; i++)
            inner_hits[t][i] += omp_get_num_threads();
    }
    int nested_ok = 1;
    for (int t = 0; t < 8; t++)
        for (int i = 0; i < 100; i++)
            nested_ok &= inner_hits[t][i] == (t < nthreads);

    int repeated_ok = 1;
    for (int round = 0; round < 200; round++) {
#pragma omp parallel for schedule(dynamic, 2)
        for (int i = 0; i < 64; i++)
            hit(i);
        repeated_ok &= all_once(64, nthreads);
    }

    printf("threads=%d dynamic=%s monotonic:dynamic=%s guided=%s monotonic:guided=%s num_threads=%s if0=%s "
           "nested=%s repeated=%s\n",
           nthreads, verdict(dynamic_ok), verdict(m_dynamic_ok), verdict(guided_ok), verdict(m_guided_ok),
           verdict(num_threads_ok), verdict(if0_ok), verdict(nested_ok), verdict(repeated_ok));
    return !(dynamic_ok && m_dynamic_ok && guided_ok && m_guided_ok && num_threads_ok && if0_ok && nested_ok &&
             repeated_ok);
}
