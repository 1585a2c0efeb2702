/* The locks behind the critical construct (OpenMP 5.1, 2.19.1) and behind
 * atomic updates that the compiler cannot do in one instruction (2.19.7). */
#include "lock.h"
#include "runtime.h"
#include "thread.h"

/* All unnamed critical constructs of the program share one lock (2.19.1). */
static struct glass_lock unnamed_critical;
/* Atomic regions need only exclude each other: one lock, distinct from the
 * critical ones so an atomic update inside a critical region cannot deadlock. */
static struct glass_lock atomic_lock;

static void enter(struct glass_lock *lock, enum glass_state wait_state, const char *what)
{
    struct glass_thread *self = glass_self();
    enum glass_lock_status status = glass_lock_acquire(self, lock, wait_state);
    if (__builtin_expect(status != GLASS_LOCK_OK, 0))
        glass_fatal("%s %p entered again by the task that is already inside it: deadlock "
                    "(a critical region must not be nested in one with the same name)",
                    what, (void *)lock);
}

static void leave(struct glass_lock *lock, const char *what)
{
    if (__builtin_expect(glass_lock_release(glass_self(), lock) != GLASS_LOCK_OK, 0))
        glass_warn("leaving %s %p that the calling task did not enter; ignored", what, (void *)lock);
}

void glass_critical_enter(struct glass_lock *lock)
{
    if (lock)
        enter(lock, GLASS_STATE_WAIT_CRITICAL, "named critical construct");
    else
        enter(&unnamed_critical, GLASS_STATE_WAIT_CRITICAL, "unnamed critical construct");
}

void glass_critical_exit(struct glass_lock *lock)
{
    if (lock)
        leave(lock, "named critical construct");
    else
        leave(&unnamed_critical, "unnamed critical construct");
}

void glass_atomic_enter(void)
{
    enter(&atomic_lock, GLASS_STATE_WAIT_ATOMIC, "atomic region");
}

void glass_atomic_exit(void)
{
    leave(&atomic_lock, "atomic region");
}
