/* User API: timing routines (OpenMP 5.1, 3.10). */
#include <time.h>

#include "api.h"

double omp_get_wtime(void)
{
    struct timespec now;
    clock_gettime(CLOCK_MONOTONIC, &now);
    return (double)now.tv_sec + (double)now.tv_nsec * 1e-9;
}

double omp_get_wtick(void)
{
    struct timespec resolution;
    clock_getres(CLOCK_MONOTONIC, &resolution);
    return (double)resolution.tv_sec + (double)resolution.tv_nsec * 1e-9;
}
