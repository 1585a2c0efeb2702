/* User API: simple and nestable locks (OpenMP 5.1, 3.9), C and Fortran.
 *
 * Symbol versions: GCC's libgomp exports each of these routines twice, as the
 * default omp_set_lock@@OMP_3.0 and as omp_set_lock@OMP_1.0 for programs built
 * against OpenMP 2.5, whose nest lock had another layout. Both layouts are at
 * least 8 bytes, so one implementation serves both. The Fortran routines take
 * the lock variable by reference and gfortran's lock kinds (4 and 8 bytes) hold
 * our locks in place, so the Fortran names are the same code. Each
 * implementation therefore gets four names through .symver; the implementation's
 * own name is not in the version script and stays local.
 *
 * Misuse the specification leaves undefined is reported when it is cheap to
 * detect: a certain deadlock or a destroyed lock is fatal, the rest a warning. */
#include "../core/export.h"
#include "../core/sync/lock.h"
#include "../core/sync/lock_watched.h"
#include "../core/runtime.h"
#include "../core/threads/thread.h"
#include "../ompt/events.h"

/* `impl` becomes `name` (C) and `name_` (Fortran), each in both versions. */
#define PUBLISH(impl, name)                               \
    __asm__(".symver " #impl ", " #name "@@OMP_3.0\n\t"   \
            ".symver " #impl ", " #name "@OMP_1.0\n\t"    \
            ".symver " #impl ", " #name "_@@OMP_3.0\n\t"  \
            ".symver " #impl ", " #name "_@OMP_1.0")

/* The omp_sync_hint_t argument of the _with_hint routines. */
typedef int sync_hint;

/* Simple locks */

GLASS_EXPORT void glass_api_init_lock(struct glass_lock *lock)
{
    GLASS_OMPT_ENTRY_CALL(glass_user_lock_init(lock, GLASS_SYNC_HINT_NONE, __builtin_return_address(0)));
}
PUBLISH(glass_api_init_lock, omp_init_lock);

/* Hints may be ignored (3.9.2); every lock already takes the uncontended path
 * without a system call. Not in GCC 12's libgomp: for the Clang ABI. */
GLASS_EXPORT void omp_init_lock_with_hint(struct glass_lock *lock, sync_hint hint)
{
    GLASS_OMPT_ENTRY_CALL(glass_user_lock_init(lock, (unsigned)hint, __builtin_return_address(0)));
}

GLASS_EXPORT void glass_api_destroy_lock(struct glass_lock *lock)
{
    GLASS_OMPT_ENTRY();
    enum glass_lock_status status = glass_user_lock_destroy(lock, __builtin_return_address(0));
    if (status == GLASS_LOCK_HELD)
        glass_warn("omp_destroy_lock: lock %p is still set; it was not destroyed", (void *)lock);
    else if (status == GLASS_LOCK_DESTROYED)
        glass_warn("omp_destroy_lock: lock %p was already destroyed", (void *)lock);
}
PUBLISH(glass_api_destroy_lock, omp_destroy_lock);

/* The watched and slow paths' end: misuse the lock routine reports. */
static void check_set_lock(struct glass_lock *lock, enum glass_lock_status status)
{
    if (status == GLASS_LOCK_OK)
        return;
    if (status == GLASS_LOCK_OWNED_BY_SELF)
        glass_fatal("omp_set_lock: the calling task already owns lock %p: deadlock "
                    "(use a nestable lock to set a lock again)",
                    (void *)lock);
    if (status == GLASS_LOCK_DESTROYED)
        glass_fatal("omp_set_lock: lock %p was destroyed", (void *)lock);
    glass_fatal("omp_set_lock: lock %p: unexpected state", (void *)lock);
}

/* The general watched half: a thread the runtime has not seen yet or that
 * has no number yet (glass_watched_self), a task inside the runtime already
 * (an outer entry's enter frame stays), or a thread without a task. */
static void __attribute__((noinline, cold)) set_lock_general(struct glass_lock *lock, const void *codeptr, void *cfa)
{
    glass_watched_self_slow();
    struct glass_thread *self = glass_self();
    GLASS_OMPT_ENTRY_AS(self, cfa);
    check_set_lock(lock, glass_lock_acquire_watched(self, lock, GLASS_MUTEX_LOCK, GLASS_SYNC_HINT_NONE,
                                                    GLASS_MUTEX_IMPL_FUTEX, GLASS_STATE_WAIT_LOCK,
                                                    user_site(codeptr)));
}

/* One look at the thread pointer for the enter frame, the events and the
 * lock (lock_watched.h); the enter frame of the common case set and cleared
 * here (glass_ompt_enter_outermost), so that only the thread, the lock and
 * the call site are kept across the event calls. */
static void __attribute__((noinline)) set_lock_watched(struct glass_lock *lock, const void *codeptr, void *cfa)
{
    struct glass_thread *self = glass_watched_self();
    if (__builtin_expect(!self || !glass_ompt_enter_outermost(self, cfa), 0)) {
        set_lock_general(lock, codeptr, cfa);
        return;
    }
    check_set_lock(lock, glass_lock_acquire_watched(self, lock, GLASS_MUTEX_LOCK, GLASS_SYNC_HINT_NONE,
                                                    GLASS_MUTEX_IMPL_FUTEX, GLASS_STATE_WAIT_LOCK,
                                                    user_site(codeptr)));
    glass_ompt_leave_outermost(self);
}

static void __attribute__((noinline)) set_lock_slow(struct glass_lock *lock)
{
    check_set_lock(lock, glass_lock_acquire(glass_self(), lock, GLASS_STATE_WAIT_LOCK));
}

/* With nothing watching, a free lock is taken by one compare-and-swap and no
 * stack frame; everything else is a tail call. */
GLASS_EXPORT void glass_api_set_lock(struct glass_lock *lock)
{
    if (GLASS_OMPT_ENTRY_WATCH())
        set_lock_watched(lock, GLASS_OMPT_CALLER);
    else if (!glass_lock_take_quick(lock))
        set_lock_slow(lock);
}
PUBLISH(glass_api_set_lock, omp_set_lock);

static void check_unset_lock(struct glass_lock *lock, enum glass_lock_status status)
{
    if (status == GLASS_LOCK_DESTROYED)
        glass_warn("omp_unset_lock: lock %p was destroyed; ignored", (void *)lock);
    else if (status != GLASS_LOCK_OK)
        glass_warn("omp_unset_lock: lock %p is not set by the calling task; ignored", (void *)lock);
}

static void __attribute__((noinline, cold)) unset_lock_general(struct glass_lock *lock, const void *codeptr,
                                                               void *cfa)
{
    glass_watched_self_slow();
    struct glass_thread *self = glass_self();
    GLASS_OMPT_ENTRY_AS(self, cfa);
    check_unset_lock(lock, glass_lock_release_watched(self, lock, GLASS_MUTEX_LOCK, user_site(codeptr)));
}

static void __attribute__((noinline)) unset_lock_watched(struct glass_lock *lock, const void *codeptr, void *cfa)
{
    struct glass_thread *self = glass_watched_self();
    if (__builtin_expect(!self || !glass_ompt_enter_outermost(self, cfa), 0)) {
        unset_lock_general(lock, codeptr, cfa);
        return;
    }
    check_unset_lock(lock, glass_lock_release_watched(self, lock, GLASS_MUTEX_LOCK, user_site(codeptr)));
    glass_ompt_leave_outermost(self);
}

/* Sleepers to wake, or misuse to report. */
static void __attribute__((noinline)) unset_lock_slow(struct glass_lock *lock)
{
    check_unset_lock(lock, glass_lock_release(glass_self(), lock));
}

GLASS_EXPORT void glass_api_unset_lock(struct glass_lock *lock)
{
    if (GLASS_OMPT_ENTRY_WATCH())
        unset_lock_watched(lock, GLASS_OMPT_CALLER);
    else if (!glass_lock_give_quick(lock))
        unset_lock_slow(lock);
}
PUBLISH(glass_api_unset_lock, omp_unset_lock);

static inline int test_lock(struct glass_lock *lock, const void *codeptr)
{
    enum glass_lock_status status = glass_user_lock_test(glass_self(), lock, codeptr);
    if (status == GLASS_LOCK_DESTROYED)
        glass_warn("omp_test_lock: lock %p was destroyed", (void *)lock);
    return status == GLASS_LOCK_OK;
}

GLASS_EXPORT int glass_api_test_lock(struct glass_lock *lock)
{
    GLASS_OMPT_ENTRY_RETURN(test_lock(lock, __builtin_return_address(0)));
}
PUBLISH(glass_api_test_lock, omp_test_lock);

/* Nestable locks */

GLASS_EXPORT void glass_api_init_nest_lock(struct glass_nest_lock *lock)
{
    GLASS_OMPT_ENTRY_CALL(glass_user_nest_lock_init(lock, GLASS_SYNC_HINT_NONE, __builtin_return_address(0)));
}
PUBLISH(glass_api_init_nest_lock, omp_init_nest_lock);

GLASS_EXPORT void omp_init_nest_lock_with_hint(struct glass_nest_lock *lock, sync_hint hint)
{
    GLASS_OMPT_ENTRY_CALL(glass_user_nest_lock_init(lock, (unsigned)hint, __builtin_return_address(0)));
}

GLASS_EXPORT void glass_api_destroy_nest_lock(struct glass_nest_lock *lock)
{
    GLASS_OMPT_ENTRY();
    enum glass_lock_status status = glass_user_nest_lock_destroy(lock, __builtin_return_address(0));
    if (status == GLASS_LOCK_HELD)
        glass_warn("omp_destroy_nest_lock: lock %p is still set; it was not destroyed", (void *)lock);
    else if (status == GLASS_LOCK_DESTROYED)
        glass_warn("omp_destroy_nest_lock: lock %p was already destroyed", (void *)lock);
}
PUBLISH(glass_api_destroy_nest_lock, omp_destroy_nest_lock);

static inline void set_nest_lock(struct glass_nest_lock *lock, const void *codeptr)
{
    enum glass_lock_status status = glass_user_nest_lock_set(glass_self(), lock, codeptr);
    if (status == GLASS_LOCK_DESTROYED)
        glass_fatal("omp_set_nest_lock: lock %p was destroyed", (void *)lock);
    else if (status != GLASS_LOCK_OK)
        glass_fatal("omp_set_nest_lock: lock %p: unexpected state", (void *)lock);
}

GLASS_EXPORT void glass_api_set_nest_lock(struct glass_nest_lock *lock)
{
    GLASS_OMPT_ENTRY_CALL(set_nest_lock(lock, __builtin_return_address(0)));
}
PUBLISH(glass_api_set_nest_lock, omp_set_nest_lock);

static inline void unset_nest_lock(struct glass_nest_lock *lock, const void *codeptr)
{
    if (glass_user_nest_lock_unset(glass_self(), lock, codeptr) != GLASS_LOCK_OK)
        glass_warn("omp_unset_nest_lock: lock %p is not set by the calling task; ignored",
                   (void *)lock);
}

GLASS_EXPORT void glass_api_unset_nest_lock(struct glass_nest_lock *lock)
{
    GLASS_OMPT_ENTRY_CALL(unset_nest_lock(lock, __builtin_return_address(0)));
}
PUBLISH(glass_api_unset_nest_lock, omp_unset_nest_lock);

/* The new nesting count, 0 when another task holds the lock (3.9.6). */
GLASS_EXPORT int glass_api_test_nest_lock(struct glass_nest_lock *lock)
{
    GLASS_OMPT_ENTRY_RETURN((int)glass_user_nest_lock_test(glass_self(), lock, __builtin_return_address(0)));
}
PUBLISH(glass_api_test_nest_lock, omp_test_nest_lock);
