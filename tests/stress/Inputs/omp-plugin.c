/* A shared library that uses OpenMP, for dlopen-dlclose.c. */
#include <omp.h>

int plugin_team_sum(int threads)
{
    int sum = 0;
#pragma omp parallel num_threads(threads) reduction(+ : sum)
    sum += omp_get_thread_num() + 1;
    return sum;
}
