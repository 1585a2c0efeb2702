#include "wait.h"

#include <limits.h>
#include <sched.h>
#include <stdio.h>
#include <time.h>

#include "../../platform/futex.h"

/* With more runtime threads than processors a waiter yields at most this
 * many times. */
#define OVERSUBSCRIBED_YIELDS 64u
/* The clock is read every so many pauses (a few microseconds of spinning):
 * a gap of a scheduler time slice between two readings means the waiter was
 * off its processor, which another thread wanted. */
#define PAUSES_PER_LOOK 256u
/* A team within the processors yields at every look from this one on. */
#define LOOKS_BEFORE_YIELDS 2u
#define SLICE_NS 1000000ull
/* How long the processors count as taken after such a gap was seen. */
#define TAKEN_FOR_NS 100000000ull

/* Atomic: kmp_set_blocktime may change them while other threads wait. */
static _Atomic unsigned long long spin_budget = 300000; /* pause iterations before sleeping */
static _Atomic bool adaptive = true;
static _Atomic bool oversubscribed;
/* Processors seen taken: until taken_until_ns (CLOCK_MONOTONIC). The flag
 * alone is what every wait reads: the clock only while it is set. */
static _Atomic bool taken;
static _Atomic uint64_t taken_until_ns;
/* Until when a yield counts as handing the processor away for a slice. */
static _Atomic uint64_t yields_feed_until_ns;

void glass_wait_configure(unsigned long long spin_count, bool passive, bool adapt)
{
    atomic_store_explicit(&spin_budget, passive ? 0 : spin_count, memory_order_relaxed);
    atomic_store_explicit(&adaptive, adapt && !passive, memory_order_relaxed);
}

void glass_wait_set_oversubscribed(bool value)
{
    atomic_store_explicit(&oversubscribed, value, memory_order_relaxed);
}

static uint64_t now_ns(void)
{
    struct timespec now;
    clock_gettime(CLOCK_MONOTONIC, &now);
    return (uint64_t)now.tv_sec * 1000000000u + (uint64_t)now.tv_nsec;
}

static void mark_taken(uint64_t now)
{
    atomic_store_explicit(&taken_until_ns, now + TAKEN_FOR_NS, memory_order_relaxed);
    if (!atomic_load_explicit(&taken, memory_order_relaxed))
        atomic_store_explicit(&taken, true, memory_order_relaxed);
}

static bool still_taken(void)
{
    if (!atomic_load_explicit(&taken, memory_order_relaxed))
        return false;
    if (now_ns() < atomic_load_explicit(&taken_until_ns, memory_order_relaxed))
        return true;
    atomic_store_explicit(&taken, false, memory_order_relaxed);
    return false;
}

bool glass_wait_processors_taken(void)
{
    return atomic_load_explicit(&adaptive, memory_order_relaxed) && still_taken();
}

bool glass_wait_yield(void)
{
    uint64_t before = now_ns();
    sched_yield();
    uint64_t after = now_ns();
    if (after - before <= SLICE_NS)
        return true;
    atomic_store_explicit(&yields_feed_until_ns, after + TAKEN_FOR_NS, memory_order_relaxed);
    return false;
}

bool glass_wait_yields_feed_others(void)
{
    uint64_t until = atomic_load_explicit(&yields_feed_until_ns, memory_order_relaxed);
    return until && now_ns() < until;
}

unsigned glass_wait_usable_cpus(unsigned affinity_cpus)
{
    /* cgroup v2: "max PERIOD" (no quota) or "QUOTA PERIOD" in microseconds. */
    FILE *file = fopen("/sys/fs/cgroup/cpu.max", "re");
    if (!file)
        return affinity_cpus;
    char quota_text[32];
    unsigned long long quota, period;
    unsigned usable = affinity_cpus;
    if (fscanf(file, "%31s %llu", quota_text, &period) == 2 && period > 0 &&
        sscanf(quota_text, "%llu", &quota) == 1 && quota > 0) {
        unsigned long long cpus = (quota + period - 1) / period;
        if (cpus < usable)
            usable = (unsigned)cpus;
    }
    fclose(file);
    return usable;
}

void glass_spin_begin(struct glass_spin *spin)
{
    unsigned long long budget = atomic_load_explicit(&spin_budget, memory_order_relaxed);
    spin->yields = 0;
    spin->since_look = 0;
    spin->looks = 0;
    spin->yield_in_spin = false;
    spin->last_ns = 0;
    if (budget) {
        /* More threads than processors: spinning cannot help whatever the
         * policy (libgomp throttles its active spinning there too). */
        bool crowded = atomic_load_explicit(&oversubscribed, memory_order_relaxed);
        bool seen_taken = atomic_load_explicit(&adaptive, memory_order_relaxed) && still_taken();
        if (crowded && !seen_taken) {
            /* Our own threads need the processors: hand ours over at once
             * (measured: a team of 4 on 2 idle cores meets a barrier in
             * 2.5 us yielding, over 100 us spinning 1000 pauses first). */
            budget = 0;
            spin->yields = OVERSUBSCRIBED_YIELDS;
        } else if (crowded) {
            /* Processors taken as well: the thread waited for is one of
             * ours that has none, and other programs take what a spin or a
             * yield leaves; sleeping at once gives it ours (measured with two
             * spinning processes: barrier at 4 and 8 threads 10 and 22 us
             * against 12 and 29 spinning the throttled budget first). */
            budget = 0;
        } else {
            /* Within the processors: the whole budget, yielding once the
             * wait is long (wait.h). */
            spin->yield_in_spin = atomic_load_explicit(&adaptive, memory_order_relaxed);
        }
    }
    spin->left = budget;
}

/* Whether the waiter was off its processor for a time slice since the last
 * look (and then marks the processors taken). */
static bool lost_slice(struct glass_spin *spin)
{
    uint64_t now = now_ns();
    bool lost = spin->last_ns && now - spin->last_ns > SLICE_NS;
    spin->last_ns = now;
    if (lost && atomic_load_explicit(&adaptive, memory_order_relaxed)) {
        mark_taken(now);
        return true;
    }
    return false;
}

bool glass_spin_step(struct glass_spin *spin, unsigned pauses)
{
    if (spin->left) {
        if (pauses > spin->left)
            pauses = (unsigned)spin->left;
        for (unsigned i = 0; i < pauses; i++)
            glass_cpu_relax();
        spin->left -= pauses;
        spin->since_look += pauses;
        if (spin->since_look >= PAUSES_PER_LOOK) {
            spin->since_look = 0;
            if (spin->yield_in_spin) {
                if (++spin->looks >= LOOKS_BEFORE_YIELDS)
                    sched_yield();
            } else if (lost_slice(spin)) {
                return false;
            }
        }
        return true;
    }
    if (spin->yields) {
        spin->yields--;
        if (!spin->last_ns)
            spin->last_ns = now_ns();
        sched_yield();
        /* A yield that comes back a slice later gave the processor to a
         * thread that kept it: more yields would only feed it. */
        return !lost_slice(spin);
    }
    return false;
}

static inline bool changed(_Atomic unsigned *word, unsigned gen)
{
    return (atomic_load_explicit(word, memory_order_acquire) & ~GLASS_GEN_SLEEPERS) != gen;
}

bool glass_gen_wait(_Atomic unsigned *word, unsigned gen, bool (*cond)(void *), void *arg)
{
    struct glass_spin spin;
    glass_spin_begin(&spin);
    do {
        if (changed(word, gen) || (cond && cond(arg)))
            return false;
    } while (glass_spin_step(&spin, 1));
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
