/* Simple and nestable locks (see lock.h for the word layout).
 *
 * The contended path is a three-state futex mutex in disguise: "free" (0),
 * "held" (owner) and "held, maybe with sleepers" (owner | GLASS_GEN_SLEEPERS).
 * A waiter waits with glass_gen_wait, which spins (or yields when
 * oversubscribed) within the configured budget and then sets the sleepers bit
 * and sleeps; the releaser wakes one sleeper when that bit is set. A thread that
 * has slept takes the lock with the sleepers bit set, because it cannot know
 * whether others still sleep and its own release must then wake the next; one
 * that only spun takes it plainly (a sleeper it overtakes sets the bit again
 * before it sleeps), so a contended hand-off between spinners costs no system
 * call. */
#include "lock.h"

#include "../../ompt/events.h"
#include "../../platform/futex.h"
#include "../tasks/task.h"
#include "../threads/thread.h"
#include "wait.h"

#define SLEEPERS GLASS_GEN_SLEEPERS
_Static_assert(GLASS_LOCK_SLEEPERS == GLASS_GEN_SLEEPERS, "the lock word follows wait.h's convention");

/* Owner ids run from 1 to OWNER_ID_RANGE and are handed to threads in blocks,
 * so a task's first lock costs one shared atomic per OWNER_BLOCK tasks. Ids wrap
 * after 2^31 tasks; two tasks could then share an id only if both still hold
 * or wait for locks two billion lock-using tasks apart. */
#define OWNER_BLOCK 256u
#define OWNER_ID_RANGE 0x7fffff00u
/* The word of a destroyed lock: owner id 0x7fffffff, which is never handed out. */
#define DESTROYED_WORD 0xfffffffeu

static _Atomic unsigned long long owner_blocks_taken;
static __thread uint32_t next_owner_id;
static __thread uint32_t owner_ids_left;

uint32_t glass_task_lock_owner(struct glass_task *task)
{
    uint32_t id = task->lock_owner_id;
    if (__builtin_expect(id != 0, 1))
        return id;
    if (owner_ids_left == 0) {
        unsigned long long block =
            atomic_fetch_add_explicit(&owner_blocks_taken, 1, memory_order_relaxed);
        next_owner_id = 1 + (uint32_t)(block * OWNER_BLOCK % OWNER_ID_RANGE);
        owner_ids_left = OWNER_BLOCK;
    }
    id = next_owner_id++;
    owner_ids_left--;
    task->lock_owner_id = id;
    return id;
}

static inline unsigned owner_word(struct glass_thread *self)
{
    return glass_task_lock_owner(self->task) << 1;
}

static inline unsigned owner_of(unsigned word)
{
    return word & ~SLEEPERS;
}

void glass_lock_init(struct glass_lock *lock)
{
    atomic_store_explicit(&lock->word, 0, memory_order_relaxed);
}

enum glass_lock_status glass_lock_destroy(struct glass_lock *lock)
{
    unsigned expected = 0;
    if (atomic_compare_exchange_strong_explicit(&lock->word, &expected, DESTROYED_WORD,
                                                memory_order_relaxed, memory_order_relaxed))
        return GLASS_LOCK_OK;
    return expected == DESTROYED_WORD ? GLASS_LOCK_DESTROYED : GLASS_LOCK_HELD;
}

/* Out of line: inlined, its register saves were paid by every acquisition of
 * a free lock too (the watched lock and critical paths take the lock here). */
static enum glass_lock_status __attribute__((noinline))
acquire_contended(struct glass_thread *self, struct glass_lock *lock,
                  unsigned me, enum glass_state wait_state)
{
    int previous_state = atomic_load_explicit(&self->state, memory_order_relaxed);
    const void *previous_wait_id = self->wait_id;
    enum glass_lock_status status = GLASS_LOCK_OK;
    bool waited = false, slept = false;

    for (;;) {
        unsigned value = atomic_load_explicit(&lock->word, memory_order_relaxed);
        if (value == 0) {
            unsigned mine = slept ? me | SLEEPERS : me;
            if (atomic_compare_exchange_weak_explicit(&lock->word, &value, mine,
                                                      memory_order_acquire, memory_order_relaxed))
                break;
            continue;
        }
        if (owner_of(value) == me) {
            status = GLASS_LOCK_OWNED_BY_SELF;
            break;
        }
        if (value == DESTROYED_WORD) {
            status = GLASS_LOCK_DESTROYED;
            break;
        }
        if (!waited) {
            glass_wait_begin(self, wait_state, lock);
            waited = true;
        }
        slept |= glass_gen_wait(&lock->word, owner_of(value), NULL, NULL);
    }

    if (waited)
        glass_wait_end(self, previous_state, previous_wait_id);
    return status;
}

enum glass_lock_status glass_lock_acquire(struct glass_thread *self, struct glass_lock *lock,
                                          enum glass_state wait_state)
{
    unsigned me = owner_word(self);
    unsigned expected = 0;
    if (__builtin_expect(atomic_compare_exchange_strong_explicit(&lock->word, &expected, me,
                                                                 memory_order_acquire,
                                                                 memory_order_relaxed),
                         1))
        return GLASS_LOCK_OK;
    return acquire_contended(self, lock, me, wait_state);
}

enum glass_lock_status glass_lock_try(struct glass_thread *self, struct glass_lock *lock)
{
    unsigned expected = 0;
    if (atomic_compare_exchange_strong_explicit(&lock->word, &expected, owner_word(self),
                                                memory_order_acquire, memory_order_relaxed))
        return GLASS_LOCK_OK;
    return expected == DESTROYED_WORD ? GLASS_LOCK_DESTROYED : GLASS_LOCK_BUSY;
}

enum glass_lock_status glass_lock_release(struct glass_thread *self, struct glass_lock *lock)
{
    unsigned me = owner_word(self);
    unsigned expected = me;
    if (__builtin_expect(atomic_compare_exchange_strong_explicit(&lock->word, &expected, 0,
                                                                 memory_order_release,
                                                                 memory_order_relaxed),
                         1))
        return GLASS_LOCK_OK;
    if (owner_of(expected) != me)
        return expected == DESTROYED_WORD ? GLASS_LOCK_DESTROYED : GLASS_LOCK_NOT_OWNER;
    /* Held by us with the sleepers bit: waiters only ever add that bit, so a
     * plain store cannot lose anything. */
    atomic_store_explicit(&lock->word, 0, memory_order_release);
    glass_futex_wake(&lock->word, 1);
    return GLASS_LOCK_OK;
}

bool glass_lock_given_up(struct glass_lock *lock, unsigned old_word)
{
    if (old_word & SLEEPERS)
        glass_futex_wake(&lock->word, 1);
    return old_word != 0;
}

void glass_nest_lock_init(struct glass_nest_lock *lock)
{
    glass_lock_init(&lock->lock);
    lock->depth = 0;
}

enum glass_lock_status glass_nest_lock_destroy(struct glass_nest_lock *lock)
{
    return glass_lock_destroy(&lock->lock);
}

/* Only the owner can have written its own id, so a relaxed load tells whether
 * the caller holds the lock. */
static inline bool held_by(struct glass_thread *self, struct glass_nest_lock *lock)
{
    return owner_of(atomic_load_explicit(&lock->lock.word, memory_order_relaxed)) == owner_word(self);
}

enum glass_lock_status glass_nest_lock_acquire(struct glass_thread *self, struct glass_nest_lock *lock)
{
    if (held_by(self, lock)) {
        lock->depth++;
        return GLASS_LOCK_OK;
    }
    enum glass_lock_status status = glass_lock_acquire(self, &lock->lock, GLASS_STATE_WAIT_LOCK);
    if (status == GLASS_LOCK_OK)
        lock->depth = 1;
    return status;
}

unsigned glass_nest_lock_try(struct glass_thread *self, struct glass_nest_lock *lock)
{
    if (held_by(self, lock))
        return ++lock->depth;
    if (glass_lock_try(self, &lock->lock) != GLASS_LOCK_OK)
        return 0;
    lock->depth = 1;
    return 1;
}

enum glass_lock_status glass_nest_lock_release(struct glass_thread *self, struct glass_nest_lock *lock)
{
    if (!held_by(self, lock))
        return GLASS_LOCK_NOT_OWNER;
    if (--lock->depth > 0)
        return GLASS_LOCK_OK;
    return glass_lock_release(self, &lock->lock);
}
