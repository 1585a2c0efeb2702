// Worksharing loops over unsigned long long (GOMP_loop_ull_*): every
// schedule, upward and downward, near the top of the range, empty loops, and
// collapse(2) nests. Every iteration runs exactly once; static,chunk deals
// chunks round-robin in thread order.
// RUN: %omp-cc %s -o %t
// RUN: for n in %threads; do OMP_NUM_THREADS=$n %run %t $n; done | FileCheck %s
// CHECK: threads=1 static,4=ok dynamic=ok dynamic,7=ok monotonic:dynamic,2=ok guided=ok guided,5=ok monotonic:guided,3=ok collapse=ok iterations=28688
// CHECK: threads=2 static,4=ok dynamic=ok dynamic,7=ok monotonic:dynamic,2=ok guided=ok guided,5=ok monotonic:guided,3=ok collapse=ok iterations=28688
// CHECK: threads=4 static,4=ok dynamic=ok dynamic,7=ok monotonic:dynamic,2=ok guided=ok guided,5=ok monotonic:guided,3=ok collapse=ok iterations=28688
// CHECK: threads=8 static,4=ok dynamic=ok dynamic,7=ok monotonic:dynamic,2=ok guided=ok guided,5=ok monotonic:guided,3=ok collapse=ok iterations=28688
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define MAX_ITER 2000
#define PRAGMA(x) _Pragma(#x)

typedef unsigned long long ull;

struct shape {
    ull start, end, step;
    int up;
};

static const struct shape shapes[] = {
    {0, 1000, 1, 1},
    {5, 1234, 9, 1},
    {~0ULL - 1500, ~0ULL - 2, 2, 1},
    {1000, 0, 1, 0},
    {~0ULL, ~0ULL - 1001, 7, 0},
    {1ULL << 63, (1ULL << 63) - 500, 3, 0},
    {9, 9, 1, 1},
    {9, 9, 1, 0},
    {0, 2, 1, 1},
};
#define NSHAPES (int)(sizeof shapes / sizeof shapes[0])

static int hits[MAX_ITER];
static int owner[MAX_ITER];
static long total;

static void record(ull index)
{
    if (index >= MAX_ITER)
        abort();
    __atomic_fetch_add(&hits[index], 1, __ATOMIC_RELAXED);
    owner[index] = omp_get_thread_num();
}

static ull trip_count(const struct shape *s)
{
    if (s->up)
        return s->start < s->end ? (s->end - s->start - 1) / s->step + 1 : 0;
    return s->start > s->end ? (s->start - s->end - 1) / s->step + 1 : 0;
}

#define DEFINE_LOOP(name, clause)                                                                      \
    static void name(const struct shape *s)                                                            \
    {                                                                                                  \
        ull start = s->start, end = s->end, step = s->step;                                            \
        if (s->up) {                                                                                   \
            PRAGMA(omp for clause)                                                                     \
            for (ull i = start; i < end; i += step)                                                    \
                record((i - start) / step);                                                            \
        } else {                                                                                       \
            PRAGMA(omp for clause)                                                                     \
            for (ull i = start; i > end; i -= step)                                                    \
                record((start - i) / step);                                                            \
        }                                                                                              \
    }

DEFINE_LOOP(loop_static4, schedule(static, 4))
DEFINE_LOOP(loop_dynamic, schedule(dynamic))
DEFINE_LOOP(loop_dynamic7, schedule(dynamic, 7))
DEFINE_LOOP(loop_m_dynamic2, schedule(monotonic : dynamic, 2))
DEFINE_LOOP(loop_guided, schedule(guided))
DEFINE_LOOP(loop_guided5, schedule(guided, 5))
DEFINE_LOOP(loop_m_guided3, schedule(monotonic : guided, 3))

static int run(void (*loop)(const struct shape *), int round_robin_chunk, int nthreads)
{
    int ok = 1;
    for (int s = 0; s < NSHAPES; s++) {
        memset(hits, 0, sizeof hits);
#pragma omp parallel
        loop(&shapes[s]);
        ull n = trip_count(&shapes[s]);
        for (ull i = 0; i < n; i++) {
            ok &= hits[i] == 1;
            if (round_robin_chunk)
                ok &= owner[i] == (int)((i / round_robin_chunk) % nthreads);
            total += hits[i];
        }
    }
    return ok;
}

/* collapse(2): one iteration space of rows * cols logical iterations. */
static int run_collapse(ull rows, ull cols)
{
    static int cell[60][70];
    memset(cell, 0, sizeof cell);
#pragma omp parallel
    {
#pragma omp for collapse(2) schedule(dynamic, 3)
        for (ull i = 0; i < rows; i++)
            for (ull j = 0; j < cols; j++)
                __atomic_fetch_add(&cell[i][j], 1, __ATOMIC_RELAXED);
#pragma omp for collapse(2) schedule(guided)
        for (ull i = rows; i > 0; i--)
            for (ull j = 0; j < cols; j += 2)
                __atomic_fetch_add(&cell[i - 1][j], 1, __ATOMIC_RELAXED);
    }
    int ok = 1;
    for (ull i = 0; i < rows; i++)
        for (ull j = 0; j < cols; j++) {
            ok &= cell[i][j] == 1 + (j % 2 == 0);
            total += cell[i][j];
        }
    return ok;
}

static const char *verdict(int ok)
{
    return ok ? "ok" : "FAILED";
}

int main(int argc, char **argv)
{
    int nthreads = argc > 1 ? atoi(argv[1]) : 1;
    int static_ok = run(loop_static4, 4, nthreads);
    int dynamic_ok = run(loop_dynamic, 0, nthreads);
    int dynamic7_ok = run(loop_dynamic7, 0, nthreads);
    int m_dynamic_ok = run(loop_m_dynamic2, 0, nthreads);
    int guided_ok = run(loop_guided, 0, nthreads);
    int guided5_ok = run(loop_guided5, 0, nthreads);
    int m_guided_ok = run(loop_m_guided3, 0, nthreads);
    int collapse_ok = run_collapse(60, 70) & run_collapse(0, 70) & run_collapse(1, 1);
    printf("threads=%d static,4=%s dynamic=%s dynamic,7=%s monotonic:dynamic,2=%s guided=%s guided,5=%s "
           "monotonic:guided,3=%s collapse=%s iterations=%ld\n",
           omp_get_max_threads(), verdict(static_ok), verdict(dynamic_ok), verdict(dynamic7_ok),
           verdict(m_dynamic_ok), verdict(guided_ok), verdict(guided5_ok), verdict(m_guided_ok),
           verdict(collapse_ok), total);
    return !(static_ok && dynamic_ok && dynamic7_ok && m_dynamic_ok && guided_ok && guided5_ok && m_guided_ok &&
             collapse_ok);
}
