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
 * a critical section on the construct's lock variable. */
#include "../../core/lock.h"
#include "../../core/team.h"
#include "kmp.h"

enum reduce_method { METHOD_NONE, METHOD_ALONE, METHOD_CRITICAL, METHOD_ATOMIC };

static int32_t reduce_begin(const struct kmp_ident *loc, struct glass_thread *self, kmp_critical_name *lck)
{
    if (self->team->nthreads == 1) {
        kmp_state.reduce_method = METHOD_ALONE;
        return 1;
    }
    if (loc && (loc->flags & KMP_IDENT_ATOMIC_REDUCE)) {
        kmp_state.reduce_method = METHOD_ATOMIC;
        return 2;
    }
    kmp_state.reduce_method = METHOD_CRITICAL;
    glass_critical_enter((struct glass_lock *)lck);
    return 1;
}

static void reduce_end(kmp_critical_name *lck)
{
    if (kmp_state.reduce_method == METHOD_CRITICAL)
        glass_critical_exit((struct glass_lock *)lck);
    kmp_state.reduce_method = METHOD_NONE;
}

GLASS_EXPORT int32_t __kmpc_reduce_nowait(struct kmp_ident *loc, int32_t gtid, int32_t num_vars,
                                          size_t reduce_size, void *reduce_data,
                                          void (*reduce_func)(void *lhs, void *rhs), kmp_critical_name *lck)
{
    (void)num_vars, (void)reduce_size, (void)reduce_data, (void)reduce_func;
    return reduce_begin(loc, kmp_thread(gtid), lck);
}

GLASS_EXPORT void __kmpc_end_reduce_nowait(struct kmp_ident *loc, int32_t gtid, kmp_critical_name *lck)
{
    (void)loc, (void)gtid;
    reduce_end(lck);
}

GLASS_EXPORT int32_t __kmpc_reduce(struct kmp_ident *loc, int32_t gtid, int32_t num_vars, size_t reduce_size,
                                   void *reduce_data, void (*reduce_func)(void *lhs, void *rhs),
                                   kmp_critical_name *lck)
{
    (void)num_vars, (void)reduce_size, (void)reduce_data, (void)reduce_func;
    return reduce_begin(loc, kmp_thread(gtid), lck);
}

GLASS_EXPORT void __kmpc_end_reduce(struct kmp_ident *loc, int32_t gtid, kmp_critical_name *lck)
{
    (void)loc;
    struct glass_thread *self = kmp_thread(gtid);
    reduce_end(lck);
    glass_team_barrier(self, GLASS_STATE_WAIT_BARRIER_IMPLICIT_WORKSHARE);
}
