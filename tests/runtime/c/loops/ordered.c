// The ordered construct: ordered regions run in iteration order under every
// schedule, for long and unsigned long long loops going up and down, also
// when some iterations skip their ordered region, and output printed from
// ordered regions comes out in order.
// RUN: %omp-cc %s -o %t
// RUN: for n in %threads; do OMP_NUM_THREADS=$n %run %t $n; done | FileCheck %s
// CHECK: threads=1 printed: 0 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18 19
// CHECK: threads=1 static=ok static,3=ok dynamic=ok dynamic,4=ok guided=ok guided,3=ok runtime=ok ull=ok skipping=ok nowait=ok entries=2492
// CHECK: threads=2 printed: 0 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18 19
// CHECK: threads=2 static=ok static,3=ok dynamic=ok dynamic,4=ok guided=ok guided,3=ok runtime=ok ull=ok skipping=ok nowait=ok entries=2492
// CHECK: threads=4 printed: 0 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18 19
// CHECK: threads=4 static=ok static,3=ok dynamic=ok dynamic,4=ok guided=ok guided,3=ok runtime=ok ull=ok skipping=ok nowait=ok entries=2492
// CHECK: threads=8 printed: 0 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18 19
// CHECK: threads=8 static=ok static,3=ok dynamic=ok dynamic,4=ok guided=ok guided,3=ok runtime=ok ull=ok skipping=ok nowait=ok entries=2492
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

#define MAX_LOG 1000
#define PRAGMA(x) _Pragma(#x)

static long log_values[MAX_LOG];
static int log_length;
static long entries;

/* Runs inside ordered regions only, so no other thread touches the log. */
static void append(long value)
{
    if (log_length < MAX_LOG)
        log_values[log_length] = value;
    log_length++;
    entries++;
}

/* Unequal work outside the ordered region shuffles which thread gets there
 * first. */
static void work(long i)
{
    if (i % 17 == 3)
        usleep(200);
}

static int log_is(long first, long step, long count)
{
    int ok = log_length == count;
    for (long k = 0; ok && k < count; k++)
        ok = log_values[k] == first + k * step;
    log_length = 0;
    return ok;
}

#define DEFINE_LOOP(name, clause)                                                                      \
    static int name(long start, long end, long step)                                                   \
    {                                                                                                  \
        _Pragma("omp parallel")                                                                        \
        {                                                                                              \
            if (step > 0) {                                                                            \
                PRAGMA(omp for ordered clause)                                                         \
                for (long i = start; i < end; i += step) {                                             \
                    work(i);                                                                           \
                    _Pragma("omp ordered") append(i);                                                  \
                }                                                                                      \
            } else {                                                                                   \
                PRAGMA(omp for ordered clause)                                                         \
                for (long i = start; i > end; i += step) {                                             \
                    work(i);                                                                           \
                    _Pragma("omp ordered") append(i);                                                  \
                }                                                                                      \
            }                                                                                          \
        }                                                                                              \
        long count = step > 0 ? (end > start ? (end - start + step - 1) / step : 0)                    \
                              : (start > end ? (start - end - step - 1) / -step : 0);                  \
        return log_is(start, step, count);                                                             \
    }

DEFINE_LOOP(ordered_static, schedule(static))
DEFINE_LOOP(ordered_static3, schedule(static, 3))
DEFINE_LOOP(ordered_dynamic, schedule(dynamic))
DEFINE_LOOP(ordered_dynamic4, schedule(dynamic, 4))
DEFINE_LOOP(ordered_guided, schedule(guided))
DEFINE_LOOP(ordered_guided3, schedule(guided, 3))
DEFINE_LOOP(ordered_runtime, schedule(runtime))

static int run(int (*loop)(long, long, long))
{
    return loop(0, 200, 1) & loop(150, -50, -3) & loop(7, 7, 1) & loop(0, 3, 1) & loop(-100, 101, 7);
}

static int run_ull(void)
{
    unsigned long long top = ~0ULL, start = top - 5, stop = top - 300;
#pragma omp parallel
    {
#pragma omp for ordered schedule(dynamic, 2)
        for (unsigned long long i = start; i > stop; i -= 3) {
            work((long)(i % 1000));
#pragma omp ordered
            append((long)(top - i));
        }
    }
    return log_is(5, 3, 99);
}

/* Only every third iteration enters its ordered region. */
static int run_skipping(void)
{
#pragma omp parallel
    {
#pragma omp for ordered schedule(dynamic, 2)
        for (long i = 0; i < 300; i++) {
            work(i);
            if (i % 3 == 0) {
#pragma omp ordered
                append(i);
            }
        }
    }
    return log_is(0, 3, 100);
}

/* Ordered loops back to back without waiting for each other. */
static int run_nowait(void)
{
    static long second[100];
    static int second_length;
    int first_ok;
#pragma omp parallel
    {
#pragma omp for ordered schedule(static, 2) nowait
        for (long i = 0; i < 100; i++) {
            work(i);
#pragma omp ordered
            append(i);
        }
#pragma omp for ordered schedule(dynamic) nowait
        for (long i = 0; i < 100; i++) {
            work(i + 5);
#pragma omp ordered
            second[second_length++] = i;
        }
    }
    first_ok = log_is(0, 1, 100);
    int ok = first_ok && second_length == 100;
    for (int k = 0; ok && k < 100; k++)
        ok = second[k] == k;
    entries += second_length;
    return ok;
}

static const char *verdict(int ok)
{
    return ok ? "ok" : "FAILED";
}

int main(int argc, char **argv)
{
    int nthreads = argc > 1 ? atoi(argv[1]) : 1;
    printf("threads=%d printed:", nthreads);
#pragma omp parallel for ordered schedule(dynamic)
    for (int i = 0; i < 20; i++) {
        work(i);
#pragma omp ordered
        printf(" %d", i);
    }
    printf("\n");

    int results[10] = {
        run(ordered_static), run(ordered_static3), run(ordered_dynamic), run(ordered_dynamic4),
        run(ordered_guided), run(ordered_guided3), run(ordered_runtime), run_ull(), run_skipping(),
        run_nowait(),
    };
    printf("threads=%d static=%s static,3=%s dynamic=%s dynamic,4=%s guided=%s guided,3=%s runtime=%s ull=%s "
           "skipping=%s nowait=%s entries=%ld\n",
           nthreads, verdict(results[0]), verdict(results[1]), verdict(results[2]), verdict(results[3]),
           verdict(results[4]), verdict(results[5]), verdict(results[6]), verdict(results[7]),
           verdict(results[8]), verdict(results[9]), entries);
    for (int k = 0; k < 10; k++)
        if (!results[k])
            return 1;
    return 0;
}
