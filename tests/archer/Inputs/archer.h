/* Helpers of the Archer test programs (tests/archer/lit.local.cfg).
 *
 * A racy mode needs its two accesses on two threads: a thread waits for
 * another with relaxed atomics, which TSan sees as atomic but as no
 * synchronization, so they force the interleaving without ordering the
 * accesses. The mode comes from argv[1]: "good" or "racy". */
#ifndef ARCHER_TEST_H
#define ARCHER_TEST_H

#include <sched.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Each side of a racy mode's hand-over ends with a release of the thread's
 * own (on a variable no other thread reads): ThreadSanitizer's clock for a
 * thread moves on at its releases, so the access that follows gets a time
 * of its own, not a time the other thread may have acquired from this one
 * before (at a task's creation or start); without it the race the flags
 * set up can go unreported. */
static inline void own_release(void)
{
    static _Thread_local atomic_int own_clock;
    atomic_store_explicit(&own_clock, 1, memory_order_release);
}

static inline void raise_flag(atomic_int *flag)
{
    atomic_store_explicit(flag, 1, memory_order_relaxed);
    own_release();
}

static inline void wait_flag(atomic_int *flag)
{
    while (!atomic_load_explicit(flag, memory_order_relaxed))
        sched_yield();
    own_release();
}

/* A release and an acquire, for data the waiting thread must see (an
 * event handle): they order what the raising thread did before. */
static inline void publish_flag(atomic_int *flag)
{
    atomic_store_explicit(flag, 1, memory_order_release);
}

static inline void wait_published(atomic_int *flag)
{
    while (!atomic_load_explicit(flag, memory_order_acquire))
        sched_yield();
}

/* 1 for "racy", 0 for "good"; anything else is a usage error. */
static inline int racy_mode(int argc, char **argv)
{
    if (argc == 2 && strcmp(argv[1], "racy") == 0)
        return 1;
    if (argc == 2 && strcmp(argv[1], "good") == 0)
        return 0;
    fprintf(stderr, "usage: %s good|racy\n", argv[0]);
    exit(2);
}

#endif
