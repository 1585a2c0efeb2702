/* Centralized sense-reversing barrier: arrivals count up on one cache line, the
 * releasing generation lives on another. The last thread to arrive resets the
 * count and advances the generation. Good up to a few dozen threads; a tree
 * barrier for large teams is later work (bench/RESULTS.md). */
#ifndef GLASS_CORE_BARRIER_H
#define GLASS_CORE_BARRIER_H

#include <stdatomic.h>
#include <stdbool.h>

#define GLASS_CACHE_LINE 64

struct glass_barrier {
    _Alignas(GLASS_CACHE_LINE) _Atomic unsigned arrived;
    _Alignas(GLASS_CACHE_LINE) _Atomic unsigned gen;
    unsigned nthreads;
};

void glass_barrier_init(struct glass_barrier *barrier, unsigned nthreads);

/* Returns true in exactly one thread (the last to arrive). `cond`, when not NULL,
 * lets waiters leave early (cancellation): the caller tests its condition again
 * after the return, and a barrier left early must be re-initialized before reuse. */
bool glass_barrier_wait(struct glass_barrier *barrier);
bool glass_barrier_wait_until(struct glass_barrier *barrier, bool (*cond)(void *), void *arg);

#endif
