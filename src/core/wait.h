/* Waiting: spin with a CPU pause for a bounded time (yielding instead when the
 * machine is oversubscribed), then sleep on a futex.
 *
 * Everything that waits uses a "generation word": bits 1..31 count events and
 * bit 0 says that some waiter is (about to be) asleep in the kernel. Only one
 * thread at a time advances a given word, so the advancer can learn with a single
 * exchange whether a futex wake is needed: no system call on the fast path. */
#ifndef GLASS_CORE_WAIT_H
#define GLASS_CORE_WAIT_H

#include <stdatomic.h>
#include <stdbool.h>

#define GLASS_GEN_SLEEPERS 1u
#define GLASS_GEN_STEP 2u

static inline unsigned glass_gen_current(_Atomic unsigned *word)
{
    return atomic_load_explicit(word, memory_order_acquire) & ~GLASS_GEN_SLEEPERS;
}

/* Block until the generation differs from `gen`. `cond`, when not NULL, is polled
 * while spinning and ends the wait early when it returns true (used by barriers
 * that also run tasks or observe cancellation). Returns true when the caller
 * slept in the kernel (locks then know other sleepers may remain). */
bool glass_gen_wait(_Atomic unsigned *word, unsigned gen, bool (*cond)(void *), void *arg);

/* Advance the generation (release) and wake sleepers if any. Caller must be the
 * only advancer of this word at this moment. */
void glass_gen_advance(_Atomic unsigned *word);

/* Advance when several threads may advance the same word concurrently (one
 * fetch-add, then a wake if anyone sleeps). */
void glass_gen_advance_shared(_Atomic unsigned *word);

/* Wake every sleeper without advancing (used when `cond` became true). */
void glass_gen_poke(_Atomic unsigned *word);

/* Spin budget in pause iterations, from OMP_WAIT_POLICY / GOMP_SPINCOUNT, and
 * whether more runtime threads exist than processors. */
void glass_wait_configure(unsigned long long spin_count, bool passive);

/* The spin phase every waiter in the runtime follows before it sleeps: with
 * *yield false, up to the returned number of pause iterations; with *yield
 * true (more runtime threads than processors), up to that many sched_yield
 * calls instead. 0: sleep at once (OMP_WAIT_POLICY=passive). Waits that cannot
 * use glass_gen_wait (task scheduling points) use this to behave the same. */
unsigned long long glass_wait_spin_plan(bool *yield);
void glass_wait_set_oversubscribed(bool oversubscribed);

#endif
