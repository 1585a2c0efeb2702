// Clang ABI ordered loops: the ordered regions of a loop run in iteration
// order (__kmpc_ordered inside a dispatched loop, whatever its schedule), and
// doacross loops (__kmpc_doacross_init/wait/post/fini) honour their sink
// dependences, with static and dynamic schedules, 4- and 8-byte iteration
// variables, and with collapse(2) under ordered(3).
// REQUIRES: clang
// RUN: %omp-cc %s -o %t
// RUN: for n in %threads; do OMP_NUM_THREADS=$n %run %t $n; done | FileCheck %s
// CHECK: threads=1 ordered: static=ok static1=ok dynamic=ok guided=ok runtime=ok doacross: static=ok dynamic=ok collapse=ok long=ok
// CHECK: threads=2 ordered: static=ok static1=ok dynamic=ok guided=ok runtime=ok doacross: static=ok dynamic=ok collapse=ok long=ok
// CHECK: threads=4 ordered: static=ok static1=ok dynamic=ok guided=ok runtime=ok doacross: static=ok dynamic=ok collapse=ok long=ok
// CHECK: threads=8 ordered: static=ok static1=ok dynamic=ok guided=ok runtime=ok doacross: static=ok dynamic=ok collapse=ok long=ok
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>

#define N 300
static int seq[N], nseq;

static int in_order(void)
{
    int ok = nseq == N;
    for (int i = 0; i < N && ok; i++)
        ok = seq[i] == i;
    nseq = 0;
    return ok;
}

/* Appends i; only one thread at a time is inside an ordered region. */
static void record(int i)
{
    seq[nseq++] = i;
}

#define M 40
static int grid[M][M];
static long cube[12][12][12];

static int grid_ok(void)
{
    /* grid[i][j] = grid[i-1][j] + grid[i][j-1] with borders 1: binomials. */
    int ok = 1;
    for (int i = 1; i < M; i++)
        for (int j = 1; j < M; j++)
            ok &= grid[i][j] == (grid[i - 1][j] + grid[i][j - 1]) % 1000003;
    return ok;
}

static void reset_grid(void)
{
    for (int i = 0; i < M; i++)
        for (int j = 0; j < M; j++)
            grid[i][j] = (i == 0 || j == 0) ? 1 : -1;
}

static const char *verdict(int ok)
{
    return ok ? "ok" : "FAILED";
}

int main(int argc, char **argv)
{
    int r[9];
#pragma omp parallel
    {
#pragma omp for ordered schedule(static)
        for (int i = 0; i < N; i++) {
#pragma omp ordered
            record(i);
        }
#pragma omp single
        r[0] = in_order();
#pragma omp for ordered schedule(static, 1)
        for (int i = 0; i < N; i++) {
            if (i % 3 == 0)
                continue; /* iterations may skip their ordered region */
#pragma omp ordered
            record(i);
        }
#pragma omp single
        {
            int ok = 1, k = 0;
            for (int i = 0; i < N; i++)
                if (i % 3 != 0)
                    ok &= seq[k++] == i;
            r[1] = ok && k == nseq;
            nseq = 0;
        }
#pragma omp for ordered schedule(dynamic, 4)
        for (int i = 0; i < N; i++) {
#pragma omp ordered
            record(i);
        }
#pragma omp single
        r[2] = in_order();
#pragma omp for ordered schedule(guided)
        for (int i = 0; i < N; i++) {
#pragma omp ordered
            record(i);
        }
#pragma omp single
        r[3] = in_order();
#pragma omp for ordered schedule(runtime)
        for (int i = 0; i < N; i++) {
#pragma omp ordered
            record(i);
        }
#pragma omp single
        r[4] = in_order();
    }

    reset_grid();
#pragma omp parallel for ordered(2) schedule(static)
    for (int i = 1; i < M; i++)
        for (int j = 1; j < M; j++) {
#pragma omp ordered depend(sink : i - 1, j) depend(sink : i, j - 1)
            grid[i][j] = (grid[i - 1][j] + grid[i][j - 1]) % 1000003;
#pragma omp ordered depend(source)
        }
    r[5] = grid_ok();

    reset_grid();
#pragma omp parallel for ordered(2) schedule(dynamic, 3)
    for (int i = 1; i < M; i++)
        for (int j = 1; j < M; j++) {
#pragma omp ordered depend(sink : i - 1, j) depend(sink : i, j - 1)
            grid[i][j] = (grid[i - 1][j] + grid[i][j - 1]) % 1000003;
#pragma omp ordered depend(source)
        }
    r[6] = grid_ok();

    /* collapse(2) ordered(3): each cell needs its predecessor along k and
     * the cell below along i. */
    for (int i = 0; i < 12; i++)
        for (int j = 0; j < 12; j++)
            for (int k = 0; k < 12; k++)
                cube[i][j][k] = (i == 0 || k == 0) ? 1 : -1;
#pragma omp parallel for collapse(2) ordered(3) schedule(dynamic)
    for (int i = 1; i < 12; i++)
        for (int j = 0; j < 12; j++)
            for (int k = 1; k < 12; k++) {
#pragma omp ordered depend(sink : i - 1, j, k) depend(sink : i, j, k - 1)
                cube[i][j][k] = cube[i - 1][j][k] + cube[i][j][k - 1];
#pragma omp ordered depend(source)
            }
    int ok = 1;
    for (int i = 1; i < 12; i++)
        for (int j = 0; j < 12; j++)
            for (int k = 1; k < 12; k++)
                ok &= cube[i][j][k] == cube[i - 1][j][k] + cube[i][j][k - 1];
    r[7] = ok;

    /* A downward 8-byte loop with a step: iteration values are the loop's
     * own in the dependence vectors. */
    static long chain[200];
    chain[199] = 1;
#pragma omp parallel for ordered(1) schedule(static, 2)
    for (long x = 5000000000L + 196; x >= 5000000000L; x -= 2) {
#pragma omp ordered depend(sink : x + 2)
        chain[x - 5000000000L] = chain[x - 5000000000L + 2 + (x == 5000000000L + 196)] + 1;
#pragma omp ordered depend(source)
    }
    r[8] = chain[0] == 100;

    printf("threads=%s ordered: static=%s static1=%s dynamic=%s guided=%s runtime=%s doacross: static=%s "
           "dynamic=%s collapse=%s long=%s\n",
           argv[1], verdict(r[0]), verdict(r[1]), verdict(r[2]), verdict(r[3]), verdict(r[4]), verdict(r[5]),
           verdict(r[6]), verdict(r[7]), verdict(r[8]));
    return argc < 2;
}
