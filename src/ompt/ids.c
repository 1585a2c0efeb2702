/* ompt_get_unique_id (OpenMP 5.1, 4.6.1.14): numbers unique in the process,
 * never ompt_id_none, without a shared atomic per id, and async-signal-safe.
 *
 * An id is a per-thread prefix (taken from a global counter once per thread)
 * in the high bits and a per-thread counter in the low bits, both in one
 * thread-local word that a single fetch-add advances: that instruction cannot
 * be split by a signal, so a handler interrupting the thread takes its own
 * number. When the counter nears the top of its range the thread takes a new
 * prefix; a handler that interrupts this refill sees a counter still in the
 * guard zone and refills too, wasting a prefix but never repeating an id. */
#include <stdatomic.h>
#include <stdint.h>

#include "ompt_internal.h"

#define COUNTER_BITS 40
#define COUNTER_MASK ((UINT64_C(1) << COUNTER_BITS) - 1)
/* Refill once the counter is this close to overflowing into the prefix; far
 * more than nested signal handlers could consume. */
#define GUARD_ZONE (UINT64_C(1) << 20)

/* Prefix 0 means "no prefix yet" and is never handed out. Prefixes wrap after
 * 2^24 threads (or 2^64 ids); ids could then repeat, an accepted limit. */
static _Atomic uint64_t prefixes_taken;

static __thread _Atomic uint64_t next_id __attribute__((tls_model("initial-exec")));

static uint64_t refill(void)
{
    uint64_t prefix = atomic_fetch_add_explicit(&prefixes_taken, 1, memory_order_relaxed) + 1;
    prefix &= (UINT64_C(1) << (64 - COUNTER_BITS)) - 1;
    if (prefix == 0)
        prefix = 1;
    uint64_t first = prefix << COUNTER_BITS;
    atomic_store_explicit(&next_id, first + 1, memory_order_relaxed);
    return first;
}

uint64_t glass_ompt_unique_id(void)
{
    uint64_t id = atomic_fetch_add_explicit(&next_id, 1, memory_order_relaxed);
    if (__builtin_expect((id >> COUNTER_BITS) == 0 || (id & COUNTER_MASK) >= COUNTER_MASK - GUARD_ZONE, 0))
        return refill();
    return id;
}
