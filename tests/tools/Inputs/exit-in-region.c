/* Thread 0 calls exit() inside a parallel region while the other threads are
 * still busy in it: the trace must still be written, with the open regions
 * closed. Run with OMP_NUM_THREADS=2. */
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>

int main(void)
{
#pragma omp parallel
    {
#pragma omp barrier
        if (omp_get_thread_num() == 0) {
            printf("exit inside the region\n");
            fflush(stdout);
            exit(0);
        }
        double start = omp_get_wtime();
        while (omp_get_wtime() - start < 2.0)
            ;
    }
    return 1;
}
