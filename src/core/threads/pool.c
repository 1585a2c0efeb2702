/* Worker threads: created on demand, parked on their own dock word while idle,
 * reused across parallel regions. */
#include <errno.h>
#include <pthread.h>
#include <time.h>
#include <stdlib.h>
#include <string.h>

#include "../../ompt/events.h"
#include "../places/affinity.h"
#include "fork_tree.h"
#include "../globals.h"
#include "../runtime.h"
#include "team.h"
#include "../sync/single.h"
#include "thread_id.h"
#include "../sync/wait.h"

static pthread_mutex_t pool_lock = PTHREAD_MUTEX_INITIALIZER;
static struct glass_thread *idle_workers;
static unsigned nworkers_created;

static void worker_run_region(struct glass_thread *self, struct glass_team *team, unsigned num)
{
    if (team->fanout)
        glass_team_fork_children(team, num);
    struct glass_task task = {
        .parent = team->encountering_task,
        .team = team,
        .icv = team->child_icvs,
        .flags = GLASS_TASK_IMPLICIT,
        .thread_num = num,
    };
    unsigned level = team->level;
    self->team = team;
    self->num = num;
    atomic_signal_fence(memory_order_release); /* the task is complete before a signal handler sees it */
    self->task = &task;
    glass_affinity_apply(self);
    glass_set_state(self, GLASS_STATE_WORK_PARALLEL);
    glass_ompt_implicit_task_begins(team, &task, num);
    GLASS_OMPD_BP(task_begin);

    GLASS_OMPT_CALLING_USER_CODE(&task);
    team->fn(team->data);
    GLASS_OMPT_RETURNED_FROM_USER_CODE(&task);

    /* A worker has no call site for its region's end: codeptr_ra is NULL
     * (as libomp reports it; tools key on it to tell the master's barrier). */
    const void *codeptr = NULL;
    glass_single_close_open(self); /* GCC's single ends with the region at the latest */
    GLASS_OMPT_EMIT(sync_region, GLASS_SYNC_BARRIER_IMPLICIT_PARALLEL, GLASS_SCOPE_BEGIN, &team->tool_data,
                    &task.tool_data, codeptr);
    glass_set_state(self, GLASS_STATE_WAIT_BARRIER_IMPLICIT_PARALLEL);
    struct glass_ompt_wait wait;
    glass_ompt_wait_begin(&wait, GLASS_SYNC_BARRIER_IMPLICIT_PARALLEL, &team->tool_data, &task.tool_data, codeptr);
    glass_team_barrier_tasks(self, &team->join, NULL);
    /* The team stays intact until glass_team_depart below, but the events
     * that follow have no parallel data (5.1 4.5.2.13). */
    glass_ompt_wait_end(&wait, NULL);
    GLASS_OMPT_EMIT(sync_region, GLASS_SYNC_BARRIER_IMPLICIT_PARALLEL, GLASS_SCOPE_END, NULL, &task.tool_data,
                    codeptr);
    glass_ompt_implicit_task_ends(&task, num);
    GLASS_OMPD_BP(task_end);
    self->task = NULL;
    self->team = NULL;
    /* Teams this thread mastered inside the region have `team` as an ancestor:
     * their stragglers must be gone before the master may reuse `team`. */
    glass_owned_teams_wait_departed(self, level + 1);
    glass_team_depart(team); /* last access: the master may now reuse the team */
}

/* Workers told to end (glass_pool_retire_idle) count themselves out here. */
static _Atomic unsigned workers_retired;
static _Atomic unsigned workers_retired_gen;

static void *retire(struct glass_thread *self)
{
    glass_ompt_thread_ends(self);
    glass_ompd_thread_ends(self);
    glass_self_ptr = NULL;
    glass_thread_gtid_release(self);
    glass_owned_teams_free(self); /* the teams it mastered in nested regions */
    free(self);
    atomic_fetch_add_explicit(&workers_retired, 1, memory_order_release);
    glass_gen_advance_shared(&workers_retired_gen);
    return NULL;
}

static void *worker_main(void *arg)
{
    struct glass_thread *self = arg;
    glass_self_ptr = self;
    glass_ompd_thread_begins(self);
    glass_ompt_thread_starts(self, GLASS_THREAD_WORKER);
    unsigned seen = 0;
    for (;;) {
        glass_set_state(self, GLASS_STATE_IDLE);
        glass_gen_wait(&self->dock, seen, NULL, NULL);
        seen = glass_gen_current(&self->dock);
        if (!self->next_team)
            return retire(self);
        worker_run_region(self, self->next_team, self->next_num);
    }
}

static struct glass_thread *create_worker(void)
{
    struct glass_thread *worker = calloc(1, sizeof *worker);
    if (!worker)
        glass_fatal("out of memory creating a worker thread");
    worker->is_worker = true;
    worker->place = -1;
    atomic_store_explicit(&worker->state, GLASS_STATE_IDLE, memory_order_relaxed);

    pthread_attr_t attr;
    pthread_attr_init(&attr);
    pthread_attr_setdetachstate(&attr, PTHREAD_CREATE_DETACHED);
    if (glass_globals.stacksize) {
        int err = pthread_attr_setstacksize(&attr, glass_globals.stacksize);
        if (err)
            glass_warn("a stack size of %zu bytes (OMP_STACKSIZE or GOMP_STACKSIZE) was refused by the system (%s); using the default",
                       glass_globals.stacksize, strerror(err));
    }
    glass_ompd_thread_registers(worker);
    int err = pthread_create(&worker->pthread, &attr, worker_main, worker);
    pthread_attr_destroy(&attr);
    if (err)
        glass_fatal("cannot create worker thread %u: %s", nworkers_created + 1, strerror(err));
    return worker;
}

struct glass_thread *glass_pool_take(void)
{
    pthread_mutex_lock(&pool_lock);
    struct glass_thread *worker = idle_workers;
    if (worker) {
        idle_workers = worker->pool_next;
    } else {
        worker = create_worker();
        nworkers_created++;
        glass_wait_set_runtime_threads(nworkers_created + 1, glass_globals.wait_cpus);
    }
    pthread_mutex_unlock(&pool_lock);
    return worker;
}

void glass_pool_give_back(struct glass_thread *worker)
{
    pthread_mutex_lock(&pool_lock);
    worker->pool_next = idle_workers;
    idle_workers = worker;
    pthread_mutex_unlock(&pool_lock);
}

void glass_worker_assign(struct glass_thread *worker, struct glass_team *team, unsigned num)
{
    worker->next_team = team;
    worker->next_num = num;
    glass_gen_advance(&worker->dock); /* release: the worker sees team and num */
}

static void start_member(void *team_arg, unsigned num)
{
    struct glass_team *team = team_arg;
    glass_worker_assign(team->members[num], team, num);
}

void glass_team_fork_children(struct glass_team *team, unsigned num)
{
    unsigned nthreads = team->nthreads;
    if (!team->fanout) {
        for (unsigned i = 1; i < nthreads; i++)
            glass_worker_assign(team->members[i], team, i);
        return;
    }
    glass_fork_tree_children(num, nthreads, team->fanout, start_member, team);
}

/* Ends the thread of an idle worker that nobody else can assign: it reports
 * its thread_end and exits. */
static void tell_to_retire(struct glass_thread *worker)
{
    worker->next_team = NULL;
    glass_gen_advance(&worker->dock);
}

/* How long the program's end waits for told workers to retire. */
#define RETIRE_WAIT_MS 2000

unsigned glass_pool_retire_idle(struct glass_thread *self, bool program_ends)
{
    unsigned before = atomic_load_explicit(&workers_retired, memory_order_acquire);
    unsigned told = 0;
    pthread_mutex_lock(&pool_lock);
    struct glass_thread *idle = idle_workers;
    idle_workers = NULL;
    for (struct glass_thread *next; idle; idle = next, told++) {
        next = idle->pool_next;
        tell_to_retire(idle);
    }
    /* The caller's hot workers are parked whenever the caller is outside any
     * parallel region. */
    if (self && !self->is_worker && self->team && self->team->level == 0) {
        for (unsigned i = 0; i < self->hot_nworkers; i++, told++)
            tell_to_retire(self->hot_workers[i]);
        self->hot_nworkers = 0;
    }
    nworkers_created -= told;
    glass_wait_set_runtime_threads(nworkers_created + 1, glass_globals.wait_cpus);
    pthread_mutex_unlock(&pool_lock);

    if (program_ends) {
        /* The program may be ending from a signal handler (exit() in a
         * SIGTERM handler) that interrupted the caller while it started a
         * region: a hot worker told to retire may then run that region and
         * wait in its barriers for the caller forever. At the program's end
         * the wait is bounded; a worker that has not retired by then gets
         * no thread_end. */
        for (unsigned ms = 0; ms < RETIRE_WAIT_MS; ms++) {
            if (atomic_load_explicit(&workers_retired, memory_order_acquire) - before >= told)
                break;
            nanosleep(&(struct timespec){.tv_nsec = 1000000}, NULL);
        }
        return told;
    }
    for (;;) {
        unsigned seen = glass_gen_current(&workers_retired_gen);
        if (atomic_load_explicit(&workers_retired, memory_order_acquire) - before >= told)
            break;
        glass_gen_wait(&workers_retired_gen, seen, NULL, NULL);
    }
    return told;
}

/* After fork() only the forking thread exists in the child: forget every worker
 * (their descriptors leak, a few hundred bytes each) so the child creates fresh
 * ones instead of waiting forever for threads that are gone. */
static void forget_workers_in_child(void)
{
    pthread_mutex_init(&pool_lock, NULL);
    idle_workers = NULL;
    nworkers_created = 0;
    glass_wait_set_runtime_threads(1, glass_globals.wait_cpus);
    struct glass_thread *self = glass_self_ptr;
    if (!self)
        return;
    self->hot_nworkers = 0;
    /* Workers that had not yet left this thread's teams never will. */
    for (unsigned level = 0; level < self->owned_teams_top; level++) {
        struct glass_team *team = self->owned_teams[level];
        for (unsigned slot = 0; team && slot < 2; slot++, team = team->sibling) {
            atomic_store_explicit(&team->departures, 0, memory_order_relaxed);
            team->departures_expected = 0;
        }
    }
}

__attribute__((constructor)) static void install_fork_handler(void)
{
    pthread_atfork(NULL, NULL, forget_workers_in_child);
}
