/* Clang ABI: explicit tasks (OpenMP 5.1, 2.12), on the core's tasking.
 *
 * - Deferred tasks: __kmpc_omp_task_alloc, then __kmpc_omp_task (or
 *   _with_deps, task_depend.c). The core task runs run_task, which calls the
 *   compiler's entry routine with the block.
 * - Untied tasks: Clang splits the body at its task scheduling points; at
 *   each one the body records where to resume, submits its own task again
 *   and returns. Glass runs untied tasks as tied (the specification allows
 *   it): a running task that submits itself is simply continued at once by
 *   the thread running it.
 * - if(false) tasks: Clang runs the body itself between
 *   __kmpc_omp_task_begin_if0 and __kmpc_omp_task_complete_if0 (for an
 *   untied task only its first part, which submits the task again: the
 *   other parts then run in __kmpc_omp_task_complete_if0). The core
 *   task is made undeferred at the beginning and becomes the thread's
 *   current task for the body (so its children, taskwaits and ICV changes
 *   are its own); at the end it is submitted with an empty body, which the
 *   core runs at once and completes.
 * - detach: the event handle is asked for before submission, so the core
 *   task is made then, with room for a bounded number of dependences. */
#include <stdlib.h>
#include <string.h>

#include "../../core/globals.h"
#include "../../core/runtime.h"
#include "../../ompt/events.h"
#include "task.h"

/* Dependences a detachable task may still get once its event exists. */
#define EVENT_DEPEND_CAPACITY 64

/* Task blocks come from the core's per-thread task memory (tasking.h): a
 * block freed by the thread that ran the task returns to the thread that
 * made it, so a single producer keeps reusing its own blocks. */
static void *block_alloc(size_t total)
{
    void *block = glass_task_memory_alloc(total);
    if (!block)
        block = aligned_alloc(64, (total + 63) & ~(size_t)63);
    if (!block)
        glass_fatal("out of memory for a task of %zu bytes", total);
    return block;
}

static void block_free(void *memory, size_t total)
{
    if (total <= GLASS_TASK_MEMORY_MAX)
        glass_task_memory_free(memory);
    else
        free(memory);
}

static size_t block_total(size_t size)
{
    return offsetof(struct kmp_task_block, task) + size;
}

struct kmp_task_block *kmp_task_block_new(int32_t flags, size_t size, size_t shareds_offset, bool shareds,
                                          kmp_task_routine routine)
{
    struct kmp_task_block *block = block_alloc(block_total(size));
    block->core = NULL;
    block->if0_parent = NULL;
    block->size = size;
    block->flags = flags;
    block->target = false;
    block->undeferred = false;
    block->running = false;
    block->again = false;
    block->body_done = false;
    memset(&block->task, 0, sizeof block->task);
    block->task.shareds = shareds ? (char *)&block->task + shareds_offset : NULL;
    block->task.routine = routine;
    return block;
}

static void destroy_privates(int32_t gtid, struct kmp_task_block *block)
{
    if ((block->flags & KMP_TASK_DESTRUCTORS_THUNK) && block->task.data1.destructors)
        block->task.data1.destructors(gtid, &block->task);
}

void kmp_task_block_discard(int32_t gtid, struct kmp_task_block *block)
{
    destroy_privates(gtid, block);
    block_free(block, block_total(block->size));
}

/* The body of every core task made here; compiled twice (run_task,
 * run_task_framed). */
static inline __attribute__((always_inline)) void run_block(void *arg, bool framed)
{
    struct kmp_task_block *block = *(struct kmp_task_block **)arg;
    struct glass_thread *self = glass_self();
    int32_t gtid = glass_thread_gtid(self);
    /* A NULL routine makes an empty task (libomp runs none for it): it only
     * completes, releasing its dependences. */
    if (!block->body_done && block->task.routine) {
        block->running = true;
        /* The task's exit frame is the frame its code returns to: this
         * function's, not that of the core function that called it (the
         * core set that one, and clears the exit frame afterwards). */
        if (framed)
            glass_ompt_set_exit_frame(self->task, __builtin_frame_address(0), GLASS_FRAME_FLAGS_RUNTIME);
        do {
            block->again = false;
            block->task.routine(gtid, &block->task);
        } while (block->again);
        block->running = false;
    }
    kmp_task_block_discard(gtid, block);
}

static void run_task(void *arg)
{
    run_block(arg, false);
}

/* For tasks made while a tool or a debugger keeps frames: the frame address
 * makes the compiler keep a frame pointer here, so that the task's code finds
 * this frame as its caller's (__builtin_frame_address(1)), which is what
 * tools compare exit frames with. */
static void run_task_framed(void *arg)
{
    run_block(arg, true);
}

static int clamp_priority(int32_t priority)
{
    if (priority < 0)
        return 0;
    return priority > glass_globals.max_task_priority ? glass_globals.max_task_priority : priority;
}

static struct glass_task *make_core_task(struct glass_thread *self, struct kmp_task_block *block, size_t ndepend,
                                         const void *codeptr)
{
    int32_t flags = block->flags;
    struct glass_task_options opts = {
        .fn = GLASS_FRAMES_WANTED() ? run_task_framed : run_task,
        .entry = (const void *)block->task.routine,
        .arg_size = sizeof block,
        .arg_align = _Alignof(struct kmp_task_block *),
        .ndepend = ndepend,
        .priority = (flags & KMP_TASK_PRIORITY_SPECIFIED) ? block->task.data2.priority : 0,
        .undeferred = block->undeferred,
        .untied = !(flags & KMP_TASK_TIED),
        .final = flags & KMP_TASK_FINAL,
        .detach = flags & KMP_TASK_DETACHABLE,
        .target = block->target,
        .copy_args = true,
        .codeptr = codeptr,
    };
    struct glass_task *core = glass_task_new(self, &opts, NULL);
    if (core)
        *(struct kmp_task_block **)glass_task_args(core) = block;
    return core;
}

void kmp_task_submit(struct glass_thread *self, struct kmp_task_block *block, const struct glass_depend *deps,
                     size_t ndeps, const void *codeptr)
{
    struct glass_task *core = block->core;
    if (!core) {
        core = make_core_task(self, block, ndeps, codeptr);
        if (!core) {
            /* Its taskgroup or region is cancelled: the task is discarded. */
            kmp_task_block_discard(glass_thread_gtid(self), block);
            return;
        }
        block->core = core;
    } else {
        /* Made early for its event: the priority may have been set since. */
        if (ndeps > EVENT_DEPEND_CAPACITY)
            glass_fatal("a detachable task with %zu dependences: at most %d are supported", ndeps,
                        EVENT_DEPEND_CAPACITY);
        if (block->flags & KMP_TASK_PRIORITY_SPECIFIED)
            core->priority = clamp_priority(block->task.data2.priority);
    }
    glass_task_submit(self, core, deps, ndeps);
}

GLASS_EXPORT struct kmp_task *__kmpc_omp_task_alloc(struct kmp_ident *loc, int32_t gtid, int32_t flags,
                                                    size_t sizeof_kmp_task_t, size_t sizeof_shareds,
                                                    kmp_task_routine task_entry)
{
    (void)loc, (void)gtid;
    if (sizeof_kmp_task_t < sizeof(struct kmp_task))
        sizeof_kmp_task_t = sizeof(struct kmp_task);
    size_t shareds_offset = (sizeof_kmp_task_t + 15) & ~(size_t)15;
    struct kmp_task_block *block =
        kmp_task_block_new(flags, shareds_offset + sizeof_shareds, shareds_offset, sizeof_shareds != 0, task_entry);
    return &block->task;
}

/* A target task (a target construct with nowait or depend). The host is the
 * device: it is a task like the others. */
GLASS_EXPORT struct kmp_task *__kmpc_omp_target_task_alloc(struct kmp_ident *loc, int32_t gtid, int32_t flags,
                                                           size_t sizeof_kmp_task_t, size_t sizeof_shareds,
                                                           kmp_task_routine task_entry, int64_t device_id)
{
    (void)device_id;
    struct kmp_task *task = __kmpc_omp_task_alloc(loc, gtid, flags, sizeof_kmp_task_t, sizeof_shareds, task_entry);
    kmp_block_of(task)->target = true;
    return task;
}

/* 0: libomp's TASK_CURRENT_NOT_QUEUED, the answer Clang ignores. */
GLASS_EXPORT int32_t __kmpc_omp_task(struct kmp_ident *loc, int32_t gtid, struct kmp_task *task)
{
    (void)loc;
    GLASS_OMPT_ENTRY();
    struct kmp_task_block *block = kmp_block_of(task);
    if (block->running) {
        block->again = true; /* an untied task's next part */
        return 0;
    }
    kmp_task_submit(kmp_thread(gtid), block, NULL, 0, __builtin_return_address(0));
    return 0;
}

/* libomp's older entry for the parts of an untied task. */
GLASS_EXPORT int32_t __kmpc_omp_task_parts(struct kmp_ident *loc, int32_t gtid, struct kmp_task *task)
{
    return __kmpc_omp_task(loc, gtid, task);
}

static void empty_body(void *arg)
{
    (void)arg;
}

GLASS_EXPORT void __kmpc_omp_task_begin_if0(struct kmp_ident *loc, int32_t gtid, struct kmp_task *task)
{
    (void)loc;
    GLASS_OMPT_ENTRY();
    struct glass_thread *self = kmp_thread(gtid);
    struct kmp_task_block *block = kmp_block_of(task);
    struct glass_task *core = block->core;
    if (!core) {
        struct glass_task_options opts = {
            .codeptr = __builtin_return_address(0),
            .fn = empty_body,
            .entry = (const void *)block->task.routine,
            .undeferred = true,
            .untied = !(block->flags & KMP_TASK_TIED),
            .final = block->flags & KMP_TASK_FINAL,
            .target = block->target,
        };
        core = glass_task_new(self, &opts, NULL);
        block->core = core;
    }
    block->if0_parent = self->task;
    /* The body runs now, inline: an untied one that submits itself at its
     * first scheduling point (Clang's split) asks for its next part, which
     * __kmpc_omp_task_complete_if0 runs. */
    block->running = true;
    if (core) core->scheduler = self->task; /* for OMPD: the task suspended for this one */
    /* A cancelled region makes no task: the body then runs as part of the
     * encountering task. */
    if (core)
        self->task = core;
    if (core) GLASS_OMPD_BP(task_begin); /* 5.6: the if(0) task's body starts in the program */
}

GLASS_EXPORT void __kmpc_omp_task_complete_if0(struct kmp_ident *loc, int32_t gtid, struct kmp_task *task)
{
    (void)loc;
    struct glass_thread *self = kmp_thread(gtid);
    struct kmp_task_block *block = kmp_block_of(task);
    struct glass_task *core = block->core;
    /* The later parts of an untied body, still as this undeferred task: the
     * encountering task may go on only once it is complete. */
    while (block->again) {
        block->again = false;
        block->task.routine(gtid, &block->task);
    }
    block->running = false;
    if (core) GLASS_OMPD_BP(task_end);
    self->task = block->if0_parent;
    if (!core) {
        kmp_task_block_discard(gtid, block);
        return;
    }
    if (core->fn == run_task || core->fn == run_task_framed) {
        /* Made early for a detach event: the core task completes once the
         * event is fulfilled too; its body is done, run_task frees the block. */
        block->body_done = true;
        glass_task_submit(self, core, NULL, 0);
        return;
    }
    glass_task_submit(self, core, NULL, 0);
    kmp_task_block_discard(gtid, block);
}

/* detach(event): the event handle, the core's (glass_task_event), so that
 * omp_fulfill_event works from code of either compiler. */
GLASS_EXPORT void *__kmpc_task_allow_completion_event(struct kmp_ident *loc, int32_t gtid, struct kmp_task *task)
{
    (void)loc;
    GLASS_OMPT_ENTRY();
    struct kmp_task_block *block = kmp_block_of(task);
    if (!block->core)
        block->core = make_core_task(kmp_thread(gtid), block, EVENT_DEPEND_CAPACITY, __builtin_return_address(0));
    return block->core ? (void *)glass_task_event(block->core) : NULL;
}

/* affinity(...) is a hint (OpenMP 5.1, 2.12.1). */
GLASS_EXPORT int32_t __kmpc_omp_reg_task_with_affinity(struct kmp_ident *loc, int32_t gtid, struct kmp_task *task,
                                                       int32_t naffins, void *affin_list)
{
    (void)loc, (void)gtid, (void)task, (void)naffins, (void)affin_list;
    return 0;
}

GLASS_EXPORT int32_t __kmpc_omp_taskwait(struct kmp_ident *loc, int32_t gtid)
{
    (void)loc;
    GLASS_OMPT_ENTRY();
    glass_task_wait_children_at(kmp_thread(gtid), __builtin_return_address(0));
    return 0;
}

GLASS_EXPORT int32_t __kmpc_omp_taskyield(struct kmp_ident *loc, int32_t gtid, int end_part)
{
    (void)loc, (void)end_part;
    glass_task_yield(kmp_thread(gtid));
    return 0;
}
