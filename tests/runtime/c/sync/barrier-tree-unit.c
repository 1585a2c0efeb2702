// The barrier module itself (src/core/sync/barrier.c, barrier_tree.c) and the fork
// tree (fork_tree.h), built into this program with plain pthreads, so that
// the tree is checked where a team could hide it:
// - layout: levels, each node's count and the top's, for team sizes 1..200
//   and fanouts 2..9, against a count made here;
// - the fork tree: every member but the master started exactly once, by a
//   member with a smaller number whose subtree contains it;
// - episodes: at 3, 5, 8, 16 and 33 threads and fanouts 2, 3, 4, 1000
//   barriers each; every write before a barrier is seen after it, exactly one
//   thread is last per episode, and nobody gets an episode ahead;
// - cancellation: threads waiting at every level are released, later
//   arrivals pass, and the barrier counts correctly after glass_barrier_init;
// - the central shape (fanout 0) through the same checks.
// Compiled with the run's flags (the sanitizers', in tests/stress/sanitize.sh);
// -fopenmp is inert here: the program calls no OpenMP.
// RUN: %omp-cc -Wextra -pthread %s %srcroot/src/core/sync/barrier.c %srcroot/src/core/sync/barrier_tree.c %srcroot/src/core/sync/wait.c %srcroot/src/platform/futex.c -o %t
// RUN: %run timeout 300 %t | FileCheck %s
// CHECK: layout: cases=1600 bad=0
// CHECK: fork tree: cases=1600 bad=0
// CHECK: episodes fanout=0: teams=5 stale=0 lasts_wrong=0 ahead=0
// CHECK: episodes fanout=2: teams=5 stale=0 lasts_wrong=0 ahead=0
// CHECK: episodes fanout=3: teams=5 stale=0 lasts_wrong=0 ahead=0
// CHECK: episodes fanout=4: teams=5 stale=0 lasts_wrong=0 ahead=0
// CHECK: cancel fanout=0: teams=5 released=ok passed=ok after=ok
// CHECK: cancel fanout=2: teams=5 released=ok passed=ok after=ok
// CHECK: cancel fanout=3: teams=5 released=ok passed=ok after=ok
// CHECK: cancel fanout=4: teams=5 released=ok passed=ok after=ok
#include <pthread.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>
#include <unistd.h>

#include "../../../../src/core/sync/barrier.h"
#include "../../../../src/core/threads/fork_tree.h"
#include "../../../../src/core/runtime.h"
#include "../../../../src/core/sync/wait.h"

/* What the barrier files use from the rest of the runtime. */
_Noreturn void glass_fatal(const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vfprintf(stderr, fmt, ap);
    va_end(ap);
    abort();
}

#define MAX_THREADS 33
static const unsigned team_sizes[] = {3, 5, 8, 16, 33};
#define NTEAMS (sizeof team_sizes / sizeof *team_sizes)

/* Layout: what the top and each node count, recomputed the plain way. */
static int check_layout(unsigned nthreads, unsigned fanout)
{
    struct glass_barrier barrier = {0};
    glass_barrier_init(&barrier, nthreads, fanout);
    unsigned below = nthreads, levels = 0;
    int bad = 0;
    while (below > fanout) {
        unsigned count = (below + fanout - 1) / fanout;
        for (unsigned j = 0; j < count; j++) {
            unsigned want = j + 1 < count ? fanout : below - j * fanout;
            bad |= barrier.nodes[barrier.level_first[levels] + j].expected != want;
        }
        below = count;
        levels++;
    }
    bad |= barrier.levels != levels || barrier.nthreads != below;
    glass_barrier_destroy(&barrier);
    return bad;
}

struct fork_check {
    unsigned parent, nthreads, started[256];
    int bad;
};

static void started(void *arg, unsigned child)
{
    struct fork_check *check = arg;
    check->started[child]++;
    /* A child lies above its parent, within the parent's subtree. */
    if (child <= check->parent || child >= check->nthreads)
        check->bad = 1;
}

static int check_fork_tree(unsigned nthreads, unsigned fanout)
{
    struct fork_check check = {.nthreads = nthreads};
    for (unsigned num = 0; num < nthreads; num++) {
        check.parent = num;
        glass_fork_tree_children(num, nthreads, fanout, started, &check);
    }
    for (unsigned num = 0; num < nthreads; num++)
        check.bad |= check.started[num] != (num ? 1u : 0u);
    return check.bad;
}

/* Episodes. */
static struct glass_barrier shared_barrier;
static unsigned team_size;
static long data[MAX_THREADS][16];  /* plain: only the barrier orders it */
static _Atomic unsigned lasts, stale, lasts_wrong, ahead;
static _Atomic unsigned progress[MAX_THREADS];
#define EPISODES 1000

static void *episodes(void *arg)
{
    unsigned num = (unsigned)(size_t)arg;
    for (unsigned e = 1; e <= EPISODES; e++) {
        data[num][0] = e;
        atomic_store_explicit(&progress[num], e, memory_order_relaxed);
        if (glass_barrier_wait(&shared_barrier, num))
            atomic_fetch_add(&lasts, 1);
        /* Everyone wrote episode e's value; nobody can be at e+1's write before
         * the second barrier. */
        for (unsigned other = 0; other < team_size; other++) {
            if (data[other][0] != (long)e)
                atomic_fetch_add(&stale, 1);
            if (atomic_load_explicit(&progress[other], memory_order_relaxed) != e)
                atomic_fetch_add(&ahead, 1);
        }
        /* Second barrier: nobody overwrites data[][0] before everyone read it. */
        glass_barrier_wait(&shared_barrier, num);
        if (num == 0 && atomic_exchange(&lasts, 0) != 1)
            atomic_fetch_add(&lasts_wrong, 1);
        glass_barrier_wait(&shared_barrier, num);
    }
    return NULL;
}

static void run_team(void *(*body)(void *), unsigned n)
{
    /* As the runtime does: yield rather than spin when threads outnumber
     * processors. */
    glass_wait_set_runtime_threads(n, (unsigned)sysconf(_SC_NPROCESSORS_ONLN));
    pthread_t threads[MAX_THREADS];
    for (unsigned i = 1; i < n; i++)
        if (pthread_create(&threads[i], NULL, body, (void *)(size_t)i))
            glass_fatal("pthread_create failed\n");
    body((void *)0);
    for (unsigned i = 1; i < n; i++)
        pthread_join(threads[i], NULL);
}

/* Cancellation: every thread but the last waits; thread 0 then cancels. */
static _Atomic unsigned waiting, released_by_cancel, passed_after;

static void *cancelled_episode(void *arg)
{
    unsigned num = (unsigned)(size_t)arg;
    if (num + 1 < team_size) {
        struct glass_barrier_ticket ticket = glass_barrier_arrive(&shared_barrier, num);
        atomic_fetch_add(&waiting, 1);
        if (!(ticket.word & GLASS_BARRIER_LAST) && glass_barrier_await(&shared_barrier, &ticket, num))
            atomic_fetch_add(&released_by_cancel, 1);
    } else {
        while (atomic_load(&waiting) < team_size - 1)
            ;
        /* Give the waiters time to reach their futex sleep too. */
        nanosleep(&(struct timespec){0, 20 * 1000 * 1000}, NULL);
        glass_barrier_cancel(&shared_barrier);
        /* Arriving at a cancelled barrier passes without waiting. */
        struct glass_barrier_ticket ticket = glass_barrier_arrive(&shared_barrier, num);
        if ((ticket.word & GLASS_BARRIER_CANCELLED) && glass_barrier_await(&shared_barrier, &ticket, num))
            atomic_fetch_add(&passed_after, 1);
    }
    return NULL;
}

int main(void)
{
    int bad = 0, cases = 0;
    for (unsigned fanout = 2; fanout <= 9; fanout++)
        for (unsigned n = 1; n <= 200; n++, cases++)
            bad += check_layout(n, fanout);
    setvbuf(stdout, NULL, _IOLBF, 0);
    printf("layout: cases=%d bad=%d\n", cases, bad);
    bad = cases = 0;
    for (unsigned fanout = 2; fanout <= 9; fanout++)
        for (unsigned n = 1; n <= 200; n++, cases++)
            bad += check_fork_tree(n, fanout);
    printf("fork tree: cases=%d bad=%d\n", cases, bad);

    static const unsigned fanouts[] = {0, 2, 3, 4};
    for (unsigned f = 0; f < 4; f++) {
        for (unsigned t = 0; t < NTEAMS; t++) {
            team_size = team_sizes[t];
            for (unsigned i = 0; i < MAX_THREADS; i++)
                data[i][0] = 0, progress[i] = 0;
            /* The same barrier goes through every shape, as a team's does. */
            glass_barrier_init(&shared_barrier, team_size, fanouts[f]);
            run_team(episodes, team_size);
        }
        printf("episodes fanout=%u: teams=%zu stale=%u lasts_wrong=%u ahead=%u\n", fanouts[f], NTEAMS,
               atomic_load(&stale), atomic_load(&lasts_wrong), atomic_load(&ahead));
    }
    for (unsigned f = 0; f < 4; f++) {
        int released_ok = 1, passed_ok = 1, after_ok = 1;
        for (unsigned t = 0; t < NTEAMS; t++) {
            team_size = team_sizes[t];
            waiting = released_by_cancel = passed_after = 0;
            glass_barrier_init(&shared_barrier, team_size, fanouts[f]);
            run_team(cancelled_episode, team_size);
            released_ok &= released_by_cancel == team_size - 1;
            passed_ok &= passed_after == 1;
            /* Re-initialized, it counts whole episodes again. */
            glass_barrier_init(&shared_barrier, team_size, fanouts[f]);
            lasts = 0;
            unsigned before = stale + lasts_wrong + ahead;
            run_team(episodes, team_size);
            after_ok &= stale + lasts_wrong + ahead == before && !glass_barrier_cancelled(&shared_barrier);
        }
        printf("cancel fanout=%u: teams=%zu released=%s passed=%s after=%s\n", fanouts[f], NTEAMS,
               released_ok ? "ok" : "FAILED", passed_ok ? "ok" : "FAILED", after_ok ? "ok" : "FAILED");
    }
    glass_barrier_destroy(&shared_barrier);
    return 0;
}
