/* The program `glass trace` is tested on, with a structure the tests count:
 * 3 parallel regions (run with OMP_NUM_THREADS=2), 8 explicit tasks created by
 * one thread in the second region, and an omp_lock_t every thread takes once
 * in the third. The tasks spin briefly so both threads can run some. */
#include <omp.h>
#include <stdio.h>

static void spin(double seconds)
{
    double start = omp_get_wtime();
    while (omp_get_wtime() - start < seconds)
        ;
}

int main(void)
{
    int entered = 0, tasks = 0, locked = 0;
    omp_lock_t lock;
    omp_init_lock(&lock);
#pragma omp parallel
    {
#pragma omp atomic
        entered++;
    }
#pragma omp parallel
    {
#pragma omp single
        for (int t = 0; t < 8; t++) {
#pragma omp task
            {
                spin(0.001);
#pragma omp atomic
                tasks++;
            }
        }
    }
#pragma omp parallel
    {
        omp_set_lock(&lock);
        locked++;
        spin(0.002);
        omp_unset_lock(&lock);
    }
    omp_destroy_lock(&lock);
    int threads = omp_get_max_threads();
    printf("program: entered=%d (expected %d) tasks=%d (expected 8) locked=%d (expected %d)\n", entered, threads,
           tasks, locked, threads);
    return entered == threads && tasks == 8 && locked == threads ? 0 : 1;
}
