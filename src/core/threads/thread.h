/* The per-thread descriptor, reachable through one __thread pointer. */
#ifndef GLASS_CORE_THREAD_H
#define GLASS_CORE_THREAD_H

#include <pthread.h>
#include <stdatomic.h>
#include <stdbool.h>
#include <stdint.h>

#include "../../ompt/hooks.h"
#include "../tasks/task.h"

struct glass_team;

/* What OMP_DISPLAY_AFFINITY last showed for a thread (display_affinity.c):
 * the fields that can change between regions. */
struct glass_affinity_shown {
    bool valid;
    int team_num, num_teams, level, thread_num, num_threads, ancestor_thread_num, place;
};

struct glass_thread {
    struct glass_task *task;      /* task the thread is executing now */
    struct glass_team *team;      /* innermost team the thread belongs to */
    unsigned num;                 /* omp_get_thread_num() in `team` */
    _Atomic int state;            /* ompt_state_t value, kept current for OMPT/OMPD */
    const void *wait_id;          /* what the thread waits for (lock address, ...) */
    glass_tool_data tool_data;    /* ompt_data_t of the thread */
    int place;                    /* place number the thread is bound to, -1: none */
    /* Units this thread holds in credit_team->tasking.active: counted ahead
     * of creating tasks, or kept from tasks it completed (task.c), so that
     * the shared counter is touched once per batch, not once per task. */
    unsigned active_credits;
    struct glass_team *credit_team;
    /* The throttle as this thread last saw it (task.c): it looks at the
     * team's count once per THROTTLE_LOOK tasks it creates, for the same reason. */
    unsigned throttle_look;
    bool throttled;
    /* The last task this thread ran was stolen, and it cost more to take
     * than it was worth (task_schedule.c): the wait loop backs off before it
     * looks again. */
    bool steal_costly;
    /* The thread's innermost wait at a task scheduling point
     * (glass_task_wait_for): the task that waits there and the scheduling
     * constraint the tasks it runs meanwhile obey (NULL: none, a barrier).
     * A target task waiting for its device inherits that constraint
     * (glass_task_wait_untied, task_wait.c). */
    struct glass_task *waiting_task;
    const struct glass_task *waiting_constraint;

    /* Pool worker: the dock is where an idle worker waits for its next team. The
     * master fills next_team/next_num, then advances the dock generation. */
    _Alignas(64) _Atomic unsigned dock;
    struct glass_team *next_team;
    unsigned next_num;
    bool is_worker;
    struct glass_thread *pool_next; /* link in the idle list */
    pthread_t pthread;

    /* Team structures this thread owns as a master: owned_teams[level] is the
     * one the next region at that depth uses, its sibling the one after (team.h).
     * Kept for reuse because released workers may still be reading a finished team. */
    struct glass_team **owned_teams;
    unsigned owned_teams_len;
    unsigned owned_teams_top;       /* one past the deepest level whose team parallel.c made */
    /* Hot team: the workers a level-0 master keeps between regions. */
    struct glass_thread **hot_workers;
    unsigned hot_nworkers;

    /* The initial task when this is an initial thread (not a pool worker). */
    struct glass_task initial_task;

    /* 1 + the thread's process-unique small number (the Clang ABI's "global
     * thread id"); 0 until first asked for (thread_id.h). */
    uint32_t global_id;
    /* True while the thread is inside an OMPT callback dispatch: finalization
     * waits for it to drop, so no callback follows the tool's finalizer. */
    _Atomic bool ompt_dispatching;
    /* OMPD thread registry (src/ompd-support/): the kernel thread id and the
     * next registered descriptor, so a debugger maps native threads to
     * descriptors without reading TLS. */
    int tid;
    struct glass_thread *ompd_next;
    /* Written by the master of each team the thread joins, before the thread
     * starts in it (display_affinity.c). */
    struct glass_affinity_shown affinity_shown;
    /* ompt_data_t of the thread for the second and later tools (hooks.h). */
    glass_tool_data later_tools_data[GLASS_OMPT_MAX_TOOLS - 1];
};

/* initial-exec: one %fs-relative load instead of a __tls_get_addr call on every
 * runtime entry (libglass is loaded at start-up as a DT_NEEDED library). */
extern __thread struct glass_thread *glass_self_ptr __attribute__((tls_model("initial-exec")));

/* The calling thread's descriptor; creates one (an initial thread with its own
 * initial task) for a thread the runtime has never seen. */
struct glass_thread *glass_thread_create_initial(void);

static inline struct glass_thread *glass_self(void)
{
    struct glass_thread *self = glass_self_ptr;
    if (__builtin_expect(self == NULL, 0))
        self = glass_thread_create_initial();
    return self;
}

static inline void glass_set_state(struct glass_thread *self, enum glass_state state)
{
    atomic_store_explicit(&self->state, state, memory_order_relaxed);
}

#endif
