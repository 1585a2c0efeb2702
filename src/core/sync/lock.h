/* Locks: the simple and nestable locks of the lock API (OpenMP 5.1, 3.9), and the
 * locks behind the critical and atomic constructs.
 *
 * One implementation serves every ABI, so each lock fits the smallest type a
 * compiler gives it: a simple lock lives in 4 bytes (GCC's omp_lock_t), a nest
 * lock in 8 (LLVM's omp_nest_lock_t). Zero-filled memory is an unlocked lock, as
 * the compilers' critical-name variables and static locks expect.
 *
 * The lock word holds the owner's id shifted left by one, 0 when free; bit 0
 * says that some thread may be asleep on the word (the generation-word
 * convention of wait.h). Owners are tasks, not threads: since OpenMP 3.0 a lock
 * belongs to the task that set it (3.9). Acquiring a free lock and releasing a
 * lock nobody waits for are one atomic instruction each, without a system call. */
#ifndef GLASS_CORE_LOCK_H
#define GLASS_CORE_LOCK_H

#include <stdatomic.h>
#include <stdbool.h>
#include <stdint.h>

#include "../../ompt/hooks.h"
#include "../threads/thread.h"

/* Bit 0 of the lock word: a waiter may sleep on it (wait.h's GLASS_GEN_SLEEPERS). */
#define GLASS_LOCK_SLEEPERS 1u

struct glass_lock {
    _Atomic unsigned word; /* owner id << 1 | sleepers bit; a futex word */
};

struct glass_nest_lock {
    struct glass_lock lock;
    uint32_t depth; /* times the owner has set it; touched only by the owner */
};

_Static_assert(sizeof(struct glass_lock) == 4, "a simple lock must fit GCC's omp_lock_t");
_Static_assert(sizeof(struct glass_nest_lock) == 8, "a nest lock must fit LLVM's omp_nest_lock_t");

/* What went wrong when an operation could not be done as asked. Misuse is
 * undefined by the specification; the caller reports it in its own terms. */
enum glass_lock_status {
    GLASS_LOCK_OK,
    GLASS_LOCK_BUSY,          /* test: held by another task */
    GLASS_LOCK_NOT_OWNER,     /* release: the calling task does not hold it */
    GLASS_LOCK_OWNED_BY_SELF, /* acquire of a simple lock the caller holds: a deadlock */
    GLASS_LOCK_DESTROYED,     /* used after destroy */
    GLASS_LOCK_HELD,          /* destroy of a lock that is set */
};

/* The id that marks `task` as a lock owner, assigned on first use. */
uint32_t glass_task_lock_owner(struct glass_task *task);

void glass_lock_init(struct glass_lock *lock);
enum glass_lock_status glass_lock_destroy(struct glass_lock *lock);
/* Blocks until the calling task holds the lock; while it waits, the thread's
 * state is `wait_state` and its wait id the lock's address. */
enum glass_lock_status glass_lock_acquire(struct glass_thread *self, struct glass_lock *lock,
                                          enum glass_state wait_state);
enum glass_lock_status glass_lock_try(struct glass_thread *self, struct glass_lock *lock);
enum glass_lock_status glass_lock_release(struct glass_thread *self, struct glass_lock *lock);

/* The quick paths of the hottest callers (the lock routines, critical, atomic):
 * one compare-and-swap, inline and without a call, so that the caller needs no
 * stack frame when it succeeds. False means "take the full path above", which
 * handles everything else: a held lock, misuse, and a thread or task that has
 * no owner id yet (their first lock assigns it). */
static inline unsigned glass_lock_owner_word_if_known(void)
{
    struct glass_thread *self = glass_self_ptr;
    return __builtin_expect(self != NULL, 1) ? self->task->lock_owner_id << 1 : 0;
}

static inline bool glass_lock_take_quick_word(struct glass_lock *lock, unsigned me)
{
    unsigned expected = 0;
    return __builtin_expect(me != 0, 1) &&
           atomic_compare_exchange_strong_explicit(&lock->word, &expected, me, memory_order_acquire,
                                                   memory_order_relaxed);
}

static inline bool glass_lock_give_quick_word(struct glass_lock *lock, unsigned me)
{
    unsigned expected = me;
    return __builtin_expect(me != 0, 1) &&
           atomic_compare_exchange_strong_explicit(&lock->word, &expected, 0, memory_order_release,
                                                   memory_order_relaxed);
}

static inline bool glass_lock_take_quick(struct glass_lock *lock)
{
    return glass_lock_take_quick_word(lock, glass_lock_owner_word_if_known());
}

static inline bool glass_lock_give_quick(struct glass_lock *lock)
{
    return glass_lock_give_quick_word(lock, glass_lock_owner_word_if_known());
}

/* The same for a caller that has the calling thread's descriptor at hand. */
static inline bool glass_lock_take_quick_as(struct glass_thread *self, struct glass_lock *lock)
{
    return glass_lock_take_quick_word(lock, self->task->lock_owner_id << 1);
}

static inline bool glass_lock_give_quick_as(struct glass_thread *self, struct glass_lock *lock)
{
    return glass_lock_give_quick_word(lock, self->task->lock_owner_id << 1);
}

/* The exit of a critical or atomic region, whose owner need not be checked:
 * the compiler pairs each exit with the task's own entry. One exchange, no
 * owner id to look up; returns the word it replaced, which the caller hands to
 * glass_lock_given_up unless it is a plain owner's (sleepers to wake, or the
 * lock was not held at all: misuse to report). */
static inline unsigned glass_lock_give_unchecked(struct glass_lock *lock)
{
    return atomic_exchange_explicit(&lock->word, 0, memory_order_release);
}

static inline bool glass_lock_given_plainly(unsigned old_word)
{
    return __builtin_expect(old_word != 0 && !(old_word & GLASS_LOCK_SLEEPERS), 1);
}

/* Wakes a sleeper if `old_word` says there may be one; false if the lock was free. */
bool glass_lock_given_up(struct glass_lock *lock, unsigned old_word);

void glass_nest_lock_init(struct glass_nest_lock *lock);
enum glass_lock_status glass_nest_lock_destroy(struct glass_nest_lock *lock);
enum glass_lock_status glass_nest_lock_acquire(struct glass_thread *self, struct glass_nest_lock *lock);
/* The nesting depth after the call, 0 when another task holds the lock. */
unsigned glass_nest_lock_try(struct glass_thread *self, struct glass_nest_lock *lock);
enum glass_lock_status glass_nest_lock_release(struct glass_thread *self, struct glass_nest_lock *lock);

/* The critical construct (2.19.1): `lock` is the construct's name variable, used
 * in place; NULL for the unnamed critical, which has one process-wide lock.
 * `hint` (an omp_sync_hint_t) and `codeptr` (the user's call site, NULL when
 * unknown) are what OMPT's mutex events report. */
void glass_critical_enter_at(struct glass_lock *lock, unsigned hint, const void *codeptr);
void glass_critical_exit_at(struct glass_lock *lock, const void *codeptr);

/* Atomic updates the compiler cannot do with one instruction: one process-wide
 * lock. */
void glass_atomic_enter_at(const void *codeptr);
void glass_atomic_exit_at(const void *codeptr);

/* The lock every unnamed critical construct of the program shares (2.19.1). */
extern GLASS_INTERNAL struct glass_lock glass_unnamed_critical;

/* The same for entry points that have checked that no tool or debugger
 * watches (GLASS_OMPT_ENTRY_WATCH): no event to report, so no hint or code
 * pointer to carry, and no second look at the tool flag. These and the
 * watched halves below take the construct's lock itself (for an unnamed
 * construct glass_unnamed_critical, never NULL), so that the ABIs, which know
 * which it is, spare every entry the test. */
void glass_critical_enter_unwatched(struct glass_lock *lock);
void glass_critical_exit_unwatched(struct glass_lock *lock);
/* The watched halves of the ABIs' critical entry points, which pass their
 * own CFA (__builtin_dwarf_cfa(): the enter frame, and where the call site is
 * found) and, to the entry, the mutex_acquire event's hint and
 * GLASS_MUTEX_IMPL_FUTEX: out of line, so that an entry's unwatched path keeps
 * no register and needs no frame. They set the enter frame and report the
 * mutex events inline (lock_watched.h). */
void glass_critical_enter_watched(void *cfa, unsigned hint, unsigned impl, struct glass_lock *lock,
                                  const void *codeptr);
void glass_critical_exit_watched(struct glass_lock *lock, void *cfa);
/* How an ABI entry point calls them (macros: the builtins are the entry's). */
#define GLASS_CRITICAL_ENTER_WATCHED(hint, lock)                                                             \
    glass_critical_enter_watched(__builtin_dwarf_cfa(), (hint), GLASS_MUTEX_IMPL_FUTEX, (lock),             \
                                 __builtin_return_address(0))
#define GLASS_CRITICAL_EXIT_WATCHED(lock) glass_critical_exit_watched((lock), __builtin_dwarf_cfa())
void glass_atomic_enter_unwatched(void);
void glass_atomic_exit_unwatched(void);

static inline void glass_critical_enter(struct glass_lock *lock)
{
    glass_critical_enter_at(lock, GLASS_SYNC_HINT_NONE, (const void *)0);
}

static inline void glass_critical_exit(struct glass_lock *lock)
{
    glass_critical_exit_at(lock, (const void *)0);
}

static inline void glass_atomic_enter(void)
{
    glass_atomic_enter_at((const void *)0);
}

static inline void glass_atomic_exit(void)
{
    glass_atomic_exit_at((const void *)0);
}

/* The lock routines as the program calls them (3.9): the operations above
 * plus their OMPT events (lock_user.c). `hint` is an omp_sync_hint_t,
 * `codeptr` the user's call site. The results are those of the operations. */
void glass_user_lock_init(struct glass_lock *lock, unsigned hint, const void *codeptr);
enum glass_lock_status glass_user_lock_destroy(struct glass_lock *lock, const void *codeptr);
/* Setting and unsetting a simple lock: lock_watched.h, glass_lock_*_watched. */
enum glass_lock_status glass_user_lock_test(struct glass_thread *self, struct glass_lock *lock,
                                            const void *codeptr);
void glass_user_nest_lock_init(struct glass_nest_lock *lock, unsigned hint, const void *codeptr);
enum glass_lock_status glass_user_nest_lock_destroy(struct glass_nest_lock *lock, const void *codeptr);
enum glass_lock_status glass_user_nest_lock_set(struct glass_thread *self, struct glass_nest_lock *lock,
                                                const void *codeptr);
enum glass_lock_status glass_user_nest_lock_unset(struct glass_thread *self, struct glass_nest_lock *lock,
                                                  const void *codeptr);
unsigned glass_user_nest_lock_test(struct glass_thread *self, struct glass_nest_lock *lock,
                                   const void *codeptr);

#endif
