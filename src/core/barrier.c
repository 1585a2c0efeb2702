#include "barrier.h"

#include <stddef.h>

#include "wait.h"

void glass_barrier_init(struct glass_barrier *barrier, unsigned nthreads)
{
    atomic_store_explicit(&barrier->arrived, 0, memory_order_relaxed);
    barrier->nthreads = nthreads;
}

bool glass_barrier_wait_until(struct glass_barrier *barrier, bool (*cond)(void *), void *arg)
{
    /* The generation cannot advance before we arrive, so reading it first is safe. */
    unsigned gen = glass_gen_current(&barrier->gen);
    unsigned position = atomic_fetch_add_explicit(&barrier->arrived, 1, memory_order_acq_rel) + 1;
    if (position == barrier->nthreads) {
        atomic_store_explicit(&barrier->arrived, 0, memory_order_relaxed);
        glass_gen_advance(&barrier->gen);
        return true;
    }
    glass_gen_wait(&barrier->gen, gen, cond, arg);
    return false;
}

bool glass_barrier_wait(struct glass_barrier *barrier)
{
    return glass_barrier_wait_until(barrier, NULL, NULL);
}
