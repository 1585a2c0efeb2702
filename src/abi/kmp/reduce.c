/* Clang ABI: the reduction clause of parallel, worksharing and teams
 * constructs. Each thread calls __kmpc_reduce(_nowait) with its private
 * values; the result says how the compiled code combines them into the
 * original variables:
 *   1: directly, then it calls __kmpc_end_reduce(_nowait); the runtime
 *      provides the mutual exclusion between the two calls;
 *   2: with atomic operations (allowed when the location has
 *      KMP_IDENT_ATOMIC_REDUCE), then __kmpc_end_reduce for the blocking form;
 *   0: not at all (the runtime combined them; Glass never answers this).
 * The blocking form ends with a barrier, in __kmpc_end_reduce.
 *
 * Methods used: a team of one combines directly without any lock; otherwise
 * atomics when the compiler allows them (no thread waits for another), else
 * a critical section on the construct's lock variable.
 *
 * OMPT (5.1 4.5.2.13, ompt_callback_reduction with kind reduction): where the
 * runtime orders the combination (the critical section; a team of one,
 * alone), a thread's part of it begins in __kmpc_reduce* and ends in
 * __kmpc_end_reduce*, each with its own call site. The atomic method reports
 * nothing, as libomp: its updates are the program's own atomic operations,
 * which a tool sees as such. A race detector (LLVM's Archer) ignores the
 * accesses between a reduction's begin and end, as ordered by the runtime:
 * around atomics that would hide a program's race with them (an access to
 * the variable from outside the reduction, unsynchronized), so the event is
 * not dispatched there, and ompt_set_callback says "sometimes" for it
 * (callbacks.c). */
#include "../../core/sync/lock.h"
#include "../../core/threads/team.h"
#include "../../ompt/events.h"
#include "../../ompt/reduction_dispatch.h"
#include "kmp.h"

enum reduce_method { METHOD_NONE, METHOD_ALONE, METHOD_CRITICAL, METHOD_ATOMIC };

/* Reached only where a tool or debugger watches (the watched halves below,
 * or a test of the event's flag). */
static void report_reduction(struct glass_thread *self, int endpoint, const void *codeptr)
{
    glass_ompt_reduction_inline(self, endpoint, &self->team->tool_data, &self->task->tool_data, codeptr);
}

/* The method chosen is kept for __kmpc_end_reduce*, which Clang does not
 * call after atomics with nowait. `watched`: a constant, the event is
 * reported (the watched half) or not (no tool is active). */
static inline int32_t reduce_begin(const struct kmp_ident *loc, struct glass_thread *self, kmp_critical_name *lck,
                                   bool watched, const void *codeptr)
{
    if (self->team->nthreads == 1) {
        kmp_state.reduce_method = METHOD_ALONE;
        if (watched)
            report_reduction(self, GLASS_SCOPE_BEGIN, codeptr);
        return 1;
    }
    if (loc && (loc->flags & KMP_IDENT_ATOMIC_REDUCE)) {
        kmp_state.reduce_method = METHOD_ATOMIC;
        return 2;
    }
    kmp_state.reduce_method = METHOD_CRITICAL;
    if (watched)
        report_reduction(self, GLASS_SCOPE_BEGIN, codeptr);
    glass_critical_enter((struct glass_lock *)lck);
    return 1;
}

static inline void reduce_end(struct glass_thread *self, kmp_critical_name *lck, bool watched, const void *codeptr)
{
    enum reduce_method method = kmp_state.reduce_method;
    kmp_state.reduce_method = METHOD_NONE;
    if (method == METHOD_CRITICAL)
        glass_critical_exit((struct glass_lock *)lck);
    if (watched && method != METHOD_ATOMIC)
        report_reduction(self, GLASS_SCOPE_END, codeptr);
}

/* The watched halves (GLASS_OMPT_CALLER): one look at the thread pointer
 * for the enter frame and the event. Out of line, so that the unwatched
 * entries keep no frame for them. A thread the runtime has not seen yet,
 * or that has no number yet, gets them in a cold function first
 * (glass_watched_self), so that the halves keep no argument across a call
 * before they need it. */
static int32_t reduce_begin_watched(const struct kmp_ident *loc, kmp_critical_name *lck, const void *codeptr,
                                    void *cfa);
static void reduce_end_watched(kmp_critical_name *lck, const void *codeptr, void *cfa);

static int32_t __attribute__((noinline, cold)) reduce_begin_new_thread(const struct kmp_ident *loc,
                                                                       kmp_critical_name *lck,
                                                                       const void *codeptr, void *cfa)
{
    glass_watched_self_slow();
    return reduce_begin_watched(loc, lck, codeptr, cfa);
}

static void __attribute__((noinline, cold)) reduce_end_new_thread(kmp_critical_name *lck, const void *codeptr,
                                                                  void *cfa)
{
    glass_watched_self_slow();
    reduce_end_watched(lck, codeptr, cfa);
}

static int32_t __attribute__((noinline)) reduce_begin_watched(const struct kmp_ident *loc, kmp_critical_name *lck,
                                                              const void *codeptr, void *cfa)
{
    struct glass_thread *self = glass_watched_self();
    if (!self)
        return reduce_begin_new_thread(loc, lck, codeptr, cfa);
    GLASS_OMPT_ENTRY_AS(self, cfa);
    return reduce_begin(loc, self, lck, true, codeptr);
}

static void __attribute__((noinline)) reduce_end_watched(kmp_critical_name *lck, const void *codeptr, void *cfa)
{
    struct glass_thread *self = glass_watched_self();
    if (!self) {
        reduce_end_new_thread(lck, codeptr, cfa);
        return;
    }
    GLASS_OMPT_ENTRY_AS(self, cfa);
    reduce_end(self, lck, true, codeptr);
}

GLASS_EXPORT int32_t __kmpc_reduce_nowait(struct kmp_ident *loc, int32_t gtid, int32_t num_vars,
                                          size_t reduce_size, void *reduce_data,
                                          void (*reduce_func)(void *lhs, void *rhs), kmp_critical_name *lck)
{
    (void)num_vars, (void)reduce_size, (void)reduce_data, (void)reduce_func;
    if (GLASS_OMPT_ENTRY_WATCH())
        return reduce_begin_watched(loc, lck, GLASS_OMPT_CALLER);
    return reduce_begin(loc, kmp_thread(gtid), lck, false, NULL);
}

GLASS_EXPORT void __kmpc_end_reduce_nowait(struct kmp_ident *loc, int32_t gtid, kmp_critical_name *lck)
{
    (void)loc;
    if (GLASS_OMPT_ENTRY_WATCH())
        reduce_end_watched(lck, GLASS_OMPT_CALLER);
    else
        reduce_end(kmp_thread(gtid), lck, false, NULL);
}

GLASS_EXPORT int32_t __kmpc_reduce(struct kmp_ident *loc, int32_t gtid, int32_t num_vars, size_t reduce_size,
                                   void *reduce_data, void (*reduce_func)(void *lhs, void *rhs),
                                   kmp_critical_name *lck)
{
    (void)num_vars, (void)reduce_size, (void)reduce_data, (void)reduce_func;
    if (GLASS_OMPT_ENTRY_WATCH())
        return reduce_begin_watched(loc, lck, GLASS_OMPT_CALLER);
    return reduce_begin(loc, kmp_thread(gtid), lck, false, NULL);
}

GLASS_EXPORT void __kmpc_end_reduce(struct kmp_ident *loc, int32_t gtid, kmp_critical_name *lck)
{
    (void)loc;
    GLASS_OMPT_ENTRY();
    struct glass_thread *self = kmp_thread(gtid);
    const void *codeptr = __builtin_return_address(0);
    reduce_end(self, lck, GLASS_OMPT_ON(reduction), codeptr);
    glass_team_barrier_at(self, GLASS_STATE_WAIT_BARRIER_IMPLICIT_WORKSHARE, codeptr);
}
