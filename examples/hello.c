/* A first OpenMP program: a parallel region and a numerical integration. */
#include <omp.h>
#include <stdio.h>
#include <string.h>

static int running_on_glass(void)
{
    FILE *maps = fopen("/proc/self/maps", "r");
    char line[4096];
    int found = 0;
    while (maps && fgets(line, sizeof line, maps))
        if (strstr(line, "libglass.so"))
            found = 1;
    if (maps)
        fclose(maps);
    return found;
}

int main(void)
{
    const long steps = 20000000;
    double sum = 0.0;
    double start = omp_get_wtime();
#pragma omp parallel
    {
        double local = 0.0;
        int me = omp_get_thread_num(), team = omp_get_num_threads();
        for (long i = me; i < steps; i += team) {
            double x = (i + 0.5) / steps;
            local += 4.0 / (1.0 + x * x);
        }
#pragma omp atomic
        sum += local;
    }
    printf("runtime: %s\n", running_on_glass() ? "Glass" : "not Glass");
    printf("threads: %d\n", omp_get_max_threads());
    printf("pi ~= %.12f  (%.3f s)\n", sum / steps, omp_get_wtime() - start);
    return 0;
}
