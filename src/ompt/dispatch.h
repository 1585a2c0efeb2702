/* What every dispatcher needs (callbacks.c, target_callbacks.c): how an
 * event is dispatched (one tool directly or each tool in turn), on top of
 * dispatch_core.h (the registered callbacks, the announcement finalization
 * waits for, the translation of call sites in the runtime itself). */
#ifndef GLASS_OMPT_DISPATCH_H
#define GLASS_OMPT_DISPATCH_H

#include <omp-tools.h>
#include <stdint.h>

#include "dispatch_core.h"
#include "hooks.h"
#include "ompt_internal.h"
#include "tool_slots.h"

/* Defines glass_ompt_emit_<event>(params), which calls each tool that gets
 * the event as `callback(args...)`; `names` lists the parameters' names. In
 * the arguments, `tool` is the index of the tool being called, for the slot
 * helpers THREAD, TEAM and TASK.
 *
 * With one tool the direct branch is taken: `tool` is the constant 0, every
 * helper folds away, and the call is what it was before there could be
 * several tools. With several, the call goes to an out-of-line function (so
 * that its loop costs the one-tool path nothing, not even saved registers),
 * which runs `prepare` and then calls each tool that registered the event,
 * in list order. The flag an event point tested may have been cleared since
 * by a finalization on another thread (or the event point tested none, for
 * the second half of a pair): it is read again here. The usual thread, with
 * a descriptor and a number (glass_watched_self), takes the first path,
 * which calls nothing before the callback and so keeps no argument across a
 * call; the others take a cold copy written out for the thread with and
 * without a descriptor, so that neither tests for it again after the call. */
/* The one-tool call: `tool` the constant 0, for the slot helpers; the
 * callback is glass_ompt_direct's (dispatch_core.h), one load that says
 * both whether the event goes to tool 0 directly and what to call. */
#define CALL_DIRECT(callback, type, ...)                                                               \
    do {                                                                                               \
        enum { tool = 0 };                                                                             \
        ((type)(callback))(__VA_ARGS__);                                                               \
    } while (0)
#define DISPATCH_BODY(event, type, names, ...)                                                         \
    do {                                                                                               \
        glass_ompt_callback direct_ = direct_callback(ompt_callback_##event);                          \
        if (__builtin_expect(direct_ != NULL, 1))                                                      \
            CALL_DIRECT(direct_, type, __VA_ARGS__);                                                   \
        else if (atomic_load_explicit(&glass_ompt_enabled[ompt_callback_##event], memory_order_relaxed) == \
                 DISPATCH_FAN_OUT)                                                                     \
            fan_out_##event names;                                                                     \
    } while (0)
#define DISPATCHER_PREPARED(event, type, prepare, params, names, ...)                                   \
    static __attribute__((noinline, cold)) void fan_out_##event params                                 \
    {                                                                                                  \
        prepare;                                                                                       \
        for (int tool = 0, tools = glass_ompt_tool_count(); tool < tools; tool++) {                    \
            type callback = (type)callback_of(tool, ompt_callback_##event);                            \
            if (callback)                                                                              \
                callback(__VA_ARGS__);                                                                 \
        }                                                                                              \
    }                                                                                                  \
    static __attribute__((noinline, cold)) void emit_unregistered_##event params                       \
    {                                                                                                  \
        struct glass_thread *self = glass_self_ptr;                                                    \
        if (self != NULL) {                                                                            \
            dispatch_enter(self);                                                                      \
            DISPATCH_BODY(event, type, names, __VA_ARGS__);                                            \
            dispatch_leave(self);                                                                      \
        } else {                                                                                       \
            DISPATCH_BODY(event, type, names, __VA_ARGS__);                                            \
        }                                                                                              \
    }                                                                                                  \
    void glass_ompt_emit_##event params                                                                \
    {                                                                                                  \
        struct glass_thread *self = glass_watched_self();                                              \
        if (__builtin_expect(self != NULL, 1)) {                                                       \
            dispatch_enter_registered(self);                                                           \
            DISPATCH_BODY(event, type, names, __VA_ARGS__);                                            \
            dispatch_leave(self);                                                                      \
        } else {                                                                                       \
            emit_unregistered_##event names;                                                           \
        }                                                                                              \
    }
#define DISPATCHER(event, type, params, names, ...) \
    DISPATCHER_PREPARED(event, type, (void)0, params, names, __VA_ARGS__)

/* The dispatcher's one-tool path written out in an OMPT function that has
 * the calling thread's descriptor at hand (`self`, not NULL) and reports an
 * event on every task (lifecycle.c): no call, no second look at the thread
 * pointer. The announcement, the fence and the flag read after them are the
 * dispatcher's (dispatch_enter). With several tools it leaves the event to
 * glass_ompt_emit_<event>, which reads the flag again. */
#define DISPATCH_INLINE(self, event, type, names, ...)                                              \
    do {                                                                                           \
        dispatch_enter(self);                                                                      \
        glass_ompt_callback direct_ = direct_callback(ompt_callback_##event);                      \
        if (__builtin_expect(direct_ != NULL, 1))                                                  \
            CALL_DIRECT(direct_, type, __VA_ARGS__);                                               \
        bool fan_out_ = !direct_ && atomic_load_explicit(&glass_ompt_enabled[ompt_callback_##event], \
                                                         memory_order_relaxed) == DISPATCH_FAN_OUT; \
        dispatch_leave(self);                                                                      \
        if (__builtin_expect(fan_out_, 0))                                                         \
            glass_ompt_emit_##event names;                                                         \
    } while (0)

/* The calling tool's ompt_data_t of a thread, parallel region or task. */
#define THREAD(data) ((ompt_data_t *)glass_thread_slot((data), tool))
#define TEAM(data) ((ompt_data_t *)glass_team_slot((data), tool))
#define TASK(data) ((ompt_data_t *)glass_task_slot((data), tool))

#endif
