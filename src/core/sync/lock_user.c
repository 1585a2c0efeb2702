/* The lock routines as the program sees them (OpenMP 5.1, 3.9), with their
 * OMPT events (4.5.2.14 - 4.5.2.16). One lock object gives one wait id, its
 * address, in every event and in ompt_get_state while a thread waits for it.
 * Lock words are too small to remember an initialization hint, so acquisition
 * events report omp_sync_hint_none (which 4.5.2.14 allows). */
#include "../../ompt/events.h"
#include "lock.h"

#define IMPL GLASS_MUTEX_IMPL_FUTEX

void glass_user_lock_init(struct glass_lock *lock, unsigned hint, const void *codeptr)
{
    glass_lock_init(lock);
    GLASS_OMPT_EMIT(lock_init, GLASS_MUTEX_LOCK, hint, IMPL, lock, codeptr);
}

enum glass_lock_status glass_user_lock_destroy(struct glass_lock *lock, const void *codeptr)
{
    enum glass_lock_status status = glass_lock_destroy(lock);
    if (status == GLASS_LOCK_OK)
        GLASS_OMPT_EMIT(lock_destroy, GLASS_MUTEX_LOCK, lock, codeptr);
    return status;
}

enum glass_lock_status glass_user_lock_test(struct glass_thread *self, struct glass_lock *lock,
                                            const void *codeptr)
{
    GLASS_OMPT_EMIT(mutex_acquire, GLASS_MUTEX_TEST_LOCK, GLASS_SYNC_HINT_NONE, IMPL, lock, codeptr);
    enum glass_lock_status status = glass_lock_try(self, lock);
    if (status == GLASS_LOCK_OK)
        GLASS_OMPT_EMIT(mutex_acquired, GLASS_MUTEX_TEST_LOCK, lock, codeptr);
    return status;
}

void glass_user_nest_lock_init(struct glass_nest_lock *lock, unsigned hint, const void *codeptr)
{
    glass_nest_lock_init(lock);
    GLASS_OMPT_EMIT(lock_init, GLASS_MUTEX_NEST_LOCK, hint, IMPL, lock, codeptr);
}

enum glass_lock_status glass_user_nest_lock_destroy(struct glass_nest_lock *lock, const void *codeptr)
{
    enum glass_lock_status status = glass_nest_lock_destroy(lock);
    if (status == GLASS_LOCK_OK)
        GLASS_OMPT_EMIT(lock_destroy, GLASS_MUTEX_NEST_LOCK, lock, codeptr);
    return status;
}

/* Setting a nest lock the task already owns is not an acquisition but the
 * beginning of a nested hold (4.5.2.16). */
enum glass_lock_status glass_user_nest_lock_set(struct glass_thread *self, struct glass_nest_lock *lock,
                                                const void *codeptr)
{
    GLASS_OMPT_EMIT(mutex_acquire, GLASS_MUTEX_NEST_LOCK, GLASS_SYNC_HINT_NONE, IMPL, lock, codeptr);
    enum glass_lock_status status = glass_nest_lock_acquire(self, lock);
    if (status != GLASS_LOCK_OK)
        return status;
    if (lock->depth == 1)
        GLASS_OMPT_EMIT(mutex_acquired, GLASS_MUTEX_NEST_LOCK, lock, codeptr);
    else
        GLASS_OMPT_EMIT(nest_lock, GLASS_SCOPE_BEGIN, lock, codeptr);
    return status;
}

enum glass_lock_status glass_user_nest_lock_unset(struct glass_thread *self, struct glass_nest_lock *lock,
                                                  const void *codeptr)
{
    /* Read before the release: after the last one another task may own the
     * lock and its depth. Only an owner writes the depth, and the value is
     * used only if the release shows the caller was the owner. */
    unsigned depth = lock->depth;
    enum glass_lock_status status = glass_nest_lock_release(self, lock);
    if (status != GLASS_LOCK_OK)
        return status;
    if (depth > 1)
        GLASS_OMPT_EMIT(nest_lock, GLASS_SCOPE_END, lock, codeptr);
    else
        GLASS_OMPT_EMIT(mutex_released, GLASS_MUTEX_NEST_LOCK, lock, codeptr);
    return status;
}

unsigned glass_user_nest_lock_test(struct glass_thread *self, struct glass_nest_lock *lock,
                                   const void *codeptr)
{
    GLASS_OMPT_EMIT(mutex_acquire, GLASS_MUTEX_TEST_NEST_LOCK, GLASS_SYNC_HINT_NONE, IMPL, lock, codeptr);
    unsigned depth = glass_nest_lock_try(self, lock);
    if (depth == 1)
        GLASS_OMPT_EMIT(mutex_acquired, GLASS_MUTEX_TEST_NEST_LOCK, lock, codeptr);
    else if (depth > 1)
        GLASS_OMPT_EMIT(nest_lock, GLASS_SCOPE_BEGIN, lock, codeptr);
    return depth;
}
