/* The mutex events (OpenMP 5.1, 4.5.2.14 - 4.5.2.15) dispatched inline by
 * the watched lock, critical and atomic paths (core/lock_watched.h), inside
 * a dispatch window the caller opened with dispatch_enter: one announcement
 * for all the events of one operation that come without a wait in between.
 *
 * With one tool the callback is called here directly. With several, the
 * event goes to its dispatcher in callbacks.c (which loops over the tools);
 * that dispatcher announces itself and withdraws, so the window is closed
 * around the call and opened again after it. Either way the event's flag is
 * read after the announcement, as dispatch_core.h requires. */
#ifndef GLASS_OMPT_MUTEX_DISPATCH_H
#define GLASS_OMPT_MUTEX_DISPATCH_H

#include "dispatch_core.h"

/* ompt_callback_mutex_acquire_t and ompt_callback_mutex_t as they are called:
 * ompt_mutex_t is passed as an int, ompt_wait_id_t is a uint64_t. */
typedef void (*glass_mutex_acquire_callback)(int kind, unsigned hint, unsigned impl, uint64_t wait_id,
                                             const void *codeptr);
typedef void (*glass_mutex_callback)(int kind, uint64_t wait_id, const void *codeptr);

/* `site` is the user's call site already (user_site), computed once per
 * operation; the dispatchers' user_site leaves it as it is. */
static inline void glass_mutex_acquire_in_window(struct glass_thread *self, int kind, unsigned hint,
                                                 const void *wait_id, const void *site)
{
    unsigned char mode = atomic_load_explicit(&glass_ompt_enabled[GLASS_OMPT_EV_mutex_acquire], memory_order_relaxed);
    if (__builtin_expect(mode == DISPATCH_DIRECT, 1)) {
        glass_mutex_acquire_callback callback =
            (glass_mutex_acquire_callback)callback_of(0, GLASS_OMPT_EV_mutex_acquire);
        if (callback)
            callback(kind, hint, GLASS_MUTEX_IMPL_FUTEX, (uint64_t)(uintptr_t)wait_id, site);
    } else if (mode == DISPATCH_FAN_OUT) {
        dispatch_leave(self);
        glass_ompt_emit_mutex_acquire(kind, hint, GLASS_MUTEX_IMPL_FUTEX, wait_id, site);
        dispatch_enter(self);
    }
}

/* mutex_acquired and mutex_released: `event` is GLASS_OMPT_EV_mutex_acquired
 * or GLASS_OMPT_EV_mutex_released. */
static inline void glass_mutex_event_in_window(struct glass_thread *self, int event, int kind, const void *wait_id,
                                               const void *site)
{
    unsigned char mode = atomic_load_explicit(&glass_ompt_enabled[event], memory_order_relaxed);
    if (__builtin_expect(mode == DISPATCH_DIRECT, 1)) {
        glass_mutex_callback callback = (glass_mutex_callback)callback_of(0, event);
        if (callback)
            callback(kind, (uint64_t)(uintptr_t)wait_id, site);
    } else if (mode == DISPATCH_FAN_OUT) {
        dispatch_leave(self);
        if (event == GLASS_OMPT_EV_mutex_acquired)
            glass_ompt_emit_mutex_acquired(kind, wait_id, site);
        else
            glass_ompt_emit_mutex_released(kind, wait_id, site);
        dispatch_enter(self);
    }
}

#endif
