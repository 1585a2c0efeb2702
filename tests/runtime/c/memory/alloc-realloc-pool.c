// omp_realloc within a pooled allocator charges the pool only for the
// growth (the old block's share moves to the new one): a 3071-byte block of a
// 4096-byte pool grows to 3072 bytes with its contents; a size that cannot fit
// fails with NULL and leaves the block intact; the pool is whole again after
// the last free. Before the fix the whole new block was charged while the old
// one still held its share, so the growth failed.
// RUN: %omp-cc %s -o %t
// RUN: %run %t | FileCheck %s
// CHECK: grow 3071 -> 3072: ok, contents kept
// CHECK-NEXT: grow 3072 -> 2000: ok, contents kept
// CHECK-NEXT: grow 2000 -> 4096 (no room for the header): NULL, block intact
// CHECK-NEXT: pool whole again: 4000 bytes ok
#include <omp.h>
#include <stdio.h>
#include <string.h>

static int filled(const unsigned char *p, size_t n)
{
    for (size_t i = 0; i < n; i++)
        if (p[i] != (unsigned char)(i * 7))
            return 0;
    return 1;
}

int main(void)
{
    omp_alloctrait_t traits[] = {{omp_atk_pool_size, 4096}, {omp_atk_fallback, omp_atv_null_fb}};
    omp_allocator_handle_t pool = omp_init_allocator(omp_default_mem_space, 2, traits);
    unsigned char *p = omp_alloc(3071, pool);
    if (!p) {
        printf("first allocation failed\n");
        return 1;
    }
    for (size_t i = 0; i < 3071; i++)
        p[i] = (unsigned char)(i * 7);
    unsigned char *q = omp_realloc(p, 3072, pool, pool);
    printf("grow 3071 -> 3072: %s\n", q && filled(q, 3071) ? "ok, contents kept" : "FAILED");
    if (!q)
        return 1;
    q[3071] = (unsigned char)(3071 * 7);
    unsigned char *r = omp_realloc(q, 2000, pool, pool);
    printf("grow 3072 -> 2000: %s\n", r && filled(r, 2000) ? "ok, contents kept" : "FAILED");
    if (!r)
        return 1;
    unsigned char *s = omp_realloc(r, 4096, pool, pool);
    printf("grow 2000 -> 4096 (no room for the header): %s\n",
           !s && filled(r, 2000) ? "NULL, block intact" : "FAILED");
    omp_free(s ? s : r, pool);
    void *whole = omp_alloc(4000, pool);
    printf("pool whole again: 4000 bytes %s\n", whole ? "ok" : "FAILED");
    omp_free(whole, pool);
    omp_destroy_allocator(pool);
    return 0;
}
