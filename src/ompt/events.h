/* Event points of the core that need the core's types: threads, parallel
 * regions, implicit tasks, frames and wait states. Pure callback events use
 * GLASS_OMPT_EMIT (hooks.h) directly.
 *
 * Everything here costs one predictable branch when no tool is active. */
#ifndef GLASS_OMPT_EVENTS_H
#define GLASS_OMPT_EVENTS_H

#include <stdatomic.h>

#include "../core/threads/team.h"
#include "hooks.h"

/* ---- Frames (OpenMP 5.1, 4.4.4.28) ------------------------------------------
 *
 * enter_frame: set on entry to the runtime from user code, to the canonical
 * frame address of the entry point (the user's stack pointer at the call, the
 * lower end of the application's frames), cleared when the entry point
 * returns. Only the outermost entry of a task sets it.
 * exit_frame: set just before the runtime calls a task's user code, to the
 * frame address of the runtime function making the call (the frame the user
 * code returns to; its __builtin_frame_address(1)), cleared when the user code
 * returns. That is the value libomp reports, and what LLVM's OMPT tests and
 * the tools tested against libomp compare exit frames with; the runtime
 * functions that call user code keep a frame pointer for it.
 * Everything between the two belongs to the runtime.
 * Flags: always GLASS_FRAME_FLAGS_RUNTIME or _APPLICATION (hooks.h), NULL
 * frames included, as LLVM's test tool asserts; libomp labels its exit frames
 * cfa too.
 * Writes store the flags first and the address last (with a signal fence), so
 * a signal handler sees either no frame or a complete one. */

struct glass_ompt_entry {
    struct glass_task *task; /* the task whose enter frame this entry set */
};

void glass_ompt_enter_runtime(struct glass_ompt_entry *entry, void *cfa);

/* The same for an entry point's watched half, which has the calling
 * thread's descriptor at hand (`self`, from glass_self(), so tool discovery
 * is over): inline, with no second look at the thread pointer, and none at
 * the frames flag either: past discovery the watch flag the entry point saw
 * stands for it (both are set together), and a frame set while a
 * finalization clears them is only cleared again at the return.
 * Relaxed atomic stores (plain moves): a tool on another thread may read
 * this task's frame as an ancestor's (ompt_get_task_info) meanwhile. */
static inline void glass_ompt_enter_runtime_as(struct glass_ompt_entry *entry, struct glass_thread *self, void *cfa)
{
    struct glass_task *task = self->task;
    if (__builtin_expect(!task || task->frame.enter_frame.ptr, 0))
        return;
    __atomic_store_n(&task->frame.enter_frame_flags, GLASS_FRAME_FLAGS_APPLICATION, __ATOMIC_RELAXED);
    atomic_signal_fence(memory_order_release);
    __atomic_store_n(&task->frame.enter_frame.ptr, cfa, __ATOMIC_RELAXED);
    entry->task = task;
}

static inline void glass_ompt_clear_enter_frame(struct glass_task *task)
{
    __atomic_store_n(&task->frame.enter_frame.ptr, NULL, __ATOMIC_RELAXED); /* see glass_ompt_enter_runtime */
    atomic_signal_fence(memory_order_release);
}

static inline void glass_ompt_leave_runtime(struct glass_ompt_entry *entry)
{
    if (__builtin_expect(entry->task != NULL, 0))
        glass_ompt_clear_enter_frame(entry->task);
}

/* For the hottest watched halves (critical): the enter frame of the common
 * case, an outermost entry by a thread with a task, without a
 * glass_ompt_entry to keep across the half's calls. False when an outer entry
 * set the frame already, or there is no task: the half then takes its
 * general path (GLASS_OMPT_ENTRY_AS), which leaves such frames alone. The
 * thread's task cannot change before the matching
 * glass_ompt_leave_outermost, which reads it again: the halves using these
 * contain no task scheduling point. */
static inline struct glass_task *glass_ompt_outermost_task(struct glass_thread *self)
{
    struct glass_task *task = self->task;
    return __builtin_expect(!task || task->frame.enter_frame.ptr, 0) ? NULL : task;
}

static inline bool glass_ompt_enter_outermost(struct glass_thread *self, void *cfa)
{
    struct glass_task *task = glass_ompt_outermost_task(self);
    if (!task)
        return false;
    __atomic_store_n(&task->frame.enter_frame_flags, GLASS_FRAME_FLAGS_APPLICATION, __ATOMIC_RELAXED);
    atomic_signal_fence(memory_order_release);
    __atomic_store_n(&task->frame.enter_frame.ptr, cfa, __ATOMIC_RELAXED);
    return true;
}

/* The same for the second half of a pair (critical's exit) when the first
 * half ran on the same task: that entry, or an outer one, stored the flags,
 * and no enter frame is ever given other flags (a NULL frame keeps them), so
 * only the address is stored. The first half was watched too: the watch is
 * only ever turned on before the program's first OpenMP construct. */
static inline bool glass_ompt_enter_outermost_again(struct glass_thread *self, void *cfa)
{
    struct glass_task *task = glass_ompt_outermost_task(self);
    if (!task)
        return false;
    __atomic_store_n(&task->frame.enter_frame.ptr, cfa, __ATOMIC_RELAXED);
    return true;
}

static inline void glass_ompt_leave_outermost(struct glass_thread *self)
{
    glass_ompt_clear_enter_frame(self->task);
}

/* First line of an entry point called by user code. The enter frame is
 * cleared when the entry point's scope ends, whichever way it returns. */
#define GLASS_OMPT_ENTRY()                                                                      \
    struct glass_ompt_entry glass_ompt_entry_ __attribute__((cleanup(glass_ompt_leave_runtime))) = \
        {0};                                                                                    \
    if (GLASS_OMPT_ENTRY_WATCH())                                                               \
    glass_ompt_enter_runtime(&glass_ompt_entry_, __builtin_dwarf_cfa())
/* The same where the watch flag has just been seen set (the macros below):
 * testing it again would keep its address live on the unwatched path. */
#define GLASS_OMPT_ENTRY_WATCHED() GLASS_OMPT_ENTRY_AT(__builtin_dwarf_cfa())
/* The same in a function the entry point called with GLASS_OMPT_CALLER: `cfa`
 * is the entry point's frame address, not the callee's. */
#define GLASS_OMPT_ENTRY_AT(cfa)                                                                \
    struct glass_ompt_entry glass_ompt_entry_ __attribute__((cleanup(glass_ompt_leave_runtime))) = \
        {0};                                                                                    \
    glass_ompt_enter_runtime(&glass_ompt_entry_, (cfa))
/* GLASS_OMPT_ENTRY_AT where the calling thread's descriptor is at hand. */
#define GLASS_OMPT_ENTRY_AS(self, cfa)                                                          \
    struct glass_ompt_entry glass_ompt_entry_ __attribute__((cleanup(glass_ompt_leave_runtime))) = \
        {0};                                                                                    \
    glass_ompt_enter_runtime_as(&glass_ompt_entry_, (self), (cfa))
/* The arguments that hand an entry point's user call site and frame address to
 * its watched half, taken out of line (noinline) by the hottest entry points:
 * the unwatched path then has no frame at all, where GLASS_OMPT_ENTRY_SPLIT's
 * inline watched branch makes the compiler reserve one on both. */
#define GLASS_OMPT_CALLER __builtin_return_address(0), __builtin_dwarf_cfa()

/* For hot entry points: `unwatched` is a variant of `call` that reports no
 * events, for when no tool or debugger watches. The tool flag implies the
 * watch flag (callbacks.c sets the watch first), so this one branch replaces
 * the core's own look at the tool flag, and the enter-frame bookkeeping stays
 * off the unwatched path (a tail call, no frame, as in a build without OMPT). */
#define GLASS_OMPT_ENTRY_SPLIT(unwatched, call) \
    do {                                        \
        if (GLASS_OMPT_ENTRY_WATCH()) {         \
            GLASS_OMPT_ENTRY_WATCHED();         \
            call;                               \
        } else {                                \
            unwatched;                          \
        }                                       \
    } while (0)
#define GLASS_OMPT_ENTRY_SPLIT_RETURN(unwatched, expr) \
    do {                                               \
        if (GLASS_OMPT_ENTRY_WATCH()) {                \
            GLASS_OMPT_ENTRY_WATCHED();                \
            return expr;                               \
        }                                              \
        return unwatched;                              \
    } while (0)
/* The same call or expression either way: only the bookkeeping differs. */
#define GLASS_OMPT_ENTRY_CALL(call) GLASS_OMPT_ENTRY_SPLIT(call, call)
#define GLASS_OMPT_ENTRY_RETURN(expr) GLASS_OMPT_ENTRY_SPLIT_RETURN(expr, expr)

/* Relaxed atomic stores, plain moves: tools on other threads may read the
 * frame of an ancestor task while its thread changes it. */
static inline void glass_ompt_set_exit_frame(struct glass_task *task, void *address, int flags)
{
    __atomic_store_n(&task->frame.exit_frame_flags, flags, __ATOMIC_RELAXED);
    atomic_signal_fence(memory_order_release);
    __atomic_store_n(&task->frame.exit_frame.ptr, address, __ATOMIC_RELAXED);
}

/* The same where the flags are known to be the runtime's already: those of
 * an explicit task run by glass_task_execute, which set-up made
 * GLASS_FRAME_UNSET (the one explicit task that reports the application's,
 * Clang's if(0) task, runs inline instead). One store, and none on the
 * task's next line, which the running thread otherwise only reads. */
static inline void glass_ompt_set_exit_address(struct glass_task *task, void *address)
{
    __atomic_store_n(&task->frame.exit_frame.ptr, address, __ATOMIC_RELAXED);
}

/* Around the runtime's call of a task's user code, in the calling function. */
#define GLASS_OMPT_CALLING_USER_CODE(task)                                                        \
    do {                                                                                          \
        if (GLASS_FRAMES_WANTED())                                                                \
            glass_ompt_set_exit_frame((task), __builtin_frame_address(0), GLASS_FRAME_FLAGS_RUNTIME); \
    } while (0)
#define GLASS_OMPT_RETURNED_FROM_USER_CODE(task)                                                  \
    do {                                                                                          \
        if (GLASS_FRAMES_WANTED())                                                                \
            glass_ompt_set_exit_frame((task), NULL, GLASS_FRAME_FLAGS_RUNTIME);                   \
    } while (0)

/* ---- Wait states --------------------------------------------------------------
 * The wait id is in place before the state says the thread waits, and the
 * state is restored before the id changes, so ompt_get_state called from a
 * signal handler never pairs a wait state with a stale id. */

static inline void glass_wait_begin(struct glass_thread *self, enum glass_state state, const void *wait_id)
{
    self->wait_id = wait_id;
    atomic_signal_fence(memory_order_release);
    glass_set_state(self, state);
}

static inline void glass_wait_end(struct glass_thread *self, int previous_state, const void *previous_wait_id)
{
    glass_set_state(self, (enum glass_state)previous_state);
    atomic_signal_fence(memory_order_release);
    self->wait_id = previous_wait_id;
}

/* ---- Threads, parallel regions, implicit tasks (lifecycle.c) ---------------- */

void glass_ompt_thread_begin(struct glass_thread *self, enum glass_thread_type type);
void glass_ompt_thread_end(struct glass_thread *self);
void glass_ompt_parallel_begin(struct glass_thread *self, struct glass_team *team, unsigned requested,
                               int flags, const void *codeptr);
void glass_ompt_implicit_task_begin(struct glass_team *team, struct glass_task *task, unsigned index);
/* The initial task of a new contention group (core/threads/contention_group.c), in
 * its implicit team of one: actual_parallelism and index 1 (5.1 4.5.2.11),
 * as for the initial thread's. */
void glass_ompt_initial_task_begin(struct glass_team *team, struct glass_task *task);

/* A thread starts: its first event. Initial threads also begin their initial
 * task. */
static inline void glass_ompt_thread_starts(struct glass_thread *self, enum glass_thread_type type)
{
    if (GLASS_OMPT_ACTIVE())
        glass_ompt_thread_begin(self, type);
}

/* A thread ends: its last event (after the initial task's end). */
static inline void glass_ompt_thread_ends(struct glass_thread *self)
{
    if (GLASS_OMPT_ACTIVE())
        glass_ompt_thread_end(self);
}

/* Before any implicit task of the region begins: resets the region's tool
 * data and reports the region. */
static inline void glass_ompt_parallel_begins(struct glass_thread *self, struct glass_team *team,
                                              unsigned requested, int flags, const void *codeptr)
{
    if (GLASS_OMPT_ACTIVE())
        glass_ompt_parallel_begin(self, team, requested, flags, codeptr);
}

static inline void glass_ompt_implicit_task_begins(struct glass_team *team, struct glass_task *task,
                                                   unsigned index)
{
    if (GLASS_OMPT_ACTIVE())
        glass_ompt_implicit_task_begin(team, task, index);
}

/* An initial task's region goes with its end, for the one tool that needs
 * it (callbacks.c, ENDING_REGION); every other tool gets NULL. */
static inline void glass_ompt_implicit_task_ends(struct glass_task *task, unsigned index)
{
    GLASS_OMPT_EMIT(implicit_task, GLASS_SCOPE_END,
                    (task->flags & GLASS_TASK_INITIAL) && task->team ? &task->team->tool_data : NULL,
                    &task->tool_data, 0, index, (int)(task->flags & (GLASS_TASK_IMPLICIT | GLASS_TASK_INITIAL)));
}

/* ---- Host teams (teams.c) ------------------------------------------------------
 * A league runs its teams one after another on the encountering thread, on
 * the encountering task: an initial task, in an implicit team of one that no
 * other thread sees (teams nest only in the implicit parallel region or a
 * target region). While the league runs, that team's tool data is the
 * league's parallel region's and the task's is the current team's initial
 * task's; the encountering task's and its region's own are put aside and
 * come back at the end. So the events and the inquiries inside a team name
 * the league and the team's initial task, as libomp 19 reports them:
 * parallel_begin (league flag), per team implicit_task begin (flags initial,
 * actual_parallelism the league size, index the team number), its barrier
 * (barrier_teams, with its wait), implicit_task end; parallel_end. */
struct glass_ompt_league {
    glass_tool_data task[GLASS_OMPT_MAX_TOOLS]; /* the encountering task's own, put aside */
    glass_tool_data team[GLASS_OMPT_MAX_TOOLS]; /* its implicit region's */
    unsigned size;
    const void *codeptr;
};

/* Whether the league's events can be reported on the encountering task
 * (always in a conforming program, see above). */
static inline bool glass_ompt_league_observed(const struct glass_thread *self)
{
    return GLASS_OMPT_ACTIVE() && (self->task->flags & GLASS_TASK_INITIAL);
}

void glass_ompt_league_begin(struct glass_thread *self, struct glass_ompt_league *league, unsigned size,
                             const void *codeptr);
void glass_ompt_league_end(struct glass_thread *self, struct glass_ompt_league *league);
void glass_ompt_team_begin(struct glass_thread *self, const struct glass_ompt_league *league, unsigned num);
void glass_ompt_team_end(struct glass_thread *self, unsigned num);

/* ---- Waiting in a sync region -------------------------------------------------
 *
 * A thread waiting in a barrier, taskwait or taskgroup may run tasks
 * meanwhile; a task ends the wait interval (sync_region_wait end), so no task
 * runs inside one (5.1 4.5.2.13). In a barrier the wait begins again when the
 * thread comes back from the task. A taskwait or a taskgroup end first runs
 * the tasks it can, and its interval begins only when the thread finds
 * nothing to run (glass_ompt_wait_idle, from glass_task_wait_for), so in the
 * usual case it reports begin, wait begin, wait end, end once, as libomp
 * does, and a pair even when it never had to wait. The thread's interval
 * lives on its stack; glass_task_execute suspends it. */

struct glass_ompt_wait {
    bool armed;                /* reported to a tool: its end is due */
    bool open;                 /* a wait_begin was reported and not yet ended */
    bool lazy;                 /* begins when the thread finds nothing to run */
    bool reported;             /* a wait_begin was reported */
    int kind;                  /* enum glass_sync_region */
    glass_tool_data *parallel; /* the region's data, as reported at begin */
    glass_tool_data *task;
    const void *codeptr;
    struct glass_ompt_wait *outer; /* the interval a task run inside it suspended */
};

extern __thread struct glass_ompt_wait *glass_ompt_open_wait __attribute__((tls_model("initial-exec")));

void glass_ompt_wait_begin_slow(struct glass_ompt_wait *wait, int kind, glass_tool_data *parallel,
                                glass_tool_data *task, const void *codeptr, bool lazy);
void glass_ompt_wait_end_slow(struct glass_ompt_wait *wait, glass_tool_data *parallel);
void glass_ompt_wait_idle_slow(struct glass_ompt_wait *wait);

/* A barrier's wait: the interval begins now. */
static inline void glass_ompt_wait_begin(struct glass_ompt_wait *wait, int kind, glass_tool_data *parallel,
                                         glass_tool_data *task, const void *codeptr)
{
    wait->armed = false;
    if (GLASS_OMPT_ON(sync_region_wait))
        glass_ompt_wait_begin_slow(wait, kind, parallel, task, codeptr, false);
}

/* A taskwait's or taskgroup's wait: the interval begins when the thread
 * finds no task to run. */
static inline void glass_ompt_wait_begin_lazy(struct glass_ompt_wait *wait, int kind, glass_tool_data *parallel,
                                              glass_tool_data *task, const void *codeptr)
{
    wait->armed = false;
    if (GLASS_OMPT_ON(sync_region_wait))
        glass_ompt_wait_begin_slow(wait, kind, parallel, task, codeptr, true);
}

/* The waiting thread found nothing to run. */
static inline void glass_ompt_wait_idle(void)
{
    struct glass_ompt_wait *wait = glass_ompt_open_wait;
    if (__builtin_expect(wait != NULL, 0) && !wait->open)
        glass_ompt_wait_idle_slow(wait);
}

/* `parallel`: the region's data at the end (NULL at the barrier that ends a
 * parallel region). */
static inline void glass_ompt_wait_end(struct glass_ompt_wait *wait, glass_tool_data *parallel)
{
    if (__builtin_expect(wait->armed, 0))
        glass_ompt_wait_end_slow(wait, parallel);
}

/* The barrier that ends a team of a league (around its wait for the team's
 * tasks). */
void glass_ompt_team_barrier_begin(struct glass_thread *self, const struct glass_ompt_league *league,
                                   struct glass_ompt_wait *wait);
void glass_ompt_team_barrier_end(struct glass_thread *self, const struct glass_ompt_league *league,
                                 struct glass_ompt_wait *wait);

/* ---- Explicit tasks (task.c) --------------------------------------------------- */

/* Around the execution of an explicit task's body: the suspended task's
 * schedule event (`status`: switch or yield), the suspension of an open wait
 * interval, the task's exit frame; afterwards the task's own schedule event
 * (complete, or detach when it waits for its event) and the wait interval
 * again. */
/* struct glass_ompt_switch: hooks.h (the ABI layers keep one for Clang's if(0) tasks). */
void glass_ompt_task_begins(struct glass_thread *self, struct glass_task *task, int status,
                            struct glass_ompt_switch *saved);
void glass_ompt_task_ends(struct glass_thread *self, struct glass_task *task, struct glass_task *resumed,
                          int status, struct glass_ompt_switch *saved);

/* The dependences of a new task (ompt_callback_dependences). */
void glass_ompt_report_dependences(struct glass_task *task, const void *deps, size_t ndeps);
/* The ompt_dependence_type_t of a dependence kind (enum glass_depend_kind,
 * tasking.h): what the dependences event and record report. */
int glass_ompt_dependence_type(int kind);

/* An ordered depend(source) or depend(sink: vector) of a doacross loop
 * (`type`: GLASS_DEPENDENCE_SOURCE or _SINK), in the encountering implicit
 * task: one event per iteration vector, its `dims` logical iteration numbers
 * (0-based, outermost first) as the dependences' values, as libomp 19 reports
 * them. Sink vectors outside the iteration space name no iteration and are
 * not reported. Callers test GLASS_OMPT_ON(dependences) first. */
void glass_ompt_report_doacross(struct glass_task *task, int type, const uint64_t *iteration, unsigned dims);

/* ---- Barriers and worksharing ------------------------------------------------ */

/* The sync region kind of a barrier, from the state its waiters show. */
static inline int glass_ompt_barrier_kind(enum glass_state wait_state)
{
    switch (wait_state) {
    case GLASS_STATE_WAIT_BARRIER_IMPLICIT_PARALLEL:
        return GLASS_SYNC_BARRIER_IMPLICIT_PARALLEL;
    case GLASS_STATE_WAIT_BARRIER_IMPLICIT_WORKSHARE:
        return GLASS_SYNC_BARRIER_IMPLICIT_WORKSHARE;
    case GLASS_STATE_WAIT_BARRIER_TEAMS:
        return GLASS_SYNC_BARRIER_TEAMS;
    case GLASS_STATE_WAIT_BARRIER_EXPLICIT:
        return GLASS_SYNC_BARRIER_EXPLICIT;
    default:
        return GLASS_SYNC_BARRIER_IMPLEMENTATION;
    }
}

/* Work kinds of the worksharing constructs a team's ring holds. */
int glass_ompt_work_type(const struct glass_ws *ws);

#endif
