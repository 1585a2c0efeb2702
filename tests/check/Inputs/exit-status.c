/* Runs a parallel region, then exits with the status its argument gives:
 * `glass check` must pass the program's own failure through. */
#include <stdio.h>
#include <stdlib.h>

int main(int argc, char **argv)
{
    int n = 0;
#pragma omp parallel num_threads(2)
#pragma omp atomic
    n++;
    printf("threads=%d\n", n);
    return argc > 1 ? atoi(argv[1]) : 0;
}
