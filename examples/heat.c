/* heat: a small 2D heat-diffusion simulation to try `glass profile` on.
 *
 *   ./scripts/demo.sh          builds Glass and profiles this program
 *   glass profile ./heat       the same by hand (gcc -fopenmp -O2 -g heat.c -o heat)
 *   glass profile --html heat.html ./heat   the same as a page with a timeline
 *   glass trace -o heat-trace ./heat        a Perfetto trace (+ an OTF2 archive
 *                              when built with OTF2): open heat-trace/trace.pftrace in ui.perfetto.dev
 *   glass report --html heat.html heat-trace  the profile of that trace, offline
 *
 * Each step has the four shapes a profile should tell apart:
 *   - relax():    a balanced Jacobi stencil (parallel for, static schedule)
 *   - sources():  heaters whose cost grows with the row, under a static
 *                 schedule: the last thread gets most of the work (imbalance)
 *   - hot_spots(): one task per block of rows finds the block's hottest cell,
 *                 and a lock-protected list gathers the hot blocks
 *   - total_heat(): a reduction over the grid */
#include <math.h>
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>

#define N 384
#define STEPS 300
#define BLOCK 16

static double grid[N][N], next[N][N];

static void relax(void)
{
#pragma omp parallel for schedule(static)
    for (int i = 1; i < N - 1; i++)
        for (int j = 1; j < N - 1; j++)
            next[i][j] = 0.25 * (grid[i - 1][j] + grid[i + 1][j] + grid[i][j - 1] + grid[i][j + 1]);
#pragma omp parallel for schedule(static)
    for (int i = 1; i < N - 1; i++)
        for (int j = 1; j < N - 1; j++)
            grid[i][j] = next[i][j];
}

/* Row i's heater costs i iterations: deliberately imbalanced under schedule(static). */
static void sources(int step)
{
#pragma omp parallel for schedule(static)
    for (int i = 1; i < N - 1; i++) {
        double heat = 0.0;
        for (int k = 0; k < i; k++)
            heat += sin(0.001 * (k + step)) * 1e-4;
        grid[i][N / 2] += fabs(heat);
    }
}

static int hot_blocks[N / BLOCK], hot_count;
static omp_lock_t hot_lock;

static void hot_spots(double threshold)
{
    hot_count = 0;
#pragma omp parallel
#pragma omp single
    for (int b = 0; b < N / BLOCK; b++) {
#pragma omp task firstprivate(b)
        {
            double hottest = 0.0;
            for (int i = b * BLOCK; i < (b + 1) * BLOCK; i++)
                for (int j = 0; j < N; j++)
                    hottest = fmax(hottest, grid[i][j]);
            if (hottest > threshold) {
                omp_set_lock(&hot_lock);
                hot_blocks[hot_count++] = b;
                omp_unset_lock(&hot_lock);
            }
        }
    }
}

static double total_heat(void)
{
    double sum = 0.0;
#pragma omp parallel for reduction(+ : sum)
    for (int i = 0; i < N; i++)
        for (int j = 0; j < N; j++)
            sum += grid[i][j];
    return sum;
}

int main(int argc, char **argv)
{
    /* The number of steps may be given (the tests take fewer). */
    int steps = argc > 1 ? atoi(argv[1]) : STEPS;
    if (steps < 1) {
        fprintf(stderr, "heat: the number of steps must be a positive integer, not '%s'\n", argv[1]);
        return 2;
    }
    omp_init_lock(&hot_lock);
    for (int j = 0; j < N; j++)
        grid[0][j] = 100.0; /* a hot top edge */
    double heat = 0.0;
    for (int step = 0; step < steps; step++) {
        relax();
        sources(step);
        if (step % 10 == 0)
            hot_spots(1.0);
        heat = total_heat();
    }
    omp_destroy_lock(&hot_lock);
    printf("heat: %d steps on a %dx%d grid with %d threads: total heat %.3f, %d hot blocks\n", steps, N, N,
           omp_get_max_threads(), heat, hot_count);
    return 0;
}
