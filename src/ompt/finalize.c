/* Ending the tool: its finalizer runs exactly once, after every other
 * callback, at process exit or when the tool calls ompt_finalize_tool
 * (OpenMP 5.1, 4.6.1.19). Before it, the threads that can still report get
 * their thread_end: idle workers are ended (each reports from its own thread)
 * and the calling thread ends its initial task and itself. Workers still busy
 * in a parallel region (exit() called inside one) are never waited for, so
 * shutting down cannot deadlock; once the flags are cleared they report
 * nothing more. */
#include "../core/team.h"
#include "events.h"
#include "ompt_internal.h"

static _Atomic bool finalized;

void glass_ompt_finalize(void)
{
    ompt_start_tool_result_t *tool = glass_ompt_tool();
    if (!tool || atomic_exchange_explicit(&finalized, true, memory_order_acq_rel))
        return;
    struct glass_thread *self = glass_self_ptr;
    glass_pool_retire_idle(self);
    if (self)
        glass_ompt_thread_ends(self);
    glass_ompt_disable_all(false);
    glass_ompt_forget_tool();
    if (tool->finalize)
        tool->finalize(&tool->tool_data);
}

/* Process exit: runs when the runtime is unloaded, which exit() does after
 * the program's atexit handlers. */
__attribute__((destructor)) static void finalize_at_exit(void)
{
    glass_ompt_finalize();
}
