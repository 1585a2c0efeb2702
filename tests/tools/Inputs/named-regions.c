/* Parallel regions in three named functions that are not inlined (nor left
 * by a tail call, which would make the caller the region's call site), so a
 * profile without source lines still tells them apart by name. */
#include <omp.h>
#include <stdio.h>

#define N 4096
static double grid[N], next[N];
static volatile int sweeps;

__attribute__((noinline)) static void stencil_sweep(void)
{
#pragma omp parallel for
    for (int i = 1; i < N - 1; i++)
        next[i] = (grid[i - 1] + grid[i] + grid[i + 1]) / 3.0;
    sweeps++;
}

__attribute__((noinline)) static double reduce_total(void)
{
    double total = 0;
#pragma omp parallel for reduction(+ : total)
    for (int i = 0; i < N; i++)
        total += next[i];
    return total;
}

__attribute__((noinline)) static int count_threads(void)
{
    int threads = 0;
#pragma omp parallel
#pragma omp atomic
    threads++;
    return threads;
}

int main(void)
{
    for (int i = 0; i < N; i++)
        grid[i] = i % 7;
    double total = 0;
    for (int step = 0; step < 5; step++) {
        stencil_sweep();
        total = reduce_total();
    }
    printf("program: total=%.0f threads=%d\n", total, count_threads());
    return 0;
}
