/* Waiting: spin with a CPU pause for a bounded time (cut short when the
 * processors are oversubscribed or taken), then sleep on a futex.
 *
 * Everything that waits uses a "generation word": bits 1..31 count events and
 * bit 0 says that some waiter is (about to be) asleep in the kernel. Only one
 * thread at a time advances a given word, so the advancer can learn with a single
 * exchange whether a futex wake is needed: no system call on the fast path. */
#ifndef GLASS_CORE_WAIT_H
#define GLASS_CORE_WAIT_H

#include <stdatomic.h>
#include <stdbool.h>
#include <stdint.h>

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

/* The spin budget in pause iterations (OMP_WAIT_POLICY, GOMP_SPINCOUNT,
 * KMP_BLOCKTIME); 0 (passive): sleep at once. `adaptive`: the budget is cut
 * where the processors are seen taken (below); false when the program asked
 * for active waiting. With more runtime threads than processors it is cut
 * in any case. */
void glass_wait_configure(unsigned long long spin_count, bool passive, bool adaptive);

/* Processors the process may use for waiting decisions: the affinity mask,
 * cut to the cgroup's CPU quota when there is one (cgroup v2 cpu.max). */
unsigned glass_wait_usable_cpus(unsigned affinity_cpus);

/* The spin phase every waiter in the runtime follows before it sleeps:
 *
 * - normally it spins (CPU pause) up to the configured budget;
 * - with no more runtime threads than usable processors and the default
 *   policy, a wait that goes on past two looks (512 pauses: the partner is
 *   off its processor) yields at every look after that, and spins on. On a
 *   machine that other programs keep busy, this keeps the team's threads on
 *   their processors at the same moments: a yield lets the scheduler line
 *   the team's turns up with each other, where a thread that sleeps or only
 *   spins keeps its own rhythm and waits out its partner's turn (2 threads
 *   beside two spinning processes: a parallel region 4.6 us against 11.3
 *   sleeping when the processors were seen taken, libomp 3.6; its spin
 *   yields the same way);
 * - with more runtime threads than usable processors it does not spin: it
 *   yields up to 4 times (a thread of ours may be the one that needs the
 *   processor), then sleeps; or it sleeps at once while the processors are
 *   seen taken;
 * - the processors are seen taken when a yielding waiter of such a team
 *   finds it was off its processor for a scheduler time slice (another
 *   process, or a thread of the program busy in its own code, had it):
 *   spinning then only delays the threads it waits for, so for a while every
 *   waiter of such a team sleeps at once, and a woken sleeper gets the
 *   processor back at once, as a thread that slept does. The while adapts
 *   (wait.c, mark_taken): from 1 ms where yielding kept the team going for
 *   milliseconds before a slice was lost (the scheduler keeps a yield inside
 *   the program's session), up to 100 ms where a slice is lost soon again.
 *
 * Use: glass_spin_begin, then glass_spin_step between looks at the
 * condition until it returns false (time to sleep). */
struct glass_spin {
    unsigned long long left; /* pause iterations left */
    unsigned yields;         /* sched_yield calls left after them */
    unsigned since_look;     /* pauses since the clock was last read */
    unsigned looks;          /* looks so far (a look every PAUSES_PER_LOOK pauses) */
    bool yield_in_spin;      /* a team within the processors: yield while spinning long */
    uint64_t last_ns;        /* that reading (0: not read yet) */
};

void glass_spin_begin(struct glass_spin *spin);
/* Spins `pauses` pause iterations (or yields once, in the yield phase);
 * false once the budget is spent or the processors are seen taken. */
bool glass_spin_step(struct glass_spin *spin, unsigned pauses);

/* Whether a waiter found itself off its processor for a scheduler time
 * slice in the last second (the processors are taken: by other processes,
 * or by threads of the program busy in their own code). */
bool glass_wait_processors_taken(void);

/* One sched_yield, timed. Returns false when it came back a time slice
 * later: the processor went to a thread that kept it (another process's,
 * when the scheduler does not group this process's threads apart from it).
 * When more than one in 8 of the recent timed yields did so,
 * glass_wait_yields_feed_others() is true for 100 ms, so that waits which
 * yield on purpose stop doing so; a loss now and then is the program's turn
 * on a processor ending, which no yield causes. */
bool glass_wait_yield(void);
bool glass_wait_yields_feed_others(void);

/* While set, this thread's waits in a team with more threads than usable
 * processors sleep without yielding first (the primary at an oversubscribed
 * join on a busy machine, parallel.c). */
void glass_wait_sleep_first(bool value);

/* CLOCK_MONOTONIC in nanoseconds. */
uint64_t glass_wait_now_ns(void);
/* How many threads the runtime has (the pool's workers and the initial
 * thread) and how many processors it may use: more threads than processors
 * make every wait yield rather than spin. With the time its threads sleep
 * in the futex, what the process's share of the processors is judged
 * against (wait.c, sample_share). */
void glass_wait_set_runtime_threads(unsigned count, unsigned usable_cpus);
/* A runtime thread's futex sleep on `word` while it holds `value`, its
 * duration counted for that judgement. */
void glass_wait_sleep(_Atomic unsigned *word, unsigned value);

#endif
