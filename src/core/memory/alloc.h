/* Memory spaces and memory allocators (OpenMP 5.1, 2.13).
 *
 * An allocator handle is a uintptr_t. 0 is omp_null_allocator, 1..8 are the
 * predefined allocators and 0..4 the predefined memory spaces, numbered as both
 * GCC's and LLVM's omp.h number them (compiled programs pass these values).
 * Any other handle is the address of an allocator made by
 * glass_allocator_create.
 *
 * Every block handed out is preceded by a header recording where the block
 * really starts, how large it is and which allocator it came from, so freeing
 * needs nothing but the pointer. */
#ifndef GLASS_CORE_ALLOC_H
#define GLASS_CORE_ALLOC_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

enum glass_memspace {
    GLASS_MEMSPACE_DEFAULT = 0,
    GLASS_MEMSPACE_LARGE_CAP = 1,
    GLASS_MEMSPACE_CONST = 2,
    GLASS_MEMSPACE_HIGH_BW = 3,
    GLASS_MEMSPACE_LOW_LAT = 4,
    GLASS_MEMSPACE_LAST = GLASS_MEMSPACE_LOW_LAT,
};

enum glass_predefined_allocator {
    GLASS_NULL_ALLOCATOR = 0,
    GLASS_DEFAULT_MEM_ALLOC = 1,
    GLASS_LARGE_CAP_MEM_ALLOC = 2,
    GLASS_CONST_MEM_ALLOC = 3,
    GLASS_HIGH_BW_MEM_ALLOC = 4,
    GLASS_LOW_LAT_MEM_ALLOC = 5,
    GLASS_CGROUP_MEM_ALLOC = 6,
    GLASS_PTEAM_MEM_ALLOC = 7,
    GLASS_THREAD_MEM_ALLOC = 8,
    GLASS_LAST_PREDEFINED_ALLOC = GLASS_THREAD_MEM_ALLOC,
};

/* omp_alloctrait_key_t */
enum glass_alloc_trait_key {
    GLASS_ATK_SYNC_HINT = 1,
    GLASS_ATK_ALIGNMENT = 2,
    GLASS_ATK_ACCESS = 3,
    GLASS_ATK_POOL_SIZE = 4,
    GLASS_ATK_FALLBACK = 5,
    GLASS_ATK_FB_DATA = 6,
    GLASS_ATK_PINNED = 7,
    GLASS_ATK_PARTITION = 8,
};

/* omp_alloctrait_value_t; omp_atv_default is all ones. */
#define GLASS_ATV_DEFAULT UINTPTR_MAX
enum glass_alloc_trait_value {
    GLASS_ATV_FALSE = 0,
    GLASS_ATV_TRUE = 1,
    GLASS_ATV_CONTENDED = 3,
    GLASS_ATV_UNCONTENDED = 4,
    GLASS_ATV_SERIALIZED = 5,
    GLASS_ATV_PRIVATE = 6,
    GLASS_ATV_ALL = 7,
    GLASS_ATV_THREAD = 8,
    GLASS_ATV_PTEAM = 9,
    GLASS_ATV_CGROUP = 10,
    GLASS_ATV_DEFAULT_MEM_FB = 11,
    GLASS_ATV_NULL_FB = 12,
    GLASS_ATV_ABORT_FB = 13,
    GLASS_ATV_ALLOCATOR_FB = 14,
    GLASS_ATV_ENVIRONMENT = 15,
    GLASS_ATV_NEAREST = 16,
    GLASS_ATV_BLOCKED = 17,
    GLASS_ATV_INTERLEAVED = 18,
};

/* Same layout as omp_alloctrait_t in both compilers' headers (and the Fortran
 * omp_alloctrait type): a 4-byte key, then a pointer-sized value. */
struct glass_alloc_trait {
    int key;
    uintptr_t value;
};

/* A new allocator in `memspace` with `traits` (OpenMP 5.1, 3.13.2); 0 when the
 * memory space or a trait is invalid. */
uintptr_t glass_allocator_create(uintptr_t memspace, int ntraits, const struct glass_alloc_trait *traits);

/* Releases the handle. Blocks still allocated from it stay valid and may be
 * freed later; the allocator's memory goes when the last of them does. */
void glass_allocator_destroy(uintptr_t allocator);

/* True for the predefined allocators and for live handles made by
 * glass_allocator_create (the latter only checked for plausibility). */
bool glass_allocator_is_valid(uintptr_t allocator);

/* `allocator`, or the calling task's def-allocator-var when it is null. */
uintptr_t glass_allocator_resolve(uintptr_t allocator);

/* Allocation routines (OpenMP 5.1, 3.13.6-3.13.9). `alignment` is a power of
 * two or 0 (none asked for); the result is aligned to at least the largest of
 * that, the allocator's alignment trait and malloc's alignment. A null
 * allocator means the def-allocator-var. On failure the allocator's fallback
 * trait decides: NULL, another allocator, or abort with a message. A size of 0
 * gives NULL. */
void *glass_alloc(size_t alignment, size_t size, uintptr_t allocator);
void *glass_calloc(size_t alignment, size_t nmemb, size_t size, uintptr_t allocator);

/* Moves `ptr` to a new block of `size` bytes from `allocator` (null: the
 * allocator `ptr` came from), keeping the contents. `ptr` is released only
 * when the result is not NULL, or when size is 0. */
void *glass_realloc(void *ptr, size_t size, uintptr_t allocator, uintptr_t free_allocator);

/* Frees a block from any of the routines above; NULL is ignored. The allocator
 * argument is only a hint (the block header knows). */
void glass_free(void *ptr, uintptr_t allocator);

/* For allocations the program cannot check (the allocate clause and
 * directive): as glass_alloc, but a failure aborts with a message naming
 * `what`, even for allocators with a null_fb fallback. */
void *glass_alloc_or_abort(size_t alignment, size_t size, uintptr_t allocator, const char *what);

/* Value of OMP_ALLOCATOR (OpenMP 5.1, 6.22): a predefined allocator name, or
 * a memory space name optionally followed by ":trait=value,...". Creates an
 * allocator when traits are given. False (and *allocator unchanged) when the
 * text is not valid. (alloc_parse.c) */
bool glass_allocator_parse(const char *text, uintptr_t *allocator);

#endif
