/* Target tasks of clang programs that offload through LLVM's libomptarget
 * (18 and later). A `target nowait` becomes a target task whose body calls
 * libomptarget's __tgt_target_kernel_nowait (or a data-construct
 * equivalent). From inside that body libomptarget asks the host runtime
 * whether the task can be resumed later (__kmpc_omp_has_task_team) and, if
 * so, for a slot in the task for its async handle
 * (__kmpc_omp_get_target_async_handle_ptr); it then returns with the
 * operations still running and the handle set. The task is complete only
 * when __tgt_target_nowait_query has cleared the handle, which also
 * finishes the construct (copies back, unmapping). Glass asks it from the
 * thread running the task, letting other tasks run in between.
 *
 * The answers are per thread, for the body running on it now: a task body
 * that starts on the thread (nested at a scheduling point) hides the target
 * task around it, so a plain task never gets a target task's slot. Without
 * a libomptarget that can be asked (LLVM 14's has no such query), the
 * answer is no, and libomptarget completes the operations before the body
 * returns. */
#include "../../core/globals.h"
#include "../../core/tasks/tasking.h"
#include "../../device/llvm/llvm_offload.h"
#include "task.h"

__thread struct kmp_task_block *kmp_running_target __attribute__((tls_model("initial-exec")));

GLASS_EXPORT bool __kmpc_omp_has_task_team(int32_t gtid)
{
    (void)gtid;
    return kmp_running_target && glass_llvm_offload_can_query();
}

GLASS_EXPORT void **__kmpc_omp_get_target_async_handle_ptr(int32_t gtid)
{
    (void)gtid;
    return kmp_running_target ? &kmp_running_target->async_handle : NULL;
}

void kmp_target_task_finish(struct kmp_task_block *block)
{
    while (block->async_handle) {
        glass_task_yield(glass_self());
        glass_llvm_offload_query(&block->async_handle);
    }
}
