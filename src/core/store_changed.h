/* Stores that leave a cache line alone when it holds the value already.
 *
 * The descriptors a fork resets (the team, its barriers, its worksharing
 * ring and task deques) are reused region after region and mostly hold the
 * values the fork is about to store. A store takes its line from every
 * other core's cache even when the value does not change, and the workers
 * read those lines again at the next fork: one transfer between cores per
 * line, per region, for nothing. Comparing first keeps such lines shared.
 * Only for the fork's set-up, where the primary is the one writer and the
 * workers of the previous region are past its join; the fields must hold a
 * value already (set when their memory is allocated), since they are read
 * first. */
#ifndef GLASS_CORE_STORE_CHANGED_H
#define GLASS_CORE_STORE_CHANGED_H

#include <stdatomic.h>
#include <string.h>

/* A plain field. */
#define GLASS_STORE_CHANGED(lvalue, value)       \
    do {                                         \
        __typeof__(lvalue) glass_new_ = (value); \
        if ((lvalue) != glass_new_)              \
            (lvalue) = glass_new_;               \
    } while (0)

/* An atomic field set with a relaxed store. */
#define GLASS_STORE_CHANGED_RELAXED(object, value)                                             \
    do {                                                                                       \
        __typeof__(atomic_load_explicit((object), memory_order_relaxed)) glass_new_ = (value); \
        if (atomic_load_explicit((object), memory_order_relaxed) != glass_new_)                \
            atomic_store_explicit((object), glass_new_, memory_order_relaxed);                 \
    } while (0)

/* `size` bytes from `source`, compared byte for byte (a structure's
 * padding that differs costs only the store that would have been made
 * anyway). */
static inline void glass_store_changed_bytes(void *target, const void *source, size_t size)
{
    if (memcmp(target, source, size) != 0)
        memcpy(target, source, size);
}

#endif
