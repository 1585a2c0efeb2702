// omp_init_allocator traits (OpenMP 5.1, 2.13.2): invalid traits rejected,
// alignment honoured, pool_size enforced with each fallback, pinned memory
// locked, and a pool shared by a whole team never overcommitted.
// RUN: %omp-cc %s -o %t
// RUN: for n in %threads; do OMP_NUM_THREADS=$n %run %t $n; done | FileCheck %s
// CHECK: invalid: 12 rejected
// CHECK: valid: 6 accepted
// CHECK: alignment: 128 256 1024 ok
// CHECK: null_fb: 3 blocks then NULL, reuse ok
// CHECK: default_mem_fb: ok, pool untouched
// CHECK: allocator_fb: from fb_data ok, chain ends in NULL ok
// CHECK: pinned: locked ok, unlocked ok
// CHECK: destroy-then-free ok
// CHECK: team threads=1 pool blocks=100 refill=100
// CHECK: team threads=2 pool blocks=100 refill=100
// CHECK: team threads=4 pool blocks=100 refill=100
// CHECK: team threads=8 pool blocks=100 refill=100
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

#define NTRAITS(a) ((int)(sizeof(a) / sizeof((a)[0])))

static int aligned(const void *p, size_t alignment)
{
    return ((uintptr_t)p & (alignment - 1)) == 0;
}

static void invalid_traits(void)
{
    static const omp_alloctrait_t cases[][2] = {
        {{omp_atk_alignment, 3}, {omp_atk_sync_hint, omp_atv_default}},
        {{omp_atk_alignment, 0}, {omp_atk_sync_hint, omp_atv_default}},
        {{omp_atk_sync_hint, omp_atv_all}, {omp_atk_alignment, 8}},
        {{omp_atk_access, omp_atv_null_fb}, {omp_atk_alignment, 8}},
        {{omp_atk_fallback, omp_atv_true}, {omp_atk_alignment, 8}},
        {{omp_atk_pinned, omp_atv_contended}, {omp_atk_alignment, 8}},
        {{omp_atk_partition, omp_atv_thread}, {omp_atk_alignment, 8}},
        {{(omp_alloctrait_key_t)99, 1}, {omp_atk_alignment, 8}},
        {{omp_atk_alignment, 8}, {omp_atk_fb_data, 12345}},
        {{omp_atk_fallback, omp_atv_allocator_fb}, {omp_atk_alignment, 8}},
    };
    int rejected = 0;
    for (int i = 0; i < NTRAITS(cases); i++)
        rejected += omp_init_allocator(omp_default_mem_space, 2, cases[i]) == omp_null_allocator;
    omp_alloctrait_t zero_pool = {omp_atk_pool_size, 0};
    rejected += omp_init_allocator(omp_default_mem_space, 1, &zero_pool) == omp_null_allocator;
    rejected += omp_init_allocator((omp_memspace_handle_t)77, 0, NULL) == omp_null_allocator;
    printf("invalid: %d rejected\n", rejected);
}

static void valid_traits(void)
{
    omp_alloctrait_t defaults[] = {
        {omp_atk_sync_hint, omp_atv_default}, {omp_atk_alignment, omp_atv_default},
        {omp_atk_access, omp_atv_default},    {omp_atk_pool_size, omp_atv_default},
        {omp_atk_fallback, omp_atv_default},  {omp_atk_pinned, omp_atv_default},
        {omp_atk_partition, omp_atv_default},
    };
    omp_alloctrait_t explicit_values[] = {
        {omp_atk_sync_hint, omp_atv_uncontended}, {omp_atk_alignment, 32},
        {omp_atk_access, omp_atv_thread},         {omp_atk_pool_size, 1 << 20},
        {omp_atk_fallback, omp_atv_null_fb},      {omp_atk_pinned, omp_atv_false},
        {omp_atk_partition, omp_atv_interleaved},
    };
    omp_allocator_handle_t made[6];
    made[0] = omp_init_allocator(omp_default_mem_space, NTRAITS(defaults), defaults);
    made[1] = omp_init_allocator(omp_large_cap_mem_space, NTRAITS(explicit_values), explicit_values);
    made[2] = omp_init_allocator(omp_const_mem_space, 0, NULL);
    made[3] = omp_init_allocator(omp_low_lat_mem_space, 1, explicit_values);
    made[4] = omp_init_allocator(omp_default_mem_space, 3, explicit_values + 4);
    omp_alloctrait_t fb[] = {{omp_atk_fallback, omp_atv_allocator_fb}, {omp_atk_fb_data, made[0]}};
    made[5] = omp_init_allocator(omp_default_mem_space, 2, fb);
    int accepted = 0;
    for (int i = 0; i < 6; i++) {
        if (made[i] == omp_null_allocator)
            continue;
        accepted++;
        char *p = omp_alloc(100, made[i]);
        CHECK(p != NULL);
        p[99] = 1;
        omp_free(p, made[i]);
    }
    for (int i = 5; i >= 0; i--)
        omp_destroy_allocator(made[i]);
    printf("valid: %d accepted\n", accepted);
}

static void alignment_trait(void)
{
    omp_alloctrait_t a128 = {omp_atk_alignment, 128}, a256 = {omp_atk_alignment, 256},
                     a64 = {omp_atk_alignment, 64};
    omp_allocator_handle_t al128 = omp_init_allocator(omp_default_mem_space, 1, &a128);
    omp_allocator_handle_t al256 = omp_init_allocator(omp_default_mem_space, 1, &a256);
    omp_allocator_handle_t al64 = omp_init_allocator(omp_default_mem_space, 1, &a64);
    CHECK(al128 && al256 && al64);
    for (int i = 0; i < 50; i++) {
        void *p = omp_alloc(8 + i * 24, al128);
        void *q = omp_aligned_alloc(32, 32 * (i + 1), al256); /* trait is larger */
        void *r = omp_aligned_alloc(1024, 1024, al64);       /* argument is larger */
        void *s = omp_calloc(3, 5 + i, al128);
        CHECK(p && q && r && s);
        CHECK(aligned(p, 128) && aligned(q, 256) && aligned(r, 1024) && aligned(s, 128));
        omp_free(p, al128);
        omp_free(q, al256);
        omp_free(r, omp_null_allocator);
        omp_free(s, omp_null_allocator);
    }
    omp_destroy_allocator(al128);
    omp_destroy_allocator(al256);
    omp_destroy_allocator(al64);
    printf("alignment: 128 256 1024 ok\n");
}

static void null_fallback(void)
{
    omp_alloctrait_t traits[] = {{omp_atk_pool_size, 64 * 1024}, {omp_atk_fallback, omp_atv_null_fb}};
    omp_allocator_handle_t pool = omp_init_allocator(omp_default_mem_space, 2, traits);
    CHECK(pool != omp_null_allocator);
    void *blocks[8];
    int n = 0;
    while (n < 8 && (blocks[n] = omp_alloc(16 * 1024, pool)) != NULL)
        n++;
    CHECK(n < 8);
    CHECK(omp_alloc(60 * 1024, pool) == NULL);
    CHECK(omp_alloc(65 * 1024, pool) == NULL);
    printf("null_fb: %d blocks then NULL", n);
    omp_free(blocks[0], pool);
    blocks[0] = omp_alloc(16 * 1024, pool);
    CHECK(blocks[0] != NULL);
    CHECK(omp_alloc(16 * 1024, pool) == NULL);
    for (int i = 0; i < n; i++)
        omp_free(blocks[i], pool);
    /* everything returned: the whole pool is available again */
    void *whole = omp_alloc(60 * 1024, pool);
    CHECK(whole != NULL);
    omp_free(whole, pool);
    omp_destroy_allocator(pool);
    printf(", reuse ok\n");
}

static void default_mem_fallback(void)
{
    omp_alloctrait_t traits[] = {{omp_atk_pool_size, 4096}}; /* fallback defaults to default_mem_fb */
    omp_allocator_handle_t pool = omp_init_allocator(omp_default_mem_space, 1, traits);
    CHECK(pool != omp_null_allocator);
    char *big = omp_alloc(100000, pool);
    CHECK(big != NULL);
    memset(big, 7, 100000);
    /* The big block came from the default memory space, not the pool. */
    char *small = omp_alloc(3000, pool);
    CHECK(small != NULL);
    omp_free(big, pool);
    omp_free(small, pool);
    omp_destroy_allocator(pool);
    printf("default_mem_fb: ok, pool untouched\n");
}

static void allocator_fallback(void)
{
    omp_alloctrait_t wide = {omp_atk_alignment, 8192};
    omp_allocator_handle_t fb = omp_init_allocator(omp_default_mem_space, 1, &wide);
    omp_alloctrait_t traits[] = {
        {omp_atk_pool_size, 1024}, {omp_atk_fallback, omp_atv_allocator_fb}, {omp_atk_fb_data, fb}};
    omp_allocator_handle_t primary = omp_init_allocator(omp_default_mem_space, 3, traits);
    CHECK(fb != omp_null_allocator && primary != omp_null_allocator);
    for (int i = 0; i < 10; i++) {
        void *p = omp_alloc(5000, primary); /* too big for the pool: served by fb */
        CHECK(p != NULL && aligned(p, 8192));
        omp_free(p, omp_null_allocator);
    }
    printf("allocator_fb: from fb_data ok");

    omp_alloctrait_t last_traits[] = {{omp_atk_pool_size, 1024}, {omp_atk_fallback, omp_atv_null_fb}};
    omp_allocator_handle_t last = omp_init_allocator(omp_default_mem_space, 2, last_traits);
    traits[2].value = last;
    omp_allocator_handle_t first = omp_init_allocator(omp_default_mem_space, 3, traits);
    CHECK(last != omp_null_allocator && first != omp_null_allocator);
    CHECK(omp_alloc(5000, first) == NULL);
    void *fits = omp_alloc(500, first);
    CHECK(fits != NULL);
    omp_free(fits, first);
    omp_destroy_allocator(first);
    omp_destroy_allocator(last);
    omp_destroy_allocator(primary);
    omp_destroy_allocator(fb);
    printf(", chain ends in NULL ok\n");
}

static long locked_kib(void)
{
    FILE *status = fopen("/proc/self/status", "r");
    char line[256];
    long kib = -1;
    while (status != NULL && fgets(line, sizeof line, status))
        if (sscanf(line, "VmLck: %ld kB", &kib) == 1)
            break;
    if (status != NULL)
        fclose(status);
    return kib;
}

static void pinned_memory(void)
{
    omp_alloctrait_t traits[] = {{omp_atk_pinned, omp_atv_true}, {omp_atk_fallback, omp_atv_null_fb}};
    omp_allocator_handle_t pinned = omp_init_allocator(omp_default_mem_space, 2, traits);
    CHECK(pinned != omp_null_allocator);
    long before = locked_kib();
    char *p = omp_alloc(256 * 1024, pinned);
    CHECK(p != NULL);
    memset(p, 1, 256 * 1024);
    long during = locked_kib();
    CHECK(during - before >= 256);
    printf("pinned: locked ok");
    omp_free(p, pinned);
    CHECK(locked_kib() == before);
    omp_destroy_allocator(pinned);
    printf(", unlocked ok\n");
}

static void destroy_then_free(void)
{
    omp_alloctrait_t traits[] = {{omp_atk_pool_size, 1 << 20}};
    omp_allocator_handle_t a = omp_init_allocator(omp_default_mem_space, 1, traits);
    void *p = omp_alloc(1000, a), *q = omp_realloc(NULL, 2000, a, omp_null_allocator);
    CHECK(p != NULL && q != NULL);
    omp_destroy_allocator(a);
    omp_free(p, omp_null_allocator);
    omp_free(q, omp_null_allocator);
    printf("destroy-then-free ok\n");
}

/* A pool holding exactly 100 blocks (payload plus the 32-byte header both
 * Glass and libgomp put in front of a block), raced for by the whole team. */
static void team_pool(int expected)
{
    enum { BLOCK = 1024, CAPACITY = 100, PER_THREAD = 200 };
    omp_alloctrait_t traits[] = {{omp_atk_pool_size, CAPACITY * (BLOCK + 32)},
                                 {omp_atk_fallback, omp_atv_null_fb},
                                 {omp_atk_sync_hint, omp_atv_contended}};
    omp_allocator_handle_t pool = omp_init_allocator(omp_default_mem_space, 3, traits);
    CHECK(pool != omp_null_allocator);
    static void *got[64][PER_THREAD];
    int counts[64] = {0}, team = 0;
#pragma omp parallel
    {
        int me = omp_get_thread_num();
        if (me == 0)
            team = omp_get_num_threads();
        for (int i = 0; i < PER_THREAD; i++) {
            void *p = omp_alloc(BLOCK, pool);
            if (p != NULL) {
                memset(p, me, BLOCK);
                got[me][counts[me]++] = p;
            }
        }
    }
    int total = 0;
    for (int t = 0; t < team; t++) {
        for (int i = 0; i < counts[t]; i++) {
            CHECK(((unsigned char *)got[t][i])[BLOCK - 1] == t);
            omp_free(got[t][i], pool);
        }
        total += counts[t];
    }
    int refill = 0;
    void *again[CAPACITY + 1];
    while (refill <= CAPACITY && (again[refill] = omp_alloc(BLOCK, pool)) != NULL)
        refill++;
    for (int i = 0; i < refill; i++)
        omp_free(again[i], pool);
    omp_destroy_allocator(pool);
    CHECK(team == expected);
    printf("team threads=%d pool blocks=%d refill=%d\n", team, total, refill);
}

int main(int argc, char **argv)
{
    int expected = argc > 1 ? atoi(argv[1]) : 1;
    if (expected == 1) {
        invalid_traits();
        valid_traits();
        alignment_trait();
        null_fallback();
        default_mem_fallback();
        allocator_fallback();
        pinned_memory();
        destroy_then_free();
    }
    team_pool(expected);
    return 0;
}
