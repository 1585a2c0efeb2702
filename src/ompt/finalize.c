/* Ending the tool: its finalizer runs exactly once, after every other
 * callback, at process exit or when the tool calls ompt_finalize_tool
 * (OpenMP 5.1, 4.6.1.19). Before it, the threads that can still report get
 * their thread_end: idle workers are ended (each reports from its own thread)
 * and the calling thread ends its initial task and itself. Workers still busy
 * in a parallel region (exit() called inside one) are never waited for, so
 * shutting down cannot deadlock; once the flags are cleared they report
 * nothing more. */
#include <sched.h>

#include "../core/team.h"
#include "../core/thread_id.h"
#include "events.h"
#include "ompt_internal.h"

static _Atomic bool finalized;

/* Threads still running (exit() called inside a region) may be inside a
 * callback they started before the flags were cleared: let them leave it.
 * Bounded, so a callback that never returns cannot hang the exit. */
static void wait_for_dispatches(struct glass_thread *self)
{
    atomic_thread_fence(memory_order_seq_cst);
    unsigned limit = glass_thread_gtid_limit();
    for (unsigned gtid = 0; gtid < limit; gtid++) {
        struct glass_thread *thread = glass_thread_by_gtid((int)gtid);
        if (!thread || thread == self)
            continue;
        for (int tries = 0; tries < 200000 &&
                            atomic_load_explicit(&thread->ompt_dispatching, memory_order_acquire);
             tries++)
            sched_yield();
    }
}

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
    wait_for_dispatches(self);
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
