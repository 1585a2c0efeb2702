/* Which OpenMP runtime this process runs on: the team size of a parallel
 * region, then the file of every OpenMP runtime mapped into the process (its
 * real path: the alias links resolve to libglass.so). A second runtime beside
 * Glass would show up as its own line. */
#include <omp.h>
#include <stdio.h>
#include <string.h>

static int is_runtime(const char *path)
{
    const char *name = strrchr(path, '/');
    name = name ? name + 1 : path;
    return !strncmp(name, "libglass.so", 11) || !strncmp(name, "libgomp", 7) || !strncmp(name, "libomp.so", 9) ||
           !strncmp(name, "libiomp", 7);
}

int main(void)
{
    int threads = 0;
#pragma omp parallel
#pragma omp single
    threads = omp_get_num_threads();
    printf("threads=%d\n", threads);

    FILE *maps = fopen("/proc/self/maps", "r");
    char line[4096], last[4096] = "";
    while (maps && fgets(line, sizeof line, maps)) {
        char *path = strchr(line, '/');
        if (!path)
            continue;
        path[strcspn(path, "\n")] = '\0';
        /* A library is mapped several times (text, data...), one after another. */
        if (is_runtime(path) && strcmp(path, last)) {
            printf("runtime=%s\n", path);
            snprintf(last, sizeof last, "%s", path);
        }
    }
    if (maps)
        fclose(maps);
    return 0;
}
