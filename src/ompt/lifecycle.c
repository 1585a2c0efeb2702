/* OMPT bookkeeping of the core's entities: thread begin/end, the start of
 * parallel regions and implicit tasks, and the enter frames of runtime entry
 * points (events.h). Only reached while a tool is active. */
#include <stdlib.h>
#include <string.h>

#include "../core/sync/single.h"
#include "../core/tasks/tasking.h"
#include "dispatch.h"
#include "events.h"
#include "tool_slots.h"

/* Whether this thread has had its thread_begin, so that it gets exactly one
 * thread_end (a thread can exist before the tool is active). */
static __thread bool thread_begun __attribute__((tls_model("initial-exec")));

/* Also reached before tool discovery: glass_self() makes the calling thread
 * an OpenMP thread, which starts the tool on the program's first use. */
void glass_ompt_enter_runtime(struct glass_ompt_entry *entry, void *cfa)
{
    struct glass_thread *self = glass_self();
    if (GLASS_FRAMES_WANTED())
        glass_ompt_enter_runtime_as(entry, self, cfa);
}

static void reset_task(struct glass_task *task)
{
    GLASS_OMPT_CLEAR_TOOL_DATA(task);
    task->frame = GLASS_FRAME_UNSET;
}

void glass_ompt_thread_begin(struct glass_thread *self, enum glass_thread_type type)
{
    if (thread_begun)
        return;
    thread_begun = true;
    GLASS_OMPT_CLEAR_TOOL_DATA(self);
    GLASS_OMPT_EMIT(thread_begin, type, &self->tool_data);
    if (type == GLASS_THREAD_INITIAL && self->task == &self->initial_task) {
        /* The initial task, in the implicit parallel region of the initial
         * team; actual_parallelism and index are 1 (5.1 4.5.2.11). */
        glass_ompt_initial_task_begin(self->initial_task.team, &self->initial_task);
    }
}

void glass_ompt_thread_end(struct glass_thread *self)
{
    if (!thread_begun)
        return;
    thread_begun = false;
    if (!self->is_worker && self->task == &self->initial_task) {
        /* An orphaned single of GCC's left open (nowait, nothing after it)
         * ends with the initial task at the latest. */
        glass_single_close_open(self);
        glass_ompt_implicit_task_ends(&self->initial_task, 1);
    }
    GLASS_OMPT_EMIT(thread_end, &self->tool_data);
}

void glass_ompt_parallel_begin(struct glass_thread *self, struct glass_team *team, unsigned requested,
                               int flags, const void *codeptr)
{
    GLASS_OMPT_CLEAR_TOOL_DATA(team);
    struct glass_task *encountering = self->task;
    GLASS_OMPT_EMIT(parallel_begin, &encountering->tool_data, &encountering->frame, &team->tool_data, requested,
                    flags, codeptr);
}

void glass_ompt_initial_task_begin(struct glass_team *team, struct glass_task *task)
{
    GLASS_OMPT_CLEAR_TOOL_DATA(team);
    reset_task(task);
    GLASS_OMPT_EMIT(implicit_task, GLASS_SCOPE_BEGIN, &team->tool_data, &task->tool_data, 1, 1, GLASS_TASK_INITIAL);
}

void glass_ompt_implicit_task_begin(struct glass_team *team, struct glass_task *task, unsigned index)
{
    reset_task(task);
    GLASS_OMPT_EMIT(implicit_task, GLASS_SCOPE_BEGIN, &team->tool_data, &task->tool_data, team->nthreads, index,
                    GLASS_TASK_IMPLICIT);
}

/* Host teams (events.h). The slots of every tool move together. */
#define SAVE_SLOTS(saved, object)                                                       \
    do {                                                                                \
        (saved)[0] = (object)->tool_data;                                               \
        memcpy(&(saved)[1], (object)->later_tools_data, sizeof (object)->later_tools_data); \
    } while (0)
#define RESTORE_SLOTS(object, saved)                                                    \
    do {                                                                                \
        (object)->tool_data = (saved)[0];                                               \
        memcpy((object)->later_tools_data, &(saved)[1], sizeof (object)->later_tools_data); \
    } while (0)

void glass_ompt_league_begin(struct glass_thread *self, struct glass_ompt_league *league, unsigned size,
                             const void *codeptr)
{
    struct glass_task *task = self->task;
    league->size = size;
    league->codeptr = codeptr;
    SAVE_SLOTS(league->team, task->team);
    /* The league's data takes the implicit region's place (cleared there),
     * reported with the encountering task's own. */
    glass_ompt_parallel_begin(self, task->team, size, GLASS_PARALLEL_INVOKER_RUNTIME | GLASS_PARALLEL_LEAGUE,
                              codeptr);
    SAVE_SLOTS(league->task, task);
}

void glass_ompt_team_begin(struct glass_thread *self, const struct glass_ompt_league *league, unsigned num)
{
    struct glass_task *task = self->task;
    GLASS_OMPT_CLEAR_TOOL_DATA(task);
    GLASS_OMPT_EMIT(implicit_task, GLASS_SCOPE_BEGIN, &task->team->tool_data, &task->tool_data, league->size, num,
                    GLASS_TASK_INITIAL);
}

void glass_ompt_team_barrier_begin(struct glass_thread *self, const struct glass_ompt_league *league,
                                   struct glass_ompt_wait *wait)
{
    struct glass_task *task = self->task;
    GLASS_OMPT_EMIT(sync_region, GLASS_SYNC_BARRIER_TEAMS, GLASS_SCOPE_BEGIN, &task->team->tool_data,
                    &task->tool_data, league->codeptr);
    glass_ompt_wait_begin(wait, GLASS_SYNC_BARRIER_TEAMS, &task->team->tool_data, &task->tool_data,
                          league->codeptr);
}

/* As at the end of a parallel region, the ending events name no region. */
void glass_ompt_team_barrier_end(struct glass_thread *self, const struct glass_ompt_league *league,
                                 struct glass_ompt_wait *wait)
{
    glass_ompt_wait_end(wait, NULL);
    GLASS_OMPT_EMIT(sync_region, GLASS_SYNC_BARRIER_TEAMS, GLASS_SCOPE_END, NULL, &self->task->tool_data,
                    league->codeptr);
}

void glass_ompt_team_end(struct glass_thread *self, unsigned num)
{
    glass_ompt_implicit_task_ends(self->task, num);
}

void glass_ompt_league_end(struct glass_thread *self, struct glass_ompt_league *league)
{
    struct glass_task *task = self->task;
    RESTORE_SLOTS(task, league->task);
    GLASS_OMPT_EMIT(parallel_end, &task->team->tool_data, &task->tool_data,
                    GLASS_PARALLEL_INVOKER_RUNTIME | GLASS_PARALLEL_LEAGUE, league->codeptr);
    RESTORE_SLOTS(task->team, league->team);
}

int glass_ompt_work_type(const struct glass_ws *ws)
{
    switch (ws->kind) {
    case GLASS_WS_SECTIONS:
        return GLASS_WORK_SECTIONS;
    case GLASS_WS_SINGLE_COPY:
        return GLASS_WORK_SINGLE_EXECUTOR;
    case GLASS_WS_LOOP:
        break;
    }
    switch (ws->loop.sched) {
    case GLASS_SCHED_STATIC:
        return GLASS_WORK_LOOP_STATIC;
    case GLASS_SCHED_DYNAMIC:
        return GLASS_WORK_LOOP_DYNAMIC;
    case GLASS_SCHED_GUIDED:
        return GLASS_WORK_LOOP_GUIDED;
    }
    return GLASS_WORK_LOOP_OTHER;
}

__thread struct glass_ompt_wait *glass_ompt_open_wait __attribute__((tls_model("initial-exec")));

static void wait_interval_begins(struct glass_ompt_wait *wait)
{
    wait->open = true;
    wait->reported = true;
    glass_ompt_emit_sync_region_wait(wait->kind, GLASS_SCOPE_BEGIN, wait->parallel, wait->task, wait->codeptr);
}

static void wait_interval_ends(struct glass_ompt_wait *wait, glass_tool_data *parallel)
{
    wait->open = false;
    glass_ompt_emit_sync_region_wait(wait->kind, GLASS_SCOPE_END, parallel, wait->task, wait->codeptr);
}

void glass_ompt_wait_begin_slow(struct glass_ompt_wait *wait, int kind, glass_tool_data *parallel,
                                glass_tool_data *task, const void *codeptr, bool lazy)
{
    *wait = (struct glass_ompt_wait){.armed = true, .lazy = lazy, .kind = kind, .parallel = parallel,
                                     .task = task, .codeptr = codeptr, .outer = glass_ompt_open_wait};
    glass_ompt_open_wait = wait;
    if (!lazy)
        wait_interval_begins(wait);
}

void glass_ompt_wait_idle_slow(struct glass_ompt_wait *wait)
{
    wait_interval_begins(wait);
}

void glass_ompt_wait_end_slow(struct glass_ompt_wait *wait, glass_tool_data *parallel)
{
    wait->armed = false;
    glass_ompt_open_wait = wait->outer;
    /* A taskwait that ran its tasks and never had to wait still reports
     * its (empty) interval, as libomp does. */
    if (!wait->reported)
        wait_interval_begins(wait);
    if (wait->open)
        wait_interval_ends(wait, parallel);
}

/* The task_schedule event of every task's begin and end, dispatched here:
 * the caller is the thread that schedules, so its descriptor is at hand. */
static inline void report_schedule(struct glass_thread *self, glass_tool_data *prior, int status,
                                   glass_tool_data *next)
{
    if (GLASS_OMPT_ON(task_schedule))
        DISPATCH_INLINE(self, task_schedule, ompt_callback_task_schedule_t, (prior, status, next), TASK(prior),
                        (ompt_task_status_t)status, TASK(next));
}

void glass_ompt_task_begins(struct glass_thread *self, struct glass_task *task, int status,
                            struct glass_ompt_switch *saved)
{
    /* The waiting thread stops waiting while the task runs; the task's own
     * waits nest in none of this one. */
    struct glass_ompt_wait *wait = glass_ompt_open_wait;
    saved->suspended_wait = wait;
    if (wait) {
        if (wait->open)
            wait_interval_ends(wait, wait->parallel);
        glass_ompt_open_wait = NULL;
    }
    report_schedule(self, &self->task->tool_data, status, &task->tool_data);
}

void glass_ompt_task_ends(struct glass_thread *self, struct glass_task *task, struct glass_task *resumed,
                          int status, struct glass_ompt_switch *saved)
{
    report_schedule(self, &task->tool_data, status, resumed ? &resumed->tool_data : NULL);
    struct glass_ompt_wait *wait = saved->suspended_wait;
    if (wait) {
        glass_ompt_open_wait = wait;
        /* A barrier waits again at once; a taskwait or taskgroup first looks
         * for more tasks. */
        if (!wait->lazy)
            wait_interval_begins(wait);
    }
}

int glass_ompt_dependence_type(int kind)
{
    switch ((enum glass_depend_kind)kind) {
    case GLASS_DEPEND_IN:
        return GLASS_DEPENDENCE_IN;
    case GLASS_DEPEND_OUT:
        return GLASS_DEPENDENCE_OUT;
    case GLASS_DEPEND_INOUT:
        return GLASS_DEPENDENCE_INOUT;
    case GLASS_DEPEND_MUTEXINOUTSET:
        return GLASS_DEPENDENCE_MUTEXINOUTSET;
    case GLASS_DEPEND_INOUTSET:
        return GLASS_DEPENDENCE_INOUTSET;
    case GLASS_DEPEND_OUT_ALL_MEMORY:
        return GLASS_DEPENDENCE_OUT_ALL_MEMORY;
    case GLASS_DEPEND_INOUT_ALL_MEMORY:
        return GLASS_DEPENDENCE_INOUT_ALL_MEMORY;
    }
    return GLASS_DEPENDENCE_INOUT;
}

/* The list is the runtime's and valid during the callback only (4.5.2.8). */
void glass_ompt_report_dependences(struct glass_task *task, const void *deps_arg, size_t ndeps)
{
    const struct glass_depend *deps = deps_arg;
    enum { LOCAL = 32 };
    struct glass_dependence local[LOCAL] = {{{0}, 0}}, *list = local;
    if (ndeps > LOCAL && !(list = malloc(ndeps * sizeof *list)))
        return;
    for (size_t i = 0; i < ndeps; i++)
        list[i] = (struct glass_dependence){{.ptr = deps[i].addr}, glass_ompt_dependence_type(deps[i].kind)};
    glass_ompt_emit_dependences(&task->tool_data, list, (int)ndeps);
    if (list != local)
        free(list);
}

void glass_ompt_report_doacross(struct glass_task *task, int type, const uint64_t *iteration, unsigned dims)
{
    enum { LOCAL = 8 };
    struct glass_dependence local[LOCAL] = {{{0}, 0}}, *list = local;
    if (dims > LOCAL && !(list = malloc(dims * sizeof *list)))
        return;
    for (unsigned d = 0; d < dims; d++)
        list[d] = (struct glass_dependence){{.value = iteration[d]}, type};
    glass_ompt_emit_dependences(&task->tool_data, list, (int)dims);
    if (list != local)
        free(list);
}
