/* Ending the tools: each one's finalizer runs exactly once, after every other
 * callback to it, at process exit or when it calls ompt_finalize_tool
 * (OpenMP 5.1, 4.6.1.19). Before it, the threads that can still report get
 * their thread_end: idle workers are ended (each reports from its own thread)
 * and the calling thread ends its initial task and itself. Workers still busy
 * in a parallel region (exit() called inside one) are never waited for, so
 * shutting down cannot deadlock; once the flags are cleared they report
 * nothing more. */
#include <pthread.h>
#include <sched.h>

#include "../core/runtime.h"
#include "../core/threads/team.h"
#include "../core/threads/thread_id.h"
#include "dispatch_fence.h"
#include "events.h"
#include "ompt_internal.h"
#include "../device/device.h"

static _Atomic bool finalized;

/* Threads still running (exit() called inside a region) may be inside a
 * callback they started before the flags were cleared: let them leave it.
 * Bounded, so a callback that never returns cannot hang the exit. */
static void wait_for_dispatches(struct glass_thread *self)
{
    glass_ompt_dispatch_fence_all();
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

static void run_finalizer(int tool)
{
    ompt_start_tool_result_t *result = glass_ompt_tool_result(tool);
    if (result->finalize)
        result->finalize(&result->tool_data);
}

/* The finalizers run in list order, the order of the initializers and of
 * every callback: the first tool, which the specification alone would have
 * started, ends as it would without the others. */
static void finalize_tools(bool program_ends)
{
    if (!glass_ompt_active_tools() || atomic_exchange_explicit(&finalized, true, memory_order_acq_rel))
        return;
    struct glass_thread *self = glass_self_ptr;
    glass_ompt_disconnect_offload(-1);
    /* Devices end before the tools that watch them (their device_finalize,
     * and the last trace buffers, come before the tools' finalizers). When
     * the program goes on (ompt_finalize_tool), only the tools' view of them
     * ends: the program's next target construct still needs them. */
    if (program_ends)
        glass_device_finalize_all();
    else
        glass_device_tools_end(-1);
    glass_pool_retire_idle(self, program_ends);
    if (self)
        glass_ompt_thread_ends(self);
    glass_ompt_disable_all(false);
    wait_for_dispatches(self);
    /* Whoever turns a tool's active flag off runs its finalizer: once. */
    for (int tool = 0; tool < glass_ompt_tool_count(); tool++)
        if (glass_ompt_tool_end(tool))
            run_finalizer(tool);
}

void glass_ompt_finalize(void)
{
    finalize_tools(true);
}

/* With other tools still active, the runtime goes on for them: only this
 * tool's callbacks are removed, dispatches that may be calling one of them
 * are waited for, the device traces it started stop (flushed, every buffer
 * completed), and its finalizer runs at once. It sees no thread_end for
 * the threads still running (they end later, for the others). */
void glass_ompt_finalize_tool(int tool)
{
    static pthread_mutex_t end_lock = PTHREAD_MUTEX_INITIALIZER;
    pthread_mutex_lock(&end_lock); /* two tools ending at once: one of them is the last */
    bool last = glass_ompt_active_tools() <= 1;
    bool alone = !last && !atomic_load(&finalized) && glass_ompt_tool_end(tool);
    if (alone)
        glass_ompt_forget_callbacks(tool);
    pthread_mutex_unlock(&end_lock);
    if (last) {
        if (glass_ompt_tool_is_active(tool))
            finalize_tools(false);
        return;
    }
    if (!alone)
        return;
    glass_ompt_disconnect_offload(tool);
    wait_for_dispatches(glass_self_ptr);
    /* Its device traces hand back their last buffers before it ends. */
    glass_device_tools_end(tool);
    run_finalizer(tool);
}

/* Process exit: runs when the runtime is unloaded, which exit() does after
 * the program's atexit handlers. */
__attribute__((destructor)) static void finalize_at_exit(void)
{
    glass_mark_unloading();
    glass_ompt_finalize();
}
