/* Explicit tasks: creation, execution, completion (OpenMP 5.1, 2.12).
 *
 * A task is deferred (queued, run by any member of its team) unless it is
 * included: undeferred by its if clause, generated inside a final task,
 * generated where no team has tasking set up (outside parallel regions), or
 * generated while the team already has more than `throttle` incomplete tasks
 * (as the creating thread last looked), so that one thread producing a
 * million tasks uses bounded memory. Included
 * tasks run at once on the encountering thread but otherwise live like the
 * others (a detached one may complete later, its children may outlive it).
 *
 * Counting, so that nobody waits on freed memory:
 * - task->kids: the task's children not completed (low half: taskwait waits
 *   for it to be 0) and completed but not yet freed (high half), plus
 *   KIDS_SELF while an explicit task is incomplete. A task is freed when the
 *   word reaches 0, so every live task's ancestors are intact. A child that
 *   completes without live children of its own is freed at once: the common
 *   case costs the parent one atomic operation at creation and one at
 *   completion;
 *   A task counts its children in batches of KIDS_CREDITS too (kids_credits:
 *   counted but not yet created), for the same reason; only the task itself
 *   creates its children and waits for them, so it gives the rest back when
 *   its body ends and before a taskwait looks at the count;
 * - taskgroup->pending: incomplete tasks of the taskgroup (taskgroup end);
 * - team->tasking.active: incomplete tasks of the team (barriers), plus the
 *   credits threads hold: a producer adds ACTIVE_CREDITS at once and spends
 *   them on the tasks it creates, and a member completing a task keeps the
 *   task's unit as a credit (uncount_active), so neither a thread creating
 *   many tasks nor one completing many pulls the counter's cache line across
 *   for each one. Credits go back before anything waits for the count to
 *   reach 0: at barrier arrival, and whenever a barrier-type wait finds no
 *   task to run (glass_task_return_credits, task_wait.c).
 * Completion updates them in that order, the team last: once a barrier sees
 * no active task, no completing thread touches a task or taskgroup again.
 * An included task is complete before its generating task goes on, so none of
 * these need to count it (nobody can wait for it), unless it is detachable;
 * that keeps the tasks a busy team runs at once free of shared atomics. */
#include <stdlib.h>
#include <string.h>

#include "../../ompt/events.h"
#include "../globals.h"
#include "../runtime.h"
#include "task_barrier.h"
#include "task_internal.h"

#define KIDS_INCOMPLETE 1ull
#define KIDS_UNFREED (1ull << 32)
#define KIDS_SELF (1ull << 63)
#define KIDS_INCOMPLETE_MASK 0xffffffffull

#define ACTIVE_CREDITS 16u
#define KIDS_CREDITS 16u
#define THROTTLE_LOOK 16u

void glass_task_return_credits(struct glass_thread *self)
{
    unsigned credits = self->active_credits;
    if (!credits)
        return;
    self->active_credits = 0;
    struct glass_team *team = self->credit_team;
    /* seq_cst and the wake: as the completion of the team's last task. */
    if (atomic_fetch_sub_explicit(&team->tasking.active, credits, memory_order_seq_cst) == credits)
        glass_tasking_wake(team, true);
}

static __attribute__((noinline)) void take_credits(struct glass_thread *self, struct glass_team *team)
{
    glass_task_return_credits(self);
    atomic_fetch_add_explicit(&team->tasking.active, ACTIVE_CREDITS, memory_order_relaxed);
    self->credit_team = team;
    self->active_credits = ACTIVE_CREDITS;
}

/* One more incomplete task in the team. */
static inline void count_active(struct glass_thread *self, struct glass_team *team)
{
    if (__builtin_expect(!self->active_credits || self->credit_team != team, 0))
        take_credits(self, team);
    self->active_credits--;
}

/* One incomplete task of the team fewer. A member that holds the team's
 * credits (or none) keeps the task's unit as one more credit instead of
 * giving it back: credits go back before anything waits for the count, so
 * the count only stays up a little longer, and a thread that both completes
 * and creates tasks (a taskwait loop, tasks from every thread) then touches
 * the shared count once per batch, not once per task. Past ACTIVE_CREDITS it
 * gives half back, so the throttle's view stays within a batch per thread.
 * A completion from outside the team (omp_fulfill_event) gives its unit back
 * at once. True when the count reached 0. */
static inline bool uncount_active(struct glass_thread *self, struct glass_team *team, bool foreign)
{
    if (__builtin_expect(!foreign && self->team == team, 1) &&
        (self->credit_team == team || !self->active_credits)) {
        self->credit_team = team;
        if (++self->active_credits > ACTIVE_CREDITS) {
            /* This thread still holds the rest: the count stays above 0. */
            self->active_credits -= ACTIVE_CREDITS / 2;
            atomic_fetch_sub_explicit(&team->tasking.active, ACTIVE_CREDITS / 2, memory_order_release);
        }
        return false;
    }
    return atomic_fetch_sub_explicit(&team->tasking.active, 1, memory_order_seq_cst) == 1;
}

/* One more incomplete child of `parent` (which is the calling thread's task). */
static inline void count_kid(struct glass_task *parent)
{
    if (__builtin_expect(!parent->kids_credits, 0)) {
        atomic_fetch_add_explicit(&parent->kids, KIDS_CREDITS * KIDS_INCOMPLETE, memory_order_relaxed);
        parent->kids_credits = KIDS_CREDITS;
    }
    parent->kids_credits--;
}

static inline void return_kid_credits(struct glass_task *task)
{
    if (task->kids_credits) {
        atomic_fetch_sub_explicit(&task->kids, task->kids_credits * KIDS_INCOMPLETE, memory_order_seq_cst);
        task->kids_credits = 0;
    }
}

static size_t align_up(size_t value, size_t align)
{
    return (value + align - 1) & ~(align - 1);
}

static bool creation_cancelled(const struct glass_team *team, const struct glass_taskgroup *group)
{
    if (atomic_load_explicit(&team->cancelled, memory_order_acquire) & GLASS_CANCEL_PARALLEL)
        return true;
    if (!group)
        return false;
    if (atomic_load_explicit(&group->cancelled, memory_order_acquire))
        return true;
    /* A worksharing construct's reduction taskgroup belongs to the region's. */
    return group->workshare && group->prev &&
           atomic_load_explicit(&group->prev->cancelled, memory_order_acquire);
}

/* Whether the team has `throttle` incomplete tasks, as of this thread's last
 * look: a look at every creation would pull the count's line back from the
 * completing threads each time, and the throttle is a bound on memory that a
 * few tasks either way do not change. A stale answer from another team only
 * decides how the next few tasks run. */
static inline __attribute__((always_inline)) bool throttled(struct glass_thread *self,
                                                             const struct glass_team_tasking *tasking)
{
    if (__builtin_expect(self->throttle_look == 0, 0)) {
        self->throttle_look = THROTTLE_LOOK;
        self->throttled = atomic_load_explicit(&tasking->active, memory_order_relaxed) >= tasking->throttle;
    }
    self->throttle_look--;
    return self->throttled;
}

static inline __attribute__((always_inline)) bool runs_at_once(struct glass_thread *self,
                                                                const struct glass_task_options *opts)
{
    const struct glass_team_tasking *tasking = &self->team->tasking;
    return opts->undeferred || (self->task->flags & GLASS_TASK_FINAL) || self->num >= tasking->ndeques ||
           throttled(self, tasking);
}

static inline __attribute__((always_inline)) unsigned task_flags(const struct glass_task_options *opts,
                                                                 const struct glass_task *parent, bool included)
{
    /* The task standing for a taskwait with dependences is of its own kind,
     * taskwait|undeferred|mergeable, as libomp reports it: it is not an
     * explicit task, and it is not said to be merged. */
    if (opts->taskwait)
        return GLASS_TASK_TASKWAIT | GLASS_TASK_UNDEFERRED | GLASS_TASK_MERGEABLE |
               ((opts->final || (parent->flags & GLASS_TASK_FINAL)) ? GLASS_TASK_FINAL : 0);
    unsigned flags = opts->target ? GLASS_TASK_TARGET : GLASS_TASK_EXPLICIT;
    if (included)
        flags |= GLASS_TASK_UNDEFERRED;
    if (opts->untied)
        flags |= GLASS_TASK_UNTIED;
    if (opts->final || (parent->flags & GLASS_TASK_FINAL))
        flags |= GLASS_TASK_FINAL;
    if (opts->mergeable)
        flags |= GLASS_TASK_MERGEABLE | (included ? GLASS_TASK_MERGED : 0);
    return flags;
}

/* The fields every explicit task starts with (field by field: see task.h);
 * the caller sets fn_data and depend. Inlined into both ways of creating a
 * task, so that the shortcut's constant `included` folds. */
static inline __attribute__((always_inline)) void set_up(struct glass_thread *self, struct glass_task *task,
                                                         const struct glass_task_options *opts,
                                                         struct glass_task *parent, struct glass_taskgroup *group,
                                                         bool included)
{
    int priority = opts->priority < 0 ? 0 : opts->priority;
    if (priority > glass_globals.max_task_priority)
        priority = glass_globals.max_task_priority;
    bool parent_explicit = glass_task_is_explicit(parent);

    task->parent = parent;
    task->team = self->team;
    task->icv = parent->icv;
    task->flags = task_flags(opts, parent, included);
    task->thread_num = self->num;
    task->ws_count = 0;
    task->single_count = 0;
    task->tool_data.value = 0;
    task->frame = GLASS_FRAME_UNSET;
    task->lock_owner_id = 0;
    task->ws = NULL;
    task->fn = opts->fn;
    task->discard = opts->discard;
    task->entry = opts->entry ? opts->entry : (const void *)opts->fn;
    atomic_init(&task->kids, KIDS_SELF);
    task->kids_credits = 0;
    atomic_init(&task->detach, opts->detach ? GLASS_DETACH_ARMED : 0);
    task->included = included;
    task->counted = !included || opts->detach;
    task->cut_short = false;
    task->priority = priority;
    /* Thieves may read these three of a recycled task while it is set up here
     * (glass_task_descends_from, task_deque.h): atomic, so the race is defined. */
    __atomic_store_n(&task->depth, parent_explicit ? parent->depth + 1 : 1, __ATOMIC_RELAXED);
    __atomic_store_n(&task->parent_block, parent_explicit ? parent : NULL, __ATOMIC_RELAXED);
    __atomic_store_n(&task->root, parent_explicit ? parent->root : parent, __ATOMIC_RELAXED);
    task->taskgroup = group;
    task->depend_map = NULL;
    task->args_heap = NULL;
    task->ws_reduction_seq = 0;
    task->arg_size = opts->arg_size;
    task->taskloop_chunk.iterations = 0;
}

static void create_and_run(struct glass_thread *self, const struct glass_task_options *opts,
                           struct glass_taskgroup *group, void *caller_args);

struct glass_task *glass_task_new(struct glass_thread *self, const struct glass_task_options *opts,
                                  void *caller_args)
{
    struct glass_task *parent = self->task;
    struct glass_team *team = self->team;
    struct glass_taskgroup *group = glass_task_current_taskgroup(parent);
    if (__builtin_expect(glass_globals.cancellation, 0) && creation_cancelled(team, group))
        return NULL;

    bool included = runs_at_once(self, opts);
    if (included && opts->run_in_place && !GLASS_OMPT_ENTRY_WATCH() && !opts->ndepend && !opts->detach &&
        !(opts->copy_args && opts->arg_size)) {
        create_and_run(self, opts, group, caller_args);
        return NULL;
    }
    bool own_args = (!included || opts->copy_args) && opts->arg_size;
    size_t align = opts->arg_align ? opts->arg_align : 1;
    size_t depend_size = opts->ndepend ? align_up(glass_depend_node_size(opts->ndepend), 16) : 0;
    size_t args_room = own_args ? opts->arg_size + align - 1 : 0;
    bool args_apart = depend_size + args_room > GLASS_TASK_BLOCK_EXTRA_MAX;
    if (args_apart && depend_size > GLASS_TASK_BLOCK_EXTRA_MAX)
        glass_fatal("a task with %zu dependences is more than Glass supports", opts->ndepend);
    struct glass_task *task = glass_task_alloc(depend_size + (args_apart ? 0 : args_room));
    set_up(self, task, opts, parent, group, included);

    char *extra = (char *)(task + 1);
    task->depend = depend_size ? (struct glass_depend_node *)extra : NULL;
    if (!own_args) {
        task->fn_data = caller_args;
    } else if (args_apart) {
        task->args_heap = aligned_alloc(align < sizeof(void *) ? sizeof(void *) : align,
                                        align_up(opts->arg_size, align));
        if (!task->args_heap)
            glass_fatal("out of memory for a task's %zu bytes of arguments", opts->arg_size);
        task->fn_data = task->args_heap;
    } else {
        task->fn_data = (void *)align_up((uintptr_t)(extra + depend_size), align);
    }

    if (task->counted) {
        count_kid(parent);
        if (group)
            atomic_fetch_add_explicit(&group->pending, 1, memory_order_relaxed);
        count_active(self, team);
    }
    /* Before the task can run (5.1 4.5.2.7); the encountering task's enter
     * frame is set by the entry point that created it. */
    if (!opts->announce_later)
        GLASS_OMPT_EMIT(task_create, &parent->tool_data, &parent->frame, &task->tool_data, (int)task->flags,
                        opts->ndepend != 0, opts->codeptr);
    return task;
}

void glass_task_announce(struct glass_thread *self, struct glass_task *task, bool has_dependences, bool undeferred,
                         const void *codeptr)
{
    (void)self;
    /* Nobody else sees the task yet: it is neither queued nor begun. */
    if (undeferred)
        task->flags |= GLASS_TASK_UNDEFERRED;
    struct glass_task *parent = task->parent;
    GLASS_OMPT_EMIT(task_create, &parent->tool_data, &parent->frame, &task->tool_data, (int)task->flags,
                    has_dependences, codeptr);
}

static bool dependences_met(void *arg)
{
    return glass_depend_ready(arg);
}

/* Step 2 after the dependences event: registration, then the queue or the run. */
static inline __attribute__((always_inline)) void submit(struct glass_thread *self, struct glass_task *task,
                                                         const struct glass_depend *deps, size_t ndeps)
{
    bool ready = true;
    if (ndeps)
        ready = glass_depend_register(task, deps, ndeps);
    else
        task->depend = NULL; /* room may have been reserved for none */
    if (task->included) {
        /* Its predecessors are siblings: the current task's children. */
        if (!ready)
            glass_task_wait_for(self, self->task, dependences_met, task, GLASS_STATE_WAIT_TASKWAIT);
        glass_task_execute(self, task);
    } else if (ready) {
        glass_task_enqueue(self, task, false);
    }
}

void glass_task_submit(struct glass_thread *self, struct glass_task *task,
                       const struct glass_depend *deps, size_t ndeps)
{
    if (ndeps && GLASS_OMPT_ON(dependences))
        glass_ompt_report_dependences(task, deps, ndeps);
    submit(self, task, deps, ndeps);
}

void glass_task_submit_reported(struct glass_thread *self, struct glass_task *task,
                                const struct glass_depend *deps, size_t ndeps)
{
    submit(self, task, deps, ndeps);
}

/* A task not yet begun when its taskgroup or region is cancelled is
 * discarded (OpenMP 5.1, 2.20.1); that includes an included task that had
 * to wait for its dependences, which may have run the cancelling task. */
static bool start_cancelled(const struct glass_task *task)
{
    return creation_cancelled(task->team, task->taskgroup);
}

/* Set by taskyield around its scheduling point, so that OMPT reports the
 * suspended task as yielding rather than switching. */
static __thread bool yielding __attribute__((tls_model("initial-exec")));

/* The ompt_cancel_flag_t construct bit of a discarded task: what was cancelled. */
static int discard_reason(const struct glass_task *task)
{
    if (atomic_load_explicit(&task->team->cancelled, memory_order_relaxed) & GLASS_CANCEL_PARALLEL)
        return GLASS_CANCEL_FLAG_PARALLEL;
    return GLASS_CANCEL_FLAG_TASKGROUP;
}

static inline __attribute__((always_inline)) void complete(struct glass_thread *self, struct glass_task *task,
                                                           bool foreign);

/* A taskloop task's chunk, in the task's context (OpenMP 5.2, 4.5.2.17). */
static __attribute__((noinline, cold)) void report_taskloop_chunk(struct glass_task *task)
{
    GLASS_OMPT_EMIT(dispatch, &task->team->tool_data, &task->tool_data, GLASS_DISPATCH_TASKLOOP_CHUNK,
                    (glass_tool_data){.ptr = &task->taskloop_chunk});
}

/* The first half of running a task on this thread, up to the call of its
 * body: the task becomes the thread's current one. `status`: the suspended
 * task's task_schedule status (switch or yield). `saved` (what the OMPT
 * events keep across the body) is apart from `run`, so that execute's `run`
 * does not escape and stays in registers. */
static inline __attribute__((always_inline)) void run_begins(struct glass_thread *self, struct glass_task *task,
                                                            bool watched, int status, struct glass_task_inline *run,
                                                            struct glass_ompt_switch *saved)
{
    run->suspended = self->task;
    run->state = atomic_load_explicit(&self->state, memory_order_relaxed);
    run->tool = watched && GLASS_OMPT_ACTIVE();
    if (watched && run->tool)
        glass_ompt_task_begins(self, task, status, saved);
    glass_set_state(self, task->team->active_level ? GLASS_STATE_WORK_PARALLEL : GLASS_STATE_WORK_SERIAL);
    task->thread_num = self->num;
    task->scheduler = run->suspended;
    atomic_signal_fence(memory_order_release); /* complete before a signal handler sees it */
    self->task = task;
    if (watched && run->tool && task->taskloop_chunk.iterations)
        report_taskloop_chunk(task);
    if (watched)
        GLASS_OMPD_BP(task_begin);
}

/* The second half, once the body has returned: the encountering task is
 * current again. False when the task is detached and its event not yet
 * fulfilled (omp_fulfill_event completes it); true when the caller
 * completes it now. */
static inline __attribute__((always_inline)) bool run_ends(struct glass_thread *self, struct glass_task *task,
                                                          bool watched, struct glass_task_inline *run,
                                                          struct glass_ompt_switch *saved)
{
    struct glass_task *suspended = run->suspended;
    bool tool = watched && run->tool; /* constant in the unwatched copy: no OMPT code is left in it */
    return_kid_credits(task);
    /* The exit frame was cleared by the caller (execute, end_inline_watched). */
    if (watched)
        GLASS_OMPD_BP(task_end);
    self->task = suspended;
    glass_set_state(self, run->state);
    bool ended_detached = false;
    /* Whether it is detachable at all: set before it was queued, so one look
     * does (the bits that change are read with the updates below). */
    bool detachable = atomic_load_explicit(&task->detach, memory_order_relaxed) != 0;
    if (detachable && tool) {
        /* The detach event goes out before BODY_DONE is published: from
         * then on omp_fulfill_event may complete and recycle the task. */
        unsigned char seen = atomic_fetch_or_explicit(&task->detach, GLASS_DETACH_BODY_ENDING, memory_order_acq_rel);
        ended_detached = !(seen & GLASS_DETACH_FULFILLED);
        if (ended_detached) {
            glass_ompt_task_ends(self, task, suspended, GLASS_TASK_STATUS_DETACH, saved);
            unsigned char old =
                atomic_fetch_or_explicit(&task->detach, GLASS_DETACH_BODY_DONE, memory_order_acq_rel);
            if (!(old & GLASS_DETACH_FULFILLED))
                return false; /* omp_fulfill_event completes it */
            /* Fulfilled during the detach event: report it, then complete. */
            if (!(old & GLASS_DETACH_FULFILL_REPORTED))
                GLASS_OMPT_EMIT(task_schedule, &task->tool_data, GLASS_TASK_STATUS_LATE_FULFILL, NULL);
        }
    } else if (detachable) {
        unsigned char old = atomic_fetch_or_explicit(&task->detach, GLASS_DETACH_BODY_DONE, memory_order_acq_rel);
        if (!(old & GLASS_DETACH_FULFILLED))
            return false; /* omp_fulfill_event completes it */
    }
    if (tool && !ended_detached) {
        /* A taskwait's task completes the taskwait (5.1 4.4.4.19); a task
         * whose region a cancellation ended was cancelled (ompt_task_cancel). */
        bool taskwait = task->flags & GLASS_TASK_TASKWAIT;
        glass_ompt_task_ends(self, task, taskwait ? NULL : suspended,
                             taskwait         ? GLASS_TASK_STATUS_TASKWAIT_COMPLETE
                             : task->cut_short ? GLASS_TASK_STATUS_CANCEL
                                               : GLASS_TASK_STATUS_COMPLETE,
                             saved);
    }
    return true;
}

/* Compiled twice (glass_task_execute): `watched` false is the copy for when
 * neither a tool nor a debugger watches, with no event point, frame or
 * breakpoint left in it (an active tool and OMPD both imply the watch). */
static inline __attribute__((always_inline)) void execute(struct glass_thread *self, struct glass_task *task,
                                                          bool watched)
{
    if (!(__builtin_expect(glass_globals.cancellation, 0) && start_cancelled(task))) {
        struct glass_task_inline run;
        struct glass_ompt_switch saved;
        run_begins(self, task, watched, yielding ? GLASS_TASK_STATUS_YIELD : GLASS_TASK_STATUS_SWITCH, &run,
                   &saved);
        yielding = false;
        /* An explicit task's exit flags are the runtime's (set_up): only the
         * address changes. The flag is read once: should frames stop being
         * wanted meanwhile, clearing the address anyway is harmless. */
        bool frames = watched && GLASS_FRAMES_WANTED();
        if (frames)
            glass_ompt_set_exit_address(task, __builtin_frame_address(0));
        task->fn(task->fn_data);
        if (frames)
            glass_ompt_set_exit_address(task, NULL);
        if (!run_ends(self, task, watched, &run, &saved))
            return;
    } else {
        if (watched)
            GLASS_OMPT_EMIT(cancel, &task->tool_data, discard_reason(task) | GLASS_CANCEL_FLAG_DISCARDED_TASK,
                            NULL);
        if (task->discard)
            task->discard(task->fn_data);
    }
    complete(self, task, false);
}

void glass_task_execute_watched(struct glass_thread *self, struct glass_task *task)
{
    execute(self, task, true);
}

void glass_task_execute_unwatched(struct glass_thread *self, struct glass_task *task)
{
    execute(self, task, false);
}

static __attribute__((noinline)) void begin_inline_watched(struct glass_thread *self, struct glass_task *task,
                                                           struct glass_task_inline *run)
{
    run_begins(self, task, true, GLASS_TASK_STATUS_SWITCH, run, &run->ompt_switch);
}

void glass_task_begin_inline(struct glass_thread *self, struct glass_task *task, struct glass_task_inline *run)
{
    task->depend = NULL; /* room may have been reserved (an early task), but none are registered */
    if (GLASS_OMPT_ENTRY_WATCH())
        begin_inline_watched(self, task, run);
    else
        run_begins(self, task, false, GLASS_TASK_STATUS_SWITCH, run, &run->ompt_switch);
}

static __attribute__((noinline)) void end_inline_watched(struct glass_thread *self, struct glass_task *task,
                                                         struct glass_task_inline *run)
{
    /* The flags too: Clang's if(0) body reported the application's. */
    GLASS_OMPT_RETURNED_FROM_USER_CODE(task);
    if (run_ends(self, task, true, run, &run->ompt_switch))
        complete(self, task, false);
}

void glass_task_end_inline(struct glass_thread *self, struct glass_task *task, struct glass_task_inline *run)
{
    if (GLASS_OMPT_ENTRY_WATCH())
        end_inline_watched(self, task, run);
    else if (run_ends(self, task, false, run, &run->ompt_switch))
        complete(self, task, false);
}

/* The commonest task of all, created, run and freed in one go (see
 * opts->run_in_place). Out of line, so that the deferred path does not pay
 * for its frame. */
static __attribute__((noinline)) void create_and_run(struct glass_thread *self, const struct glass_task_options *opts,
                                                     struct glass_taskgroup *group, void *caller_args)
{
    struct glass_task *task = glass_task_alloc(0);
    set_up(self, task, opts, self->task, group, true);
    task->fn_data = caller_args;
    task->depend = NULL;
    execute(self, task, false);
}


static void free_task(struct glass_task *task)
{
    if (task->depend_map)
        glass_depend_map_destroy(task->depend_map);
    if (task->args_heap)
        free(task->args_heap);
    glass_task_free(task);
}

/* `task` completed earlier and its last child has just been freed: free it,
 * then the ancestors that were waiting for the same. */
static void free_completed(struct glass_task *task)
{
    while (task) {
        struct glass_task *parent = task->parent_block;
        free_task(task);
        if (!parent ||
            atomic_fetch_sub_explicit(&parent->kids, KIDS_UNFREED, memory_order_acq_rel) != KIDS_UNFREED)
            return;
        task = parent;
    }
}

/* The task's part in its parent's `kids` at completion. True when the
 * parent's count of incomplete children reached 0 (a taskwait may wait). */
static bool leave_parent(struct glass_task *task)
{
    struct glass_task *parent = task->parent;
    /* From the task's own line, not the parent's flags: the parent's thread
     * writes that line of its task (frames, while a tool watches), and every
     * completion on another thread would pull it across. */
    bool parent_explicit = task->parent_block != NULL;
    if (atomic_load_explicit(&task->kids, memory_order_acquire) != KIDS_SELF) {
        /* Children are alive: count the task as completed but not freed
         * before letting go of it, so that its last child can free it and
         * then leave the parent in turn (an implicit parent is never freed
         * and needs no such count). */
        uint64_t change = parent_explicit ? KIDS_UNFREED - KIDS_INCOMPLETE : -KIDS_INCOMPLETE;
        uint64_t before = atomic_fetch_add_explicit(&parent->kids, change, memory_order_seq_cst);
        bool last = ((before - KIDS_INCOMPLETE) & KIDS_INCOMPLETE_MASK) == 0;
        if (atomic_fetch_sub_explicit(&task->kids, KIDS_SELF, memory_order_acq_rel) == KIDS_SELF)
            free_completed(task); /* they went meanwhile */
        return last;
    }
    /* No child left, and none can appear: free it now. */
    uint64_t after =
        atomic_fetch_sub_explicit(&parent->kids, KIDS_INCOMPLETE, memory_order_seq_cst) - KIDS_INCOMPLETE;
    free_task(task);
    if (parent_explicit && after == 0)
        free_completed(parent);
    return (after & KIDS_INCOMPLETE_MASK) == 0;
}

/* An uncounted (included, not detachable) task at completion: only its
 * memory is at stake. */
static void leave_uncounted(struct glass_task *task)
{
    if (atomic_load_explicit(&task->kids, memory_order_acquire) == KIDS_SELF) {
        free_task(task);
        return;
    }
    /* Its children outlive it: keep it, counted as a child not yet freed. */
    struct glass_task *parent = task->parent;
    if (task->parent_block) /* the parent is explicit (leave_parent says why not its flags) */
        atomic_fetch_add_explicit(&parent->kids, KIDS_UNFREED, memory_order_relaxed);
    if (atomic_fetch_sub_explicit(&task->kids, KIDS_SELF, memory_order_acq_rel) == KIDS_SELF)
        free_completed(task);
}

/* Inlined into execute, so that a task that runs at once, which only frees
 * itself here, costs no call. */
static inline __attribute__((always_inline)) void complete(struct glass_thread *self, struct glass_task *task,
                                                           bool foreign)
{
    struct glass_team *team = task->team;
    bool wake = false;
    if (task->depend)
        glass_depend_release(self, task, foreign);
    if (!task->counted) {
        leave_uncounted(task);
        return;
    }
    struct glass_taskgroup *group = task->taskgroup;
    if (group && atomic_fetch_sub_explicit(&group->pending, 1, memory_order_seq_cst) == 1)
        wake = true;
    if (leave_parent(task))
        wake = true;
    if (uncount_active(self, team, foreign))
        wake = true;
    if (wake)
        glass_tasking_wake(team, true);
}

void glass_task_complete(struct glass_thread *self, struct glass_task *task, bool foreign)
{
    complete(self, task, foreign);
}

uintptr_t glass_task_event(struct glass_task *task)
{
    return (uintptr_t)task;
}

void glass_task_fulfill(uintptr_t event)
{
    struct glass_task *task = (struct glass_task *)event;
    if (!task || !(atomic_load_explicit(&task->detach, memory_order_relaxed) & GLASS_DETACH_ARMED)) {
        glass_warn("omp_fulfill_event: %p is not the event of a detachable task; ignored", (void *)task);
        return;
    }
    /* Reported before the fulfillment: once it is visible the task may
     * complete and its data go. */
    unsigned char seen = atomic_load_explicit(&task->detach, memory_order_acquire);
    unsigned char reported = 0;
    if (!(seen & GLASS_DETACH_FULFILLED) && GLASS_OMPT_ACTIVE()) {
        /* A thread that is not an OpenMP thread (the usual caller: an I/O or
         * a completion thread) becomes one, as libomp makes it a root: its
         * thread_begin comes before the fulfill event it reports. */
        (void)glass_self();
        if (!(seen & (GLASS_DETACH_BODY_ENDING | GLASS_DETACH_BODY_DONE))) {
            GLASS_OMPT_EMIT(task_schedule, &task->tool_data, GLASS_TASK_STATUS_EARLY_FULFILL, NULL);
            reported = GLASS_DETACH_FULFILL_REPORTED;
        } else if (seen & GLASS_DETACH_BODY_DONE) {
            GLASS_OMPT_EMIT(task_schedule, &task->tool_data, GLASS_TASK_STATUS_LATE_FULFILL, NULL);
            reported = GLASS_DETACH_FULFILL_REPORTED;
        }
        /* Otherwise the detach event is being reported: late_fulfill follows it
         * (glass_task_execute, or below). */
    }
    unsigned char old =
        atomic_fetch_or_explicit(&task->detach, GLASS_DETACH_FULFILLED | reported, memory_order_acq_rel);
    if (old & GLASS_DETACH_FULFILLED) {
        glass_warn("omp_fulfill_event: event %p was already fulfilled; ignored", (void *)task);
        return;
    }
    if (old & GLASS_DETACH_BODY_DONE) {
        if (!reported && (old & GLASS_DETACH_BODY_ENDING))
            GLASS_OMPT_EMIT(task_schedule, &task->tool_data, GLASS_TASK_STATUS_LATE_FULFILL, NULL);
        glass_task_complete(glass_self(), task, true);
    }
}

static bool no_children(void *arg)
{
    struct glass_task *task = arg;
    return (atomic_load_explicit(&task->kids, memory_order_seq_cst) & KIDS_INCOMPLETE_MASK) == 0;
}

/* Compiled twice, as execute() above. */
static inline __attribute__((always_inline)) void wait_children(struct glass_thread *self, const void *codeptr,
                                                                bool watched)
{
    struct glass_task *task = self->task;
    glass_tool_data *parallel = &self->team->tool_data;
    if (watched)
        GLASS_OMPT_EMIT(sync_region, GLASS_SYNC_TASKWAIT, GLASS_SCOPE_BEGIN, parallel, &task->tool_data, codeptr);
    return_kid_credits(task);
    /* A tool sees a wait interval even when there is nothing to wait for. */
    if ((watched && GLASS_OMPT_ON(sync_region_wait)) ||
        (atomic_load_explicit(&task->kids, memory_order_acquire) & KIDS_INCOMPLETE_MASK) != 0) {
        /* The wait state holds through the OMPT wait interval. */
        int previous = atomic_load_explicit(&self->state, memory_order_relaxed);
        glass_set_state(self, GLASS_STATE_WAIT_TASKWAIT);
        struct glass_ompt_wait wait;
        if (watched)
            glass_ompt_wait_begin_lazy(&wait, GLASS_SYNC_TASKWAIT, parallel, &task->tool_data, codeptr);
        glass_task_wait_for(self, task, no_children, task, GLASS_STATE_WAIT_TASKWAIT);
        if (watched)
            glass_ompt_wait_end(&wait, parallel);
        glass_set_state(self, previous);
    }
    if (watched)
        GLASS_OMPT_EMIT(sync_region, GLASS_SYNC_TASKWAIT, GLASS_SCOPE_END, parallel, &task->tool_data, codeptr);
}

static __attribute__((noinline)) void wait_children_watched(struct glass_thread *self, const void *codeptr)
{
    wait_children(self, codeptr, true);
}

void glass_task_wait_children_at(struct glass_thread *self, const void *codeptr)
{
    if (GLASS_OMPT_ENTRY_WATCH())
        wait_children_watched(self, codeptr);
    else
        wait_children(self, codeptr, false);
}

static void empty_body(void *arg)
{
    (void)arg;
}

/* As an included mergeable task with an empty body (OpenMP 5.1, 2.19.5). */
void glass_task_wait_depend_at(struct glass_thread *self, const struct glass_depend *deps, size_t ndeps,
                               const void *codeptr)
{
    struct glass_task_options opts = {
        .fn = empty_body,
        .ndepend = ndeps,
        .undeferred = true,
        .mergeable = true,
        .taskwait = true,
        .codeptr = codeptr,
    };
    struct glass_task *task = glass_task_new(self, &opts, NULL);
    if (task)
        glass_task_submit(self, task, deps, ndeps);
}

void glass_task_yield(struct glass_thread *self)
{
    yielding = true;
    glass_task_run_eligible(self, self->task);
    yielding = false;
}

bool glass_task_in_final(struct glass_thread *self)
{
    return self->task->flags & GLASS_TASK_FINAL;
}
