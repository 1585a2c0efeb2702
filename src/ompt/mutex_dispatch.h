/* The mutex events (OpenMP 5.1, 4.5.2.14 - 4.5.2.15) dispatched inline by
 * the watched lock, critical and atomic paths (core/sync/lock_watched.h), inside
 * a dispatch window the caller opened with dispatch_enter_direct: one
 * announcement for all the events of one operation that come without a wait
 * in between.
 *
 * Each event is one indirect call through glass_mutex_calls, which is never
 * NULL: with one tool that registered the event, the tool's callback itself;
 * with several, or where every dispatch needs its own fence, a trampoline to
 * the event's dispatcher in callbacks.c (which loops over the tools, and
 * announces itself and withdraws, so the trampoline closes the window around
 * it and opens it again after); otherwise a function that does nothing. The
 * entry is read after the announcement, as dispatch_core.h requires of the
 * flags, and finalization replaces every entry by the one that does nothing
 * before it waits for open windows (callbacks.c, finalize.c). */
#ifndef GLASS_OMPT_MUTEX_DISPATCH_H
#define GLASS_OMPT_MUTEX_DISPATCH_H

#include "dispatch_core.h"

/* ompt_callback_mutex_acquire_t and ompt_callback_mutex_t as they are called:
 * ompt_mutex_t is passed as an int, ompt_wait_id_t is a uint64_t. */
typedef void (*glass_mutex_acquire_callback)(int kind, unsigned hint, unsigned impl, uint64_t wait_id,
                                             const void *codeptr);
typedef void (*glass_mutex_callback)(int kind, uint64_t wait_id, const void *codeptr);

/* Per mutex event, what the inline dispatch calls (see above), set with the
 * event's flag (callbacks.c: mutex_calls.c's glass_mutex_calls_update). */
struct glass_mutex_calls {
    _Atomic(glass_mutex_acquire_callback) acquire;
    _Atomic(glass_mutex_callback) acquired;
    _Atomic(glass_mutex_callback) released;
};
extern GLASS_INTERNAL struct glass_mutex_calls glass_mutex_calls;

/* Sets the entry of `event` (one of the three mutex events) from its
 * dispatch flag and tool 0's callback; other events are left alone. */
void glass_mutex_calls_update(int event, unsigned char flag, glass_ompt_callback tool_callback);

/* `site` is the user's call site already (user_site), computed once per
 * operation; the dispatchers' user_site leaves it as it is. The caller's
 * window is open (the trampolines find the caller's descriptor themselves). */
static inline void glass_mutex_acquire_in_window(int kind, unsigned hint, unsigned impl, const void *wait_id,
                                                 const void *site)
{
    atomic_load_explicit(&glass_mutex_calls.acquire, memory_order_relaxed)(kind, hint, impl,
                                                                           (uint64_t)(uintptr_t)wait_id, site);
}

/* mutex_acquired and mutex_released: `event` is GLASS_OMPT_EV_mutex_acquired
 * or GLASS_OMPT_EV_mutex_released, a constant at every call. */
static inline void glass_mutex_event_in_window(int event, int kind, const void *wait_id, const void *site)
{
    _Atomic(glass_mutex_callback) *entry =
        event == GLASS_OMPT_EV_mutex_acquired ? &glass_mutex_calls.acquired : &glass_mutex_calls.released;
    atomic_load_explicit(entry, memory_order_relaxed)(kind, (uint64_t)(uintptr_t)wait_id, site);
}

#endif
