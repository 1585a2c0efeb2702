/* A plain OpenMP program for the tool-loading tests. */
#include <omp.h>
#include <stdio.h>

int main(void)
{
    int sum = 0;
#pragma omp parallel num_threads(2) reduction(+ : sum)
    sum += omp_get_thread_num() + 1;
    printf("program: sum=%d\n", sum);
    return sum != 3;
}
