/* Explicit tasks, dependences, taskgroups, host teams and host target
 * regions (the taskloop construct: taskloop.h): what the ABI layers (GCC's
 * GOMP_*, Clang's __kmpc_*) and the user API call. Nothing here knows a
 * compiler's data layout.
 *
 * Creating a task takes two steps so that each ABI can fill the argument block
 * its own way: glass_task_new allocates and counts the task, the caller fills
 * glass_task_args(task), then glass_task_submit registers its dependences and
 * queues it or runs it at once. */
#ifndef GLASS_CORE_TASKING_H
#define GLASS_CORE_TASKING_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "../../ompt/hooks.h"
#include "../threads/team.h"

/* Dependence types (OpenMP 5.1, 2.19.11). */
enum glass_depend_kind {
    GLASS_DEPEND_IN,
    GLASS_DEPEND_OUT,
    GLASS_DEPEND_INOUT,
    GLASS_DEPEND_MUTEXINOUTSET,
    GLASS_DEPEND_INOUTSET,
    /* depend(out: omp_all_memory) / depend(inout: omp_all_memory) (5.1,
     * 2.19.11): ordered after every earlier sibling with dependences and
     * before every later one, whatever their addresses (addr is unused). */
    GLASS_DEPEND_OUT_ALL_MEMORY,
    GLASS_DEPEND_INOUT_ALL_MEMORY,
};

struct glass_depend {
    void *addr;
    enum glass_depend_kind kind;
};

struct glass_task_options {
    void (*fn)(void *);
    /* Called with the argument block, instead of fn, when the task is
     * discarded before it starts (its taskgroup or region cancelled): what
     * the ABI must still release or destroy. NULL: nothing to do. */
    void (*discard)(void *);
    size_t arg_size;
    size_t arg_align;   /* a power of two */
    size_t ndepend;     /* dependences glass_task_submit will get */
    int priority;       /* priority clause; 0 without */
    bool undeferred;    /* if clause false: runs at once, on the encountering thread */
    bool untied;
    bool final;         /* final clause true */
    bool mergeable;
    bool detach;        /* detach clause: completes once its event is fulfilled too */
    bool target;        /* a target task (host target region with nowait/depend) */
    /* A task that runs at once may use the caller's argument block in place
     * (the caller waits for it); set this when the block must be copied even
     * then (C++ copy constructors, argument blocks the caller reuses). */
    bool copy_args;
    bool taskwait;       /* the empty task of a taskwait with depend clauses */
    /* The caller takes NULL from glass_task_new as "done" and needs nothing
     * done to the argument block: a task that runs at once without
     * dependences, detach clause or copy may then be created, run and freed
     * inside glass_task_new while nothing watches (the commonest task). */
    bool run_in_place;
    /* The task is made before its construct is complete (Clang's detach:
     * the event handle is asked for before the task is submitted, with or
     * without dependences, deferred or if(0)): its task_create is left to
     * glass_task_announce, when the ABI knows the rest. */
    bool announce_later;
    const void *codeptr; /* user call site, for tools (NULL: unknown) */
    const void *entry;   /* user code the task runs when fn is a trampoline (OMPD); NULL: fn */
};

/* Step 1: a new child of the calling thread's current task, or NULL when its
 * taskgroup or parallel region is cancelled (the task is then not created)
 * or, with opts->run_in_place, when the task has already run.
 * Its argument block, glass_task_args(), is either `caller_args` itself (the
 * task will run at once and may use it in place) or fresh storage of
 * opts->arg_size bytes the caller must fill. */
struct glass_task *glass_task_new(struct glass_thread *self, const struct glass_task_options *opts,
                                  void *caller_args);

/* The task_create event of a task made with opts->announce_later, before it
 * is submitted or begun; `undeferred`: it runs at once after all (if(0)). */
void glass_task_announce(struct glass_thread *self, struct glass_task *task, bool has_dependences, bool undeferred,
                         const void *codeptr);

static inline void *glass_task_args(const struct glass_task *task)
{
    return task->fn_data;
}

/* Between steps 1 and 2: the task runs a taskloop's chunk, logical
 * iterations [first, first + iterations), which tools get as a dispatch
 * event when the task begins (OpenMP 5.2 ompt_dispatch_taskloop_chunk). */
static inline void glass_task_set_taskloop_chunk(struct glass_task *task, uint64_t first, uint64_t iterations)
{
    task->taskloop_chunk.start = first;
    task->taskloop_chunk.iterations = iterations;
}

/* Step 2: registers the dependences, then queues the task (or leaves it to its
 * last predecessor) or, for a task that runs at once, waits for its
 * dependences and runs it. */
void glass_task_submit(struct glass_thread *self, struct glass_task *task,
                       const struct glass_depend *deps, size_t ndeps);
/* The same, for a caller that raised the task's dependences event itself
 * (glass_ompt_report_dependences, when GLASS_OMPT_ON(dependences)): a target
 * task's dependences records follow the event and precede the task's own
 * records, so they are written between the two (src/abi/gomp/target_constructs.c). */
void glass_task_submit_reported(struct glass_thread *self, struct glass_task *task,
                                const struct glass_depend *deps, size_t ndeps);

/* An undeferred task whose body the ABI runs itself, in its caller's frame
 * (Clang's if(0) tasks: the compiler calls the body between
 * __kmpc_omp_task_begin_if0 and __kmpc_omp_task_complete_if0). The two
 * halves of what glass_task_submit does for an included task around the
 * call of its body: begin makes it the thread's current task (task_schedule
 * switch for a tool), end completes it (task_schedule complete; a detached
 * task completes once its event is fulfilled too). `task` comes from
 * glass_task_new; no dependences (the ABI waited for them before), and no
 * cancellation check: the body runs anyway. What end needs from begin: */
struct glass_task_inline {
    struct glass_task *suspended; /* the encountering task */
    int state;                    /* the thread's state before */
    bool tool;                    /* begin reported to a tool */
    struct glass_ompt_switch ompt_switch;
};
void glass_task_begin_inline(struct glass_thread *self, struct glass_task *task, struct glass_task_inline *run);
void glass_task_end_inline(struct glass_thread *self, struct glass_task *task, struct glass_task_inline *run);

/* Memory an ABI keeps beside a task for the task's lifetime (the Clang ABI's
 * task block), from the same per-thread lists as tasks, so a block freed by the
 * thread that ran the task goes back to the thread that made it. NULL when
 * larger than GLASS_TASK_MEMORY_MAX: use the C library then. 64-byte aligned. */
#define GLASS_TASK_MEMORY_MAX (8192 - 64)
void *glass_task_memory_alloc(size_t bytes);
void glass_task_memory_free(void *memory);

/* The event handle of a task created with opts->detach (omp_event_handle_t),
 * and omp_fulfill_event. Any thread may fulfill, in or outside the team. */
uintptr_t glass_task_event(struct glass_task *task);
void glass_task_fulfill(uintptr_t event);

/* Task scheduling points. `codeptr` is the user's call site for OMPT (NULL:
 * unknown; the forms without it pass NULL). */
void glass_task_wait_children_at(struct glass_thread *self, const void *codeptr); /* taskwait */
void glass_task_wait_depend_at(struct glass_thread *self,                         /* taskwait depend(...) */
                               const struct glass_depend *deps, size_t ndeps, const void *codeptr);
void glass_task_yield(struct glass_thread *self);                                 /* taskyield */

static inline void glass_task_wait_children(struct glass_thread *self)
{
    glass_task_wait_children_at(self, NULL);
}

static inline void glass_task_wait_depend(struct glass_thread *self, const struct glass_depend *deps,
                                          size_t ndeps)
{
    glass_task_wait_depend_at(self, deps, ndeps, NULL);
}

/* A target task waiting for something outside OpenMP (a nowait region's
 * device queue): until done(arg), with `state` as the thread state, the
 * thread runs other tasks of its team, as many as the task scheduling
 * constraint of the tasks suspended below the target task allows (an untied
 * task, it adds no constraint of its own: task_wait.c); with `alone`, it
 * runs none (only the task's own descendants). Whoever makes done()
 * true, from any thread (an OpenMP one or not), does so with a sequentially
 * consistent store and then calls glass_task_wake_waiters with the waiting
 * thread's team (self->team when it began to wait), which wakes it if it
 * sleeps. */
void glass_task_wait_untied(struct glass_thread *self, bool (*done)(void *), void *arg, enum glass_state state,
                            bool alone);
void glass_task_wake_waiters(struct glass_team *team);

/* omp_in_final(). */
bool glass_task_in_final(struct glass_thread *self);

/* Taskgroup regions of the current task (OpenMP 5.1, 2.12.5). */
void glass_taskgroup_start_at(struct glass_thread *self, const void *codeptr);
void glass_taskgroup_end_at(struct glass_thread *self, const void *codeptr);

static inline void glass_taskgroup_start(struct glass_thread *self)
{
    glass_taskgroup_start_at(self, NULL);
}

static inline void glass_taskgroup_end(struct glass_thread *self)
{
    glass_taskgroup_end_at(self, NULL);
}

/* cancel taskgroup: marks the innermost taskgroup the current task is in
 * cancelled, so its tasks not yet started are discarded. True when there is
 * such a taskgroup. The caller checks cancel-var. */
bool glass_taskgroup_cancel(struct glass_thread *self);
/* True when that taskgroup (or the parallel region) has been cancelled. */
bool glass_taskgroup_cancelled(struct glass_thread *self);

/* Task reductions: each taskgroup holds an opaque pointer to the ABI's
 * reduction data; a nested taskgroup starts with its parent's. The pointer of
 * the innermost taskgroup of the current task (NULL if none): */
void *glass_taskgroup_reductions(struct glass_thread *self);
void glass_taskgroup_set_reductions(struct glass_thread *self, void *reductions);

/* A parallel construct whose implicit tasks all belong to one taskgroup (a
 * reduction clause with the task modifier): runs the region and, before any
 * thread starts, makes `taskgroup` the taskgroup of every implicit task. */
struct glass_taskgroup *glass_taskgroup_create(void *reductions);
void glass_taskgroup_destroy(struct glass_taskgroup *taskgroup);
void glass_parallel_in_taskgroup(void (*fn)(void *), void *data, struct glass_parallel_args *args,
                                 struct glass_taskgroup *taskgroup);

/* Worksharing constructs with a task reduction: every thread starts a
 * taskgroup for the construct; the first thread to claim the construct
 * creates the reduction data and publishes it; the others wait for it. */
void glass_workshare_taskgroup_start(struct glass_thread *self);
bool glass_workshare_reduction_claim(struct glass_thread *self);
void glass_workshare_reduction_publish(struct glass_thread *self, void *data);
void *glass_workshare_reduction_await(struct glass_thread *self);

/* Host teams (OpenMP 5.1, 2.7): the league runs one team after another on the
 * encountering thread. num_teams 0: nteams-var, else 1; thread_limit 0:
 * teams-thread-limit-var, else unchanged. codeptr: the user's call site, for
 * tools. */
void glass_teams_run(struct glass_thread *self, void (*fn)(void *), void *data, unsigned num_teams,
                     unsigned thread_limit, const void *codeptr);
/* The same as a loop the caller drives: with first, starts a league and
 * returns true for team 0; then returns true once per further team and false
 * (ending the league) after the last. */
bool glass_teams_step(struct glass_thread *self, unsigned num_teams, unsigned thread_limit, bool first,
                      const void *codeptr);
/* omp_get_num_teams() and omp_get_team_num(). */
unsigned glass_league_size(struct glass_thread *self);
unsigned glass_league_num(struct glass_thread *self);

#endif
