/* The mutex events (OpenMP 5.1, 4.5.2.14 - 4.5.2.15) dispatched inline by
 * the watched lock, critical and atomic paths (core/sync/lock_watched.h), inside
 * a dispatch window the caller opened with dispatch_enter_direct: one
 * announcement for all the events of one operation that come without a wait
 * in between.
 *
 * With one tool the callback is called here directly (glass_ompt_direct,
 * one load). With several, or where every dispatch needs its own fence, the
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

/* With several tools: the event through its dispatcher, the window closed
 * around it (callbacks.c). Out of line, so that the one-tool path keeps
 * nothing for it. */
void glass_mutex_fan_out(struct glass_thread *self, int event, int kind, unsigned hint, const void *wait_id,
                         const void *site);

/* `site` is the user's call site already (user_site), computed once per
 * operation; the dispatchers' user_site leaves it as it is. */
static inline void glass_mutex_acquire_in_window(struct glass_thread *self, int kind, unsigned hint,
                                                 const void *wait_id, const void *site)
{
    glass_mutex_acquire_callback callback = (glass_mutex_acquire_callback)direct_callback(GLASS_OMPT_EV_mutex_acquire);
    if (__builtin_expect(callback != NULL, 1))
        callback(kind, hint, GLASS_MUTEX_IMPL_FUTEX, (uint64_t)(uintptr_t)wait_id, site);
    else if (__builtin_expect(atomic_load_explicit(&glass_ompt_enabled[GLASS_OMPT_EV_mutex_acquire],
                                                   memory_order_relaxed) == DISPATCH_FAN_OUT,
                              0))
        glass_mutex_fan_out(self, GLASS_OMPT_EV_mutex_acquire, kind, hint, wait_id, site);
}

/* mutex_acquired and mutex_released: `event` is GLASS_OMPT_EV_mutex_acquired
 * or GLASS_OMPT_EV_mutex_released. */
static inline void glass_mutex_event_in_window(struct glass_thread *self, int event, int kind, const void *wait_id,
                                               const void *site)
{
    glass_mutex_callback callback = (glass_mutex_callback)direct_callback(event);
    if (__builtin_expect(callback != NULL, 1))
        callback(kind, (uint64_t)(uintptr_t)wait_id, site);
    else if (__builtin_expect(atomic_load_explicit(&glass_ompt_enabled[event], memory_order_relaxed) ==
                                  DISPATCH_FAN_OUT,
                              0))
        glass_mutex_fan_out(self, event, kind, GLASS_SYNC_HINT_NONE, wait_id, site);
}

#endif
