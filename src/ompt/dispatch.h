/* What every dispatcher needs (callbacks.c, target_callbacks.c): the
 * registered callbacks, how an event is dispatched (one tool directly or
 * each tool in turn), the announcement finalization waits for, and the
 * translation of call sites in the runtime itself. */
#ifndef GLASS_OMPT_DISPATCH_H
#define GLASS_OMPT_DISPATCH_H

#include <omp-tools.h>
#include <stdint.h>

#include "../core/thread_id.h"
#include "dispatch_fence.h"
#include "hooks.h"
#include "ompt_internal.h"
#include "tool_slots.h"

/* The values of glass_ompt_enabled[event] (hooks.h). */
enum {
    DISPATCH_NONE = 0,
    DISPATCH_DIRECT = 1,  /* tool 0 is the only active tool: call it */
    DISPATCH_FAN_OUT = 2, /* call every active tool that registered the event */
};

/* What each tool registered, by tool index (tool_list.c), active or not. */
extern GLASS_INTERNAL _Atomic(ompt_callback_t) glass_ompt_registered[GLASS_OMPT_MAX_TOOLS][GLASS_OMPT_EVENT_LIMIT];

static inline ompt_callback_t callback_of(int tool, int event)
{
    return atomic_load_explicit(&glass_ompt_registered[tool][event], memory_order_acquire);
}

/* The runtime's own code (callbacks.c, find_runtime_code). */
extern GLASS_INTERNAL uintptr_t glass_ompt_runtime_code_start, glass_ompt_runtime_code_end;

/* A codeptr_ra inside the runtime is no user call site: NULL (callbacks.c). */
static inline const void *user_site(const void *codeptr)
{
    uintptr_t address = (uintptr_t)codeptr;
    return address >= glass_ompt_runtime_code_start && address < glass_ompt_runtime_code_end ? NULL : codeptr;
}

/* A dispatch announces itself before it looks at the flags (and finalization
 * clears the flags before it looks at the announcements), each side with a
 * fence (dispatch_fence.h): either the dispatcher sees the cleared flag, or finalization
 * sees the dispatcher and waits for it (finalize.c). A thread without a
 * descriptor (NULL) cannot be found, and announces nothing. */
static inline void dispatch_enter(struct glass_thread *self)
{
    glass_thread_gtid(self); /* registered, so finalization can find it */
    atomic_store_explicit(&self->ompt_dispatching, true, memory_order_relaxed);
    glass_ompt_dispatch_fence(); /* dispatch_fence.h: a full fence, or none where finalization makes one for all */
}

static inline void dispatch_leave(struct glass_thread *self)
{
    atomic_store_explicit(&self->ompt_dispatching, false, memory_order_release);
}

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
 * the second half of a pair): it is read again here. The body is written out
 * for the thread with and without a descriptor, so that neither path tests
 * for the descriptor again after the call. */
/* The one-tool call: `tool` the constant 0, for the slot helpers. */
#define CALL_FIRST_TOOL(event, type, ...)                                                              \
    do {                                                                                               \
        enum { tool = 0 };                                                                             \
        type callback = (type)callback_of(tool, ompt_callback_##event);                                \
        if (callback)                                                                                  \
            callback(__VA_ARGS__);                                                                     \
    } while (0)
#define DISPATCH_BODY(event, type, names, ...)                                                         \
    do {                                                                                               \
        unsigned char mode =                                                                           \
            atomic_load_explicit(&glass_ompt_enabled[ompt_callback_##event], memory_order_relaxed);    \
        if (__builtin_expect(mode == DISPATCH_DIRECT, 1))                                              \
            CALL_FIRST_TOOL(event, type, __VA_ARGS__);                                                 \
        else if (mode == DISPATCH_FAN_OUT)                                                             \
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
    void glass_ompt_emit_##event params                                                                \
    {                                                                                                  \
        struct glass_thread *self = glass_self_ptr;                                                    \
        if (__builtin_expect(self != NULL, 1)) {                                                       \
            dispatch_enter(self);                                                                      \
            DISPATCH_BODY(event, type, names, __VA_ARGS__);                                            \
            dispatch_leave(self);                                                                      \
        } else {                                                                                       \
            DISPATCH_BODY(event, type, names, __VA_ARGS__);                                            \
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
        unsigned char mode_ =                                                                      \
            atomic_load_explicit(&glass_ompt_enabled[ompt_callback_##event], memory_order_relaxed); \
        if (__builtin_expect(mode_ == DISPATCH_DIRECT, 1))                                         \
            CALL_FIRST_TOOL(event, type, __VA_ARGS__);                                             \
        dispatch_leave(self);                                                                      \
        if (__builtin_expect(mode_ == DISPATCH_FAN_OUT, 0))                                        \
            glass_ompt_emit_##event names;                                                         \
    } while (0)

/* The calling tool's ompt_data_t of a thread, parallel region or task. */
#define THREAD(data) ((ompt_data_t *)glass_thread_slot((data), tool))
#define TEAM(data) ((ompt_data_t *)glass_team_slot((data), tool))
#define TASK(data) ((ompt_data_t *)glass_task_slot((data), tool))

#endif
