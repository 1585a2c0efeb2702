// A program linked against the runtime that never calls OpenMP: it loads Glass
// (checked through the loaded objects), runs and exits cleanly with status 0,
// printing nothing on stderr.
// RUN: %omp-cc -fno-openmp %s -o %t -L%libdir -Wl,--no-as-needed -lgomp
// RUN: env OMP_NUM_THREADS=4 %run %t 2> %t.err | FileCheck %s
// RUN: test ! -s %t.err
// CHECK: glass-loaded=1
#define _GNU_SOURCE
#include <link.h>
#include <stdio.h>
#include <string.h>

static int find_glass(struct dl_phdr_info *info, size_t size, void *found)
{
    (void)size;
    if (strstr(info->dlpi_name, "libgomp.so.1") || strstr(info->dlpi_name, "libglass"))
        *(int *)found = strstr(info->dlpi_name, "build") != NULL || strstr(info->dlpi_name, "glass") != NULL;
    return 0;
}

int main(void)
{
    int found = 0;
    dl_iterate_phdr(find_glass, &found);
    printf("glass-loaded=%d\n", found);
    return 0;
}
