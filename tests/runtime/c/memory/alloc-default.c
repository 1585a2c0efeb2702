// def-allocator-var (OpenMP 5.1, 2.4 and 3.13.4-3.13.5): its initial value,
// omp_set/get_default_allocator, omp_null_allocator meaning it, and its
// inheritance by the implicit tasks of a parallel region, where each thread
// may change its own copy.
// RUN: %omp-cc %s -o %t
// RUN: for n in %threads; do OMP_NUM_THREADS=$n %run %t $n; done | FileCheck %s
// CHECK: initial: omp_default_mem_alloc
// CHECK: set: custom, null_allocator uses it
// CHECK: threads=1 inherited=1 own=1 after=custom
// CHECK: threads=2 inherited=2 own=2 after=custom
// CHECK: threads=4 inherited=4 own=4 after=custom
// CHECK: threads=8 inherited=8 own=8 after=custom
#include <omp.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

#define CHECK(cond)                                                       \
    do {                                                                  \
        if (!(cond)) {                                                    \
            printf("FAILED line %d: %s\n", __LINE__, #cond);               \
            exit(1);                                                      \
        }                                                                 \
    } while (0)

int main(int argc, char **argv)
{
    int expected = argc > 1 ? atoi(argv[1]) : 1;
    if (expected == 1) {
        CHECK(omp_get_default_allocator() == omp_default_mem_alloc);
        printf("initial: omp_default_mem_alloc\n");
    }

    omp_alloctrait_t wide = {omp_atk_alignment, 4096};
    omp_allocator_handle_t custom = omp_init_allocator(omp_default_mem_space, 1, &wide);
    CHECK(custom != omp_null_allocator);
    omp_set_default_allocator(custom);
    CHECK(omp_get_default_allocator() == custom);
    for (int i = 0; i < 20; i++) {
        void *p = omp_alloc(100 + i, omp_null_allocator);
        CHECK(p != NULL && (uintptr_t)p % 4096 == 0);
        omp_free(p, omp_null_allocator);
    }
    if (expected == 1)
        printf("set: custom, null_allocator uses it\n");

    int inherited = 0, own = 0, team = 0;
#pragma omp parallel reduction(+ : inherited, own)
    {
        if (omp_get_thread_num() == 0)
            team = omp_get_num_threads();
        inherited += omp_get_default_allocator() == custom;
        /* each implicit task has its own def-allocator-var */
        omp_allocator_handle_t mine = omp_get_thread_num() % 2 ? omp_thread_mem_alloc : omp_pteam_mem_alloc;
        omp_set_default_allocator(mine);
        for (int i = 0; i < 1000; i++) {
            void *p = omp_alloc(64, omp_null_allocator);
            if (p == NULL)
                own -= 1000;
            omp_free(p, omp_null_allocator);
        }
        own += omp_get_default_allocator() == mine;
    }
    CHECK(team == expected);
    CHECK(omp_get_default_allocator() == custom);
    printf("threads=%d inherited=%d own=%d after=custom\n", team, inherited, own);
    omp_set_default_allocator(omp_default_mem_alloc);
    omp_destroy_allocator(custom);
    return 0;
}
