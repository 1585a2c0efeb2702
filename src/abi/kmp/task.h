/* Clang ABI tasks: the task block the compiler fills, shared by the task
 * entry points of this directory (task.c, task_depend.c, taskloop.c).
 *
 * __kmpc_omp_task_alloc hands the compiler a kmp_task_t (libomp's layout:
 * shareds pointer, entry routine, part id, two words of compiler data) with
 * room behind it for the task's private variables and its block of shared
 * variable addresses; the compiler fills them, then submits the task. The
 * core task (tasking.h) is made at submission, when the dependences are
 * known, and carries a pointer to the block; the block goes when the body
 * has run. */
#ifndef GLASS_ABI_KMP_TASK_H
#define GLASS_ABI_KMP_TASK_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "../../core/tasks/tasking.h"
#include "kmp.h"

struct kmp_task;
typedef int32_t (*kmp_task_routine)(int32_t gtid, struct kmp_task *task);

/* libomp's kmp_task_t; the private variables follow it. */
struct kmp_task {
    void *shareds;
    kmp_task_routine routine;
    int32_t part_id; /* where an untied task resumes (the compiler's) */
    union {
        int32_t priority;
        kmp_task_routine destructors;
    } data1, data2; /* destructors in data1, priority in data2 */
};

/* libomp's kmp_tasking_flags_t, compiler part. */
enum {
    KMP_TASK_TIED = 1 << 0,
    KMP_TASK_FINAL = 1 << 1,
    KMP_TASK_MERGED_IF0 = 1 << 2,
    KMP_TASK_DESTRUCTORS_THUNK = 1 << 3,
    KMP_TASK_PROXY = 1 << 4,
    KMP_TASK_PRIORITY_SPECIFIED = 1 << 5,
    KMP_TASK_DETACHABLE = 1 << 6,
    KMP_TASK_HIDDEN_HELPER = 1 << 7,
};

struct kmp_task_block {
    struct glass_task *core;      /* once made (submission, or an event asked for) */
    struct glass_task_inline if0_run; /* between __kmpc_omp_task_begin_if0 and _complete_if0 */
    size_t size;                  /* bytes from `task` to the end of the shared block */
    int32_t flags;                /* KMP_TASK_* */
    bool target;                  /* made by __kmpc_omp_target_task_alloc */
    bool running;                 /* its body is executing */
    bool again;                   /* an untied body asked to be continued */
    bool if0_enter_frame;         /* begin_if0 set the encountering task's enter frame */
    void *async_handle;           /* a target task's operations left running by libomptarget (target_task.c) */
    _Alignas(64) struct kmp_task task;
};

static inline struct kmp_task_block *kmp_block_of(struct kmp_task *task)
{
    return (struct kmp_task_block *)((char *)task - offsetof(struct kmp_task_block, task));
}

/* A block of `size` bytes after its header (the task, its privates and its
 * shared block at `shareds_offset`, or no shared block when NULL). */
struct kmp_task_block *kmp_task_block_new(int32_t flags, size_t size, size_t shareds_offset, bool shareds,
                                          kmp_task_routine routine);

/* Hands the task to the core with its dependences; afterwards the block
 * may be gone. `codeptr`: the task construct's call site, for tools. */
void kmp_task_submit(struct glass_thread *self, struct kmp_task_block *block, const struct glass_depend *deps,
                     size_t ndeps, const void *codeptr);

/* For an ABI entry whose core tasks the core itself makes (taskloop.c): the
 * options of the core task that runs `block` (every field but undeferred,
 * ndepend, announce_later and codeptr, which stay 0), and, once the core has
 * made that task, its link to the block. */
void kmp_task_options(const struct kmp_task_block *block, struct glass_task_options *opts);
void kmp_task_attach(struct kmp_task_block *block, struct glass_task *core);

/* The target task (made by __kmpc_omp_target_task_alloc) whose body runs
 * on this thread now, or NULL while any other task's body does: what
 * libomptarget's questions from inside a body are about (target_task.c). */
extern __thread struct kmp_task_block *kmp_running_target __attribute__((tls_model("initial-exec")));
/* After a target task's body returned with libomptarget's operations still
 * running (async_handle set): asks libomptarget until they are done,
 * letting other tasks run in between (target_task.c). */
void kmp_target_task_finish(struct kmp_task_block *block);

/* A task that will never run (its taskloop pattern, or a task the core did
 * not create): its private objects are destroyed, its block freed. */
void kmp_task_block_discard(int32_t gtid, struct kmp_task_block *block);

#endif
