/* The reduction event (OpenMP 5.1, 4.5.2.13, ompt_callback_reduction)
 * dispatched inline by the Clang ABI's watched reduction entry points
 * (abi/kmp/reduce.c): the announcement (dispatch_enter_direct), one load
 * for tool 0's callback and the call, with the thread's descriptor the
 * entry point already has (registered: glass_watched_self). With several
 * tools, or where every dispatch needs its own fence, the event goes to its
 * dispatcher in callbacks.c after the window closes, which reads the flag
 * again. Tool 0's ompt_data_t of a region or task is its `tool_data`
 * (tool_slots.h). */
#ifndef GLASS_OMPT_REDUCTION_DISPATCH_H
#define GLASS_OMPT_REDUCTION_DISPATCH_H

#include "dispatch_core.h"

/* ompt_callback_sync_region_t as it is called: the enumerations as ints. */
typedef void (*glass_sync_region_callback)(int kind, int endpoint, glass_tool_data *parallel,
                                           glass_tool_data *task, const void *codeptr);

static inline void glass_ompt_reduction_inline(struct glass_thread *self, int endpoint, glass_tool_data *parallel,
                                               glass_tool_data *task, const void *codeptr)
{
    dispatch_enter_direct(self);
    glass_sync_region_callback callback = (glass_sync_region_callback)direct_callback(GLASS_OMPT_EV_reduction);
    if (__builtin_expect(callback != NULL, 1))
        callback(GLASS_SYNC_REDUCTION, endpoint, parallel, task, user_site(codeptr));
    bool fan_out = !callback && atomic_load_explicit(&glass_ompt_enabled[GLASS_OMPT_EV_reduction],
                                                     memory_order_relaxed) == DISPATCH_FAN_OUT;
    dispatch_leave(self);
    if (__builtin_expect(fan_out, 0))
        glass_ompt_emit_reduction(GLASS_SYNC_REDUCTION, endpoint, parallel, task, codeptr);
}

#endif
