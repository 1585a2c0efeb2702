// The allocate clause as GCC 12 compiles it: each private copy comes from
// GOMP_alloc with the clause's allocator and alignment, and goes back through
// GOMP_free at the end of the region. Also GOMP_alloc/GOMP_free called
// directly, and the def-allocator-var used for omp_null_allocator.
// REQUIRES: gcc
// RUN: %gcc-omp %s -o %t
// RUN: for n in %threads; do OMP_NUM_THREADS=$n %run %t $n; done | FileCheck %s
// CHECK: threads=1 copies=1 distinct ok aligned ok values ok regions=200
// CHECK: direct: GOMP_alloc 64 ok, default allocator ok
// CHECK: threads=2 copies=2 distinct ok aligned ok values ok regions=200
// CHECK: threads=4 copies=4 distinct ok aligned ok values ok regions=200
// CHECK: threads=8 copies=8 distinct ok aligned ok values ok regions=200
#include <omp.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

/* GCC's entry points, normally only called by generated code. */
void *GOMP_alloc(size_t alignment, size_t size, uintptr_t allocator);
void GOMP_free(void *ptr, uintptr_t allocator);

#define CHECK(cond)                                                       \
    do {                                                                  \
        if (!(cond)) {                                                    \
            printf("FAILED line %d: %s\n", __LINE__, #cond);               \
            exit(1);                                                      \
        }                                                                 \
    } while (0)

#define MAX_THREADS 64

int main(int argc, char **argv)
{
    int expected = argc > 1 ? atoi(argv[1]) : 1;
    /* Room for one region's private copies and no more: copies that were not
     * given back would make a later region abort (abort_fb). */
    omp_alloctrait_t traits[] = {{omp_atk_alignment, 256},
                                 {omp_atk_pool_size, (omp_uintptr_t)expected * 1500},
                                 {omp_atk_fallback, omp_atv_abort_fb}};
    omp_allocator_handle_t pool = omp_init_allocator(omp_default_mem_space, 3, traits);
    CHECK(pool != omp_null_allocator);

    uintptr_t where[MAX_THREADS] = {0}, arr_where[MAX_THREADS] = {0};
    int seen[MAX_THREADS] = {0}, team = 0, bad = 0, regions = 0;
    int x = 42;
    double arr[50];
    for (int round = 0; round < 200; round++) {
#pragma omp parallel firstprivate(x) private(arr) allocate(pool : x, arr) reduction(+ : bad)
        {
            int me = omp_get_thread_num();
            if (x != 42)
                bad++;
            x += me;
            for (int i = 0; i < 50; i++)
                arr[i] = me + i;
            if (round == 0) {
                if (me == 0)
                    team = omp_get_num_threads();
                where[me] = (uintptr_t)&x;
                arr_where[me] = (uintptr_t)arr;
                seen[me] = x;
            }
            for (int i = 0; i < 50; i++)
                if (arr[i] != me + i)
                    bad++;
        }
        regions++;
    }
    CHECK(team == expected && bad == 0 && x == 42);
    int copies = 0;
    for (int t = 0; t < team; t++) {
        CHECK(where[t] != (uintptr_t)&x && arr_where[t] != (uintptr_t)arr);
        for (int u = 0; u < t; u++)
            CHECK(where[t] != where[u] && arr_where[t] != arr_where[u]);
        copies++;
    }
    printf("threads=%d copies=%d distinct ok", team, copies);
    for (int t = 0; t < team; t++)
        CHECK(where[t] % 256 == 0 && arr_where[t] % 256 == 0);
    printf(" aligned ok");
    for (int t = 0; t < team; t++)
        CHECK(seen[t] == 42 + t);
    printf(" values ok regions=%d\n", regions);

    /* The align modifier (OpenMP 5.1) with a predefined allocator. */
    int y = 0;
#pragma omp parallel private(y) allocate(allocator(omp_default_mem_alloc), align(128) : y) reduction(+ : bad)
    {
        y = 1;
        bad += (uintptr_t)&y % 128 != 0;
    }
    CHECK(bad == 0 && y == 0);

    if (expected == 1) {
        char *p = GOMP_alloc(64, 1000, omp_default_mem_alloc);
        CHECK(p != NULL && (uintptr_t)p % 64 == 0);
        p[999] = 1;
        GOMP_free(p, omp_default_mem_alloc);
        printf("direct: GOMP_alloc 64 ok");
        /* omp_null_allocator: the def-allocator-var, here the pool. */
        omp_set_default_allocator(pool);
        CHECK(omp_get_default_allocator() == pool);
        p = GOMP_alloc(8, 10, omp_null_allocator);
        CHECK(p != NULL && (uintptr_t)p % 256 == 0);
        GOMP_free(p, omp_null_allocator);
        omp_set_default_allocator(omp_default_mem_alloc);
        printf(", default allocator ok\n");
    }
    omp_destroy_allocator(pool);
    return 0;
}
