/* The part of dispatching that needs none of <omp-tools.h>'s types, so that
 * the core's watched lock paths (core/sync/lock_watched.h) can dispatch their
 * events inline: the registered callbacks, the announcement finalization
 * waits for (finalize.c), and the translation of call sites in the runtime
 * itself. dispatch.h builds the dispatchers on it. */
#ifndef GLASS_OMPT_DISPATCH_CORE_H
#define GLASS_OMPT_DISPATCH_CORE_H

#include <stdatomic.h>
#include <stdbool.h>
#include <stdint.h>

#include "../core/threads/thread_id.h"
#include "dispatch_fence.h"
#include "hooks.h"

/* ompt_callback_t, spelled without the public header (the same type). */
typedef void (*glass_ompt_callback)(void);

/* The values of glass_ompt_enabled[event] (hooks.h). */
enum {
    DISPATCH_NONE = 0,
    DISPATCH_DIRECT = 1,  /* tool 0 is the only active tool: call it */
    DISPATCH_FAN_OUT = 2, /* call every active tool that registered the event */
};

/* What each tool registered, by tool index (tool_list.c), active or not. */
extern GLASS_INTERNAL _Atomic(glass_ompt_callback) glass_ompt_registered[GLASS_OMPT_MAX_TOOLS][GLASS_OMPT_EVENT_LIMIT];

static inline glass_ompt_callback callback_of(int tool, int event)
{
    return atomic_load_explicit(&glass_ompt_registered[tool][event], memory_order_acquire);
}

/* Per event: tool 0's callback while the event is dispatched to it directly
 * (glass_ompt_enabled[event] is DISPATCH_DIRECT), NULL otherwise, set and
 * cleared with the flag (callbacks.c): one load tells an inline dispatch
 * both whether to call and what. Read after the announcement, as the flag. */
extern GLASS_INTERNAL _Atomic(glass_ompt_callback) glass_ompt_direct[GLASS_OMPT_EVENT_LIMIT];

static inline glass_ompt_callback direct_callback(int event)
{
    return atomic_load_explicit(&glass_ompt_direct[event], memory_order_acquire);
}

/* The runtime's own code (callbacks.c, find_runtime_code). */
extern GLASS_INTERNAL uintptr_t glass_ompt_runtime_code_start, glass_ompt_runtime_code_size;

/* A codeptr_ra inside the runtime is no user call site: NULL (callbacks.c).
 * One unsigned comparison: an address below the start wraps around to a
 * large offset. */
static inline const void *user_site(const void *codeptr)
{
    uintptr_t offset = (uintptr_t)codeptr - glass_ompt_runtime_code_start;
    return offset < glass_ompt_runtime_code_size ? NULL : codeptr;
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

/* The same for a thread known to have its number already (glass_watched_self). */
static inline void dispatch_enter_registered(struct glass_thread *self)
{
    atomic_store_explicit(&self->ompt_dispatching, true, memory_order_relaxed);
    glass_ompt_dispatch_fence();
}

/* The same for a window in which nothing is called but glass_ompt_direct's
 * callbacks, any other event going to its dispatcher, which announces
 * itself again (mutex_dispatch.h, reduction_dispatch.h): no fence and no
 * test for one. Where every dispatch needs a full fence no event has a
 * direct callback (callbacks.c), so such a window never calls a tool
 * unfenced; elsewhere finalization's process-wide barrier stands for the
 * fence, as for every dispatch. */
static inline void dispatch_enter_direct(struct glass_thread *self)
{
    atomic_store_explicit(&self->ompt_dispatching, true, memory_order_relaxed);
    atomic_signal_fence(memory_order_seq_cst);
}

/* What the entry points' watched halves start with: the calling thread's
 * descriptor when it exists and is registered (has its number, as
 * dispatch_enter makes sure), else NULL, for the half to take
 * glass_watched_self_slow and start again. The call is thus off the hot
 * path, which then keeps no argument across it, and every dispatch window
 * the half opens needs no check. */
static inline struct glass_thread *glass_watched_self(void)
{
    struct glass_thread *self = glass_registered_self_ptr;
    return __builtin_expect(self != NULL, 1) ? self : NULL;
}

/* Registers the calling thread. The pointer is set here too: an initial
 * thread whose number its exit gave back (thread_id.c) still has one in its
 * descriptor, and a half that starts again must then find it. */
static inline void glass_watched_self_slow(void)
{
    struct glass_thread *self = glass_self();
    glass_thread_gtid(self);
    glass_registered_self_ptr = self;
}

static inline void dispatch_leave(struct glass_thread *self)
{
    atomic_store_explicit(&self->ompt_dispatching, false, memory_order_release);
}

#endif
