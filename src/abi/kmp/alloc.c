/* Clang ABI: the allocate clause and directive (OpenMP 5.1, 2.13) and the
 * allocator routines Clang calls for uses_allocators. The core's allocators
 * (alloc.h) take the same handles as omp_alloc.
 *
 * Clang allocates the variables of an allocate clause or directive with
 * __kmpc_alloc / __kmpc_aligned_alloc and uses the result unchecked, so a
 * failure aborts with a message whatever the fallback trait (null_fb behaves
 * as abort_fb), as for GCC's GOMP_alloc. */
#include "../../core/memory/alloc.h"
#include "depend.h"
#include "kmp.h"

GLASS_EXPORT void *__kmpc_alloc(int gtid, size_t size, uintptr_t allocator)
{
    (void)gtid;
    void *block = glass_alloc_or_abort(0, size, allocator, "the allocate clause");
    kmp_depobj_note_alloc(block, size, allocator); /* clang's depobj arrays come from here */
    return block;
}

GLASS_EXPORT void *__kmpc_aligned_alloc(int gtid, size_t align, size_t size, uintptr_t allocator)
{
    (void)gtid;
    return glass_alloc_or_abort(align, size, allocator, "the allocate clause");
}

GLASS_EXPORT void *__kmpc_calloc(int gtid, size_t nmemb, size_t size, uintptr_t allocator)
{
    (void)gtid;
    return glass_calloc(0, nmemb, size, allocator);
}

GLASS_EXPORT void *__kmpc_realloc(int gtid, void *ptr, size_t size, uintptr_t allocator, uintptr_t free_allocator)
{
    (void)gtid;
    kmp_depobj_note_free(ptr);
    return glass_realloc(ptr, size, allocator, free_allocator);
}

GLASS_EXPORT void __kmpc_free(int gtid, void *ptr, uintptr_t allocator)
{
    (void)gtid;
    kmp_depobj_note_free(ptr);
    glass_free(ptr, allocator);
}

/* uses_allocators(allocator(traits)) creates and destroys the allocator
 * around the target region. */
GLASS_EXPORT uintptr_t __kmpc_init_allocator(int gtid, uintptr_t memspace, int ntraits,
                                             const struct glass_alloc_trait *traits)
{
    (void)gtid;
    return glass_allocator_create(memspace, ntraits, traits);
}

GLASS_EXPORT void __kmpc_destroy_allocator(int gtid, uintptr_t allocator)
{
    (void)gtid;
    glass_allocator_destroy(allocator);
}

/* def-allocator-var of the calling task. */
GLASS_EXPORT void __kmpc_set_default_allocator(int gtid, uintptr_t allocator)
{
    kmp_thread(gtid)->task->icv.default_allocator = allocator;
}

GLASS_EXPORT uintptr_t __kmpc_get_default_allocator(int gtid)
{
    return kmp_thread(gtid)->task->icv.default_allocator;
}
