/* The locks behind the critical construct (OpenMP 5.1, 2.19.1) and behind
 * atomic updates that the compiler cannot do in one instruction (2.19.7). */
#include "../ompt/events.h"
#include "lock.h"
#include "runtime.h"
#include "thread.h"

/* All unnamed critical constructs of the program share one lock (2.19.1). */
static struct glass_lock unnamed_critical;
/* Atomic regions need only exclude each other: one lock, distinct from the
 * critical ones so an atomic update inside a critical region cannot deadlock. */
static struct glass_lock atomic_lock;

static void __attribute__((cold, noinline)) nested_entry(struct glass_lock *lock, const char *what)
{
    glass_fatal("%s %p entered again by the task that is already inside it: deadlock "
                "(a critical region must not be nested in one with the same name)",
                what, (void *)lock);
}

static void __attribute__((cold, noinline)) stray_exit(struct glass_lock *lock, const char *what)
{
    glass_warn("leaving %s %p that the calling task did not enter; ignored", what, (void *)lock);
}

/* `kind` is the ompt_mutex_t the OMPT events report; the lock's address is
 * their wait id. Out of line: the general path keeps its arguments across the
 * lock call for the events, and those register saves would otherwise be paid
 * by the uncontended entry too. */
static void __attribute__((noinline)) enter(struct glass_lock *lock, enum glass_state wait_state, int kind,
                                            unsigned hint, const void *codeptr, const char *what)
{
    struct glass_thread *self = glass_self();
    GLASS_OMPT_EMIT(mutex_acquire, kind, hint, GLASS_MUTEX_IMPL_FUTEX, lock, codeptr);
    enum glass_lock_status status = glass_lock_acquire(self, lock, wait_state);
    if (__builtin_expect(status != GLASS_LOCK_OK, 0))
        nested_entry(lock, what);
    GLASS_OMPT_EMIT(mutex_acquired, kind, lock, codeptr);
}

static void __attribute__((noinline)) leave_observed(struct glass_lock *lock, int kind, const void *codeptr,
                                                     const char *what)
{
    if (__builtin_expect(glass_lock_release(glass_self(), lock) != GLASS_LOCK_OK, 0)) {
        stray_exit(lock, what);
        return;
    }
    GLASS_OMPT_EMIT(mutex_released, kind, lock, codeptr);
}

static void __attribute__((noinline)) critical_enter_general(struct glass_lock *lock, unsigned hint,
                                                             const void *codeptr)
{
    if (lock)
        enter(lock, GLASS_STATE_WAIT_CRITICAL, GLASS_MUTEX_CRITICAL, hint, codeptr, "named critical construct");
    else
        enter(&unnamed_critical, GLASS_STATE_WAIT_CRITICAL, GLASS_MUTEX_CRITICAL, hint, codeptr,
              "unnamed critical construct");
}

/* Nothing watching (the ABI entry checked, GLASS_OMPT_ENTRY_SPLIT): the
 * uncontended entry is one compare-and-swap, the exit one exchange, with no
 * stack frame and no event point on either path; the rest is a tail call. */
void glass_critical_enter_unwatched(struct glass_lock *lock)
{
    if (!glass_lock_take_quick(lock ? lock : &unnamed_critical))
        critical_enter_general(lock, GLASS_SYNC_HINT_NONE, NULL);
}

/* Sleepers to wake, or an exit without an entry. Out of line, so that the
 * plain exit needs no frame. */
static void __attribute__((noinline)) critical_exit_rest(struct glass_lock *lock, struct glass_lock *held,
                                                        unsigned old)
{
    if (!glass_lock_given_up(held, old))
        stray_exit(held, lock ? "named critical construct" : "unnamed critical construct");
}

void glass_critical_exit_unwatched(struct glass_lock *lock)
{
    struct glass_lock *held = lock ? lock : &unnamed_critical;
    unsigned old = glass_lock_give_unchecked(held);
    if (!glass_lock_given_plainly(old))
        critical_exit_rest(lock, held, old);
}

void glass_atomic_enter_unwatched(void)
{
    if (!glass_lock_take_quick(&atomic_lock))
        enter(&atomic_lock, GLASS_STATE_WAIT_ATOMIC, GLASS_MUTEX_ATOMIC, GLASS_SYNC_HINT_NONE, NULL,
              "atomic region");
}

static void __attribute__((noinline)) atomic_exit_rest(unsigned old)
{
    if (!glass_lock_given_up(&atomic_lock, old))
        stray_exit(&atomic_lock, "atomic region");
}

void glass_atomic_exit_unwatched(void)
{
    unsigned old = glass_lock_give_unchecked(&atomic_lock);
    if (!glass_lock_given_plainly(old))
        atomic_exit_rest(old);
}

/* The general entry points: a tool that wants the mutex events takes the
 * general path whatever the lock's state; without one they are the above. */
void glass_critical_enter_at(struct glass_lock *lock, unsigned hint, const void *codeptr)
{
    if (GLASS_OMPT_ACTIVE())
        critical_enter_general(lock, hint, codeptr);
    else
        glass_critical_enter_unwatched(lock);
}

void glass_critical_exit_at(struct glass_lock *lock, const void *codeptr)
{
    if (GLASS_OMPT_ACTIVE())
        leave_observed(lock ? lock : &unnamed_critical, GLASS_MUTEX_CRITICAL, codeptr,
                       lock ? "named critical construct" : "unnamed critical construct");
    else
        glass_critical_exit_unwatched(lock);
}

void glass_atomic_enter_at(const void *codeptr)
{
    if (GLASS_OMPT_ACTIVE())
        enter(&atomic_lock, GLASS_STATE_WAIT_ATOMIC, GLASS_MUTEX_ATOMIC, GLASS_SYNC_HINT_NONE, codeptr,
              "atomic region");
    else
        glass_atomic_enter_unwatched();
}

void glass_atomic_exit_at(const void *codeptr)
{
    if (GLASS_OMPT_ACTIVE())
        leave_observed(&atomic_lock, GLASS_MUTEX_ATOMIC, codeptr, "atomic region");
    else
        glass_atomic_exit_unwatched();
}
