/* Clang ABI: barrier, single, master/masked, critical, flush, scope,
 * copyprivate and the cancellation entry points. */
#include <stdatomic.h>

#include "../../core/sync/cancel.h"
#include "../../core/sync/copyprivate.h"
#include "../../core/runtime.h"
#include "../../core/sync/lock.h"
#include "../../core/sync/single.h"
#include "../../ompt/events.h"
#include "kmp.h"

/* OMPT: every entry point that reaches an event sets the encountering task's
 * enter frame (GLASS_OMPT_ENTRY) and passes the user's call site down. */
#define CALL_SITE() __builtin_return_address(0)

/* Barriers. The location says whether the barrier is the barrier construct
 * or the implicit one ending a worksharing construct (for the thread state). */
static enum glass_state barrier_state(const struct kmp_ident *loc)
{
    if (loc && (loc->flags & KMP_IDENT_BARRIER_IMPL_MASK))
        return GLASS_STATE_WAIT_BARRIER_IMPLICIT_WORKSHARE;
    return GLASS_STATE_WAIT_BARRIER_EXPLICIT;
}

GLASS_EXPORT void __kmpc_barrier(struct kmp_ident *loc, int32_t gtid)
{
    GLASS_OMPT_ENTRY_SPLIT(glass_team_barrier_unwatched(kmp_thread(gtid), barrier_state(loc)),
                           glass_team_barrier_at(kmp_thread(gtid), barrier_state(loc), CALL_SITE()));
}

/* In a region with a cancel construct: nonzero when the parallel region has
 * been cancelled, and the caller goes to its end. */
GLASS_EXPORT int32_t __kmpc_cancel_barrier(struct kmp_ident *loc, int32_t gtid)
{
    GLASS_OMPT_ENTRY();
    struct glass_thread *self = kmp_thread(gtid);
    return glass_team_barrier_cancellable_at(self, barrier_state(loc), CALL_SITE());
}

/* A barrier after which the primary thread runs a block while the others
 * wait: 1 for the primary thread, which then calls
 * __kmpc_end_barrier_master to release them. */
GLASS_EXPORT int32_t __kmpc_barrier_master(struct kmp_ident *loc, int32_t gtid)
{
    GLASS_OMPT_ENTRY();
    struct glass_thread *self = kmp_thread(gtid);
    glass_team_barrier_at(self, barrier_state(loc), CALL_SITE());
    if (self->num == 0)
        return 1;
    glass_team_barrier_at(self, GLASS_STATE_WAIT_BARRIER_IMPLEMENTATION, CALL_SITE());
    return 0;
}

GLASS_EXPORT void __kmpc_end_barrier_master(struct kmp_ident *loc, int32_t gtid)
{
    (void)loc;
    GLASS_OMPT_ENTRY_CALL(glass_team_barrier_at(kmp_thread(gtid), GLASS_STATE_WAIT_BARRIER_IMPLEMENTATION, CALL_SITE()));
}

/* The same without holding the others back. */
GLASS_EXPORT int32_t __kmpc_barrier_master_nowait(struct kmp_ident *loc, int32_t gtid)
{
    GLASS_OMPT_ENTRY();
    struct glass_thread *self = kmp_thread(gtid);
    glass_team_barrier_at(self, barrier_state(loc), CALL_SITE());
    return self->num == 0;
}

/* single: 1 in the thread that runs the block, which then calls
 * __kmpc_end_single. The barrier, unless nowait, is a separate call. */
GLASS_EXPORT int32_t __kmpc_single(struct kmp_ident *loc, int32_t gtid)
{
    (void)loc;
    GLASS_OMPT_ENTRY_RETURN(glass_single_begin_at(kmp_thread(gtid), CALL_SITE()));
}

/* Only the executing thread calls it, at the end of the block. */
GLASS_EXPORT void __kmpc_end_single(struct kmp_ident *loc, int32_t gtid)
{
    (void)loc;
    GLASS_OMPT_ENTRY_CALL(glass_single_end_at(kmp_thread(gtid), CALL_SITE()));
}

/* copyprivate, after a single construct: the thread that ran it (didit)
 * broadcasts `data`, a list of addresses; every other thread calls
 * cpy_func(its own list, the broadcast list). Clang adds no barrier around
 * this call: the construct's end is in here. */
GLASS_EXPORT void __kmpc_copyprivate(struct kmp_ident *loc, int32_t gtid, size_t cpy_size, void *cpy_data,
                                     void (*cpy_func)(void *, void *), int32_t didit)
{
    (void)loc, (void)cpy_size;
    GLASS_OMPT_ENTRY(); /* its barriers' enter frame */
    struct glass_thread *self = kmp_thread(gtid);
    void *source = glass_copyprivate_begin(self, cpy_data, didit);
    if (!didit && source)
        cpy_func(cpy_data, source);
    glass_copyprivate_end(self);
}

/* The broadcast half of copyprivate, for compilers that copy inline
 * (OpenMPIRBuilder): the thread that ran the single region passes its data,
 * the others NULL; every thread gets the single thread's pointer, and the
 * program ends the construct with a barrier of its own once it has copied. */
GLASS_EXPORT void *__kmpc_copyprivate_light(struct kmp_ident *loc, int32_t gtid, void *cpy_data)
{
    (void)loc;
    GLASS_OMPT_ENTRY(); /* its barrier's enter frame */
    return glass_copyprivate_broadcast(kmp_thread(gtid), cpy_data, cpy_data != NULL);
}

/* master and masked (OpenMP 5.1, 2.8): no synchronization at all. The
 * thread that runs the block reports its begin and end (5.1 4.5.2.12); the
 * others are not in the region. */
static void report_masked(int endpoint, const void *codeptr)
{
    struct glass_thread *self = glass_self();
    GLASS_OMPT_EMIT(masked, endpoint, &self->team->tool_data, &self->task->tool_data, codeptr);
}

static int32_t masked(int32_t filter, const void *codeptr)
{
    bool runs = filter >= 0 && glass_self()->num == (unsigned)filter;
    if (runs)
        report_masked(GLASS_SCOPE_BEGIN, codeptr);
    return runs;
}

GLASS_EXPORT int32_t __kmpc_master(struct kmp_ident *loc, int32_t gtid)
{
    (void)loc, (void)gtid;
    return masked(0, CALL_SITE());
}

GLASS_EXPORT void __kmpc_end_master(struct kmp_ident *loc, int32_t gtid)
{
    (void)loc, (void)gtid;
    report_masked(GLASS_SCOPE_END, CALL_SITE());
}

GLASS_EXPORT int32_t __kmpc_masked(struct kmp_ident *loc, int32_t gtid, int32_t filter)
{
    (void)loc, (void)gtid;
    return masked(filter, CALL_SITE());
}

GLASS_EXPORT void __kmpc_end_masked(struct kmp_ident *loc, int32_t gtid)
{
    (void)loc, (void)gtid;
    report_masked(GLASS_SCOPE_END, CALL_SITE());
}

/* critical: the name variable is the lock, in place. Hints may be ignored
 * (OpenMP 5.1, 2.19.12); the core lock takes the uncontended path without a
 * system call anyway. */
_Static_assert(sizeof(struct glass_lock) <= sizeof(kmp_critical_name) &&
                   _Alignof(struct glass_lock) <= _Alignof(kmp_critical_name),
               "a critical lock must fit Clang's name variable");

/* The watched halves are in the core (glass_critical_*_watched), out of line,
 * so that the unwatched path keeps no register and needs no frame. */
GLASS_EXPORT void __kmpc_critical(struct kmp_ident *loc, int32_t gtid, kmp_critical_name *crit)
{
    (void)loc, (void)gtid;
    if (GLASS_OMPT_ENTRY_WATCH())
        GLASS_CRITICAL_ENTER_WATCHED(GLASS_SYNC_HINT_NONE, (struct glass_lock *)crit);
    else
        glass_critical_enter_unwatched((struct glass_lock *)crit);
}

GLASS_EXPORT void __kmpc_critical_with_hint(struct kmp_ident *loc, int32_t gtid, kmp_critical_name *crit,
                                            uint32_t hint)
{
    (void)loc, (void)gtid;
    if (GLASS_OMPT_ENTRY_WATCH())
        GLASS_CRITICAL_ENTER_WATCHED(hint, (struct glass_lock *)crit);
    else
        glass_critical_enter_unwatched((struct glass_lock *)crit);
}

GLASS_EXPORT void __kmpc_end_critical(struct kmp_ident *loc, int32_t gtid, kmp_critical_name *crit)
{
    (void)loc, (void)gtid;
    if (GLASS_OMPT_ENTRY_WATCH())
        GLASS_CRITICAL_EXIT_WATCHED((struct glass_lock *)crit);
    else
        glass_critical_exit_unwatched((struct glass_lock *)crit);
}

GLASS_EXPORT void __kmpc_flush(struct kmp_ident *loc)
{
    (void)loc;
    atomic_thread_fence(memory_order_seq_cst);
    GLASS_OMPT_EMIT(flush, &glass_self()->tool_data, CALL_SITE());
}

/* scope (OpenMP 5.1, 2.9): Clang compiles its clauses and barrier inline;
 * these calls only mark the construct. */
GLASS_EXPORT void __kmpc_scope(struct kmp_ident *loc, int32_t gtid, void *reserved)
{
    (void)loc, (void)gtid, (void)reserved;
}

GLASS_EXPORT void __kmpc_end_scope(struct kmp_ident *loc, int32_t gtid, void *reserved)
{
    (void)loc, (void)gtid, (void)reserved;
}

/* Cancellation: libomp's cancel kinds. */
enum { KMP_CANCEL_PARALLEL = 1, KMP_CANCEL_LOOP = 2, KMP_CANCEL_SECTIONS = 3, KMP_CANCEL_TASKGROUP = 4 };

static bool construct_kind(int32_t kind, enum glass_cancel_kind *out)
{
    switch (kind) {
    case KMP_CANCEL_PARALLEL:
        *out = GLASS_CANCEL_PARALLEL;
        return true;
    case KMP_CANCEL_LOOP:
        *out = GLASS_CANCEL_LOOP;
        return true;
    case KMP_CANCEL_SECTIONS:
        *out = GLASS_CANCEL_SECTIONS;
        return true;
    case KMP_CANCEL_TASKGROUP:
        *out = GLASS_CANCEL_TASKGROUP;
        return true;
    }
    glass_warn("cancellation requested for an unknown construct kind %d; ignored", (int)kind);
    return false;
}

/* The caller leaves the construct when these return nonzero: a loop it is
 * leaving early must be left in the core too (loop.c). */
static int32_t leaving(struct glass_thread *self, enum glass_cancel_kind kind, bool cancelled)
{
    if (cancelled && kind == GLASS_CANCEL_LOOP && kmp_state.nopen_loops)
        kmp_loops_leave_cancelled(self);
    return cancelled;
}

GLASS_EXPORT int32_t __kmpc_cancel(struct kmp_ident *loc, int32_t gtid, int32_t cncl_kind)
{
    (void)loc;
    enum glass_cancel_kind kind;
    if (!construct_kind(cncl_kind, &kind))
        return 0;
    GLASS_OMPT_ENTRY();
    struct glass_thread *self = kmp_thread(gtid);
    return leaving(self, kind, glass_cancel_at(self, kind, CALL_SITE()));
}

GLASS_EXPORT int32_t __kmpc_cancellationpoint(struct kmp_ident *loc, int32_t gtid, int32_t cncl_kind)
{
    (void)loc;
    enum glass_cancel_kind kind;
    if (!construct_kind(cncl_kind, &kind))
        return 0;
    GLASS_OMPT_ENTRY();
    struct glass_thread *self = kmp_thread(gtid);
    return leaving(self, kind, glass_cancellation_point_at(self, kind, CALL_SITE()));
}
