// Doacross loops (ordered(n) with depend(sink)/depend(source)): a 2-D
// wavefront whose every cell reads its upper and left neighbours, a 1-D
// prefix recurrence, a collapsed nest and an unsigned long long nest, under
// each schedule. Any dependence the runtime fails to honour changes the
// result, which is compared with a sequential computation.
// RUN: %omp-cc %s -o %t
// RUN: for n in %threads; do OMP_NUM_THREADS=$n %run %t $n; done | FileCheck %s
// CHECK: threads=1 static=ok static,2=ok dynamic=ok dynamic,3=ok guided=ok guided,2=ok runtime=ok prefix=ok collapse=ok ull=ok
// CHECK: threads=2 static=ok static,2=ok dynamic=ok dynamic,3=ok guided=ok guided,2=ok runtime=ok prefix=ok collapse=ok ull=ok
// CHECK: threads=4 static=ok static,2=ok dynamic=ok dynamic,3=ok guided=ok guided,2=ok runtime=ok prefix=ok collapse=ok ull=ok
// CHECK: threads=8 static=ok static,2=ok dynamic=ok dynamic,3=ok guided=ok guided,2=ok runtime=ok prefix=ok collapse=ok ull=ok
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#define ROWS 40
#define COLS 30
#define PRAGMA(x) _Pragma(#x)

static unsigned grid[ROWS][COLS], expected[ROWS][COLS];

/* The recurrence; row 0 and column 0 are inputs. */
static unsigned cell(unsigned up, unsigned left, int i, int j)
{
    return up * 3u + left * 7u + (unsigned)(i * 31 + j);
}

/* Uneven work lets threads run ahead unless the dependences hold them. */
static void work(int i, int j)
{
    if ((i * 7 + j) % 23 == 0)
        usleep(50);
}

static void init(unsigned g[ROWS][COLS])
{
    for (int i = 0; i < ROWS; i++)
        for (int j = 0; j < COLS; j++)
            g[i][j] = (i == 0 || j == 0) ? (unsigned)(i * 5 + j * 3 + 1) : 0;
}

static int matches(void)
{
    int ok = !memcmp(grid, expected, sizeof grid);
    init(grid);
    return ok;
}

#define DEFINE_WAVEFRONT(name, clause)                                                                 \
    static int name(void)                                                                              \
    {                                                                                                  \
        _Pragma("omp parallel")                                                                        \
        {                                                                                              \
            PRAGMA(omp for ordered(2) clause)                                                          \
            for (int i = 1; i < ROWS; i++)                                                             \
                for (int j = 1; j < COLS; j++) {                                                       \
                    _Pragma("omp ordered depend(sink : i - 1, j) depend(sink : i, j - 1)")             \
                    work(i, j);                                                                        \
                    grid[i][j] = cell(grid[i - 1][j], grid[i][j - 1], i, j);                           \
                    _Pragma("omp ordered depend(source)")                                              \
                }                                                                                      \
        }                                                                                              \
        return matches();                                                                              \
    }

DEFINE_WAVEFRONT(wave_static, schedule(static))
DEFINE_WAVEFRONT(wave_static2, schedule(static, 2))
DEFINE_WAVEFRONT(wave_dynamic, schedule(dynamic))
DEFINE_WAVEFRONT(wave_dynamic3, schedule(dynamic, 3))
DEFINE_WAVEFRONT(wave_guided, schedule(guided))
DEFINE_WAVEFRONT(wave_guided2, schedule(guided, 2))
DEFINE_WAVEFRONT(wave_runtime, schedule(runtime))

/* x[i] depends on x[i-1] and x[i-3]. */
static int prefix(void)
{
    enum { N = 500 };
    static unsigned x[N], want[N];
    for (int i = 0; i < N; i++)
        x[i] = want[i] = (unsigned)i;
    for (int i = 3; i < N; i++)
        want[i] = want[i] + want[i - 1] * 5u + want[i - 3];
#pragma omp parallel
    {
#pragma omp for ordered(1) schedule(dynamic, 4)
        for (int i = 3; i < N; i++) {
#pragma omp ordered depend(sink : i - 1) depend(sink : i - 3)
            work(i, 0);
            x[i] = x[i] + x[i - 1] * 5u + x[i - 3];
#pragma omp ordered depend(source)
        }
    }
    return !memcmp(x, want, sizeof x);
}

/* collapse(2) of the ordered(2) nest: the worksharing loop covers both. */
static int collapsed(void)
{
#pragma omp parallel
    {
#pragma omp for ordered(2) collapse(2) schedule(dynamic, 5)
        for (int i = 1; i < ROWS; i++)
            for (int j = 1; j < COLS; j++) {
#pragma omp ordered depend(sink : i - 1, j) depend(sink : i, j - 1)
                work(i, j);
                grid[i][j] = cell(grid[i - 1][j], grid[i][j - 1], i, j);
#pragma omp ordered depend(source)
            }
    }
    return matches();
}

static int unsigned_nest(void)
{
#pragma omp parallel
    {
#pragma omp for ordered(2) schedule(guided)
        for (unsigned long long i = 1; i < ROWS; i++)
            for (unsigned long long j = 1; j < COLS; j++) {
#pragma omp ordered depend(sink : i - 1, j) depend(sink : i, j - 1)
                work((int)i, (int)j);
                grid[i][j] = cell(grid[i - 1][j], grid[i][j - 1], (int)i, (int)j);
#pragma omp ordered depend(source)
            }
    }
    return matches();
}

static const char *verdict(int ok)
{
    return ok ? "ok" : "FAILED";
}

int main(int argc, char **argv)
{
    int nthreads = argc > 1 ? atoi(argv[1]) : 1;
    init(expected);
    for (int i = 1; i < ROWS; i++)
        for (int j = 1; j < COLS; j++)
            expected[i][j] = cell(expected[i - 1][j], expected[i][j - 1], i, j);
    init(grid);

    int results[10] = {
        wave_static(), wave_static2(), wave_dynamic(), wave_dynamic3(), wave_guided(),
        wave_guided2(), wave_runtime(), prefix(), collapsed(), unsigned_nest(),
    };
    printf("threads=%d static=%s static,2=%s dynamic=%s dynamic,3=%s guided=%s guided,2=%s runtime=%s prefix=%s "
           "collapse=%s ull=%s\n",
           nthreads, verdict(results[0]), verdict(results[1]), verdict(results[2]), verdict(results[3]),
           verdict(results[4]), verdict(results[5]), verdict(results[6]), verdict(results[7]),
           verdict(results[8]), verdict(results[9]));
    for (int k = 0; k < 10; k++)
        if (!results[k])
            return 1;
    return 0;
}
