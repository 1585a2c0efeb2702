/* Clang ABI: the omp_depend_t of clang's omp.h is one pointer. A depobj
 * construct (clang's code, no runtime entry of its own) gets an array of
 * n + 1 kmp_depend_info from __kmpc_alloc with the null allocator, writes n
 * into the base address of element 0 and the dependences into elements
 * 1..n, and stores the address of element 1 in the object; destroy passes
 * element 0 to __kmpc_free.
 *
 * The device memory routines' depobj lists (core/tasks/depobj.h) may hold GCC's
 * two-word objects instead, whose first word is any address of the
 * program's: reading "element 0" before it could fault. So this ABI
 * remembers the blocks __kmpc_alloc handed out in the shape of such an
 * array (null allocator, a whole number of at least two elements) until
 * they are freed, and claims an object only when its pointer is one
 * element into such a block: then, and only then, the array is read. */
#include <pthread.h>
#include <stdatomic.h>
#include <stdlib.h>

#include "../../core/tasks/depobj.h"
#include "depend.h"

#define ELEMENT sizeof(struct kmp_depend_info)

/* Live candidate blocks: an open-addressing hash set of their addresses
 * with their sizes; TOMBSTONE marks a freed slot that a probe goes past. */
#define TOMBSTONE ((uintptr_t)1)
struct slot {
    uintptr_t block; /* 0: never used */
    size_t size;
};

static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
static struct slot *slots;
static size_t capacity, used; /* used: live and tombstones */
static _Atomic size_t live;   /* read unlocked by __kmpc_free's quick exit */

static size_t home(uintptr_t block)
{
    return (size_t)(((uint64_t)block >> 4) * 0x9e3779b97f4a7c15ull) & (capacity - 1);
}

/* The slot of `block`, or NULL. With the lock held. */
static struct slot *find(uintptr_t block)
{
    if (!capacity)
        return NULL;
    for (size_t i = home(block), probes = 0; probes < capacity; i = (i + 1) & (capacity - 1), probes++) {
        if (slots[i].block == block)
            return &slots[i];
        if (!slots[i].block)
            return NULL;
    }
    return NULL;
}

/* A table of `size` slots (a power of two) holding the live entries. */
static bool rebuild(size_t size)
{
    struct slot *fresh = calloc(size, sizeof *fresh);
    if (!fresh)
        return false;
    struct slot *old = slots;
    size_t old_capacity = capacity;
    slots = fresh;
    capacity = size;
    used = 0;
    for (size_t i = 0; i < old_capacity; i++)
        if (old[i].block > TOMBSTONE) {
            size_t j = home(old[i].block);
            while (slots[j].block)
                j = (j + 1) & (capacity - 1);
            slots[j] = old[i];
            used++;
        }
    free(old);
    return true;
}

void kmp_depobj_note_alloc(void *block, size_t size, uintptr_t allocator)
{
    if (!block || allocator != 0 || size < 2 * ELEMENT || size % ELEMENT)
        return;
    uintptr_t key = (uintptr_t)block;
    pthread_mutex_lock(&lock);
    struct slot *slot = find(key);
    if (slot) { /* freed by other means (omp_free) and handed out again */
        slot->size = size;
    } else {
        size_t n = atomic_load_explicit(&live, memory_order_relaxed);
        /* At most three quarters full, tombstones included; a table mostly
         * of tombstones is rebuilt at its size. */
        if ((used + 1) * 4 > capacity * 3) {
            size_t size_needed = 16;
            while (size_needed < (n + 1) * 2)
                size_needed *= 2;
            if (!rebuild(size_needed)) {
                /* Not remembered: its depobj lists read as no encoding's
                 * (the routine's EINVAL), never wrongly. */
                pthread_mutex_unlock(&lock);
                return;
            }
        }
        size_t i = home(key);
        while (slots[i].block > TOMBSTONE)
            i = (i + 1) & (capacity - 1);
        used += !slots[i].block;
        slots[i] = (struct slot){key, size};
        atomic_store_explicit(&live, n + 1, memory_order_relaxed);
    }
    pthread_mutex_unlock(&lock);
}

void kmp_depobj_note_free(void *block)
{
    if (!block || !atomic_load_explicit(&live, memory_order_relaxed))
        return;
    pthread_mutex_lock(&lock);
    struct slot *slot = find((uintptr_t)block);
    if (slot) {
        slot->block = TOMBSTONE;
        atomic_fetch_sub_explicit(&live, 1, memory_order_relaxed);
    }
    pthread_mutex_unlock(&lock);
}

/* The size of the live candidate block holding `object`'s array, or 0. */
static size_t block_size_of(const void *object)
{
    uintptr_t array = *(const uintptr_t *)object;
    if (array < ELEMENT || !atomic_load_explicit(&live, memory_order_relaxed))
        return 0;
    pthread_mutex_lock(&lock);
    struct slot *slot = find(array - ELEMENT);
    size_t size = slot ? slot->size : 0;
    pthread_mutex_unlock(&lock);
    return size;
}

static bool claims(const void *object)
{
    return block_size_of(object) != 0;
}

static long decode(const void *object, struct glass_depend *out, size_t room)
{
    size_t size = block_size_of(object);
    if (!size)
        return -1; /* freed (destroy) since it was claimed */
    const struct kmp_depend_info *items = *(struct kmp_depend_info *const *)object;
    intptr_t n = items[-1].base_addr;
    if (n < 1 || (size_t)n > size / ELEMENT - 1)
        return -1; /* not an array a depobj construct wrote */
    for (size_t i = 0; i < (size_t)n && i < room; i++)
        out[i] = (struct glass_depend){(void *)items[i].base_addr, kmp_depend_kind(&items[i])};
    return (long)n;
}

static const struct glass_depobj_encoding kmp_encoding = {
    .stride = sizeof(void *),
    .claims = claims,
    .decode = decode,
};

__attribute__((constructor)) static void add_kmp_encoding(void)
{
    glass_depobj_encoding_add(&kmp_encoding);
}
