/* The locks behind the critical construct (OpenMP 5.1, 2.19.1) and behind
 * atomic updates that the compiler cannot do in one instruction (2.19.7). */
#include "../../ompt/events.h"
#include "lock.h"
#include "lock_watched.h"
#include "../runtime.h"
#include "../threads/thread.h"
#include "../../platform/return_address.h"

/* All unnamed critical constructs of the program share one lock (2.19.1). */
struct glass_lock glass_unnamed_critical;
/* Atomic regions need only exclude each other: one lock, distinct from the
 * critical ones so an atomic update inside a critical region cannot deadlock. */
static struct glass_lock atomic_lock;

/* The lock of a critical construct for the general entries, which may be
 * given NULL for the unnamed one. */
static inline struct glass_lock *critical_lock(struct glass_lock *name)
{
    return name ? name : &glass_unnamed_critical;
}

/* What the diagnostics call the region a lock guards. */
static const char *region_name(const struct glass_lock *lock)
{
    if (lock == &atomic_lock)
        return "atomic region";
    return lock == &glass_unnamed_critical ? "unnamed critical construct" : "named critical construct";
}

static void __attribute__((cold, noinline)) nested_entry(struct glass_lock *lock)
{
    glass_fatal("%s %p entered again by the task that is already inside it: deadlock "
                "(a critical region must not be nested in one with the same name)",
                region_name(lock), (void *)lock);
}

static void __attribute__((cold, noinline)) stray_exit(struct glass_lock *lock)
{
    glass_warn("leaving %s %p that the calling task did not enter; ignored", region_name(lock), (void *)lock);
}

/* The ompt_mutex_t the OMPT events report; the lock's address is their wait id. */
static int mutex_kind(const struct glass_lock *lock)
{
    return lock == &atomic_lock ? GLASS_MUTEX_ATOMIC : GLASS_MUTEX_CRITICAL;
}

/* The general entry. Out of line: it keeps its arguments across the lock
 * call for the events, and those register saves would otherwise be paid by
 * the uncontended entry too. */
static void __attribute__((noinline)) enter(struct glass_lock *lock, unsigned hint, const void *codeptr)
{
    struct glass_thread *self = glass_self();
    int kind = mutex_kind(lock);
    GLASS_OMPT_EMIT(mutex_acquire, kind, hint, GLASS_MUTEX_IMPL_FUTEX, lock, codeptr);
    enum glass_state wait_state = lock == &atomic_lock ? GLASS_STATE_WAIT_ATOMIC : GLASS_STATE_WAIT_CRITICAL;
    if (__builtin_expect(glass_lock_acquire(self, lock, wait_state) != GLASS_LOCK_OK, 0))
        nested_entry(lock);
    GLASS_OMPT_EMIT(mutex_acquired, kind, lock, codeptr);
}

static void __attribute__((noinline)) leave_observed(struct glass_lock *lock, const void *codeptr)
{
    if (__builtin_expect(glass_lock_release(glass_self(), lock) != GLASS_LOCK_OK, 0)) {
        stray_exit(lock);
        return;
    }
    GLASS_OMPT_EMIT(mutex_released, mutex_kind(lock), lock, codeptr);
}

/* Sleepers to wake, or an exit without an entry. Out of line, so that the
 * plain exit needs no frame. */
static void __attribute__((noinline)) leave_rest(struct glass_lock *lock, unsigned old)
{
    if (!glass_lock_given_up(lock, old))
        stray_exit(lock);
}

static inline void leave_unwatched(struct glass_lock *lock)
{
    unsigned old = glass_lock_give_unchecked(lock);
    if (!glass_lock_given_plainly(old))
        leave_rest(lock, old);
}

/* Nothing watching (the ABI entry checked, GLASS_OMPT_ENTRY_WATCH): the
 * uncontended entry is one compare-and-swap, the exit one exchange, with no
 * stack frame and no event point on either path; the rest is a tail call. */
void glass_critical_enter_unwatched(struct glass_lock *lock)
{
    if (!glass_lock_take_quick(lock))
        enter(lock, GLASS_SYNC_HINT_NONE, NULL);
}

void glass_critical_exit_unwatched(struct glass_lock *lock)
{
    leave_unwatched(lock);
}

void glass_atomic_enter_unwatched(void)
{
    if (!glass_lock_take_quick(&atomic_lock))
        enter(&atomic_lock, GLASS_SYNC_HINT_NONE, NULL);
}

void glass_atomic_exit_unwatched(void)
{
    leave_unwatched(&atomic_lock);
}

/* The general entry points: a tool that wants the mutex events takes the
 * general path whatever the lock's state; without one they are the above. */
void glass_critical_enter_at(struct glass_lock *name, unsigned hint, const void *codeptr)
{
    if (GLASS_OMPT_ACTIVE())
        enter(critical_lock(name), hint, codeptr);
    else
        glass_critical_enter_unwatched(name);
}

void glass_critical_exit_at(struct glass_lock *name, const void *codeptr)
{
    if (GLASS_OMPT_ACTIVE())
        leave_observed(critical_lock(name), codeptr);
    else
        glass_critical_exit_unwatched(name);
}

/* The ABIs' watched entries: one look at the thread pointer for the enter
 * frame, the events and the lock (lock_watched.h). A critical construct's
 * lock is never the atomic one.
 * Arguments: the entry point's CFA (the enter frame) first, then for the
 * entry the acquire event's arguments in the callback's order (hint, impl,
 * lock, call site), so that the common path passes them on in the registers
 * they came in; the exit, whose event comes before any call, finds its call
 * site below its CFA (platform/return_address.h).
 * Call sites: the entry's return address is the user's, except at the exit
 * of a region body that ends with its critical construct: the body then
 * tail-calls the exit, whose return address is the runtime's call of the
 * body, which user_site turns into NULL (as libomp reports it). The entry
 * is never in tail position (its construct's exit follows it), so its
 * return address goes to the events as it is.
 * The common case, an outermost entry by a registered thread with a task,
 * sets and clears the enter frame itself (glass_ompt_enter_outermost; the
 * exit glass_ompt_enter_outermost_again) and so keeps three values across
 * the event calls: the thread, the lock and the call site. Everything else
 * takes the general halves below, out of line. */
static void __attribute__((noinline, cold)) enter_general(void *cfa, unsigned hint, struct glass_lock *lock,
                                                           const void *codeptr)
{
    glass_watched_self_slow();
    struct glass_thread *self = glass_self();
    GLASS_OMPT_ENTRY_AS(self, cfa);
    if (glass_lock_acquire_watched(self, lock, GLASS_MUTEX_CRITICAL, hint, GLASS_MUTEX_IMPL_FUTEX,
                                   GLASS_STATE_WAIT_CRITICAL, codeptr) != GLASS_LOCK_OK)
        nested_entry(lock);
}

/* The watched exit releases as the unwatched one does (one exchange, the
 * owner not checked: the compiler pairs each exit with the task's own
 * entry); the released event follows in a window of its own. Sleepers to
 * wake, or an exit without an entry, out of line. */
static void __attribute__((noinline)) exit_watched_rest(struct glass_lock *lock, unsigned old, const void *site)
{
    if (!glass_lock_given_up(lock, old))
        stray_exit(lock);
    else
        GLASS_OMPT_EMIT(mutex_released, GLASS_MUTEX_CRITICAL, lock, site);
}

static inline __attribute__((always_inline)) void exit_watched(struct glass_thread *self, struct glass_lock *lock,
                                                               const void *site)
{
    unsigned old = glass_lock_give_unchecked(lock);
    if (__builtin_expect(!glass_lock_given_plainly(old), 0)) {
        exit_watched_rest(lock, old, site);
        return;
    }
    dispatch_enter_direct(self);
    glass_mutex_event_in_window(GLASS_OMPT_EV_mutex_released, GLASS_MUTEX_CRITICAL, lock, site);
    dispatch_leave(self);
}

static void __attribute__((noinline, cold)) exit_general(struct glass_lock *lock, void *cfa)
{
    glass_watched_self_slow();
    struct glass_thread *self = glass_self();
    GLASS_OMPT_ENTRY_AS(self, cfa);
    exit_watched(self, lock, user_site(glass_return_address_below(cfa)));
}

void glass_critical_enter_watched(void *cfa, unsigned hint, unsigned impl, struct glass_lock *lock,
                                  const void *codeptr)
{
    struct glass_thread *self = glass_watched_self();
    if (__builtin_expect(!self || !glass_ompt_enter_outermost(self, cfa), 0)) {
        enter_general(cfa, hint, lock, codeptr);
        return;
    }
    if (__builtin_expect(glass_lock_acquire_watched(self, lock, GLASS_MUTEX_CRITICAL, hint, impl,
                                                    GLASS_STATE_WAIT_CRITICAL, codeptr) != GLASS_LOCK_OK,
                         0))
        nested_entry(lock);
    glass_ompt_leave_outermost(self);
}

void glass_critical_exit_watched(struct glass_lock *lock, void *cfa)
{
    struct glass_thread *self = glass_watched_self();
    if (__builtin_expect(!self || !glass_ompt_enter_outermost_again(self, cfa), 0)) {
        exit_general(lock, cfa);
        return;
    }
    exit_watched(self, lock, user_site(glass_return_address_below(cfa)));
    glass_ompt_leave_outermost(self);
}

void glass_atomic_enter_at(const void *codeptr)
{
    if (GLASS_OMPT_ACTIVE())
        enter(&atomic_lock, GLASS_SYNC_HINT_NONE, codeptr);
    else
        glass_atomic_enter_unwatched();
}

void glass_atomic_exit_at(const void *codeptr)
{
    if (GLASS_OMPT_ACTIVE())
        leave_observed(&atomic_lock, codeptr);
    else
        glass_atomic_exit_unwatched();
}
