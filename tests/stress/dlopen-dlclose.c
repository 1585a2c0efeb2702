// A shared library that uses OpenMP is dlopen'ed, used, dlclose'd, five
// times over, with parallel regions in the program before, between and after.
// RUN: %omp-cc -shared -fPIC %S/Inputs/omp-plugin.c -o %t.so
// RUN: %omp-cc %s -o %t -ldl
// RUN: env OMP_NUM_THREADS=4 timeout 60 %run %t %t.so | FileCheck %s
// CHECK: rounds=5 plugin-ok=1 program-ok=1
#include <dlfcn.h>
#include <omp.h>
#include <stdio.h>

static int program_team_sum(void)
{
    int sum = 0;
#pragma omp parallel num_threads(4) reduction(+ : sum)
    sum += omp_get_thread_num() + 1;
    return sum;
}

int main(int argc, char **argv)
{
    int plugin_ok = argc > 1, program_ok = program_team_sum() == 10;
    for (int round = 0; round < 5 && plugin_ok; round++) {
        void *handle = dlopen(argv[1], RTLD_NOW | RTLD_LOCAL);
        int (*sum)(int) = handle ? (int (*)(int))dlsym(handle, "plugin_team_sum") : NULL;
        if (!sum) {
            printf("dlopen: %s\n", dlerror());
            return 1;
        }
        plugin_ok &= sum(3) == 6 && sum(4) == 10;
        dlclose(handle);
        program_ok &= program_team_sum() == 10;
    }
    printf("rounds=5 plugin-ok=%d program-ok=%d\n", plugin_ok, program_ok);
    return !plugin_ok || !program_ok;
}
