// The test harness really runs programs on Glass: a program linked against the
// system libgomp maps libglass.so, not the system library.
// REQUIRES: gcc
// RUN: %gcc-omp %s -o %t && %run %t | FileCheck %s
// CHECK: runtime: libglass.so
#include <omp.h>
#include <stdio.h>
#include <string.h>

int main(void)
{
    int threads = 0;
#pragma omp parallel
    {
#pragma omp atomic
        threads++;
    }
    FILE *maps = fopen("/proc/self/maps", "r");
    char line[4096];
    int glass = 0, gomp = 0;
    while (fgets(line, sizeof line, maps)) {
        if (strstr(line, "libglass.so")) glass = 1;
        if (strstr(line, "/libgomp.so")) gomp = 1;
    }
    printf("runtime: %s\n", glass && !gomp ? "libglass.so" : "other");
    return threads < 1;
}
