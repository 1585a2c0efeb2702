/* The Clang ABI (LLVM's libomp interface, __kmpc_*): the types compiled code
 * hands the runtime, and the per-thread state the entry points of this
 * directory share. Names and versions of the entry points are in libomp.map. */
#ifndef GLASS_ABI_KMP_H
#define GLASS_ABI_KMP_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "../../core/export.h"
#include "../../core/settings/icv.h"
#include "../../core/threads/thread.h"
#include "../../core/threads/thread_id.h"

/* Source location of a construct (libomp's ident_t). psource is
 * ";file;function;line;column;;" or NULL. */
struct kmp_ident {
    int32_t reserved_1;
    int32_t flags;
    int32_t reserved_2;
    int32_t reserved_3;
    const char *psource;
};

/* kmp_ident.flags */
enum {
    KMP_IDENT_ATOMIC_REDUCE = 0x10,       /* the reduction may use the atomic method */
    KMP_IDENT_BARRIER_EXPL = 0x20,        /* an explicit barrier construct */
    KMP_IDENT_BARRIER_IMPL = 0x40,        /* an implicit barrier (of a worksharing construct) */
    KMP_IDENT_BARRIER_IMPL_MASK = 0x1c0,
    KMP_IDENT_WORK_LOOP = 0x200,          /* the construct is a loop */
    KMP_IDENT_WORK_SECTIONS = 0x400,      /* ... a sections construct */
    KMP_IDENT_WORK_DISTRIBUTE = 0x800,    /* ... a distribute construct */
};

/* The name variable of a critical construct: 32 zero-initialized bytes the
 * compiler emits once per name; the lock lives in place at its start. */
typedef int32_t kmp_critical_name[8];

/* Loop schedules (libomp's enum sched_type). The "nomerge" kinds are the
 * plain ones + KMP_SCH_NOMERGE; the modifiers are or'ed in. */
enum {
    KMP_SCH_STATIC_CHUNKED = 33,
    KMP_SCH_STATIC = 34,
    KMP_SCH_DYNAMIC_CHUNKED = 35,
    KMP_SCH_GUIDED_CHUNKED = 36,
    KMP_SCH_RUNTIME = 37,
    KMP_SCH_AUTO = 38,
    KMP_SCH_TRAPEZOIDAL = 39,
    KMP_SCH_STATIC_GREEDY = 40,
    KMP_SCH_STATIC_BALANCED = 41,
    KMP_SCH_GUIDED_ITERATIVE = 42,
    KMP_SCH_GUIDED_ANALYTICAL = 43,
    KMP_SCH_STATIC_STEAL = 44,
    KMP_SCH_STATIC_BALANCED_CHUNKED = 45,
    KMP_SCH_GUIDED_SIMD = 46,
    KMP_SCH_RUNTIME_SIMD = 47,
    KMP_ORD_LOWER = 64, /* ordered kinds: the plain kind + 32 */
    KMP_ORD_UPPER = 72,
    KMP_DISTRIBUTE_STATIC_CHUNKED = 91,
    KMP_DISTRIBUTE_STATIC = 92,
    KMP_SCH_NOMERGE = 128,
    KMP_SCH_MODIFIER_MONOTONIC = 1 << 29,
    KMP_SCH_MODIFIER_NONMONOTONIC = 1 << 30,
};

/* Per-thread state of this ABI. libomp keeps these in its thread
 * descriptor; here they are thread-local so that the core's descriptor stays
 * ABI-neutral. initial-exec: one %fs-relative access. */
struct kmp_open_loop;
struct kmp_thread_state {
    /* num_threads, proc_bind and num_teams/thread_limit clauses, pushed
     * before the fork they apply to (0 or GLASS_BIND_FALSE: none). */
    unsigned push_num_threads;
    int push_proc_bind;
    /* num_threads(list) and num_threads(strict: ...) (OpenMP 6.0,
     * num_threads.c): the list items after the first, and the strict
     * modifier with its error directive's severity and message. */
    unsigned push_nthreads_rest[GLASS_MAX_LIST];
    unsigned push_nthreads_rest_len;
    bool push_strict;
    int push_strict_severity;
    const char *push_strict_message;
    const struct kmp_ident *push_strict_loc;
    unsigned push_num_teams;
    unsigned push_teams_thread_limit;
    /* Loops the thread has entered a worksharing construct for and not yet
     * left, innermost last (loop.c). */
    struct kmp_open_loop *open_loops;
    unsigned nopen_loops, open_loops_capacity;
    /* The reduction method __kmpc_reduce chose, for __kmpc_end_reduce. */
    int reduce_method;
    /* Statically scheduled constructs begun and not yet ended, innermost
     * last, for their OMPT work-end event (static_init.c). Only the
     * innermost KMP_STATIC_DEPTH are remembered. */
    struct kmp_static_work {
        int type;       /* enum glass_work */
        uint64_t count; /* logical iterations of the whole construct */
    } static_work[4];
    unsigned nstatic_work;
};
enum { KMP_STATIC_DEPTH = 4 };
extern __thread struct kmp_thread_state kmp_state __attribute__((tls_model("initial-exec")));

/* The calling thread. Clang passes the caller's gtid to most entry points; the
 * thread-local descriptor is one load away and cannot disagree with it, so
 * the entry points use that (glass_thread_by_gtid serves callers that hold
 * only a number). */
static inline struct glass_thread *kmp_thread(int32_t gtid)
{
    (void)gtid;
    return glass_self();
}

/* num_threads.c: the pushed num_threads clause (list, strict modifier)
 * goes into the fork's arguments and is cleared; `strict` holds what a
 * strict failure reports and must live until the fork. kmp_clear_push
 * forgets every pushed clause (a serialized region uses none). */
struct glass_parallel_args;
struct kmp_strict {
    const struct kmp_ident *loc;
    int severity;
    const char *message;
    unsigned requested;
    const void *codeptr;
};
void kmp_take_num_threads(struct glass_parallel_args *args, struct kmp_strict *strict, const void *codeptr);
void kmp_clear_push(void);

/* misc.c: the error directive (__kmpc_error) for the runtime's own uses. */
enum { KMP_SEVERITY_WARNING = 1, KMP_SEVERITY_FATAL = 2 };
void kmp_error_directive(const struct kmp_ident *loc, int severity, const char *message, const void *codeptr);

/* loop.c: worksharing constructs entered by loops, for the entry points
 * that end them early (cancellation) and for doacross. */
void kmp_loops_leave_cancelled(struct glass_thread *self);
void kmp_loops_forget_task(struct glass_task *task);

#endif
