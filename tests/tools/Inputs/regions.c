/* The program `glass profile` is tested on: a balanced region called 3 times,
 * a region where thread 0 does all the work (2 calls, imbalance = team size),
 * 10 explicit tasks, and a critical section all threads contend for. Run with
 * OMP_NUM_THREADS=2. Line numbers are checked by the tests: keep them. */
#include <omp.h>
#include <stdio.h>

static double spin(double seconds)
{
    double start = omp_get_wtime(), x = 0.0;
    while (omp_get_wtime() - start < seconds)
        x += 1e-9;
    return x;
}

int main(void)
{
    int balanced = 0, tasks = 0, entered = 0; volatile int two = 2, three = 3, ten = 10; /* no unrolled call sites */
    for (int call = 0; call < three; call++) {
#pragma omp parallel reduction(+ : balanced)
        balanced += spin(0.01) > 0;
    }
    for (int call = 0; call < two; call++) {
#pragma omp parallel
        {
            if (omp_get_thread_num() == 0)
                spin(0.2);
        }
    }
#pragma omp parallel
    {
#pragma omp single
        for (int t = 0; t < ten; t++) {
#pragma omp task
            {
                spin(0.002);
#pragma omp atomic
                tasks++;
            }
        }
#pragma omp critical(contended)
        {
            entered++;
            spin(0.02);
        }
    }
    int threads = omp_get_max_threads();
    printf("program: balanced=%d (expected %d) tasks=%d (expected 10) entered=%d (expected %d)\n", balanced,
           3 * threads, tasks, entered, threads);
    return balanced == 3 * threads && tasks == 10 && entered == threads ? 0 : 1;
}
