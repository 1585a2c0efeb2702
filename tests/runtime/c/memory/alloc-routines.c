// The memory routines with the predefined allocators: alignment, calloc
// zeroing, realloc keeping contents, size 0, and concurrent use by a team.
// RUN: %omp-cc %s -o %t
// RUN: for n in %threads; do OMP_NUM_THREADS=$n %run %t $n; done | FileCheck %s
// CHECK: predefined: 8 allocators ok
// CHECK: aligned: 16 64 256 4096 ok
// CHECK: calloc: zeroed ok
// CHECK: realloc: grow ok shrink ok null-ptr ok other-allocator ok size0 ok
// CHECK: size0: NULL
// CHECK: team threads=1 blocks=4000 ok
// CHECK: predefined: 8 allocators ok
// CHECK: team threads=2 blocks=8000 ok
// CHECK: team threads=4 blocks=16000 ok
// CHECK: team threads=8 blocks=32000 ok
#include <omp.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define CHECK(cond)                                                       \
    do {                                                                  \
        if (!(cond)) {                                                    \
            printf("FAILED line %d: %s\n", __LINE__, #cond);               \
            exit(1);                                                      \
        }                                                                 \
    } while (0)

static int aligned(const void *p, size_t alignment)
{
    return ((uintptr_t)p & (alignment - 1)) == 0;
}

static void predefined(void)
{
    static const omp_allocator_handle_t all[] = {
        omp_default_mem_alloc, omp_large_cap_mem_alloc, omp_const_mem_alloc,
        omp_high_bw_mem_alloc, omp_low_lat_mem_alloc,   omp_cgroup_mem_alloc,
        omp_pteam_mem_alloc,   omp_thread_mem_alloc,
    };
    int ok = 0;
    for (unsigned i = 0; i < sizeof all / sizeof all[0]; i++) {
        unsigned char *p = omp_alloc(1000, all[i]);
        CHECK(p != NULL);
        /* at least malloc's alignment (OpenMP 5.1, 3.13.6) */
        CHECK(aligned(p, sizeof(long double) > 8 ? 16 : 8));
        memset(p, (int)i, 1000);
        CHECK(p[0] == i && p[999] == i);
        omp_free(p, all[i]);
        ok++;
    }
    printf("predefined: %d allocators ok\n", ok);
}

static void aligned_routines(void)
{
    static const size_t alignments[] = {16, 64, 256, 4096};
    printf("aligned:");
    for (unsigned i = 0; i < 4; i++) {
        size_t a = alignments[i];
        char *p = omp_aligned_alloc(a, 3 * a, omp_default_mem_alloc);
        CHECK(p != NULL && aligned(p, a));
        memset(p, 1, 3 * a);
        double *q = omp_aligned_calloc(a, 7, sizeof(double), omp_null_allocator);
        CHECK(q != NULL && aligned(q, a));
        for (int k = 0; k < 7; k++)
            CHECK(q[k] == 0.0);
        omp_free(p, omp_default_mem_alloc);
        omp_free(q, omp_null_allocator);
        printf(" %zu", a);
    }
    printf(" ok\n");
}

static void calloc_zeroes(void)
{
    /* Dirty freed memory first so a zero result is not luck. */
    for (int round = 0; round < 10; round++) {
        unsigned char *dirty = omp_alloc(1 << 16, omp_default_mem_alloc);
        CHECK(dirty != NULL);
        memset(dirty, 0xa5, 1 << 16);
        omp_free(dirty, omp_default_mem_alloc);
        unsigned *zero = omp_calloc(1 << 14, sizeof(unsigned), omp_default_mem_alloc);
        CHECK(zero != NULL);
        for (int i = 0; i < 1 << 14; i++)
            CHECK(zero[i] == 0);
        omp_free(zero, omp_default_mem_alloc);
    }
    printf("calloc: zeroed ok\n");
}

static void realloc_keeps_contents(void)
{
    int *p = omp_alloc(100 * sizeof(int), omp_default_mem_alloc);
    CHECK(p != NULL);
    for (int i = 0; i < 100; i++)
        p[i] = i * 7;
    p = omp_realloc(p, 100000 * sizeof(int), omp_default_mem_alloc, omp_default_mem_alloc);
    CHECK(p != NULL);
    for (int i = 0; i < 100; i++)
        CHECK(p[i] == i * 7);
    p[99999] = 5;
    printf("realloc: grow ok");
    p = omp_realloc(p, 10 * sizeof(int), omp_null_allocator, omp_null_allocator);
    CHECK(p != NULL);
    for (int i = 0; i < 10; i++)
        CHECK(p[i] == i * 7);
    printf(" shrink ok");

    int *fresh = omp_realloc(NULL, 4 * sizeof(int), omp_default_mem_alloc, omp_null_allocator);
    CHECK(fresh != NULL);
    fresh[3] = 3;
    omp_free(fresh, omp_default_mem_alloc);
    printf(" null-ptr ok");

    /* Moving to an allocator with a large alignment keeps the data. */
    omp_alloctrait_t trait = {omp_atk_alignment, 1024};
    omp_allocator_handle_t big = omp_init_allocator(omp_default_mem_space, 1, &trait);
    CHECK(big != omp_null_allocator);
    p = omp_realloc(p, 20 * sizeof(int), big, omp_default_mem_alloc);
    CHECK(p != NULL && aligned(p, 1024));
    for (int i = 0; i < 10; i++)
        CHECK(p[i] == i * 7);
    /* null allocator: stays with the allocator the block came from */
    p = omp_realloc(p, 5000 * sizeof(int), omp_null_allocator, omp_null_allocator);
    CHECK(p != NULL && aligned(p, 1024));
    for (int i = 0; i < 10; i++)
        CHECK(p[i] == i * 7);
    printf(" other-allocator ok");

    /* size 0 frees and returns NULL */
    CHECK(omp_realloc(p, 0, omp_null_allocator, omp_null_allocator) == NULL);
    omp_destroy_allocator(big);
    printf(" size0 ok\n");
}

int main(int argc, char **argv)
{
    int expected = argc > 1 ? atoi(argv[1]) : 1;
    if (expected == 1) {
        predefined();
        aligned_routines();
        calloc_zeroes();
        realloc_keeps_contents();
        CHECK(omp_alloc(0, omp_default_mem_alloc) == NULL);
        CHECK(omp_calloc(0, 8, omp_default_mem_alloc) == NULL);
        printf("size0: NULL\n");
    }

    /* Every thread allocates, fills, checks and frees blocks at once. */
    int team = 0, blocks = 0, bad = 0;
#pragma omp parallel reduction(+ : blocks, bad)
    {
        if (omp_get_thread_num() == 0)
            team = omp_get_num_threads();
        void *live[16] = {0};
        unsigned tag = (unsigned)omp_get_thread_num() + 1;
        for (int i = 0; i < 4000; i++) {
            int slot = i % 16;
            if (live[slot] != NULL) {
                unsigned *old = live[slot];
                if (old[0] != tag || old[old[1] - 1] != tag)
                    bad++;
                omp_free(old, omp_thread_mem_alloc);
            }
            unsigned words = 3 + (unsigned)(i * 37 % 500);
            unsigned *block = i % 3 ? omp_alloc(words * sizeof(unsigned), omp_thread_mem_alloc)
                                    : omp_aligned_alloc(64, words * sizeof(unsigned), omp_thread_mem_alloc);
            if (block == NULL) {
                bad++;
                continue;
            }
            block[0] = tag;
            block[1] = words;
            block[words - 1] = tag;
            live[slot] = block;
            blocks++;
        }
        for (int slot = 0; slot < 16; slot++)
            omp_free(live[slot], omp_null_allocator);
    }
    CHECK(bad == 0 && team == expected);
    printf("team threads=%d blocks=%d ok\n", team, blocks);
    if (expected == 1)
        predefined();
    return 0;
}
