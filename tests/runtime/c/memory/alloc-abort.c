// Failures that must stop the program with a clear message: the abort_fb
// fallback, an allocate clause that cannot be satisfied (null_fb behaves as
// abort_fb there), and omp_free of memory no OpenMP routine returned.
// REQUIRES: gcc
// RUN: %omp-cc %s -o %t
// RUN: sh -c 'ulimit -c 0; %run %t trait 2>%t.trait; echo "status=$?"' | FileCheck %s --check-prefix=STATUS
// RUN: FileCheck %s --check-prefix=TRAIT --input-file %t.trait
// RUN: sh -c 'ulimit -c 0; OMP_NUM_THREADS=4 %run %t clause 2>%t.clause; echo "status=$?"' | FileCheck %s --check-prefix=STATUS
// RUN: FileCheck %s --check-prefix=CLAUSE --input-file %t.clause
// RUN: sh -c 'ulimit -c 0; %run %t free 2>%t.free; echo "status=$?"' | FileCheck %s --check-prefix=STATUS
// RUN: FileCheck %s --check-prefix=FREE --input-file %t.free
// RUN: %run %t none | FileCheck %s --check-prefix=NONE
// STATUS: before
// STATUS-NOT: after
// STATUS: status=134
// TRAIT: glass: out of memory: cannot allocate 5000 bytes from OpenMP allocator {{0x[0-9a-f]+}} (its fallback trait is abort_fb)
// CLAUSE: glass: out of memory: the allocate clause cannot allocate {{[0-9]+}} bytes from OpenMP allocator {{0x[0-9a-f]+}} (fallback trait null_fb)
// FREE: glass: omp_free({{0x[0-9a-f]+}}): the pointer was not returned by an OpenMP allocation routine, or was already freed
// NONE: before
// NONE: fits: ok
// NONE: after
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int main(int argc, char **argv)
{
    const char *mode = argc > 1 ? argv[1] : "none";
    omp_alloctrait_t traits[] = {{omp_atk_pool_size, 1024},
                                 {omp_atk_fallback, strcmp(mode, "clause") == 0 ? omp_atv_null_fb : omp_atv_abort_fb}};
    omp_allocator_handle_t small = omp_init_allocator(omp_default_mem_space, 2, traits);
    if (small == omp_null_allocator)
        return 1;
    printf("before\n");
    fflush(stdout);
    if (strcmp(mode, "trait") == 0) {
        void *p = omp_alloc(5000, small);
        printf("returned %p\n", p);
    } else if (strcmp(mode, "clause") == 0) {
        char big[4096];
#pragma omp parallel private(big) allocate(small : big)
        {
            big[0] = 1;
            printf("got %d\n", big[0]);
        }
    } else if (strcmp(mode, "free") == 0) {
        char *p = malloc(64);
        omp_free(p, omp_default_mem_alloc);
    } else {
        void *p = omp_alloc(500, small);
        printf("fits: %s\n", p != NULL ? "ok" : "NULL");
        omp_free(p, small);
    }
    printf("after\n");
    return 0;
}
