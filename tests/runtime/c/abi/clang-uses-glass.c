// A clang-compiled program runs on Glass: libomp.so.5 resolves to
// libglass.so through the library path, and LLVM's own libomp is not mapped.
// It also gets its __kmpc_* and omp_* symbols at libomp's version VERSION.
// REQUIRES: clang
// RUN: %omp-cc %s -o %t && %run %t | FileCheck %s
// RUN: objdump -T %t | FileCheck %s --check-prefix=SYMBOLS
// CHECK: runtime: libglass.so, threads ok
// SYMBOLS-DAG: (VERSION) {{ *}}__kmpc_fork_call
// SYMBOLS-DAG: (VERSION) {{ *}}omp_get_thread_num
#include <omp.h>
#include <stdio.h>
#include <string.h>

int main(void)
{
    int threads = 0;
#pragma omp parallel num_threads(3)
    {
#pragma omp atomic
        threads += omp_get_thread_num() + 1;
    }
    FILE *maps = fopen("/proc/self/maps", "r");
    char line[4096];
    int glass = 0, libomp = 0;
    while (fgets(line, sizeof line, maps)) {
        if (strstr(line, "libglass.so"))
            glass = 1;
        if (strstr(line, "/libomp.so") || strstr(line, "/libgomp.so"))
            libomp = 1;
    }
    printf("runtime: %s, threads %s\n", glass && !libomp ? "libglass.so" : "other", threads == 6 ? "ok" : "wrong");
    return 0;
}
