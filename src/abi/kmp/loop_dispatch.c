/* Clang ABI: loops whose chunks the runtime hands out one by one (dynamic,
 * guided, runtime, auto, and every ordered loop): __kmpc_dispatch_init sets
 * the loop up, then each thread calls __kmpc_dispatch_next until it returns
 * 0. Bounds are inclusive in both directions. The core schedules logical
 * iterations 0 .. count-1 (loop.h); chunks go back in the loop's own values.
 *
 * Ordered loops call __kmpc_dispatch_fini after each iteration; the core
 * passes the ordered turn chunk by chunk, when the thread asks for its next
 * chunk, so that call has nothing to do. */
#include "../../core/loops/loop_static.h"
#include "../../core/runtime.h"
#include "../../core/tasks/tasking.h"
#include "../../core/threads/team.h"
#include "../../ompt/events.h"
#include "loop.h"

/* The core's schedule for a libomp schedule type. */
static int core_schedule(int32_t schedule, bool *ordered, bool *chunked, bool *simd)
{
    int kind = schedule & ~(KMP_SCH_MODIFIER_MONOTONIC | KMP_SCH_MODIFIER_NONMONOTONIC);
    int modifier = (schedule & KMP_SCH_MODIFIER_MONOTONIC) ? GLASS_SCHED_MONOTONIC : 0;
    if (kind > KMP_SCH_NOMERGE + 32)
        kind -= KMP_SCH_NOMERGE;
    *ordered = kind > KMP_ORD_LOWER && kind < KMP_ORD_UPPER;
    if (*ordered)
        kind -= KMP_ORD_LOWER - 32;
    *chunked = true;
    /* Clang's simd schedules pass the simd width as the chunk. */
    *simd = kind == KMP_SCH_GUIDED_SIMD || kind == KMP_SCH_RUNTIME_SIMD;
    switch (kind) {
    case KMP_SCH_STATIC:
    case KMP_SCH_STATIC_GREEDY:
    case KMP_SCH_STATIC_BALANCED:
    case KMP_DISTRIBUTE_STATIC:
        *chunked = false;
        return GLASS_SCHED_STATIC;
    case KMP_SCH_STATIC_CHUNKED:
    case KMP_SCH_STATIC_BALANCED_CHUNKED:
    case KMP_DISTRIBUTE_STATIC_CHUNKED:
        return GLASS_SCHED_STATIC;
    case KMP_SCH_DYNAMIC_CHUNKED:
    case KMP_SCH_STATIC_STEAL: /* a dynamic schedule that starts from static blocks */
        return GLASS_SCHED_DYNAMIC | modifier;
    case KMP_SCH_GUIDED_CHUNKED:
    case KMP_SCH_GUIDED_ITERATIVE:
    case KMP_SCH_GUIDED_ANALYTICAL:
    case KMP_SCH_GUIDED_SIMD:
    case KMP_SCH_TRAPEZOIDAL: /* decreasing chunks too */
        return GLASS_SCHED_GUIDED | modifier;
    case KMP_SCH_RUNTIME:
    case KMP_SCH_RUNTIME_SIMD:
        return GLASS_SCHED_RUNTIME | modifier;
    case KMP_SCH_AUTO:
        return GLASS_SCHED_AUTO | modifier;
    }
    glass_fatal("__kmpc_dispatch_init: unknown schedule type %d", (int)schedule);
}

static void dispatch_init(struct glass_thread *self, int32_t schedule, bool is_signed, uint64_t lb, uint64_t ub,
                          int64_t st, int64_t chunk, const void *codeptr)
{
    bool ordered, chunked, simd;
    int sched = core_schedule(schedule, &ordered, &chunked, &simd);
    uint64_t count = kmp_trip_count(is_signed, lb, ub, st);
    struct glass_loop_spec spec = {
        .count = count,
        .start = lb,
        .incr = (uint64_t)st,
        .end = lb + count * (uint64_t)st,
        .sched = sched,
        .chunk = chunked && chunk > 0 && !simd ? (uint64_t)chunk : 0,
        .simd_width = simd && chunk > 0 ? (uint64_t)chunk : 0,
        .ordered = ordered,
        .codeptr = codeptr,
    };
    kmp_loop_start(self, &spec, true);
}

/* 1 with the next chunk [*lb, *ub], or 0 when the thread has no more. */
static int dispatch_next(struct glass_thread *self, int32_t *p_last, uint64_t *lb, uint64_t *ub, int64_t *st,
                         const void *codeptr)
{
    uint64_t lo, hi;
    if (!glass_loop_next(self, &lo, &hi)) {
        /* Done: leave the construct (the barrier, unless nowait, is a call of
         * its own). */
        kmp_loop_dispatch_done(self, codeptr);
        return 0;
    }
    const struct glass_loop *loop = &self->task->ws->loop;
    *lb = loop->start + lo * loop->incr;
    *ub = loop->start + (hi - 1) * loop->incr;
    *st = (int64_t)loop->incr;
    /* Set for the chunk holding the last iteration and never cleared: Clang
     * zeroes the flag before the loop, and under a nonmonotonic schedule the
     * thread may get more chunks after that one (loop_steal.c). */
    if (p_last && hi == loop->count)
        *p_last = 1;
    return 1;
}

#define DISPATCH(suffix, T, ST, is_signed)                                                                  \
    GLASS_EXPORT void __kmpc_dispatch_init_##suffix(struct kmp_ident *loc, int32_t gtid, int32_t schedule,    \
                                                    T lb, T ub, ST st, ST chunk)                             \
    {                                                                                                        \
        (void)loc;                                                                                           \
        GLASS_OMPT_ENTRY();                                                                                  \
        dispatch_init(kmp_thread(gtid), schedule, is_signed, kmp_widen_signed((int64_t)lb),                  \
                      kmp_widen_signed((int64_t)ub), st, chunk, __builtin_return_address(0));                \
    }                                                                                                        \
                                                                                                             \
    GLASS_EXPORT int __kmpc_dispatch_next_##suffix(struct kmp_ident *loc, int32_t gtid, int32_t *p_last,     \
                                                   T *p_lb, T *p_ub, ST *p_st)                               \
    {                                                                                                        \
        (void)loc;                                                                                           \
        GLASS_OMPT_ENTRY();                                                                                  \
        uint64_t lb, ub;                                                                                     \
        int64_t st;                                                                                          \
        if (!dispatch_next(kmp_thread(gtid), p_last, &lb, &ub, &st, __builtin_return_address(0)))            \
            return 0;                                                                                        \
        *p_lb = (T)lb;                                                                                       \
        *p_ub = (T)ub;                                                                                       \
        if (p_st)                                                                                            \
            *p_st = (ST)st;                                                                                  \
        return 1;                                                                                            \
    }                                                                                                        \
                                                                                                             \
    GLASS_EXPORT void __kmpc_dispatch_fini_##suffix(struct kmp_ident *loc, int32_t gtid)                     \
    {                                                                                                        \
        (void)loc, (void)gtid;                                                                               \
    }                                                                                                        \
                                                                                                             \
    /* distribute parallel for with a dispatch schedule: the loop is first                                   \
     * divided among the league's teams (distribute static), then dispatched                                 \
     * within the team. *p_last: the team's part holds the last iteration. */                                \
    GLASS_EXPORT void __kmpc_dist_dispatch_init_##suffix(struct kmp_ident *loc, int32_t gtid,                \
                                                         int32_t schedule, int32_t *p_last, T lb, T ub,      \
                                                         ST st, ST chunk)                                    \
    {                                                                                                        \
        (void)loc;                                                                                           \
        GLASS_OMPT_ENTRY();                                                                                  \
        struct glass_thread *self = kmp_thread(gtid);                                                        \
        uint64_t lower = kmp_widen_signed((int64_t)lb), upper = kmp_widen_signed((int64_t)ub);               \
        uint64_t count = kmp_trip_count(is_signed, lower, upper, st);                                        \
        struct glass_static_share team;                                                                      \
        glass_static_share(count, 0, glass_league_size(self), glass_league_num(self), &team);                \
        if (p_last)                                                                                          \
            *p_last = team.last;                                                                             \
        if (team.lo == team.hi) {                                                                            \
            /* No iterations for this team: an empty loop. */                                               \
            upper = lower;                                                                                   \
            lower = lower + (uint64_t)st;                                                                    \
        } else {                                                                                             \
            upper = lower + (team.hi - 1) * (uint64_t)st;                                                    \
            lower = lower + team.lo * (uint64_t)st;                                                          \
        }                                                                                                    \
        dispatch_init(self, schedule, is_signed, lower, upper, st, chunk, __builtin_return_address(0));      \
    }

DISPATCH(4, int32_t, int32_t, true)
DISPATCH(4u, uint32_t, int32_t, false)
DISPATCH(8, int64_t, int64_t, true)
DISPATCH(8u, uint64_t, int64_t, false)

/* Clang 19 calls this after every loop it runs through the dispatch
 * interface, once __kmpc_dispatch_next has returned 0. That call already left
 * the construct (libomp 19's own deinit does nothing either); one that comes
 * earlier, from a loop left some other way, finds the loop recorded still and
 * leaves it. */
GLASS_EXPORT void __kmpc_dispatch_deinit(struct kmp_ident *loc, int32_t gtid)
{
    (void)loc;
    GLASS_OMPT_ENTRY();
    kmp_loop_dispatch_done(kmp_thread(gtid), __builtin_return_address(0));
}
