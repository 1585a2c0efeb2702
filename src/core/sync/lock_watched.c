/* The slow halves of the watched lock operations (lock_watched.h): a lock
 * that is held, a task without a lock owner id yet, sleepers to wake, or
 * misuse. Each event goes through its dispatcher, in its own window. */
#include "lock_watched.h"

#include "../../ompt/events.h"

enum glass_lock_status glass_lock_acquire_watched_rest(struct glass_thread *self, struct glass_lock *lock, int kind,
                                                       enum glass_state wait_state, const void *site)
{
    enum glass_lock_status status = glass_lock_acquire(self, lock, wait_state);
    if (status == GLASS_LOCK_OK)
        GLASS_OMPT_EMIT(mutex_acquired, kind, lock, site);
    return status;
}

enum glass_lock_status glass_lock_release_watched_rest(struct glass_thread *self, struct glass_lock *lock, int kind,
                                                       const void *site)
{
    enum glass_lock_status status = glass_lock_release(self, lock);
    if (status == GLASS_LOCK_OK)
        GLASS_OMPT_EMIT(mutex_released, kind, lock, site);
    return status;
}
