// Worksharing loops over `long` with every schedule, on loops going up and
// down, with strides that do not divide the range, empty loops and loops with
// fewer iterations than threads. Every iteration must run exactly once; the
// static schedules must follow OpenMP 5.1 2.11.4.1 to the letter: without a
// chunk size one contiguous block per thread in thread order (sizes differing
// by at most one, and the same blocks for two loops of the same trip count),
// with a chunk size chunks dealt round-robin in thread order. Dynamic and
// guided chunks hold at least chunk_size iterations except the last.
// RUN: %omp-cc %s -o %t
// RUN: for n in %threads; do OMP_NUM_THREADS=$n %run %t $n; done | FileCheck %s
// CHECK: threads=1 static shapes=10 iterations=2759 ok
// CHECK: threads=1 static,5 shapes=10 iterations=2759 ok
// CHECK: threads=1 dynamic,3 shapes=10 iterations=2759 ok
// CHECK: threads=1 nonmonotonic:dynamic shapes=10 iterations=2759 ok
// CHECK: threads=1 monotonic:dynamic,4 shapes=10 iterations=2759 ok
// CHECK: threads=1 guided,4 shapes=10 iterations=2759 ok
// CHECK: threads=1 monotonic:guided shapes=10 iterations=2759 ok
// CHECK: threads=1 auto shapes=10 iterations=2759 ok
// CHECK: threads=1 same-static-blocks ok
// CHECK: threads=1 outside-parallel ok
// CHECK: threads=2 static shapes=10 iterations=2759 ok
// CHECK: threads=2 static,5 shapes=10 iterations=2759 ok
// CHECK: threads=2 dynamic,3 shapes=10 iterations=2759 ok
// CHECK: threads=2 nonmonotonic:dynamic shapes=10 iterations=2759 ok
// CHECK: threads=2 monotonic:dynamic,4 shapes=10 iterations=2759 ok
// CHECK: threads=2 guided,4 shapes=10 iterations=2759 ok
// CHECK: threads=2 monotonic:guided shapes=10 iterations=2759 ok
// CHECK: threads=2 auto shapes=10 iterations=2759 ok
// CHECK: threads=2 same-static-blocks ok
// CHECK: threads=2 outside-parallel ok
// CHECK: threads=4 static shapes=10 iterations=2759 ok
// CHECK: threads=4 static,5 shapes=10 iterations=2759 ok
// CHECK: threads=4 dynamic,3 shapes=10 iterations=2759 ok
// CHECK: threads=4 nonmonotonic:dynamic shapes=10 iterations=2759 ok
// CHECK: threads=4 monotonic:dynamic,4 shapes=10 iterations=2759 ok
// CHECK: threads=4 guided,4 shapes=10 iterations=2759 ok
// CHECK: threads=4 monotonic:guided shapes=10 iterations=2759 ok
// CHECK: threads=4 auto shapes=10 iterations=2759 ok
// CHECK: threads=4 same-static-blocks ok
// CHECK: threads=4 outside-parallel ok
// CHECK: threads=8 static shapes=10 iterations=2759 ok
// CHECK: threads=8 static,5 shapes=10 iterations=2759 ok
// CHECK: threads=8 dynamic,3 shapes=10 iterations=2759 ok
// CHECK: threads=8 nonmonotonic:dynamic shapes=10 iterations=2759 ok
// CHECK: threads=8 monotonic:dynamic,4 shapes=10 iterations=2759 ok
// CHECK: threads=8 guided,4 shapes=10 iterations=2759 ok
// CHECK: threads=8 monotonic:guided shapes=10 iterations=2759 ok
// CHECK: threads=8 auto shapes=10 iterations=2759 ok
// CHECK: threads=8 same-static-blocks ok
// CHECK: threads=8 outside-parallel ok
#include <limits.h>
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define MAX_ITER 1200
#define PRAGMA(x) _Pragma(#x)

struct shape {
    long start, end, step;
};

/* Up and down, divisible or not, empty both ways, tiny, and near LONG_MAX
 * (start + count * step would overflow there). */
static const struct shape shapes[] = {
    {0, 1000, 1},    {0, 1001, 7},   {-500, 500, 3},           {1000, 0, -1},
    {999, -3, -4},   {5, 5, 1},      {10, 0, 1},               {0, 3, 1},
    {-7, 7, 1},      {LONG_MAX - 100, LONG_MAX - 6, 7},
};
#define NSHAPES (int)(sizeof shapes / sizeof shapes[0])

static int hits[MAX_ITER];
static int owner[MAX_ITER];

static long trip_count(const struct shape *s)
{
    if (s->step > 0)
        return s->start < s->end ? (long)(((unsigned long)s->end - s->start - 1) / s->step + 1) : 0;
    return s->start > s->end ? (long)(((unsigned long)s->start - s->end - 1) / -s->step + 1) : 0;
}

static void record(const struct shape *s, long i)
{
    unsigned long distance = s->step > 0 ? (unsigned long)i - s->start : (unsigned long)s->start - i;
    long index = (long)(distance / (unsigned long)labs(s->step));
    if (index < 0 || index >= MAX_ITER)
        abort();
    __atomic_fetch_add(&hits[index], 1, __ATOMIC_RELAXED);
    owner[index] = omp_get_thread_num();
}

/* One orphaned loop per schedule clause, upward and downward. */
#define DEFINE_LOOP(name, clause)                                                                      \
    static void name(const struct shape *s)                                                            \
    {                                                                                                  \
        long start = s->start, end = s->end, step = s->step;                                           \
        if (step > 0) {                                                                                \
            PRAGMA(omp for clause)                                                                     \
            for (long i = start; i < end; i += step)                                                   \
                record(s, i);                                                                          \
        } else {                                                                                       \
            PRAGMA(omp for clause)                                                                     \
            for (long i = start; i > end; i += step)                                                   \
                record(s, i);                                                                          \
        }                                                                                              \
    }

DEFINE_LOOP(loop_static, schedule(static))
DEFINE_LOOP(loop_static5, schedule(static, 5))
DEFINE_LOOP(loop_dynamic3, schedule(dynamic, 3))
DEFINE_LOOP(loop_nm_dynamic, schedule(nonmonotonic : dynamic))
DEFINE_LOOP(loop_m_dynamic4, schedule(monotonic : dynamic, 4))
DEFINE_LOOP(loop_guided4, schedule(guided, 4))
DEFINE_LOOP(loop_m_guided, schedule(monotonic : guided))
DEFINE_LOOP(loop_auto, schedule(auto))

enum check { ONCE, STATIC_BLOCKS, STATIC_CHUNKS, MIN_CHUNKS };

struct schedule {
    const char *name;
    void (*loop)(const struct shape *);
    enum check check;
    long chunk;
};

static int check_static_blocks(long n, int nthreads)
{
    /* Each thread's iterations: one contiguous block; blocks in thread order. */
    long expected_start = 0, smallest = LONG_MAX, largest = 0;
    for (int t = 0; t < nthreads; t++) {
        long size = 0;
        while (expected_start + size < n && owner[expected_start + size] == t)
            size++;
        expected_start += size;
        if (size < smallest)
            smallest = size;
        if (size > largest)
            largest = size;
    }
    return expected_start == n && largest - smallest <= 1;
}

static int check(const struct schedule *sched, long n, int nthreads)
{
    for (long i = 0; i < n; i++)
        if (hits[i] != 1)
            return 0;
    switch (sched->check) {
    case STATIC_BLOCKS:
        return n == 0 || check_static_blocks(n, nthreads);
    case STATIC_CHUNKS:
        for (long i = 0; i < n; i++)
            if (owner[i] != (i / sched->chunk) % nthreads)
                return 0;
        return 1;
    case MIN_CHUNKS: {
        /* Runs of one owner are one chunk or several: never shorter than the
         * chunk size, except the run that holds the last iteration. */
        long run = 1;
        for (long i = 1; i < n; i++) {
            if (owner[i] == owner[i - 1]) {
                run++;
                continue;
            }
            if (run < sched->chunk)
                return 0;
            run = 1;
        }
        return 1;
    }
    default:
        return 1;
    }
}

int main(int argc, char **argv)
{
    int nthreads = argc > 1 ? atoi(argv[1]) : 1;
    static const struct schedule schedules[] = {
        {"static", loop_static, STATIC_BLOCKS, 0},
        {"static,5", loop_static5, STATIC_CHUNKS, 5},
        {"dynamic,3", loop_dynamic3, MIN_CHUNKS, 3},
        {"nonmonotonic:dynamic", loop_nm_dynamic, ONCE, 1},
        {"monotonic:dynamic,4", loop_m_dynamic4, MIN_CHUNKS, 4},
        {"guided,4", loop_guided4, MIN_CHUNKS, 4},
        {"monotonic:guided", loop_m_guided, ONCE, 1},
        {"auto", loop_auto, ONCE, 0},
    };
    int failed = 0;
    for (unsigned k = 0; k < sizeof schedules / sizeof schedules[0]; k++) {
        long total = 0;
        int ok = 1;
        for (int s = 0; s < NSHAPES; s++) {
            long n = trip_count(&shapes[s]);
            memset(hits, 0, sizeof hits);
            memset(owner, -1, sizeof owner);
            int team = 0;
#pragma omp parallel
            {
#pragma omp master
                team = omp_get_num_threads();
                schedules[k].loop(&shapes[s]);
            }
            if (team != nthreads || !check(&schedules[k], n, nthreads)) {
                printf("threads=%d %s shape %d FAILED\n", nthreads, schedules[k].name, s);
                ok = 0;
            }
            for (long i = 0; i < n; i++)
                total += hits[i];
        }
        printf("threads=%d %s shapes=%d iterations=%ld %s\n", nthreads, schedules[k].name, NSHAPES, total,
               ok ? "ok" : "FAILED");
        failed |= !ok;
    }

    /* schedule(static) must give two loops with the same trip count the same
     * assignment (what makes nowait between them safe). */
    static int first[MAX_ITER], second[MAX_ITER];
    struct shape a = {0, 777, 1}, b = {2000, 446, -2};
    int same = 1;
#pragma omp parallel
    {
        long start = a.start, end = a.end;
#pragma omp for schedule(static) nowait
        for (long i = start; i < end; i++)
            first[i] = omp_get_thread_num();
        start = b.start, end = b.end;
#pragma omp for schedule(static) nowait
        for (long i = start; i > end; i -= 2)
            second[(start - i) / 2] = omp_get_thread_num();
    }
    for (long i = 0; i < trip_count(&a); i++)
        same &= first[i] == second[i];
    printf("threads=%d same-static-blocks %s\n", nthreads, same ? "ok" : "FAILED");

    /* Outside any parallel region a loop binds to the initial thread's team
     * of one: every schedule runs every iteration in that thread. */
    int orphaned = 1;
    for (unsigned k = 0; k < sizeof schedules / sizeof schedules[0]; k++)
        for (int s = 0; s < NSHAPES; s++) {
            memset(hits, 0, sizeof hits);
            memset(owner, -1, sizeof owner);
            schedules[k].loop(&shapes[s]);
            long n = trip_count(&shapes[s]);
            for (long i = 0; i < n; i++)
                orphaned &= hits[i] == 1 && owner[i] == 0;
        }
    printf("threads=%d outside-parallel %s\n", nthreads, orphaned ? "ok" : "FAILED");
    return failed || !same || !orphaned;
}
