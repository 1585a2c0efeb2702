/* Memory allocators (OpenMP 5.1, 2.13.2 and 3.13).
 *
 * Every memory space is served from the process's ordinary memory: the host
 * has no separate high-bandwidth or low-latency memory, and the specification
 * lets memory spaces share resources. What the traits change is real:
 * alignment, a pool_size budget enforced per allocator, the fallback taken
 * when an allocation fails, and pinned memory (locked with mlock). sync_hint,
 * access and partition are validated and recorded; any memory here is
 * accessible to every thread, which satisfies every access value. */
#include "alloc.h"

#include <inttypes.h>
#include <stdalign.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include "../runtime.h"
#include "../threads/thread.h"

#define ALLOCATOR_MAGIC 0x676c616cu /* "glal" */
#define BLOCK_MAGIC 0x676c626bu     /* "glbk" */
#define BLOCK_MAPPED 1u             /* block is its own locked mapping, not from malloc */

/* Longest chain of allocator_fb fallbacks followed before giving up; handles are
 * created after their fb_data, so only a reused stale handle could make a cycle. */
#define MAX_FALLBACK_HOPS 64

struct glass_allocator {
    uint32_t magic;              /* ALLOCATOR_MAGIC while the handle is live */
    uint8_t memspace;
    uint8_t sync_hint;
    uint8_t access;
    uint8_t fallback;
    uint8_t partition;
    bool pinned;
    size_t alignment;
    uintptr_t pool_size;         /* UINTPTR_MAX: no budget */
    _Atomic uintptr_t pool_used; /* bytes of live blocks, headers included */
    uintptr_t fb_data;           /* allocator used by allocator_fb */
    _Atomic size_t refs;         /* the handle itself plus one per live block */
};

struct block_header {
    void *base;          /* what malloc or mmap returned */
    size_t extent;       /* bytes from base to the end of the block */
    uintptr_t allocator; /* the allocator that provided the block */
    uint32_t magic;      /* BLOCK_MAGIC while the block is live */
    uint32_t flags;
};

/* Blocks start right after the header when no extra alignment is needed, so
 * the header keeps malloc's alignment. */
#define MIN_ALIGN alignof(max_align_t)
_Static_assert(sizeof(struct block_header) % MIN_ALIGN == 0, "header breaks malloc alignment");

static bool is_power_of_two(uintptr_t value)
{
    return value != 0 && (value & (value - 1)) == 0;
}

static bool is_predefined(uintptr_t allocator)
{
    return allocator >= GLASS_DEFAULT_MEM_ALLOC && allocator <= GLASS_LAST_PREDEFINED_ALLOC;
}

/* The allocator behind a handle that is about to be used for allocating. */
static struct glass_allocator *custom_allocator(uintptr_t handle)
{
    if (is_predefined(handle))
        return NULL;
    struct glass_allocator *allocator = (struct glass_allocator *)handle;
    if (!glass_allocator_is_valid(handle))
        glass_fatal("invalid OpenMP allocator handle %#" PRIxPTR
                    " (not predefined, never created, or already destroyed)", handle);
    return allocator;
}

bool glass_allocator_is_valid(uintptr_t allocator)
{
    if (is_predefined(allocator))
        return true;
    /* Handles made here are aligned heap addresses; small numbers never are. */
    if (allocator < 4096 || allocator % alignof(struct glass_allocator) != 0)
        return false;
    return ((const struct glass_allocator *)allocator)->magic == ALLOCATOR_MAGIC;
}

/* ---- creating allocators ------------------------------------------------ */

/* Checks one trait and records it; false when the key or value is invalid. */
static bool apply_trait(struct glass_allocator *a, const struct glass_alloc_trait *trait, bool *has_fb_data)
{
    uintptr_t v = trait->value;
    bool is_default = v == GLASS_ATV_DEFAULT;
    switch (trait->key) {
    case GLASS_ATK_SYNC_HINT:
        if (is_default)
            v = GLASS_ATV_CONTENDED;
        if (v != GLASS_ATV_CONTENDED && v != GLASS_ATV_UNCONTENDED && v != GLASS_ATV_SERIALIZED &&
            v != GLASS_ATV_PRIVATE)
            return false;
        a->sync_hint = (uint8_t)v;
        return true;
    case GLASS_ATK_ALIGNMENT:
        if (is_default)
            v = 1;
        if (!is_power_of_two(v))
            return false;
        a->alignment = v;
        return true;
    case GLASS_ATK_ACCESS:
        if (is_default)
            v = GLASS_ATV_ALL;
        if (v != GLASS_ATV_ALL && v != GLASS_ATV_CGROUP && v != GLASS_ATV_PTEAM && v != GLASS_ATV_THREAD)
            return false;
        a->access = (uint8_t)v;
        return true;
    case GLASS_ATK_POOL_SIZE:
        /* A positive integer; the default is "no budget". */
        if (v == 0)
            return false;
        a->pool_size = v;
        return true;
    case GLASS_ATK_FALLBACK:
        if (is_default)
            v = GLASS_ATV_DEFAULT_MEM_FB;
        if (v != GLASS_ATV_DEFAULT_MEM_FB && v != GLASS_ATV_NULL_FB && v != GLASS_ATV_ABORT_FB &&
            v != GLASS_ATV_ALLOCATOR_FB)
            return false;
        a->fallback = (uint8_t)v;
        return true;
    case GLASS_ATK_FB_DATA:
        if (!glass_allocator_is_valid(v))
            return false;
        a->fb_data = v;
        *has_fb_data = true;
        return true;
    case GLASS_ATK_PINNED:
        if (is_default)
            v = GLASS_ATV_FALSE;
        if (v != GLASS_ATV_FALSE && v != GLASS_ATV_TRUE)
            return false;
        a->pinned = v == GLASS_ATV_TRUE;
        return true;
    case GLASS_ATK_PARTITION:
        if (is_default)
            v = GLASS_ATV_ENVIRONMENT;
        if (v != GLASS_ATV_ENVIRONMENT && v != GLASS_ATV_NEAREST && v != GLASS_ATV_BLOCKED &&
            v != GLASS_ATV_INTERLEAVED)
            return false;
        a->partition = (uint8_t)v;
        return true;
    default:
        return false;
    }
}

uintptr_t glass_allocator_create(uintptr_t memspace, int ntraits, const struct glass_alloc_trait *traits)
{
    /* Defaults from OpenMP 5.1, table 2.9. */
    struct glass_allocator a = {
        .magic = ALLOCATOR_MAGIC,
        .memspace = (uint8_t)memspace,
        .sync_hint = GLASS_ATV_CONTENDED,
        .access = GLASS_ATV_ALL,
        .fallback = GLASS_ATV_DEFAULT_MEM_FB,
        .partition = GLASS_ATV_ENVIRONMENT,
        .pinned = false,
        .alignment = 1,
        .pool_size = UINTPTR_MAX,
        .fb_data = GLASS_NULL_ALLOCATOR,
    };
    bool has_fb_data = false;

    if (memspace > GLASS_MEMSPACE_LAST || ntraits < 0 || (ntraits > 0 && traits == NULL))
        return GLASS_NULL_ALLOCATOR;
    for (int i = 0; i < ntraits; i++)
        if (!apply_trait(&a, &traits[i], &has_fb_data))
            return GLASS_NULL_ALLOCATOR;
    /* allocator_fb names the allocator to fall back to in fb_data. */
    if (a.fallback == GLASS_ATV_ALLOCATOR_FB && !has_fb_data)
        return GLASS_NULL_ALLOCATOR;

    struct glass_allocator *made = aligned_alloc(alignof(struct glass_allocator), sizeof *made);
    if (made == NULL)
        return GLASS_NULL_ALLOCATOR;
    *made = a;
    atomic_init(&made->pool_used, 0);
    atomic_init(&made->refs, 1);
    return (uintptr_t)made;
}

static void allocator_unref(struct glass_allocator *allocator)
{
    if (atomic_fetch_sub_explicit(&allocator->refs, 1, memory_order_acq_rel) == 1)
        free(allocator);
}

void glass_allocator_destroy(uintptr_t handle)
{
    if (handle == GLASS_NULL_ALLOCATOR || is_predefined(handle))
        return;
    struct glass_allocator *allocator = custom_allocator(handle);
    allocator->magic = 0;
    allocator_unref(allocator);
}

uintptr_t glass_allocator_resolve(uintptr_t allocator)
{
    if (allocator != GLASS_NULL_ALLOCATOR)
        return allocator;
    allocator = glass_self()->task->icv.default_allocator;
    return allocator != GLASS_NULL_ALLOCATOR ? allocator : GLASS_DEFAULT_MEM_ALLOC;
}

/* ---- blocks --------------------------------------------------------------- */

static bool pool_charge(struct glass_allocator *a, size_t bytes)
{
    if (a->pool_size == UINTPTR_MAX)
        return true;
    uintptr_t used = atomic_load_explicit(&a->pool_used, memory_order_relaxed);
    uintptr_t wanted;
    do {
        if (__builtin_add_overflow(used, bytes, &wanted) || wanted > a->pool_size)
            return false;
    } while (!atomic_compare_exchange_weak_explicit(&a->pool_used, &used, wanted, memory_order_relaxed,
                                                    memory_order_relaxed));
    return true;
}

static void pool_release(struct glass_allocator *a, size_t bytes)
{
    if (a->pool_size != UINTPTR_MAX)
        atomic_fetch_sub_explicit(&a->pool_used, bytes, memory_order_relaxed);
}

/* Pinned memory: a private mapping locked into RAM, so unlocking it on free
 * cannot unlock pages another block shares. */
static void *map_pinned(size_t length)
{
    void *base = mmap(NULL, length, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    if (base == MAP_FAILED)
        return NULL;
    if (mlock(base, length) != 0) {
        munmap(base, length);
        return NULL;
    }
    return base;
}

/* One attempt with one allocator; NULL on failure, with no fallback taken. */
static void *try_allocate(uintptr_t handle, size_t alignment, size_t size)
{
    struct glass_allocator *custom = custom_allocator(handle);
    if (alignment < MIN_ALIGN)
        alignment = MIN_ALIGN;
    if (custom != NULL && custom->alignment > alignment)
        alignment = custom->alignment;

    /* Room for the header and for moving the start up to `alignment` from a
     * base that malloc or mmap aligns to at least MIN_ALIGN. */
    size_t extent;
    if (__builtin_add_overflow(size, sizeof(struct block_header), &extent) ||
        __builtin_add_overflow(extent, alignment - MIN_ALIGN, &extent))
        return NULL;
    bool pinned = custom != NULL && custom->pinned;
    if (pinned) {
        size_t page = (size_t)sysconf(_SC_PAGESIZE);
        if (__builtin_add_overflow(extent, page - 1, &extent))
            return NULL;
        extent &= ~(page - 1);
    }

    if (custom != NULL && !pool_charge(custom, extent))
        return NULL;
    void *base = pinned ? map_pinned(extent) : malloc(extent);
    if (base == NULL) {
        if (custom != NULL)
            pool_release(custom, extent);
        return NULL;
    }
    if (custom != NULL)
        atomic_fetch_add_explicit(&custom->refs, 1, memory_order_relaxed);

    uintptr_t start = ((uintptr_t)base + sizeof(struct block_header) + alignment - 1) & ~(uintptr_t)(alignment - 1);
    struct block_header *header = (struct block_header *)start - 1;
    *header = (struct block_header){
        .base = base,
        .extent = extent,
        .allocator = handle,
        .magic = BLOCK_MAGIC,
        .flags = pinned ? BLOCK_MAPPED : 0,
    };
    return (void *)start;
}

static const char *fallback_name(unsigned fallback)
{
    switch (fallback) {
    case GLASS_ATV_NULL_FB: return "null_fb";
    case GLASS_ATV_ABORT_FB: return "abort_fb";
    case GLASS_ATV_ALLOCATOR_FB: return "allocator_fb";
    default: return "default_mem_fb";
    }
}

/* Allocation with the fallback behaviour of OpenMP 5.1, 2.13.2. */
static void *allocate(size_t alignment, size_t size, uintptr_t allocator, const char *must_succeed_for)
{
    if (alignment > 1 && !is_power_of_two(alignment))
        return NULL;
    if (size == 0)
        return NULL;
    uintptr_t requested = glass_allocator_resolve(allocator);
    uintptr_t handle = requested;
    for (int hops = 0; hops < MAX_FALLBACK_HOPS; hops++) {
        void *block = try_allocate(handle, alignment, size);
        if (block != NULL)
            return block;
        struct glass_allocator *custom = custom_allocator(handle);
        unsigned fallback = custom != NULL ? custom->fallback : GLASS_ATV_DEFAULT_MEM_FB;
        if (fallback == GLASS_ATV_DEFAULT_MEM_FB && handle != GLASS_DEFAULT_MEM_ALLOC) {
            /* Same request in the default memory space with default traits. */
            handle = GLASS_DEFAULT_MEM_ALLOC;
        } else if (fallback == GLASS_ATV_ALLOCATOR_FB) {
            handle = custom->fb_data;
        } else if (fallback == GLASS_ATV_ABORT_FB) {
            glass_fatal("out of memory: cannot allocate %zu bytes from OpenMP allocator %#" PRIxPTR
                        " (its fallback trait is abort_fb)", size, handle);
        } else {
            break;
        }
    }
    if (must_succeed_for != NULL) {
        struct glass_allocator *custom = custom_allocator(requested);
        glass_fatal("out of memory: %s cannot allocate %zu bytes from OpenMP allocator %#" PRIxPTR
                    " (fallback trait %s)", must_succeed_for, size, requested,
                    fallback_name(custom != NULL ? custom->fallback : GLASS_ATV_DEFAULT_MEM_FB));
    }
    return NULL;
}

void *glass_alloc(size_t alignment, size_t size, uintptr_t allocator)
{
    return allocate(alignment, size, allocator, NULL);
}

void *glass_alloc_or_abort(size_t alignment, size_t size, uintptr_t allocator, const char *what)
{
    return allocate(alignment, size, allocator, what);
}

void *glass_calloc(size_t alignment, size_t nmemb, size_t size, uintptr_t allocator)
{
    size_t total;
    if (nmemb == 0 || size == 0)
        return NULL;
    /* An impossible size still goes through the fallback (abort_fb aborts). */
    if (__builtin_mul_overflow(nmemb, size, &total))
        total = SIZE_MAX;
    void *block = allocate(alignment, total, allocator, NULL);
    if (block != NULL)
        memset(block, 0, total);
    return block;
}

/* The word before a block that is not ours (omp_free of malloc'ed memory) or
 * no longer ours (a second omp_free) is read on purpose, to report the misuse
 * with a clear message: AddressSanitizer must not stop the check. */
__attribute__((no_sanitize("address"))) static uint32_t magic_of(const struct block_header *header)
{
    return header->magic;
}

static struct block_header *header_of(void *ptr, const char *routine)
{
    struct block_header *header = (struct block_header *)ptr - 1;
    if (magic_of(header) != BLOCK_MAGIC)
        glass_fatal("%s(%p): the pointer was not returned by an OpenMP allocation routine, "
                    "or was already freed", routine, ptr);
    return header;
}

static void release_block(struct block_header *header)
{
    struct block_header copy = *header;
    header->magic = 0; /* a second free of the same block is reported */
    if (copy.flags & BLOCK_MAPPED)
        munmap(copy.base, copy.extent); /* also unlocks */
    else
        free(copy.base);
    if (!is_predefined(copy.allocator)) {
        struct glass_allocator *from = (struct glass_allocator *)copy.allocator;
        pool_release(from, copy.extent);
        allocator_unref(from);
    }
}

void glass_free(void *ptr, uintptr_t allocator)
{
    (void)allocator; /* the header knows; OpenMP 5.1, 3.13.7 allows ignoring it */
    if (ptr == NULL)
        return;
    release_block(header_of(ptr, "omp_free"));
}

/* libc realloc can resize a block in place when nothing but malloc is
 * involved: the block starts right after its header, and the allocator has no
 * budget, no pinning and no alignment beyond malloc's. */
static bool resizable_by_libc(const struct block_header *header, const void *ptr, uintptr_t allocator)
{
    if (header->allocator != allocator || (header->flags & BLOCK_MAPPED) ||
        (const char *)ptr != (const char *)header->base + sizeof *header)
        return false;
    if (is_predefined(allocator))
        return true;
    const struct glass_allocator *a = (const struct glass_allocator *)allocator;
    return a->pool_size == UINTPTR_MAX && !a->pinned && a->alignment <= MIN_ALIGN;
}

void *glass_realloc(void *ptr, size_t size, uintptr_t allocator, uintptr_t free_allocator)
{
    (void)free_allocator; /* the header knows */
    if (ptr == NULL)
        return allocate(0, size, allocator, NULL);
    struct block_header *header = header_of(ptr, "omp_realloc");
    /* OpenMP 5.1, 3.13.9: size 0 frees; a null allocator means ptr's own. */
    if (size == 0) {
        release_block(header);
        return NULL;
    }
    if (allocator == GLASS_NULL_ALLOCATOR)
        allocator = header->allocator;
    custom_allocator(allocator); /* reports a bad handle before anything changes */

    if (resizable_by_libc(header, ptr, allocator) && size <= SIZE_MAX - sizeof *header) {
        size_t extent = size + sizeof *header;
        void *base = realloc(header->base, extent);
        if (base != NULL) {
            header = base;
            header->base = base;
            header->extent = extent;
            return header + 1;
        }
    }

    /* Within one pooled allocator only the growth is charged: the old block's
     * share of the pool moves to the new block (so a block can grow until it
     * fills its pool) and is charged back until the old block is released. */
    struct glass_allocator *pool = NULL;
    if (header->allocator == allocator && !is_predefined(allocator) &&
        ((struct glass_allocator *)allocator)->pool_size != UINTPTR_MAX)
        pool = (struct glass_allocator *)allocator;
    if (pool)
        pool_release(pool, header->extent);
    void *fresh = allocate(0, size, allocator, NULL);
    if (pool)
        atomic_fetch_add_explicit(&pool->pool_used, header->extent, memory_order_relaxed);
    if (fresh == NULL)
        return NULL; /* ptr stays valid (3.13.9) */
    size_t old_size = (size_t)((char *)header->base + header->extent - (char *)ptr);
    memcpy(fresh, ptr, old_size < size ? old_size : size);
    release_block(header);
    return fresh;
}
