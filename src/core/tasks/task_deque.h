/* The work-stealing deque of one team member (struct glass_task_deque in
 * task_team.h): the Chase-Lev algorithm with C11 atomics as given by Le,
 * Pop, Cohen and Zappa Nardelli, "Correct and Efficient Work-Stealing for
 * Weak Memory Models" (PPoPP 2013), with a fixed array: a push onto a full
 * deque fails and the caller queues the task elsewhere. No lock: the owner
 * and thieves agree through `top` alone, and only when one task is left.
 *
 * Thieves may look at a task before taking it (eligible()), to respect the
 * task scheduling constraint; the task may be taken and freed by someone
 * else meanwhile, which is why task memory is never returned to the system
 * (task_alloc.c) and the check only reads fields that stay meaningful. */
#ifndef GLASS_CORE_TASK_DEQUE_H
#define GLASS_CORE_TASK_DEQUE_H

#include <stdatomic.h>
#include <stdbool.h>

#include "task_team.h"
#include "../sync/tsan.h"

/* Owner only. */
static inline bool glass_deque_push(struct glass_task_deque *deque, struct glass_task *task)
{
    long bottom = atomic_load_explicit(&deque->bottom, memory_order_relaxed);
    if (bottom - deque->top_seen > deque->mask) {
        /* Acquire: thieves read a slot before their exchange moves `top` past
         * it, so the slot is free to overwrite once we see that `top`. */
        deque->top_seen = atomic_load_explicit(&deque->top, memory_order_acquire);
        if (bottom - deque->top_seen > deque->mask)
            return false;
    }
    glass_tsan_release(task); /* what the fence publishes, for TSan */
    atomic_store_explicit(&deque->slots[bottom & deque->mask], task, memory_order_relaxed);
    atomic_thread_fence(memory_order_release);
    atomic_store_explicit(&deque->bottom, bottom + 1, memory_order_relaxed);
    return true;
}

/* Owner only: the task glass_deque_pop would return, without taking it. */
static inline struct glass_task *glass_deque_peek(struct glass_task_deque *deque)
{
    long bottom = atomic_load_explicit(&deque->bottom, memory_order_relaxed);
    long top = atomic_load_explicit(&deque->top, memory_order_acquire);
    if (bottom <= top)
        return NULL;
    return atomic_load_explicit(&deque->slots[(bottom - 1) & deque->mask], memory_order_relaxed);
}

/* Owner only: the most recently pushed task, or NULL. */
static inline struct glass_task *glass_deque_pop(struct glass_task_deque *deque)
{
    long bottom = atomic_load_explicit(&deque->bottom, memory_order_relaxed) - 1;
    atomic_store_explicit(&deque->bottom, bottom, memory_order_relaxed);
    atomic_thread_fence(memory_order_seq_cst);
    long top = atomic_load_explicit(&deque->top, memory_order_relaxed);
    if (top > bottom) {
        atomic_store_explicit(&deque->bottom, bottom + 1, memory_order_relaxed);
        return NULL;
    }
    struct glass_task *task = atomic_load_explicit(&deque->slots[bottom & deque->mask], memory_order_relaxed);
    if (top == bottom) {
        /* The last task: a thief may be taking it too; `top` decides. */
        if (!atomic_compare_exchange_strong_explicit(&deque->top, &top, top + 1, memory_order_seq_cst,
                                                     memory_order_relaxed))
            task = NULL;
        atomic_store_explicit(&deque->bottom, bottom + 1, memory_order_relaxed);
    }
    return task;
}

enum glass_steal_result { GLASS_STEAL_EMPTY, GLASS_STEAL_TAKEN, GLASS_STEAL_REFUSED, GLASS_STEAL_LOST };

/* Any thread: takes the oldest task if eligible(task, ctx) accepts it.
 * GLASS_STEAL_LOST: another thread took it first; trying again may work. */
typedef bool glass_task_filter(const struct glass_task *task, const void *ctx);

static inline enum glass_steal_result glass_deque_steal(struct glass_task_deque *deque,
                                                        glass_task_filter *eligible, const void *ctx,
                                                        struct glass_task **out)
{
    long top = atomic_load_explicit(&deque->top, memory_order_acquire);
    atomic_thread_fence(memory_order_seq_cst);
    long bottom = atomic_load_explicit(&deque->bottom, memory_order_acquire);
    if (top >= bottom)
        return GLASS_STEAL_EMPTY;
    struct glass_task *task = atomic_load_explicit(&deque->slots[top & deque->mask], memory_order_relaxed);
    glass_tsan_acquire(task); /* the push's release, through the fences */
    /* If the exchange below succeeds, nobody took slot `top` since we read
     * `top`, so `task` was queued all along and the check saw it as it is.
     * If it fails, the task may have been taken, run and freed meanwhile and
     * its block reused: the check then read a task (blocks only ever hold
     * tasks, task_alloc.c), and ancestors of one, that this thread has no
     * ordering with, and its answer is thrown away. TSan is told to ignore
     * those speculative reads rather than report them. */
    if (eligible) {
        glass_tsan_ignore_reads_begin();
        bool ok = eligible(task, ctx);
        glass_tsan_ignore_reads_end();
        if (!ok)
            return GLASS_STEAL_REFUSED;
    }
    if (!atomic_compare_exchange_strong_explicit(&deque->top, &top, top + 1, memory_order_seq_cst,
                                                 memory_order_relaxed))
        return GLASS_STEAL_LOST;
    *out = task;
    return GLASS_STEAL_TAKEN;
}

static inline bool glass_deque_empty(struct glass_task_deque *deque)
{
    return atomic_load_explicit(&deque->bottom, memory_order_acquire) <=
           atomic_load_explicit(&deque->top, memory_order_acquire);
}

#endif
