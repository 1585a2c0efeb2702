/* The live-object set of live.h. */
#include <stdatomic.h>

#include "live.h"

#define LIVE_SLOTS (1u << 16) /* 512 KiB of keys */
#define LIVE_WINDOW 128u      /* the most slots an operation looks at */
#define EMPTY ((uintptr_t)0)
#define TOMBSTONE ((uintptr_t)1) /* never an object's address: they are aligned */

static _Atomic uintptr_t slots[LIVE_SLOTS];

static unsigned home(uintptr_t key)
{
    uint64_t h = (uint64_t)key * 0x9E3779B97F4A7C15ull; /* Fibonacci hashing */
    return (unsigned)(h >> 48) & (LIVE_SLOTS - 1);
}

int live_contains(uintptr_t key)
{
    unsigned start = home(key);
    for (unsigned i = 0; i < LIVE_WINDOW; i++) {
        uintptr_t slot = atomic_load_explicit(&slots[(start + i) & (LIVE_SLOTS - 1)], memory_order_acquire);
        if (slot == key)
            return 1;
        if (slot == EMPTY)
            return 0;
    }
    return 0;
}

enum live_result live_add(uintptr_t key)
{
    if (live_contains(key))
        return LIVE_ALREADY;
    unsigned start = home(key);
    for (unsigned i = 0; i < LIVE_WINDOW; i++) {
        _Atomic uintptr_t *slot = &slots[(start + i) & (LIVE_SLOTS - 1)];
        uintptr_t seen = atomic_load_explicit(slot, memory_order_relaxed);
        while (seen == EMPTY || seen == TOMBSTONE) {
            if (atomic_compare_exchange_weak_explicit(slot, &seen, key, memory_order_acq_rel, memory_order_relaxed))
                return LIVE_ADDED;
        }
        if (seen == key)
            return LIVE_ALREADY; /* another thread added it meanwhile */
    }
    return LIVE_FULL;
}

int live_remove(uintptr_t key)
{
    unsigned start = home(key);
    for (unsigned i = 0; i < LIVE_WINDOW; i++) {
        _Atomic uintptr_t *slot = &slots[(start + i) & (LIVE_SLOTS - 1)];
        uintptr_t seen = atomic_load_explicit(slot, memory_order_acquire);
        if (seen == key) {
            atomic_compare_exchange_strong_explicit(slot, &seen, TOMBSTONE, memory_order_acq_rel,
                                                    memory_order_relaxed);
            return 1;
        }
        if (seen == EMPTY)
            return 0;
    }
    return 0;
}

void live_reset(void)
{
    for (unsigned i = 0; i < LIVE_SLOTS; i++)
        atomic_store_explicit(&slots[i], EMPTY, memory_order_relaxed);
}
