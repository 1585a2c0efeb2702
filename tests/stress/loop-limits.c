// Every schedule (static, static with chunks, dynamic, guided, auto, runtime,
// nonmonotonic) on loops whose bounds sit at the integer limits: LONG_MIN and
// LONG_MAX, negative strides, a stride of ULLONG_MAX/16, unsigned long long up to ULLONG_MAX, int loops at INT_MIN and INT_MAX,
// and empty loops. Each iteration records itself; the recorded set must equal
// the sequential iteration space (computed in 128-bit arithmetic) exactly once
// each. The runtime schedule is run under several OMP_SCHEDULE values.
// Left out on purpose: loops whose span or last increment overflows the loop's
// type (huge strides reaching a limit, signed spans above the type's maximum);
// GCC computes trip counts and chunk ends in that type, and the system libgomp
// hangs or miscounts on them too, so they are beyond the GCC ABI.
// RUN: %omp-cc %s -o %t
// RUN: for n in %threads; do OMP_NUM_THREADS=$n %run %t; done | FileCheck %s
// RUN: for s in static static,1 dynamic,3 guided,7 auto nonmonotonic:dynamic,2 monotonic:guided; do OMP_SCHEDULE=$s OMP_NUM_THREADS=3 %run %t; done | FileCheck %s
// CHECK-NOT: error:
// CHECK: loops={{[0-9]+}} errors=0
#include <limits.h>
#include <omp.h>
#include <stdio.h>
#include <string.h>

#define MAX_TRIPS 4096
static int hits[MAX_TRIPS];
static int stray; /* iterations outside the iteration space */
static int loops, errors;

#define PRAGMA(...) _Pragma(#__VA_ARGS__)

/* Iteration number of value i: (i - lo) / step in the unsigned type, which is
 * exact for every value in the iteration space. */
#define RECORD(UT, i, lo, up, step)                                                                   \
    do {                                                                                              \
        UT distance_ = up ? (UT)(i) - (UT)(lo) : (UT)(lo) - (UT)(i);                                  \
        UT k_ = distance_ / (UT)(step);                                                               \
        if (distance_ % (UT)(step) != 0 || k_ >= MAX_TRIPS) {                                         \
            _Pragma("omp atomic") stray++;                                                            \
        } else {                                                                                      \
            _Pragma("omp atomic") hits[k_]++;                                                         \
        }                                                                                             \
    } while (0)

static void verify(const char *name, const char *schedule, __int128 trips)
{
    int bad = stray != 0 || trips > MAX_TRIPS;
    for (long k = 0; k < MAX_TRIPS; k++)
        if (hits[k] != (k < trips ? 1 : 0))
            bad = 1;
    loops++;
    if (bad) {
        errors++;
        long got = 0;
        for (long k = 0; k < MAX_TRIPS; k++)
            got += hits[k];
        printf("error: %s schedule(%s) threads=%d: expected %ld iterations, got %ld (stray %d)\n", name,
               schedule, omp_get_max_threads(), (long)trips, got, stray);
    }
    memset(hits, 0, sizeof hits);
    stray = 0;
}

/* Trip count of for (i = lo; i < hi (up) or i > hi; i +/-= step). */
static __int128 trip_count(__int128 lo, __int128 hi, int up, __int128 step)
{
    __int128 span = up ? hi - lo : lo - hi;
    return span <= 0 ? 0 : (span + step - 1) / step;
}

/* One loop under one schedule: `inc` is the increment expression. */
#define ONE(name, T, UT, lo, hi, up, cmp, inc, step, ...)                                             \
    do {                                                                                              \
        PRAGMA(omp parallel for schedule(__VA_ARGS__))                                                \
        for (T i = (lo); i cmp (hi); inc)                                                             \
            RECORD(UT, i, lo, up, step);                                                              \
        verify(name, #__VA_ARGS__, trip_count((__int128)(lo), (__int128)(hi), up, (__int128)(step))); \
    } while (0)

#define ALL(name, T, UT, lo, hi, up, cmp, inc, step)                                                  \
    do {                                                                                              \
        ONE(name, T, UT, lo, hi, up, cmp, inc, step, static);                                         \
        ONE(name, T, UT, lo, hi, up, cmp, inc, step, static, 1);                                      \
        ONE(name, T, UT, lo, hi, up, cmp, inc, step, static, 7);                                      \
        ONE(name, T, UT, lo, hi, up, cmp, inc, step, dynamic);                                        \
        ONE(name, T, UT, lo, hi, up, cmp, inc, step, dynamic, 3);                                     \
        ONE(name, T, UT, lo, hi, up, cmp, inc, step, guided);                                         \
        ONE(name, T, UT, lo, hi, up, cmp, inc, step, guided, 5);                                      \
        ONE(name, T, UT, lo, hi, up, cmp, inc, step, auto);                                           \
        ONE(name, T, UT, lo, hi, up, cmp, inc, step, runtime);                                        \
        ONE(name, T, UT, lo, hi, up, cmp, inc, step, nonmonotonic : dynamic, 2);                      \
        ONE(name, T, UT, lo, hi, up, cmp, inc, step, monotonic : dynamic);                            \
        ONE(name, T, UT, lo, hi, up, cmp, inc, step, nonmonotonic : guided, 4);                       \
    } while (0)

typedef unsigned long long ull;
typedef unsigned long ul;
typedef unsigned int ui;

int main(void)
{
    const ull ubig = ULLONG_MAX / 16 + 1;
    /* Near the bottom and the top of long, both directions. */
    ALL("long LONG_MIN up", long, ul, LONG_MIN, LONG_MIN + 1000, 1, <, i++, 1);
    ALL("long LONG_MAX down", long, ul, LONG_MAX, LONG_MAX - 1000, 0, >, i--, 1);
    ALL("long to LONG_MAX", long, ul, LONG_MAX - 999, LONG_MAX, 1, <, i++, 1);
    ALL("long down to LONG_MIN", long, ul, LONG_MIN + 999, LONG_MIN, 0, >, i--, 1);
    /* unsigned long long up to and down from ULLONG_MAX. */
    ALL("ull to ULLONG_MAX", ull, ull, ULLONG_MAX - 1000, ULLONG_MAX, 1, <, i++, 1);
    ALL("ull down from ULLONG_MAX", ull, ull, ULLONG_MAX, ULLONG_MAX - 1000, 0, >, i--, 1);
    ALL("ull down to ubig", ull, ull, ULLONG_MAX, ubig - 1, 0, >, i -= ubig, ubig);
    /* int at its limits, and unsigned int up to UINT_MAX. */
    ALL("int from INT_MIN", int, ui, INT_MIN, INT_MIN + 777, 1, <, i += 2, 2);
    ALL("int down from INT_MAX", int, ui, INT_MAX, INT_MAX - 777, 0, >, i -= 3, 3);
    ALL("uint to UINT_MAX", ui, ui, UINT_MAX - 500, UINT_MAX, 1, <, i++, 1);
    /* Empty loops, one with both bounds at the limit. */
    ALL("long empty equal", long, ul, 5, 5, 1, <, i++, 1);
    ALL("ull empty at max", ull, ull, ULLONG_MAX, ULLONG_MAX, 1, <, i++, 1);
    printf("loops=%d errors=%d\n", loops, errors);
    return errors != 0;
}
