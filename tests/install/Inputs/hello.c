#include <omp.h>
#include <stdio.h>
#include <string.h>

int main(void)
{
    int threads = 0;
#pragma omp parallel
#pragma omp single
    threads = omp_get_num_threads();
    FILE *maps = fopen("/proc/self/maps", "r");
    char line[4096];
    int glass = 0;
    while (maps && fgets(line, sizeof line, maps))
        glass |= strstr(line, "libglass.so") != NULL;
    printf("threads=%d runtime=%s\n", threads, glass ? "glass" : "other");
    return 0;
}
