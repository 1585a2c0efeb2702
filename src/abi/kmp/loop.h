/* Shared by the Clang ABI's loop entry points (static_init.c, loop_dispatch.c,
 * loop.c): bounds arithmetic and the worksharing constructs loops enter. */
#ifndef GLASS_ABI_KMP_LOOP_H
#define GLASS_ABI_KMP_LOOP_H

#include "../../core/loops/loop.h"
#include "kmp.h"

/* Clang passes inclusive bounds [lower, upper] and a signed increment, in
 * 4- or 8-byte, signed or unsigned types. The entry points widen them to 64
 * bits (sign- or zero-extending) and compute in modulo 2^64 arithmetic, which
 * truncates back to the narrow types exactly. */
static inline uint64_t kmp_widen_signed(int64_t value)
{
    return (uint64_t)value;
}

/* A loop whose increment is 0: fatal. */
void kmp_zero_increment(void) __attribute__((noreturn, cold));

/* Logical iterations of the loop; 0 when it runs none. Inline: every loop
 * entry point starts with it. */
static inline uint64_t kmp_trip_count(bool is_signed, uint64_t lower, uint64_t upper, int64_t incr)
{
    if (incr > 0) {
        bool empty = is_signed ? (int64_t)upper < (int64_t)lower : upper < lower;
        return empty ? 0 : (upper - lower) / (uint64_t)incr + 1;
    }
    if (incr < 0) {
        bool empty = is_signed ? (int64_t)lower < (int64_t)upper : lower < upper;
        return empty ? 0 : (lower - upper) / (0 - (uint64_t)incr) + 1;
    }
    kmp_zero_increment();
}

/* Starts the worksharing construct of a loop run through the dispatch
 * interface (`dispatch`) or of a statically scheduled doacross loop, taking
 * the loop nest __kmpc_doacross_init recorded, if any. */
void kmp_loop_start(struct glass_thread *self, struct glass_loop_spec *spec, bool dispatch);

/* Whether __kmpc_doacross_init announced the loop about to start. */
bool kmp_doacross_pending(struct glass_thread *self);

/* The dispatch loop of the current task has no chunk left for the caller:
 * leave its construct. False when there is no such loop (a repeated call). */
bool kmp_loop_dispatch_done(struct glass_thread *self, const void *codeptr);

/* static_init.c: the OMPT events of a statically scheduled loop whose
 * division the caller computed (collapse_nonrect.c), as the static init
 * calls raise them: the loop begins with `count` logical iterations and the
 * thread's part `share` of them is dispatched. __kmpc_for_static_fini ends
 * the loop. */
struct glass_static_share;
void kmp_static_loop_begins(struct glass_thread *self, uint64_t count, const struct glass_static_share *share,
                            const void *codeptr);

#endif
