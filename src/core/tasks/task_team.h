/* Per-team tasking state, embedded in struct glass_team as `tasking`.
 *
 * Every member has a work-stealing deque of ready tasks (task_deque.h): the
 * member pushes and pops at the bottom, teammates steal from the top. Tasks
 * with a priority, and tasks made ready by a thread that cannot use its own
 * deque (an omp_fulfill_event from outside the team, a full deque), go to one
 * lock-protected shared queue ordered by priority; threads look there first.
 *
 * All zero is a valid state: a team whose tasking was never initialized (the
 * implicit team of an initial thread, a target region's team) runs every task
 * at once on the encountering thread. glass_team_tasking_init (task_team.c)
 * prepares the deques when a parallel region starts. */
#ifndef GLASS_CORE_TASK_TEAM_H
#define GLASS_CORE_TASK_TEAM_H

#include <pthread.h>
#include <stdatomic.h>
#include <stdbool.h>
#include <stddef.h>

struct glass_task;
struct glass_team;
struct glass_taskgroup;
struct glass_depend_map;

/* Chase-Lev deque with a fixed number of slots (a power of two). top and
 * bottom only grow; slot i lives at slots[i & mask]. */
struct glass_task_deque {
    _Alignas(64) _Atomic long top;    /* next slot thieves take */
    _Alignas(64) _Atomic long bottom; /* next slot the owner fills */
    _Atomic(struct glass_task *) *slots;
    long mask;
    /* Owner only: a value `top` had. It only grows, so this is a safe lower
     * bound, and a push reads thieves' line only when it seems full. */
    long top_seen;
};

/* Binary heap of ready tasks: highest priority first, then first come. */
struct glass_task_heap {
    pthread_mutex_t lock;
    struct glass_task **items;
    size_t count;
    size_t capacity;
    unsigned long next_seq;
};

/* Worksharing task-reduction constructs that may be open at once before a
 * thread waits for the oldest one to be taken by the whole team. */
#define GLASS_WS_REDUCTION_SLOTS 8

struct glass_team_tasking {
    struct glass_task_deque *deques;  /* deques[i] belongs to member i */
    unsigned ndeques;                 /* members with a deque; 0: tasks run at once */
    unsigned deques_allocated;
    struct glass_depend_map **member_maps; /* dependence maps of the implicit tasks, reused */
    unsigned long throttle;           /* incomplete tasks beyond which new ones run at once */
    bool heap_ready;                  /* `shared.lock` initialized */

    /* Explicit tasks created and not yet completed (queued, waiting for
     * dependences, running, or detached and not yet fulfilled). */
    _Alignas(64) _Atomic unsigned long active;

    /* Generation word sleepers wait on (bit 0: someone is asleep); advanced
     * when work appears or a waited-for count reaches zero (task_wait.c). */
    _Alignas(64) _Atomic unsigned events;

    _Alignas(64) _Atomic unsigned long shared_count; /* tasks in `shared` */
    struct glass_task_heap shared;

    /* Taskgroup every implicit task of the region belongs to (a parallel
     * construct with a task reduction), else NULL. */
    struct glass_taskgroup *implicit_taskgroup;

    /* Worksharing constructs (and scopes) with task reductions: the first
     * thread to arrive at the team's k-th such construct publishes its
     * reduction data for the others in slot k % GLASS_WS_REDUCTION_SLOTS
     * (taskgroup.c). A ring, not one slot: such constructs nest (scope
     * inside scope) with no barrier between their starts, so several are
     * open at once. */
    struct glass_ws_reduction_slot {
        _Atomic unsigned long claimed; /* the construct number that owns the slot */
        _Atomic unsigned long ready;   /* the construct number whose data is published */
        _Atomic unsigned pending;      /* threads yet to take its data; 0: free (a zeroed slot is free) */
        void *data;
    } ws_reductions[GLASS_WS_REDUCTION_SLOTS];
};

/* Sets up the team's tasking for a new region of team->nthreads threads and
 * resets the tasking fields of the master's implicit task (the team
 * descriptor and its master task are reused). Called by the master in
 * glass_parallel_begin before any worker starts. */
void glass_team_tasking_init(struct glass_team *team);
/* Marks every worksharing task-reduction slot unused, for a team whose
 * implicit tasks count their constructs from 0 again (a zeroed team
 * descriptor's slots already are). */
void glass_team_ws_reductions_reset(struct glass_team_tasking *tasking);
/* Releases what glass_team_tasking_init allocated, for a descriptor that is
 * freed (its workers have left). */
void glass_team_tasking_free(struct glass_team *team);

#endif
