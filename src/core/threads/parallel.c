/* The parallel construct: team size, fork, join. */
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../../ompt/events.h"
#include "../places/affinity.h"
#include "../globals.h"
#include "../runtime.h"
#include "../tasks/task_barrier.h"
#include "team.h"
#include "../store_changed.h"
#include "../sync/single.h"
#include "../sync/wait.h"

/* Threads currently working in teams, counted only when OMP_THREAD_LIMIT is
 * set, so the default configuration pays no shared atomic per region. */
static _Atomic unsigned threads_busy = 1;

unsigned glass_parallel_team_size(struct glass_thread *self, const struct glass_parallel_args *args)
{
    const struct glass_task *task = self->task;
    if (args->if_false)
        return 1;
    if (self->team->active_level >= task->icv.max_active_levels)
        return 1;
    unsigned requested = args->num_threads ? args->num_threads : task->icv.nthreads;
    if (requested <= 1)
        return 1;
    unsigned limit = task->icv.thread_limit;
    if (limit != UINT_MAX) {
        unsigned busy = atomic_load_explicit(&threads_busy, memory_order_relaxed);
        unsigned available = limit > busy ? limit - busy + 1 : 1;
        if (requested > available)
            requested = available;
    }
    /* dyn-var: we may give fewer threads; never more processors than exist.
     * A strict num_threads clause forbids that adjustment. */
    if (task->icv.dynamic && !args->strict && requested > glass_globals.num_procs)
        requested = glass_globals.num_procs ? glass_globals.num_procs : 1;
    return requested;
}

/* Takes up to wanted-1 more threads from the contention group's budget in one
 * step, so that masters forking at the same time cannot both see the same
 * headroom. Returns the team size granted (the master included). */
static unsigned reserve_threads(unsigned wanted, unsigned limit)
{
    unsigned busy = atomic_load_explicit(&threads_busy, memory_order_relaxed);
    for (;;) {
        unsigned headroom = limit > busy ? limit - busy : 0;
        unsigned extra = wanted - 1 < headroom ? wanted - 1 : headroom;
        if (atomic_compare_exchange_weak_explicit(&threads_busy, &busy, busy + extra, memory_order_relaxed,
                                                  memory_order_relaxed))
            return extra + 1;
    }
}

void glass_team_depart(struct glass_team *team)
{
    glass_gen_advance_shared(&team->departures); /* release: the worker's last accesses come first */
}

static bool all_departed(struct glass_team *team)
{
    return atomic_load_explicit(&team->departures, memory_order_acquire) == team->departures_expected;
}

static void wait_departed(struct glass_thread *self, struct glass_team *team)
{
    int previous = atomic_load_explicit(&self->state, memory_order_relaxed);
    glass_set_state(self, GLASS_STATE_OVERHEAD); /* runtime bookkeeping, not a user-visible wait */
    for (;;) {
        unsigned seen = glass_gen_current(&team->departures);
        if (seen == team->departures_expected)
            break;
        glass_gen_wait(&team->departures, seen, NULL, NULL);
    }
    glass_set_state(self, previous);
}

static void wait_departed_if_needed(struct glass_thread *self, struct glass_team *team)
{
    if (team && !all_departed(team))
        wait_departed(self, team);
}

/* Workers released by a join barrier may still be on their way out (task-wait
 * loop, events): a descriptor is reset only once all have left. The teams this
 * thread mastered deeper have this level's teams as ancestors, which their
 * stragglers (or a signal handler on them) may still follow. */
void glass_owned_teams_wait_departed(struct glass_thread *self, unsigned from_level)
{
    unsigned top = self->owned_teams_top < self->owned_teams_len ? self->owned_teams_top : self->owned_teams_len;
    for (unsigned level = from_level; level < top; level++) {
        struct glass_team *team = self->owned_teams[level];
        if (team) {
            wait_departed_if_needed(self, team);
            wait_departed_if_needed(self, team->sibling);
        }
    }
}

static void free_team(struct glass_team *team)
{
    glass_team_tasking_free(team);
    glass_ws_ring_free(&team->ws);
    glass_barrier_destroy(&team->barrier);
    glass_barrier_destroy(&team->join);
    free(team->members);
    free(team->stepped_league);
    free(team);
}

void glass_owned_teams_free(struct glass_thread *self)
{
    glass_owned_teams_wait_departed(self, 0);
    for (unsigned level = 0; level < self->owned_teams_len; level++) {
        struct glass_team *team = self->owned_teams[level];
        if (!team)
            continue;
        if (team->sibling)
            free_team(team->sibling);
        free_team(team);
    }
    free(self->owned_teams);
    self->owned_teams = NULL;
    self->owned_teams_len = self->owned_teams_top = 0;
}

struct glass_team *glass_team_new(void)
{
    size_t size = (sizeof(struct glass_team) + GLASS_CACHE_LINE - 1) / GLASS_CACHE_LINE * GLASS_CACHE_LINE;
    struct glass_team *team = aligned_alloc(GLASS_CACHE_LINE, size);
    struct glass_thread **members = calloc(1, sizeof *members); /* set: the fork compares first */
    if (!team || !members)
        glass_fatal("out of memory for a team descriptor");
    *team = (struct glass_team){0};
    team->members = members;
    team->members_capacity = 1;
    return team;
}

/* The descriptor for this thread's next region at `level`; the following
 * region at that level gets its sibling. */
static struct glass_team *next_owned_team(struct glass_thread *self, unsigned level)
{
    if (level >= self->owned_teams_len) {
        unsigned len = level + 4;
        struct glass_team **teams = realloc(self->owned_teams, len * sizeof *teams);
        if (!teams)
            glass_fatal("out of memory for team descriptors");
        for (unsigned i = self->owned_teams_len; i < len; i++)
            teams[i] = NULL;
        self->owned_teams = teams;
        self->owned_teams_len = len;
    }
    struct glass_team *team = self->owned_teams[level];
    if (!team) {
        team = glass_team_new();
        team->sibling = glass_team_new();
        team->sibling->sibling = team;
        if (self->owned_teams_top <= level)
            self->owned_teams_top = level + 1;
    }
    self->owned_teams[level] = team->sibling;
    return team;
}

static void reserve_members(struct glass_team *team, unsigned nthreads)
{
    if (team->members_capacity >= nthreads)
        return;
    struct glass_thread **members = realloc(team->members, nthreads * sizeof *members);
    if (!members)
        glass_fatal("out of memory for %u team members", nthreads);
    /* The fork compares before it stores (store_changed.h): no slot may be
     * left unset. */
    for (unsigned i = team->members_capacity; i < nthreads; i++)
        members[i] = NULL;
    team->members = members;
    team->members_capacity = nthreads;
}

/* A level-0 master keeps its workers between regions (the "hot team"): the same
 * threads serve consecutive regions without going through the pool. */
static struct glass_thread *hot_worker(struct glass_thread *self, unsigned index)
{
    if (index >= self->hot_nworkers) {
        struct glass_thread **workers = realloc(self->hot_workers, (index + 1) * sizeof *workers);
        if (!workers)
            glass_fatal("out of memory for the thread pool");
        self->hot_workers = workers;
        while (self->hot_nworkers <= index)
            self->hot_workers[self->hot_nworkers++] = glass_pool_take();
    }
    return self->hot_workers[index];
}

/* The number of threads the user asked for: what parallel_begin reports. */
static unsigned requested_threads(const struct glass_thread *self, const struct glass_parallel_args *args)
{
    if (args->if_false)
        return 1;
    return args->num_threads ? args->num_threads : self->task->icv.nthreads;
}

/* num_threads(list): the implicit tasks' nthreads-var is the rest of the
 * list, kept in the team (OpenMP 6.0, num_threads clause). */
static void set_nthreads_list(struct glass_team *team, const struct glass_parallel_args *args)
{
    unsigned len = args->nthreads_list_len < GLASS_MAX_LIST ? args->nthreads_list_len : GLASS_MAX_LIST;
    for (unsigned i = 0; i < len; i++)
        team->nthreads_clause_list[i] = args->nthreads_list[i];
    team->child_icvs.nthreads = team->nthreads_clause_list[0];
    team->child_icvs.nthreads_list = team->nthreads_clause_list;
    team->child_icvs.nthreads_list_len = len;
    team->child_icvs.nthreads_next = 1;
}

/* `invoker` says who runs the master's share of the region: the runtime
 * (glass_parallel) or the program itself after glass_parallel_begin returns.
 * Compiled twice, as is parallel_end: `watched` false is the copy for when
 * neither a tool nor a debugger watches (an active tool and OMPD both imply
 * the watch flag), with no event point or breakpoint in it. */
static inline __attribute__((always_inline)) struct glass_team *
parallel_begin(void (*fn)(void *), void *data, const struct glass_parallel_args *args, int invoker, bool watched)
{
    struct glass_thread *self = glass_self();
    struct glass_team *parent = self->team;
    unsigned nthreads = glass_parallel_team_size(self, args);
    bool reserved = nthreads > 1 && self->task->icv.thread_limit != UINT_MAX;
    if (reserved)
        nthreads = reserve_threads(nthreads, self->task->icv.thread_limit);
    if (__builtin_expect(args->strict, 0) && nthreads < requested_threads(self, args))
        args->strict_failed(args->strict_arg, nthreads);
    unsigned level = parent->level + 1;
    struct glass_team *team = next_owned_team(self, level);
    /* The workers of this descriptor's last region (the one before the region
     * that just ended) have normally left long ago; teams deeper than `level`
     * exist only when a region nested. Two loads in the usual case. */
    if (__builtin_expect(!all_departed(team), 0))
        wait_departed(self, team);
    if (__builtin_expect(self->owned_teams_top > level + 1, 0))
        glass_owned_teams_wait_departed(self, level + 1);
    if (nthreads > 1)
        team->departures_expected += (nthreads - 1) * GLASS_GEN_STEP;

    /* The workers read these at the fork: stored only where they change
     * (store_changed.h), so that their lines stay in the workers' caches. */
    GLASS_STORE_CHANGED(team->nthreads, nthreads);
    GLASS_STORE_CHANGED(team->level, level);
    GLASS_STORE_CHANGED(team->active_level, parent->active_level + (nthreads > 1));
    GLASS_STORE_CHANGED(team->parent, parent);
    GLASS_STORE_CHANGED(team->parent_thread_num, self->num);
    GLASS_STORE_CHANGED(team->encountering_task, self->task);
    struct glass_icvs child_icvs;
    glass_icvs_for_child(&self->task->icv, &child_icvs);
    glass_store_changed_bytes(&team->child_icvs, &child_icvs, sizeof child_icvs);
    if (__builtin_expect(args->nthreads_list_len != 0, 0))
        set_nthreads_list(team, args);
    GLASS_STORE_CHANGED(team->threads_reserved, reserved);
    GLASS_STORE_CHANGED(team->proc_bind, args->proc_bind != GLASS_BIND_FALSE ? args->proc_bind : self->task->icv.bind);
    GLASS_STORE_CHANGED(team->fn, fn);
    GLASS_STORE_CHANGED(team->entry, args->entry ? args->entry : (const void *)fn);
    if (args->payload) {
        glass_store_changed_bytes(team->fork_payload, args->payload, args->payload_size);
        data = team->fork_payload;
    }
    GLASS_STORE_CHANGED(team->data, data);
    GLASS_STORE_CHANGED(team->codeptr, args->codeptr);
    GLASS_STORE_CHANGED_RELAXED(&team->cancelled, 0);
    /* The shape of the team's fork, barriers and join (GLASS_BARRIER). */
    GLASS_STORE_CHANGED(team->fanout, glass_globals.barrier_fanout);
    glass_barrier_init(&team->barrier, nthreads, team->fanout);
    glass_barrier_init(&team->join, nthreads, team->fanout);
    glass_ws_ring_init(&team->ws, nthreads);
    reserve_members(team, nthreads);

    struct glass_task *task = &team->master_task;
    task->parent = self->task;
    task->team = team;
    task->icv = team->child_icvs;
    task->flags = GLASS_TASK_IMPLICIT;
    task->thread_num = 0;
    task->ws_count = 0;
    task->single_count = 0;
    task->single_open = false;
    task->lock_owner_id = 0; /* the reused task is a new task: it owns no nest lock */
    GLASS_STORE_CHANGED(team->members[0], self);
    glass_team_tasking_init(team);
    if (args->prepare)
        args->prepare(team, args->prepare_arg);
    if (watched)
        glass_ompt_parallel_begins(self, team, requested_threads(self, args), invoker | GLASS_PARALLEL_TEAM,
                                   args->codeptr);

    if (nthreads > 1) {
        bool hot = level == 1 && !self->is_worker;
        for (unsigned i = 1; i < nthreads; i++)
            GLASS_STORE_CHANGED(team->members[i], hot ? hot_worker(self, i - 1) : glass_pool_take());
        glass_affinity_place_team(team);
        /* Publish the team before any worker can see it: assignment is a
         * release. The master starts its children in the fork tree (all the
         * workers when central), which start theirs (pool.c). */
        glass_team_fork_children(team, 0);
    } else if (__builtin_expect(glass_affinity_active, 0)) {
        glass_affinity_place_team(team); /* a team of one displays its affinity too (6.13) */
    }

    /* A signal handler (a sampling tool) follows self->task: the task must be
     * complete before it is published. */
    atomic_signal_fence(memory_order_release);
    self->team = team;
    if (watched)
        GLASS_OMPD_BP(parallel_begin); /* 5.6: the new region, still the encountering task */
    self->task = task;
    self->num = 0;
    glass_set_state(self, GLASS_STATE_WORK_PARALLEL);
    if (watched) {
        glass_ompt_implicit_task_begins(team, task, 0);
        GLASS_OMPD_BP(task_begin);
    }
    return team;
}

struct glass_team *glass_parallel_begin(void (*fn)(void *), void *data,
                                        const struct glass_parallel_args *args)
{
    return parallel_begin(fn, data, args, GLASS_PARALLEL_INVOKER_PROGRAM, true);
}

/* The primary thread's wait at the join, in a team with more threads than
 * usable processors while the processors are seen taken (other programs
 * want them, wait.h). Where the workers still compute for a while when the
 * primary arrives (joins that lasted LONG_JOIN_NS on average lately), it
 * sleeps at once instead of yielding first: a primary that stays runnable,
 * yielding, keeps the program's threads queued beside the other programs',
 * where a sleeping one leaves the processor to its workers and is given one
 * back when woken (loops of about 60 us per thread, 4 threads on 2 cores
 * beside two spinning processes: 503 us per step against 662 yielding,
 * libgomp 633). Where the join is short (regions of little work), yielding
 * hands the processor to the worker the primary waits for at once: sleeping
 * at every such join made an empty region 7.6 us against 5.8, a reduction
 * 13 against 5.9. */
#define LONG_JOIN_NS 25000u
static __thread uint64_t join_ns_average __attribute__((tls_model("initial-exec")));

static void primary_join(struct glass_thread *self, struct glass_team *team)
{
    if (!glass_team_outnumbers_processors(team) || !glass_wait_processors_taken()) {
        glass_team_barrier_tasks(self, &team->join, NULL);
        return;
    }
    bool sleep_first = join_ns_average > LONG_JOIN_NS;
    uint64_t start = glass_wait_now_ns();
    glass_wait_sleep_first(sleep_first);
    glass_team_barrier_tasks(self, &team->join, NULL);
    glass_wait_sleep_first(false);
    uint64_t took = glass_wait_now_ns() - start;
    join_ns_average = join_ns_average - join_ns_average / 4 + took / 4;
}

static inline __attribute__((always_inline)) void parallel_end(int invoker, bool watched)
{
    struct glass_thread *self = glass_self_ptr;
    struct glass_team *team = self->team;
    unsigned nthreads = team->nthreads;
    struct glass_task *task = self->task;
    const void *codeptr = team->codeptr;

    /* The implicit barrier ends the region (OpenMP 5.1, 2.6). A team of one
     * has nothing to wait for: as libomp 19 does, a tool sees no barrier
     * there, unless tasks still incomplete run in it (they complete with the
     * region, and their events need the barrier around them); the count it
     * tests first includes credits (task.c), which are no task.
     * docs/ompt-libomp19-differences.md, row "serialized-barrier". */
    bool waits = nthreads > 1;
    bool runs_tasks = !waits && glass_team_tasks_pending(team);
    bool reported = watched && (waits || (runs_tasks && glass_team_tasks_incomplete(self, team)));
    if (watched)
        glass_single_close_open(self); /* GCC's single ends with the region at the latest */
    if (reported)
        GLASS_OMPT_EMIT(sync_region, GLASS_SYNC_BARRIER_IMPLICIT_PARALLEL, GLASS_SCOPE_BEGIN, &team->tool_data,
                        &task->tool_data, codeptr);
    if (waits) {
        glass_set_state(self, GLASS_STATE_WAIT_BARRIER_IMPLICIT_PARALLEL);
        struct glass_ompt_wait wait;
        if (watched)
            glass_ompt_wait_begin(&wait, GLASS_SYNC_BARRIER_IMPLICIT_PARALLEL, &team->tool_data,
                                  &task->tool_data, codeptr);
        primary_join(self, team);
        if (watched)
            glass_ompt_wait_end(&wait, NULL);
    } else if (runs_tasks) {
        primary_join(self, team);
    }
    if (watched) {
        if (reported)
            GLASS_OMPT_EMIT(sync_region, GLASS_SYNC_BARRIER_IMPLICIT_PARALLEL, GLASS_SCOPE_END, NULL,
                            &task->tool_data, codeptr);
        glass_ompt_implicit_task_ends(task, 0);
    }
    if (nthreads > 1) {
        bool hot = team->level == 1 && !self->is_worker;
        if (!hot)
            for (unsigned i = 1; i < nthreads; i++)
                glass_pool_give_back(team->members[i]);
        /* What the fork reserved: the task's thread-limit-var may have
         * changed since (__kmpc_set_thread_limit). */
        if (team->threads_reserved)
            atomic_fetch_sub_explicit(&threads_busy, nthreads - 1, memory_order_relaxed);
    }

    if (watched)
        GLASS_OMPD_BP(task_end);
    self->task = team->encountering_task;
    if (watched)
        GLASS_OMPD_BP(parallel_end); /* 5.6: the ending region, already the encountering task */
    self->team = team->parent;
    self->num = team->parent_thread_num;
    glass_set_state(self, team->parent->active_level ? GLASS_STATE_WORK_PARALLEL
                                                     : GLASS_STATE_WORK_SERIAL);
    if (watched) {
        GLASS_OMPT_EMIT(parallel_end, &team->tool_data, &self->task->tool_data, invoker | GLASS_PARALLEL_TEAM,
                        codeptr);
        /* Workers leaving after the join still follow their tasks' ancestors
         * (a tool's task inquiries, a sampling signal, OMPD). Implicit and
         * initial tasks outlive their teams; an explicit or target task may
         * be freed once this returns: its stragglers, and those of the
         * regions nested in this one, go first. */
        if (team->encountering_task->flags & (GLASS_TASK_EXPLICIT | GLASS_TASK_TARGET | GLASS_TASK_TASKWAIT))
            glass_owned_teams_wait_departed(self, team->level);
    }
}

void glass_parallel_end(void)
{
    parallel_end(GLASS_PARALLEL_INVOKER_PROGRAM, true);
}

static __attribute__((noinline)) void parallel_watched(void (*fn)(void *), void *data,
                                                       const struct glass_parallel_args *args)
{
    struct glass_team *team = parallel_begin(fn, data, args, GLASS_PARALLEL_INVOKER_RUNTIME, true);
    struct glass_task *task = &team->master_task;
    GLASS_OMPT_CALLING_USER_CODE(task);
    fn(team->data); /* `data`, or its copy in the team (payload) */
    GLASS_OMPT_RETURNED_FROM_USER_CODE(task);
    parallel_end(GLASS_PARALLEL_INVOKER_RUNTIME, true);
}

void glass_parallel_unwatched(void (*fn)(void *), void *data, const struct glass_parallel_args *args)
{
    fn(parallel_begin(fn, data, args, GLASS_PARALLEL_INVOKER_RUNTIME, false)->data);
    parallel_end(GLASS_PARALLEL_INVOKER_RUNTIME, false);
}

void glass_parallel(void (*fn)(void *), void *data, const struct glass_parallel_args *args)
{
    if (GLASS_OMPT_ENTRY_WATCH())
        parallel_watched(fn, data, args);
    else
        glass_parallel_unwatched(fn, data, args);
}
