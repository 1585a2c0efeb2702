/* A team of threads executing a parallel region, and the fork/join protocol. */
#ifndef GLASS_CORE_TEAM_H
#define GLASS_CORE_TEAM_H

#include <stdatomic.h>
#include <stdbool.h>

#include "../sync/barrier.h"
#include "../tasks/task.h"
#include "../tasks/task_team.h"
#include "thread.h"
#include "../globals.h"
#include "../loops/workshare.h"

/* Cancellation requests (bits of team->cancelled). */
enum glass_cancel_kind {
    GLASS_CANCEL_PARALLEL = 1,
    GLASS_CANCEL_LOOP = 2,
    GLASS_CANCEL_SECTIONS = 4,
    GLASS_CANCEL_TASKGROUP = 8,
};

/* Bytes of a region's argument block the team descriptor can hold. */
#define GLASS_FORK_PAYLOAD 64

struct glass_team {
    struct glass_barrier barrier;   /* barriers inside the region */
    struct glass_barrier join;      /* the implicit barrier that ends the region */
    unsigned nthreads;
    /* Shape of the fork, the barriers and the join (GLASS_BARRIER): 0
     * central, else the branching factor of their trees. */
    unsigned fanout;
    unsigned level;                 /* omp_get_level() inside the region */
    unsigned active_level;          /* omp_get_active_level() inside the region */
    struct glass_team *parent;      /* team of the encountering thread */
    unsigned parent_thread_num;     /* the master's number in `parent` */
    struct glass_task *encountering_task;
    struct glass_icvs child_icvs;   /* ICVs of the implicit tasks */
    /* The rest of a num_threads list clause (child_icvs.nthreads_list points
     * here while the region runs). */
    unsigned nthreads_clause_list[GLASS_MAX_LIST];
    bool threads_reserved;          /* the region's workers count against a thread limit */
    int proc_bind;                  /* policy used to place the team */
    bool display_affinity;          /* OMP_DISPLAY_AFFINITY: each member shows its line as it starts */
    void (*fn)(void *);
    void *data;
    const void *entry;              /* user code of the region, for debuggers (fn may be a trampoline) */
    /* A copy of the region's argument block when the ABI asks for one
     * (glass_parallel_args.payload): `data` then points here, and the workers
     * read it from the team, on a line that stays in their caches while the
     * same region forks again (store_changed.h), instead of from the
     * primary's stack. */
    _Alignas(GLASS_CACHE_LINE) unsigned char fork_payload[GLASS_FORK_PAYLOAD];
    struct glass_thread **members;  /* members[0] is the master */
    unsigned members_capacity;
    struct glass_task master_task;  /* the master's implicit task */
    _Atomic int cancelled;          /* enum glass_cancel_kind bits */
    struct glass_ws_ring ws;
    glass_tool_data tool_data;      /* ompt_data_t of the parallel region */
    const void *codeptr;            /* return address of the construct's call */
    struct glass_team_tasking tasking; /* explicit tasks of the region (task_team.h) */
    /* League of a host teams region (teams.c), kept in the outermost team of
     * the contention group (the one without parent): league_size teams, this
     * being number league_num. league_size 0: not in a teams region. */
    unsigned league_size;
    unsigned league_num;
    /* Its OMPT events when the caller drives the league (glass_teams_step)
     * and a tool watches it; else NULL. */
    struct glass_ompt_league *ompt_league;
    /* The storage behind ompt_league (teams.c), kept from league to league:
     * the call that ends a league still returns through the entry point's
     * OMPT bookkeeping of the team task it holds. */
    struct stepped_league *stepped_league;
    /* The other descriptor of the same nesting level: a master alternates
     * between the two, so the workers of the region before the last have
     * always left when a descriptor is reused, and the master need not wait
     * for workers of the region that just ended (see glass_team_depart). */
    struct glass_team *sibling;
    /* ompt_data_t of the region for the second and later tools (hooks.h). */
    glass_tool_data later_tools_data[GLASS_OMPT_MAX_TOOLS - 1];
    /* Workers leaving the region (wait.h generation word, one step each, taken
     * once a worker no longer touches the team): the master waits until it
     * reaches departures_expected before it reuses the descriptor. */
    _Alignas(GLASS_CACHE_LINE) _Atomic unsigned departures;
    unsigned departures_expected;
};

/* Options of a parallel construct, as both ABIs describe it. */
struct glass_parallel_args {
    unsigned num_threads;  /* num_threads clause, 0: none */
    bool if_false;         /* if clause evaluated to false */
    int proc_bind;         /* proc_bind clause, GLASS_BIND_FALSE: none */
    const void *codeptr;   /* user call site, for tools */
    /* Called by the master after the team is set up and before any worker
     * starts: combined constructs (parallel loop, parallel sections) initialize
     * the team's first worksharing construct here. */
    void (*prepare)(struct glass_team *team, void *arg);
    void *prepare_arg;
    const void *entry;     /* user code the region runs when fn is a trampoline (OMPD); NULL: fn */
    /* When set, `payload_size` (at most GLASS_FORK_PAYLOAD) bytes copied into
     * the team descriptor, which fn then gets as its data in place of `data`:
     * an argument block the workers read at every fork. */
    const void *payload;
    unsigned payload_size;
    /* num_threads(list) (OpenMP 6.0): the items after the first, which
     * become the rest of the implicit tasks' nthreads-var (num_threads holds
     * the first); at most GLASS_MAX_LIST are kept. */
    const unsigned *nthreads_list;
    unsigned nthreads_list_len;
    /* num_threads(strict: ...) (OpenMP 6.0): the team must have exactly
     * num_threads threads (no dyn-var reduction); when it gets fewer, the core
     * calls strict_failed(strict_arg, granted) before the region starts (an
     * error directive: it reports and, with severity fatal, ends the program). */
    bool strict;
    void (*strict_failed)(void *strict_arg, unsigned granted);
    void *strict_arg;
};

/* Forks a team; the caller then runs fn(data) as thread 0 and calls
 * glass_parallel_end. */
struct glass_team *glass_parallel_begin(void (*fn)(void *), void *data,
                                        const struct glass_parallel_args *args);
void glass_parallel_end(void);

/* Whole construct: begin, run the master's share, end. */
void glass_parallel(void (*fn)(void *), void *data, const struct glass_parallel_args *args);
/* The same for entry points that have checked that no tool or debugger
 * watches (GLASS_OMPT_ENTRY_SPLIT). */
void glass_parallel_unwatched(void (*fn)(void *), void *data, const struct glass_parallel_args *args);

/* Number of threads a new region would get (OpenMP 5.1, 2.6.1). */
unsigned glass_parallel_team_size(struct glass_thread *self, const struct glass_parallel_args *args);

/* A barrier of the team that also completes the team's explicit tasks
 * (team_barrier.c); used for the barriers inside a region and for its end. */
bool glass_team_barrier_tasks(struct glass_thread *self, struct glass_barrier *barrier,
                              void (*before_release)(struct glass_team *));

/* Team reuse (parallel.c): a worker announces it has left `team` for good
 * (its last access to it); the owner waits for every worker of the team's last
 * region, and of the teams it owns nested deeper, before reusing or freeing
 * them. */
void glass_team_depart(struct glass_team *team);
void glass_owned_teams_wait_departed(struct glass_thread *self, unsigned from_level);
/* A zeroed team descriptor on its own cache lines, with room for one member
 * (members[0], the master); exits on allocation failure. */
struct glass_team *glass_team_new(void);

/* Frees the descriptors a thread owns (both of each level), once their workers
 * have left; for a thread that ends. */
void glass_owned_teams_free(struct glass_thread *self);

/* Pool of worker threads. */
struct glass_thread *glass_pool_take(void);
void glass_pool_give_back(struct glass_thread *worker);
void glass_worker_assign(struct glass_thread *worker, struct glass_team *team, unsigned num);
/* Fork: starts the members member `num` starts. Central (team->fanout 0):
 * the master starts every worker. Tree: fork_tree.h. */
void glass_team_fork_children(struct glass_team *team, unsigned num);
/* Ends the threads of the idle workers (and of the caller's hot workers when
 * it is outside any parallel region) and waits until each has; workers busy
 * in a region are left alone. For OMPT finalization, which must see every
 * thread_end it can; at the program's end the wait is bounded (pool.c).
 * Returns the number of workers told to end. */
unsigned glass_pool_retire_idle(struct glass_thread *self, bool program_ends);

/* A team with more threads than the processors the process may use: its
 * waiters yield or sleep rather than spin (wait.h), and its barriers and
 * joins adapt to a busy machine (team_barrier.c, parallel.c). */
static inline bool glass_team_outnumbers_processors(const struct glass_team *team)
{
    return team->nthreads > glass_globals.wait_cpus;
}

/* Explicit and implicit barrier of the innermost team. Returns true when the
 * region has been cancelled (for the cancellable form). */
void glass_team_barrier_at(struct glass_thread *self, enum glass_state wait_state, const void *codeptr);
bool glass_team_barrier_cancellable_at(struct glass_thread *self, enum glass_state wait_state,
                                       const void *codeptr);
/* glass_team_barrier_at when no tool or debugger watches (GLASS_OMPT_ENTRY_SPLIT). */
void glass_team_barrier_unwatched(struct glass_thread *self, enum glass_state wait_state);

/* The same where the user's call site is unknown (codeptr NULL in OMPT events);
 * the ABIs pass it through the _at forms. */
static inline void glass_team_barrier(struct glass_thread *self, enum glass_state wait_state)
{
    glass_team_barrier_at(self, wait_state, NULL);
}

static inline bool glass_team_barrier_cancellable(struct glass_thread *self)
{
    return glass_team_barrier_cancellable_at(self, GLASS_STATE_WAIT_BARRIER_IMPLICIT_WORKSHARE, NULL);
}

#endif
