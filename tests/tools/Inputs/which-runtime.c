/* Prints which file provides the OpenMP runtime it runs on, and its arguments:
 * `glass run` must make it Glass's libglass.so. */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <limits.h>
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int main(int argc, char **argv)
{
    Dl_info info;
    char resolved[PATH_MAX] = "?";
    if (dladdr((void *)omp_get_max_threads, &info) && info.dli_fname)
        realpath(info.dli_fname, resolved);
    const char *base = strrchr(resolved, '/');
    printf("runtime: %s\n", base ? base + 1 : resolved);
    for (int i = 1; i < argc; i++)
        printf("arg: %s\n", argv[i]);
    return 0;
}
