/* Setting and releasing a lock while a tool or debugger watches (the entry
 * points' watched halves: the lock routines, critical): the operation and
 * its mutex events (OpenMP 5.1, 4.5.2.14 - 4.5.2.15) inline, in the
 * caller's frame, with the caller's thread descriptor. A free lock is
 * taken inside one dispatch window that holds both events (acquire,
 * acquired); a held one is waited for outside any window (finalization
 * waits for open windows, and must not wait for a lock), in
 * glass_lock_acquire_watched_rest. `site` is the user's call site already
 * (user_site), computed once per operation; `self` is registered
 * (glass_watched_self). */
#ifndef GLASS_CORE_LOCK_WATCHED_H
#define GLASS_CORE_LOCK_WATCHED_H

#include "../../ompt/mutex_dispatch.h"
#include "lock.h"

/* The rest of an acquisition whose quick path failed, and of a release whose
 * quick path failed (sleepers to wake, or misuse): lock_watched.c. */
enum glass_lock_status glass_lock_acquire_watched_rest(struct glass_thread *self, struct glass_lock *lock, int kind,
                                                       enum glass_state wait_state, const void *site);
enum glass_lock_status glass_lock_release_watched_rest(struct glass_thread *self, struct glass_lock *lock, int kind,
                                                       const void *site);

/* Always inline: a watched half that uses them in its hot path and in its
 * general one (critical.c, api/locks.c) must not share one out-of-line copy. */
#define GLASS_LOCK_WATCHED_INLINE static inline __attribute__((always_inline))

/* `kind` is the ompt_mutex_t of the events, `hint` and `impl` what the
 * acquire event reports besides (`impl` is always GLASS_MUTEX_IMPL_FUTEX; a
 * caller that has it in the callback's argument register already passes it
 * on from there), `wait_state` the thread's state while it waits; the lock's
 * address is the wait id. */
GLASS_LOCK_WATCHED_INLINE enum glass_lock_status glass_lock_acquire_watched(struct glass_thread *self,
                                                                           struct glass_lock *lock, int kind,
                                                                           unsigned hint, unsigned impl,
                                                                           enum glass_state wait_state,
                                                                           const void *site)
{
    dispatch_enter_direct(self);
    glass_mutex_acquire_in_window(kind, hint, impl, lock, site);
    if (__builtin_expect(glass_lock_take_quick_as(self, lock), 1)) {
        glass_mutex_event_in_window(GLASS_OMPT_EV_mutex_acquired, kind, lock, site);
        dispatch_leave(self);
        return GLASS_LOCK_OK;
    }
    dispatch_leave(self);
    return glass_lock_acquire_watched_rest(self, lock, kind, wait_state, site);
}

GLASS_LOCK_WATCHED_INLINE enum glass_lock_status glass_lock_release_watched(struct glass_thread *self,
                                                                           struct glass_lock *lock, int kind,
                                                                           const void *site)
{
    if (__builtin_expect(!glass_lock_give_quick_as(self, lock), 0))
        return glass_lock_release_watched_rest(self, lock, kind, site);
    dispatch_enter_direct(self);
    glass_mutex_event_in_window(GLASS_OMPT_EV_mutex_released, kind, lock, site);
    dispatch_leave(self);
    return GLASS_LOCK_OK;
}

#endif
