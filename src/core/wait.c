#include "wait.h"

#include <limits.h>
#include <sched.h>

#include "../platform/futex.h"

/* Atomic: kmp_set_blocktime may change them while other threads wait. */
static _Atomic unsigned long long spin_budget = 300000; /* pause iterations before sleeping */
static _Atomic unsigned long long yield_budget = 64;    /* sched_yield calls when oversubscribed */
static _Atomic bool oversubscribed;

void glass_wait_configure(unsigned long long spin_count, bool passive)
{
    atomic_store_explicit(&spin_budget, passive ? 0 : spin_count, memory_order_relaxed);
    atomic_store_explicit(&yield_budget, passive ? 0 : 64, memory_order_relaxed);
}

void glass_wait_set_oversubscribed(bool value)
{
    atomic_store_explicit(&oversubscribed, value, memory_order_relaxed);
}

unsigned long long glass_wait_spin_plan(bool *yield)
{
    *yield = atomic_load_explicit(&oversubscribed, memory_order_relaxed);
    return atomic_load_explicit(*yield ? &yield_budget : &spin_budget, memory_order_relaxed);
}

static inline bool changed(_Atomic unsigned *word, unsigned gen)
{
    return (atomic_load_explicit(word, memory_order_acquire) & ~GLASS_GEN_SLEEPERS) != gen;
}

bool glass_gen_wait(_Atomic unsigned *word, unsigned gen, bool (*cond)(void *), void *arg)
{
    bool yield;
    unsigned long long budget = glass_wait_spin_plan(&yield);
    if (yield) {
        /* Another runnable thread of ours probably holds the core we need: give it
         * the processor instead of burning our time slice (libgomp's weakness at
         * 4 threads on 2 cores). */
        for (unsigned long long i = 0; i < budget; i++) {
            if (changed(word, gen) || (cond && cond(arg)))
                return false;
            sched_yield();
        }
    } else {
        for (unsigned long long i = 0; i < budget; i++) {
            if (changed(word, gen) || (cond && cond(arg)))
                return false;
            glass_cpu_relax();
        }
    }
    bool slept = false;
    for (;;) {
        unsigned value = atomic_load_explicit(word, memory_order_acquire);
        if ((value & ~GLASS_GEN_SLEEPERS) != gen)
            return slept;
        if (cond && cond(arg))
            return slept;
        if (!(value & GLASS_GEN_SLEEPERS)) {
            /* Re-check generation and `cond` after announcing ourselves: a poke
             * between our check and the announcement would otherwise be lost. */
            atomic_compare_exchange_weak_explicit(word, &value, value | GLASS_GEN_SLEEPERS,
                                                  memory_order_seq_cst, memory_order_acquire);
            continue;
        }
        glass_futex_wait(word, value);
        slept = true;
    }
}

void glass_gen_advance(_Atomic unsigned *word)
{
    unsigned value = atomic_load_explicit(word, memory_order_relaxed);
    unsigned old = atomic_exchange_explicit(word, (value & ~GLASS_GEN_SLEEPERS) + GLASS_GEN_STEP,
                                            memory_order_acq_rel);
    if (old & GLASS_GEN_SLEEPERS)
        glass_futex_wake(word, INT_MAX);
}

void glass_gen_advance_shared(_Atomic unsigned *word)
{
    unsigned old = atomic_fetch_add_explicit(word, GLASS_GEN_STEP, memory_order_acq_rel);
    if (old & GLASS_GEN_SLEEPERS)
        glass_gen_poke(word);
}

void glass_gen_poke(_Atomic unsigned *word)
{
    unsigned old = atomic_fetch_and_explicit(word, ~GLASS_GEN_SLEEPERS, memory_order_acq_rel);
    if (old & GLASS_GEN_SLEEPERS)
        glass_futex_wake(word, INT_MAX);
}
