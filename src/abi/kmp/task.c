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
 *   other parts then run in __kmpc_omp_task_complete_if0). The core task
 *   is made undeferred at the beginning and begun there
 *   (glass_task_begin_inline: it becomes the thread's current task, so its
 *   children, taskwaits and ICV changes are its own, and a tool sees the
 *   switch to it before the events of its body); the end completes it
 *   (glass_task_end_inline). While the body runs, its exit frame and the
 *   encountering task's enter frame are both the caller's frame, as libomp
 *   reports them (if0_frame).
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
    block->size = size;
    block->flags = flags;
    block->target = false;
    block->running = false;
    block->again = false;
    block->if0_enter_frame = false;
    block->async_handle = NULL;
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
    if (block->task.routine) {
        block->running = true;
        /* The task's exit frame is the frame its code returns to: this
         * function's, not that of the core function that called it (the
         * core set that one, and clears the exit frame afterwards). */
        if (framed)
            glass_ompt_set_exit_address(self->task, __builtin_frame_address(0));
        do {
            block->again = false;
            /* The routine is called from here, so that the exit frame
             * above is the frame it returns to (tests/ompt/task-frames.c);
             * what libomptarget may ask while it runs is set around it. */
            struct kmp_task_block *outer = kmp_running_target;
            kmp_running_target = block->target ? block : NULL;
            block->task.routine(gtid, &block->task);
            kmp_running_target = outer;
            if (block->target && block->async_handle)
                kmp_target_task_finish(block);
        } while (block->again);
        block->running = false;
    }
    kmp_task_block_discard(gtid, block);
}

/* A task discarded before it started (cancellation): its private objects
 * are destroyed and its block freed all the same, as libomp does. */
static void discard_task(void *arg)
{
    struct kmp_task_block *block = *(struct kmp_task_block **)arg;
    kmp_task_block_discard(glass_thread_gtid(glass_self()), block);
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

void kmp_task_options(const struct kmp_task_block *block, struct glass_task_options *opts)
{
    int32_t flags = block->flags;
    *opts = (struct glass_task_options){
        .fn = GLASS_FRAMES_WANTED() ? run_task_framed : run_task,
        .discard = discard_task,
        .entry = (const void *)block->task.routine,
        .arg_size = sizeof block,
        .arg_align = _Alignof(struct kmp_task_block *),
        .priority = (flags & KMP_TASK_PRIORITY_SPECIFIED) ? block->task.data2.priority : 0,
        .untied = !(flags & KMP_TASK_TIED),
        .final = flags & KMP_TASK_FINAL,
        .detach = flags & KMP_TASK_DETACHABLE,
        .target = block->target,
        .copy_args = true,
    };
}

void kmp_task_attach(struct kmp_task_block *block, struct glass_task *core)
{
    *(struct kmp_task_block **)glass_task_args(core) = block;
    block->core = core;
}

/* `early`: made for its detach event before the construct is complete; it
 * is announced to tools at submission (kmp_task_submit) or begin_if0. */
static struct glass_task *make_core_task(struct glass_thread *self, struct kmp_task_block *block, size_t ndepend,
                                         bool early, const void *codeptr)
{
    struct glass_task_options opts;
    kmp_task_options(block, &opts);
    opts.ndepend = ndepend;
    opts.announce_later = early;
    opts.codeptr = codeptr;
    struct glass_task *core = glass_task_new(self, &opts, NULL);
    if (core)
        kmp_task_attach(block, core);
    return core;
}

void kmp_task_submit(struct glass_thread *self, struct kmp_task_block *block, const struct glass_depend *deps,
                     size_t ndeps, const void *codeptr)
{
    struct glass_task *core = block->core;
    if (!core) {
        core = make_core_task(self, block, ndeps, false, codeptr);
        if (!core) {
            /* Its taskgroup or region is cancelled: the task is discarded. */
            kmp_task_block_discard(glass_thread_gtid(self), block);
            return;
        }
    } else {
        /* Made early for its event: the priority may have been set since. */
        if (ndeps > EVENT_DEPEND_CAPACITY)
            glass_fatal("a detachable task with %zu dependences: at most %d are supported", ndeps,
                        EVENT_DEPEND_CAPACITY);
        if (block->flags & KMP_TASK_PRIORITY_SPECIFIED)
            core->priority = clamp_priority(block->task.data2.priority);
        glass_task_announce(self, core, ndeps != 0, false, codeptr);
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

/* How far above the entry's CFA the caller's frame may be when the
 * encountering task has no exit frame to bound it (the initial task: the
 * main thread's stack, 8 MiB by default). */
#define IF0_FRAME_REACH ((size_t)8 << 20)

/* The frame an if(0) task's body runs in: its caller's, since the compiler
 * calls the body (or has inlined it) right after __kmpc_omp_task_begin_if0.
 * libomp reports the caller's frame pointer, which is what tools compare
 * with the body's frame addresses. Code built without frame pointers may
 * hold anything in that register: a value that cannot be the caller's frame
 * (not above this entry's CFA, not below the encountering task's exit
 * frame, misaligned) gives way to the CFA, which lies in the caller's frame
 * too and keeps the frames nested. */
static void *if0_frame(const struct glass_task *encountering, char *cfa, char *caller_fp)
{
    const char *outer = __atomic_load_n(&encountering->frame.exit_frame.ptr, __ATOMIC_RELAXED);
    bool plausible = caller_fp > cfa && !((uintptr_t)caller_fp & 15) &&
                     (outer ? caller_fp <= outer : (size_t)(caller_fp - cfa) <= IF0_FRAME_REACH);
    return plausible ? caller_fp : cfa;
}

/* `frame`: where the body runs, when frames are kept (NULL otherwise). */
static inline __attribute__((always_inline)) void begin_if0(struct glass_thread *self,
                                                            struct kmp_task_block *block, const void *codeptr,
                                                            void *frame)
{
    struct glass_task *core = block->core;
    if (!core) {
        struct glass_task_options opts = {
            .codeptr = codeptr,
            .fn = empty_body, /* never called: the compiler runs the body */
            .entry = (const void *)block->task.routine,
            .undeferred = true,
            .untied = !(block->flags & KMP_TASK_TIED),
            .final = block->flags & KMP_TASK_FINAL,
            .target = block->target,
        };
        core = glass_task_new(self, &opts, NULL);
        block->core = core;
    } else {
        /* Made early for its detach event: it exists for tools from now. */
        glass_task_announce(self, core, false, true, codeptr);
    }
    /* The body runs now, inline: an untied one that submits itself at its
     * first scheduling point (Clang's split) asks for its next part, which
     * __kmpc_omp_task_complete_if0 runs. */
    block->running = true;
    /* A cancelled region makes no task: the body then runs as part of the
     * encountering task. */
    if (!core)
        return;
    if (frame)
        glass_ompt_set_exit_frame(core, frame, GLASS_FRAME_FLAGS_APPLICATION);
    glass_task_begin_inline(self, core, &block->if0_run);
}

static __attribute__((noinline)) void begin_if0_watched(struct glass_thread *self, struct kmp_task_block *block,
                                                        const void *codeptr, char *cfa, char *caller_fp)
{
    struct glass_task *encountering = self->task;
    void *frame = NULL;
    /* As libomp: the encountering task's enter frame is the caller's frame
     * from task_create on, unless an outer entry set one already. */
    if (GLASS_FRAMES_WANTED()) {
        frame = if0_frame(encountering, cfa, caller_fp);
        if (!encountering->frame.enter_frame.ptr) {
            __atomic_store_n(&encountering->frame.enter_frame_flags, GLASS_FRAME_FLAGS_APPLICATION,
                             __ATOMIC_RELAXED);
            atomic_signal_fence(memory_order_release);
            __atomic_store_n(&encountering->frame.enter_frame.ptr, frame, __ATOMIC_RELAXED);
            block->if0_enter_frame = true;
        }
    }
    begin_if0(self, block, codeptr, frame);
    if (!block->core && block->if0_enter_frame) {
        /* No task: the body is the encountering task's own code. */
        glass_ompt_clear_enter_frame(encountering);
        block->if0_enter_frame = false;
    }
}

GLASS_EXPORT void __kmpc_omp_task_begin_if0(struct kmp_ident *loc, int32_t gtid, struct kmp_task *task)
{
    (void)loc;
    struct glass_thread *self = kmp_thread(gtid);
    struct kmp_task_block *block = kmp_block_of(task);
    if (GLASS_OMPT_ENTRY_WATCH())
        /* The saved frame pointer: the caller's, if it keeps one. */
        begin_if0_watched(self, block, __builtin_return_address(0), __builtin_dwarf_cfa(),
                          *(char **)__builtin_frame_address(0));
    else
        begin_if0(self, block, NULL, NULL);
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
    if (core) {
        /* A detached task completes once its event is fulfilled too; its
         * body is done, so the block can go now either way. */
        glass_task_end_inline(self, core, &block->if0_run);
        if (block->if0_enter_frame)
            glass_ompt_clear_enter_frame(self->task);
    }
    kmp_task_block_discard(gtid, block);
}

/* detach(event): the event handle, the core's (glass_task_event), so that
 * omp_fulfill_event works from code of either compiler. */
GLASS_EXPORT void *__kmpc_task_allow_completion_event(struct kmp_ident *loc, int32_t gtid, struct kmp_task *task)
{
    (void)loc;
    struct kmp_task_block *block = kmp_block_of(task);
    if (!block->core)
        block->core = make_core_task(kmp_thread(gtid), block, EVENT_DEPEND_CAPACITY, true, NULL);
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
