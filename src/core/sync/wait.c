#include "wait.h"

#include <limits.h>
#include <sched.h>
#include <stdio.h>
#include <time.h>

#include "../../platform/futex.h"

/* With more runtime threads than processors a waiter yields at most this
 * many times, then sleeps. A yield pays where the thread waited for is one
 * of ours that needs a processor for a moment (a fork, a join, a barrier
 * of short regions); where it computes for longer, more yields only keep
 * the processor busy and hide it from the scheduler's balancing (loops of
 * about 60 us per thread, 4 threads on 2 cores beside two spinning
 * processes: 845 us per step with 64 yields, 523-560 with 4, 464-526
 * sleeping at once; fork and join no slower with 4 than with 64, idle or
 * busy, at 4 and 8 threads). */
#define OVERSUBSCRIBED_YIELDS 4u
/* The clock is read every so many pauses (a few microseconds of spinning):
 * a gap of a scheduler time slice between two readings means the waiter was
 * off its processor, which another thread wanted. */
#define PAUSES_PER_LOOK 256u
/* A team within the processors yields at every look from this one on. */
#define LOOKS_BEFORE_YIELDS 2u
#define SLICE_NS 1000000ull
/* How long the processors count as taken after such a gap was seen: a
 * window between these bounds, adapted to what yielding achieved (mark_taken). */
#define TAKEN_MIN_NS 1000000ull
#define TAKEN_MAX_NS 100000000ull
/* Yielding that went on this long before a slice was lost paid off. */
#define YIELDS_PAID_NS 5000000ull
/* How long a lost slice counts for glass_wait_processors_taken: longer than
 * the window, since a slice lost in the program's own code (a thread
 * spinning on a flag) is seen by no waiter, and the short window alone
 * would let the primary-first barrier lapse while it still matters. */
#define SEEN_TAKEN_FOR_NS 1000000000ull
/* While other programs take the processors (others_take), a waiter of a
 * team that outnumbers them yields this many times instead of
 * OVERSUBSCRIBED_YIELDS before it sleeps: each yield keeps the thread
 * runnable beside the other programs' threads, where a sleeper gives its
 * turn to a sibling that computes (AMD EPYC, 2 cores, two spinning
 * processes, app_loops at 4 threads: medians of 637-706 us per step
 * against 665-867 with 4 yields in five sets of 5-13 runs, paired 0.74-1.06;
 * libgomp 641-689; parallel, barrier and reduction at 4 and 8 threads 0.87-1.14
 * of before; idle machine level). */
#define OTHERS_TAKE_YIELDS 1u
/* The process's share of the processors is sampled at most this often, and
 * a sample spanning more than SHARE_SAMPLE_MAX_NS is not judged (the program
 * may have been serial or quiet for most of it). */
#define SHARE_SAMPLE_NS 10000000ull
#define SHARE_SAMPLE_MAX_NS 100000000ull
/* How long yields count as feeding other programs once one lost a slice. */
#define FEEDING_FOR_NS 100000000ull

/* Atomic: kmp_set_blocktime may change them while other threads wait. */
static _Atomic unsigned long long spin_budget = 300000; /* pause iterations before sleeping */
static _Atomic bool adaptive = true;
/* More runtime threads than usable processors: runtime_threads >
 * runtime_cpus (below), kept as one flag for the waits to read in one load. */
static _Atomic bool oversubscribed;
/* Processors seen taken: until taken_until_ns (CLOCK_MONOTONIC). The flag
 * alone is what every wait reads: the clock only while it is set. */
static _Atomic bool taken;
static _Atomic uint64_t taken_until_ns;
static _Atomic uint64_t taken_window_ns = TAKEN_MAX_NS;
static _Atomic uint64_t seen_taken_until_ns;
/* Timed yields (glass_wait_yield) feed other programs when more than one in
 * LOST_SHARE_FEEDING of the recent ones lost a slice. Under autogroup
 * scheduling a yield loses one now and then when the whole program's turn
 * on a processor ends; where other programs' threads share our group, a
 * yield hands one of them a slice whenever one waits beside us. */
#define TIMED_YIELDS_WINDOW 256u
#define LOST_SHARE_FEEDING 8u
static _Atomic unsigned timed_yields, lost_yields;

/* Until when a yield counts as handing the processor away for a slice. */
static _Atomic uint64_t yields_feed_until_ns;

/* Other programs take the processors: until others_until_ns. Judged from
 * the processor time the process got against what its awake threads could
 * use (sample_share): the runtime's threads, less the time they slept in the
 * futex (asleep_ns), at most the usable processors. A lost slice alone does
 * not tell: a team of 4 on 2 idle processors loses slices to its own
 * threads, and a team of 8 sleeps enough that its share of the processors
 * falls without other programs. */
static _Atomic unsigned runtime_threads = 1, runtime_cpus = 1;
static _Atomic uint64_t asleep_ns;
static _Atomic uint64_t share_wall_ns, share_cpu_ns, share_asleep_ns;
static _Atomic uint64_t others_until_ns;

/* This thread's waits in an oversubscribed team skip the yields
 * (glass_wait_sleep_first). */
static __thread bool sleep_first __attribute__((tls_model("initial-exec")));

void glass_wait_sleep_first(bool value)
{
    sleep_first = value;
}

void glass_wait_configure(unsigned long long spin_count, bool passive, bool adapt)
{
    atomic_store_explicit(&spin_budget, passive ? 0 : spin_count, memory_order_relaxed);
    atomic_store_explicit(&adaptive, adapt && !passive, memory_order_relaxed);
}

void glass_wait_set_runtime_threads(unsigned count, unsigned usable_cpus)
{
    count = count ? count : 1;
    usable_cpus = usable_cpus ? usable_cpus : 1;
    atomic_store_explicit(&runtime_threads, count, memory_order_relaxed);
    atomic_store_explicit(&runtime_cpus, usable_cpus, memory_order_relaxed);
    atomic_store_explicit(&oversubscribed, count > usable_cpus, memory_order_relaxed);
}

uint64_t glass_wait_now_ns(void)
{
    struct timespec now;
    clock_gettime(CLOCK_MONOTONIC, &now);
    return (uint64_t)now.tv_sec * 1000000000u + (uint64_t)now.tv_nsec;
}

void glass_wait_sleep(_Atomic unsigned *word, unsigned value)
{
    uint64_t asleep_from = glass_wait_now_ns();
    glass_futex_wait(word, value);
    atomic_fetch_add_explicit(&asleep_ns, glass_wait_now_ns() - asleep_from, memory_order_relaxed);
}

/* Called where a slice was lost: one thread at a time, every
 * SHARE_SAMPLE_NS at most, compares the processor time the process got
 * since the last sample with what its awake threads could have used. */
static void sample_share(uint64_t now)
{
    uint64_t last = atomic_load_explicit(&share_wall_ns, memory_order_relaxed);
    if (last && now - last < SHARE_SAMPLE_NS)
        return;
    if (!atomic_compare_exchange_strong_explicit(&share_wall_ns, &last, now, memory_order_relaxed,
                                                 memory_order_relaxed))
        return;
    struct timespec used;
    if (clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &used) != 0)
        return;
    uint64_t cpu = (uint64_t)used.tv_sec * 1000000000u + (uint64_t)used.tv_nsec;
    uint64_t cpu_before = atomic_exchange_explicit(&share_cpu_ns, cpu, memory_order_relaxed);
    uint64_t slept = atomic_load_explicit(&asleep_ns, memory_order_relaxed);
    uint64_t slept_before = atomic_exchange_explicit(&share_asleep_ns, slept, memory_order_relaxed);
    uint64_t wall = now - last;
    if (!last || wall > SHARE_SAMPLE_MAX_NS)
        return;
    uint64_t threads_time = (uint64_t)atomic_load_explicit(&runtime_threads, memory_order_relaxed) * wall;
    uint64_t awake = threads_time > slept - slept_before ? threads_time - (slept - slept_before) : 0;
    uint64_t usable = (uint64_t)atomic_load_explicit(&runtime_cpus, memory_order_relaxed) * wall;
    uint64_t demand = awake < usable ? awake : usable;
    /* Under three quarters of what the awake threads could use. */
    if ((cpu - cpu_before) * 4 < demand * 3)
        atomic_store_explicit(&others_until_ns, now + SEEN_TAKEN_FOR_NS, memory_order_relaxed);
}

/* Whether a deadline set by the marks above (0: never set) is still ahead. */
static bool still_before(_Atomic uint64_t *until_ns)
{
    uint64_t until = atomic_load_explicit(until_ns, memory_order_relaxed);
    return until && glass_wait_now_ns() < until;
}

static bool others_take(void)
{
    return still_before(&others_until_ns);
}

/* The window adapts to how the scheduler treats our yields. Where each
 * session is scheduled as a group (autogroup), a yield hands the processor
 * to a thread of ours, and a slice is lost only when the whole program is
 * taken off a processor for its turn: yielding then went on for tens of
 * milliseconds, at a few microseconds per hand-over, and sleeping for long
 * would only slow the team down (4 threads beside two spinning processes:
 * 3-8 us per region yielding, 16-21 sleeping). Where other programs' threads
 * share the group, a yield soon hands a whole slice to one of them: the
 * slice is lost within a few yields, and the window grows back to its
 * longest. So: yielding that lasted YIELDS_PAID_NS since the last window
 * ended quarters the window, a loss sooner doubles it (4 threads beside two
 * spinning processes in their own sessions: parallel 5.9 us against 14.4
 * with a fixed 100 ms window; in the program's session, no slower). */
static void mark_taken(uint64_t now)
{
    sample_share(now);
    uint64_t until = atomic_load_explicit(&taken_until_ns, memory_order_relaxed);
    uint64_t window = atomic_load_explicit(&taken_window_ns, memory_order_relaxed);
    if (until && now > until + YIELDS_PAID_NS)
        window = window / 4 < TAKEN_MIN_NS ? TAKEN_MIN_NS : window / 4;
    else if (!until || now > until)
        window = window * 2 > TAKEN_MAX_NS ? TAKEN_MAX_NS : window * 2;
    atomic_store_explicit(&taken_window_ns, window, memory_order_relaxed);
    atomic_store_explicit(&seen_taken_until_ns, now + SEEN_TAKEN_FOR_NS, memory_order_relaxed);
    atomic_store_explicit(&taken_until_ns, now + window, memory_order_relaxed);
    if (!atomic_load_explicit(&taken, memory_order_relaxed))
        atomic_store_explicit(&taken, true, memory_order_relaxed);
}

static bool still_taken(void)
{
    if (!atomic_load_explicit(&taken, memory_order_relaxed))
        return false;
    if (glass_wait_now_ns() < atomic_load_explicit(&taken_until_ns, memory_order_relaxed))
        return true;
    atomic_store_explicit(&taken, false, memory_order_relaxed);
    return false;
}

bool glass_wait_processors_taken(void)
{
    if (!atomic_load_explicit(&adaptive, memory_order_relaxed))
        return false;
    return still_before(&seen_taken_until_ns);
}

bool glass_wait_yield(void)
{
    uint64_t before = glass_wait_now_ns();
    sched_yield();
    uint64_t after = glass_wait_now_ns();
    bool lost = after - before > SLICE_NS;
    /* Recent timed yields and how many of them lost a slice, both halved
     * every TIMED_YIELDS_WINDOW yields. */
    unsigned timed = atomic_fetch_add_explicit(&timed_yields, 1, memory_order_relaxed) + 1;
    unsigned lost_count = atomic_load_explicit(&lost_yields, memory_order_relaxed);
    if (timed >= TIMED_YIELDS_WINDOW) {
        atomic_store_explicit(&timed_yields, timed / 2, memory_order_relaxed);
        atomic_store_explicit(&lost_yields, lost_count / 2, memory_order_relaxed);
    }
    if (!lost)
        return true;
    lost_count = atomic_fetch_add_explicit(&lost_yields, 1, memory_order_relaxed) + 1;
    if (lost_count * LOST_SHARE_FEEDING >= timed)
        atomic_store_explicit(&yields_feed_until_ns, after + FEEDING_FOR_NS, memory_order_relaxed);
    return false;
}

bool glass_wait_yields_feed_others(void)
{
    return still_before(&yields_feed_until_ns);
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
            spin->yields = sleep_first ? 0 : others_take() ? OTHERS_TAKE_YIELDS : OVERSUBSCRIBED_YIELDS;
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
    uint64_t now = glass_wait_now_ns();
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
            spin->last_ns = glass_wait_now_ns();
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
        glass_wait_sleep(word, value);
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
