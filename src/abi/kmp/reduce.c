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
#include "../../core/lock.h"
#include "../../core/team.h"
#include "../../ompt/events.h"
#include "kmp.h"

enum reduce_method { METHOD_NONE, METHOD_ALONE, METHOD_CRITICAL, METHOD_ATOMIC };

static void report_reduction(struct glass_thread *self, int endpoint, const void *codeptr)
{
    GLASS_OMPT_EMIT(reduction, GLASS_SYNC_REDUCTION, endpoint, &self->team->tool_data, &self->task->tool_data,
                    codeptr);
}

/* The method chosen is kept for __kmpc_end_reduce*, which Clang does not
 * call after atomics with nowait. */
static int32_t reduce_begin(const struct kmp_ident *loc, struct glass_thread *self, kmp_critical_name *lck,
                            const void *codeptr)
{
    if (self->team->nthreads == 1) {
        kmp_state.reduce_method = METHOD_ALONE;
        report_reduction(self, GLASS_SCOPE_BEGIN, codeptr);
        return 1;
    }
    if (loc && (loc->flags & KMP_IDENT_ATOMIC_REDUCE)) {
        kmp_state.reduce_method = METHOD_ATOMIC;
        return 2;
    }
    kmp_state.reduce_method = METHOD_CRITICAL;
    report_reduction(self, GLASS_SCOPE_BEGIN, codeptr);
    glass_critical_enter((struct glass_lock *)lck);
    return 1;
}

static void reduce_end(struct glass_thread *self, kmp_critical_name *lck, const void *codeptr)
{
    enum reduce_method method = kmp_state.reduce_method;
    kmp_state.reduce_method = METHOD_NONE;
    if (method == METHOD_CRITICAL)
        glass_critical_exit((struct glass_lock *)lck);
    if (method != METHOD_ATOMIC)
        report_reduction(self, GLASS_SCOPE_END, codeptr);
}

GLASS_EXPORT int32_t __kmpc_reduce_nowait(struct kmp_ident *loc, int32_t gtid, int32_t num_vars,
                                          size_t reduce_size, void *reduce_data,
                                          void (*reduce_func)(void *lhs, void *rhs), kmp_critical_name *lck)
{
    (void)num_vars, (void)reduce_size, (void)reduce_data, (void)reduce_func;
    GLASS_OMPT_ENTRY_RETURN(reduce_begin(loc, kmp_thread(gtid), lck, __builtin_return_address(0)));
}

GLASS_EXPORT void __kmpc_end_reduce_nowait(struct kmp_ident *loc, int32_t gtid, kmp_critical_name *lck)
{
    (void)loc;
    GLASS_OMPT_ENTRY_CALL(reduce_end(kmp_thread(gtid), lck, __builtin_return_address(0)));
}

GLASS_EXPORT int32_t __kmpc_reduce(struct kmp_ident *loc, int32_t gtid, int32_t num_vars, size_t reduce_size,
                                   void *reduce_data, void (*reduce_func)(void *lhs, void *rhs),
                                   kmp_critical_name *lck)
{
    (void)num_vars, (void)reduce_size, (void)reduce_data, (void)reduce_func;
    GLASS_OMPT_ENTRY_RETURN(reduce_begin(loc, kmp_thread(gtid), lck, __builtin_return_address(0)));
}

GLASS_EXPORT void __kmpc_end_reduce(struct kmp_ident *loc, int32_t gtid, kmp_critical_name *lck)
{
    (void)loc;
    GLASS_OMPT_ENTRY();
    struct glass_thread *self = kmp_thread(gtid);
    const void *codeptr = __builtin_return_address(0);
    reduce_end(self, lck, codeptr);
    glass_team_barrier_at(self, GLASS_STATE_WAIT_BARRIER_IMPLICIT_WORKSHARE, codeptr);
}
