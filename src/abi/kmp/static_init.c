/* Clang ABI: statically scheduled loops, which Clang runs inline once the
 * runtime has told each thread its bounds. sections constructs come here
 * too, as a loop over the section numbers.
 *
 * In: the loop's inclusive bounds in *plower and *pupper, its increment and
 * chunk size. Out: the thread's first chunk [*plower, *pupper] (lower past
 * upper when it has none), *pstride the distance from one of its chunks to
 * the next (chunked schedules; Clang ignores it otherwise), and *plastiter
 * whether the thread runs the loop's last iteration (lastprivate). The
 * division itself is the core's (loop_static.h), in logical iterations.
 *
 * The distribute schedules divide the loop among the teams of the league
 * instead of the threads of the team. */
#include "../../core/loops/loop_static.h"
#include "../../core/runtime.h"
#include "../../core/tasks/tasking.h"
#include "../../ompt/events.h"
#include "loop.h"

/* ---- OMPT work events ----------------------------------------------------------
 * A statically scheduled construct begins in its init call and ends in
 * __kmpc_for_static_fini; its kind comes from the location's flags as in
 * libomp (a sections construct is a loop over the sections), else from the
 * schedule. The count is the construct's logical iterations, at the end too,
 * as the GCC ABI reports it. */

static int work_type(const struct kmp_ident *loc, bool distribute)
{
    int flags = loc ? loc->flags : 0;
    if (flags & KMP_IDENT_WORK_SECTIONS)
        return GLASS_WORK_SECTIONS;
    if ((flags & KMP_IDENT_WORK_DISTRIBUTE) || (distribute && !(flags & KMP_IDENT_WORK_LOOP)))
        return GLASS_WORK_DISTRIBUTE;
    return GLASS_WORK_LOOP_STATIC;
}

static void work_begins(struct glass_thread *self, int type, uint64_t count, const void *codeptr)
{
    unsigned depth = kmp_state.nstatic_work++;
    if (depth < KMP_STATIC_DEPTH)
        kmp_state.static_work[depth] = (struct kmp_static_work){type, count};
    GLASS_OMPT_EMIT(work, type, GLASS_SCOPE_BEGIN, &self->team->tool_data, &self->task->tool_data, count,
                    codeptr);
}

static void work_ends(struct glass_thread *self, const struct kmp_ident *loc, const void *codeptr)
{
    struct kmp_static_work work = {work_type(loc, false), 0};
    if (kmp_state.nstatic_work > 0) {
        unsigned depth = --kmp_state.nstatic_work;
        if (depth < KMP_STATIC_DEPTH)
            work = kmp_state.static_work[depth];
    }
    GLASS_OMPT_EMIT(work, work.type, GLASS_SCOPE_END, &self->team->tool_data, &self->task->tool_data,
                    work.count, codeptr);
}

/* A sections construct hands each thread all its sections at once: each is
 * dispatched here (5.1 4.5.2.6), identified, as in the GCC ABI, by the call
 * site that handed it out (Clang's code does not tell where each section's
 * block is). Sections are scheduled unchunked: one run of sections each. */
static void report_sections(struct glass_thread *self, const struct glass_static_share *share,
                            const void *codeptr)
{
    for (uint64_t section = share->lo; section < share->hi; section++)
        GLASS_OMPT_EMIT(dispatch, &self->team->tool_data, &self->task->tool_data, GLASS_DISPATCH_SECTION,
                        (glass_tool_data){.ptr = (void *)codeptr});
}

/* The thread's first chunk of a loop or distribute construct, logical
 * iterations from `base` (OpenMP 5.2 ws_loop_chunk, distribute_chunk), as
 * libomp 19 reports it: Clang runs a chunked schedule's later chunks without
 * calling the runtime, so they are not seen. A thread without iterations
 * gets none. */
static __attribute__((noinline, cold)) void report_chunk(struct glass_thread *self, int type, uint64_t base,
                                                         const struct glass_static_share *share)
{
    if (share->lo == share->hi)
        return;
    struct glass_dispatch_chunk chunk = {.start = base + share->lo, .iterations = share->hi - share->lo};
    glass_ompt_emit_dispatch(&self->team->tool_data, &self->task->tool_data,
                             type == GLASS_WORK_DISTRIBUTE ? GLASS_DISPATCH_DISTRIBUTE_CHUNK
                                                           : GLASS_DISPATCH_WS_LOOP_CHUNK,
                             (glass_tool_data){.ptr = &chunk});
}

void kmp_static_loop_begins(struct glass_thread *self, uint64_t count, const struct glass_static_share *share,
                            const void *codeptr)
{
    work_begins(self, GLASS_WORK_LOOP_STATIC, count, codeptr);
    if (GLASS_OMPT_ON(dispatch))
        report_chunk(self, GLASS_WORK_LOOP_STATIC, 0, share);
}

/* Strips the modifiers and the "nomerge" offset. */
static int schedule_kind(int32_t schedtype)
{
    int kind = schedtype & ~(KMP_SCH_MODIFIER_MONOTONIC | KMP_SCH_MODIFIER_NONMONOTONIC);
    if (kind > KMP_SCH_NOMERGE + 32)
        kind -= KMP_SCH_NOMERGE;
    return kind;
}

static bool is_distribute(int kind)
{
    return kind == KMP_DISTRIBUTE_STATIC || kind == KMP_DISTRIBUTE_STATIC_CHUNKED;
}

static inline void share_of(int kind, uint64_t count, int64_t chunk, unsigned nthreads, unsigned num,
                            struct glass_static_share *share)
{
    switch (kind) {
    case KMP_SCH_STATIC:
        glass_static_block(count, nthreads, num, share); /* what Clang passes for schedule(static) */
        return;
    case KMP_SCH_STATIC_GREEDY:
    case KMP_SCH_STATIC_BALANCED:
    case KMP_SCH_AUTO:
    case KMP_DISTRIBUTE_STATIC:
        glass_static_share(count, 0, nthreads, num, share);
        return;
    case KMP_SCH_STATIC_CHUNKED:
    case KMP_DISTRIBUTE_STATIC_CHUNKED:
        glass_static_share(count, chunk > 0 ? (uint64_t)chunk : 1, nthreads, num, share);
        return;
    case KMP_SCH_STATIC_BALANCED_CHUNKED:
        glass_static_share_simd(count, chunk > 0 ? (uint64_t)chunk : 1, nthreads, num, share);
        return;
    }
    glass_fatal("__kmpc_for_static_init: schedule type %d is not a static schedule", kind);
}

/* The bounds of `share`, a part of the loop [*lower, ...] with step incr. */
static void set_bounds(const struct glass_static_share *share, uint64_t count, int64_t incr, uint64_t *lower,
                       uint64_t *upper, int64_t *stride)
{
    uint64_t start = *lower;
    if (share->lo == share->hi) {
        /* No iterations: lower one step past the loop's upper bound. */
        *lower = *upper + (incr > 0 ? 1 : (uint64_t)-1);
    } else {
        *lower = start + share->lo * (uint64_t)incr;
        *upper = start + (share->hi - 1) * (uint64_t)incr;
    }
    *stride = share->stride ? (int64_t)(share->stride * (uint64_t)incr) : (int64_t)count;
}

/* An ordered(n) loop: its doacross bookkeeping lives in a worksharing
 * construct, scheduled as the threads compute it in static_init. Its work
 * events are the static init's and __kmpc_for_static_fini's. Out of line:
 * its descriptor would otherwise take stack in every static loop's entry. */
static void __attribute__((noinline, cold)) start_doacross(struct glass_thread *self, uint64_t count, uint64_t lower,
                                                           int64_t incr, uint64_t chunk)
{
    struct glass_loop_spec spec = {
        .count = count,
        .start = lower,
        .incr = (uint64_t)incr,
        .end = lower + count * (uint64_t)incr,
        .sched = GLASS_SCHED_STATIC,
        .chunk = chunk,
        .unreported = true,
    };
    kmp_loop_start(self, &spec, false);
}

/* `watched`, a constant in each caller: a tool or debugger watches, so the
 * loop's work events are reported and its begin is recorded for
 * __kmpc_for_static_fini's end event; unwatched, the division alone. */
static inline __attribute__((always_inline)) void static_init(struct glass_thread *self, const struct kmp_ident *loc,
                                                              int32_t schedtype, bool is_signed, int32_t *plastiter,
                                                              uint64_t *lower, uint64_t *upper, int64_t *stride,
                                                              int64_t incr, int64_t chunk, bool watched,
                                                              const void *codeptr)
{
    uint64_t count = kmp_trip_count(is_signed, *lower, *upper, incr);
    int kind = schedule_kind(schedtype);
    int type = watched ? work_type(loc, is_distribute(kind)) : 0;
    if (watched)
        work_begins(self, type, count, codeptr);
    if (count == 0) {
        if (plastiter)
            *plastiter = 0;
        *stride = incr;
        return;
    }
    unsigned nthreads = self->team->nthreads, num = self->num;
    if (is_distribute(kind)) {
        nthreads = glass_league_size(self);
        num = glass_league_num(self);
    } else if (__builtin_expect(kmp_state.nopen_loops != 0, 0) && kmp_doacross_pending(self)) {
        start_doacross(self, count, *lower, incr, kind == KMP_SCH_STATIC_CHUNKED && chunk > 0 ? (uint64_t)chunk : 0);
    }
    struct glass_static_share share;
    share_of(kind, count, chunk, nthreads, num, &share);
    if (watched) {
        if (type == GLASS_WORK_SECTIONS)
            report_sections(self, &share, codeptr);
        else if (GLASS_OMPT_ON(dispatch))
            report_chunk(self, type, 0, &share);
    }
    set_bounds(&share, count, incr, lower, upper, stride);
    if (plastiter)
        *plastiter = share.last;
}

/* The watched half (GLASS_OMPT_CALLER): out of line, so that the unwatched
 * entry keeps no registers and no stack for the events. */
static void __attribute__((noinline)) static_init_watched(const struct kmp_ident *loc, int32_t schedtype,
                                                          bool is_signed, int32_t *plastiter, uint64_t *lower,
                                                          uint64_t *upper, int64_t *stride, int64_t incr,
                                                          int64_t chunk, const void *codeptr, void *cfa)
{
    GLASS_OMPT_ENTRY_AT(cfa);
    static_init(glass_self(), loc, schedtype, is_signed, plastiter, lower, upper, stride, incr, chunk, true,
                codeptr);
}

/* The four entry points differ only in types. Unwatched, no enter frame,
 * no event and no record of the loop's begin (zero cost without a tool). */
#define FOR_STATIC_INIT(suffix, T, ST, is_signed)                                                           \
    GLASS_EXPORT void __kmpc_for_static_init_##suffix(struct kmp_ident *loc, int32_t gtid, int32_t schedtype, \
                                                      int32_t *plastiter, T *plower, T *pupper, ST *pstride, \
                                                      ST incr, ST chunk)                                    \
    {                                                                                                       \
        uint64_t lower = kmp_widen_signed((int64_t)*plower), upper = kmp_widen_signed((int64_t)*pupper);    \
        int64_t stride;                                                                                     \
        if (GLASS_OMPT_ENTRY_WATCH())                                                                       \
            static_init_watched(loc, schedtype, is_signed, plastiter, &lower, &upper, &stride, incr, chunk,  \
                                GLASS_OMPT_CALLER);                                                         \
        else                                                                                                \
            static_init(kmp_thread(gtid), loc, schedtype, is_signed, plastiter, &lower, &upper, &stride,     \
                        incr, chunk, false, NULL);                                                          \
        *plower = (T)lower;                                                                                 \
        *pupper = (T)upper;                                                                                 \
        *pstride = (ST)stride;                                                                              \
    }

FOR_STATIC_INIT(4, int32_t, int32_t, true)
FOR_STATIC_INIT(4u, uint32_t, int32_t, false)
FOR_STATIC_INIT(8, int64_t, int64_t, true)
FOR_STATIC_INIT(8u, uint64_t, int64_t, false)

/* The end of a statically scheduled loop: nothing is shared, so nothing to
 * release (the barrier, unless nowait, is a separate call). Unwatched, only
 * a begin recorded while a tool watched is dropped, so that the record
 * stays paired if watching stopped (the tool finalized) inside the loop. */
GLASS_EXPORT void __kmpc_for_static_fini(struct kmp_ident *loc, int32_t gtid)
{
    if (GLASS_OMPT_ENTRY_WATCH()) {
        GLASS_OMPT_ENTRY_WATCHED();
        work_ends(kmp_thread(gtid), loc, __builtin_return_address(0));
    } else if (__builtin_expect(kmp_state.nstatic_work != 0, 0)) {
        kmp_state.nstatic_work--;
    }
}

/* distribute parallel for: the team's part of the loop (a distribute static
 * schedule without chunk), then the thread's part of that under `schedule`.
 * *pupperD receives the upper bound of the team's part. */
static void dist_for_static_init(struct glass_thread *self, int32_t schedule, bool is_signed, int32_t *plastiter,
                                 uint64_t *lower, uint64_t *upper, uint64_t *upper_dist, int64_t *stride,
                                 int64_t incr, int64_t chunk, const void *codeptr)
{
    uint64_t count = kmp_trip_count(is_signed, *lower, *upper, incr);
    work_begins(self, GLASS_WORK_LOOP_STATIC, count, codeptr);
    if (count == 0) {
        if (plastiter)
            *plastiter = 0;
        *upper_dist = *upper;
        *stride = incr;
        return;
    }
    struct glass_static_share team_share;
    glass_static_share(count, 0, glass_league_size(self), glass_league_num(self), &team_share);
    uint64_t start = *lower;
    if (team_share.lo == team_share.hi) {
        *upper_dist = *upper;
        *lower = *upper + (incr > 0 ? 1 : (uint64_t)-1);
        *stride = incr;
        if (plastiter)
            *plastiter = 0;
        return;
    }
    uint64_t team_start = start + team_share.lo * (uint64_t)incr;
    *upper_dist = start + (team_share.hi - 1) * (uint64_t)incr;
    uint64_t team_count = team_share.hi - team_share.lo;

    struct glass_static_share share;
    share_of(schedule_kind(schedule), team_count, chunk, self->team->nthreads, self->num, &share);
    if (GLASS_OMPT_ON(dispatch))
        report_chunk(self, GLASS_WORK_LOOP_STATIC, team_share.lo, &share);
    *lower = team_start;
    *upper = *upper_dist;
    set_bounds(&share, team_count, incr, lower, upper, stride);
    if (plastiter)
        *plastiter = team_share.last && share.last;
}

#define DIST_FOR_STATIC_INIT(suffix, T, ST, is_signed)                                                     \
    GLASS_EXPORT void __kmpc_dist_for_static_init_##suffix(struct kmp_ident *loc, int32_t gtid,             \
                                                           int32_t schedule, int32_t *plastiter, T *plower,  \
                                                           T *pupper, T *pupperD, ST *pstride, ST incr,      \
                                                           ST chunk)                                        \
    {                                                                                                       \
        (void)loc;                                                                                          \
        GLASS_OMPT_ENTRY();                                                                                 \
        uint64_t lower = kmp_widen_signed((int64_t)*plower), upper = kmp_widen_signed((int64_t)*pupper);    \
        uint64_t upper_dist;                                                                                \
        int64_t stride;                                                                                     \
        dist_for_static_init(kmp_thread(gtid), schedule, is_signed, plastiter, &lower, &upper, &upper_dist, \
                             &stride, incr, chunk, __builtin_return_address(0));                            \
        *plower = (T)lower;                                                                                 \
        *pupper = (T)upper;                                                                                 \
        *pupperD = (T)upper_dist;                                                                           \
        *pstride = (ST)stride;                                                                              \
    }

DIST_FOR_STATIC_INIT(4, int32_t, int32_t, true)
DIST_FOR_STATIC_INIT(4u, uint32_t, int32_t, false)
DIST_FOR_STATIC_INIT(8, int64_t, int64_t, true)
DIST_FOR_STATIC_INIT(8u, uint64_t, int64_t, false)

/* dist_schedule(static, chunk) of a composite distribute parallel loop: the
 * team's first chunk and the stride to its next ones. */
static void team_static_init(struct glass_thread *self, bool is_signed, int32_t *p_last, uint64_t *lower,
                             uint64_t *upper, int64_t *stride, int64_t incr, int64_t chunk)
{
    uint64_t count = kmp_trip_count(is_signed, *lower, *upper, incr);
    if (count == 0) {
        if (p_last)
            *p_last = 0;
        *stride = incr;
        return;
    }
    struct glass_static_share share;
    glass_static_share(count, chunk > 0 ? (uint64_t)chunk : 1, glass_league_size(self), glass_league_num(self),
                       &share);
    set_bounds(&share, count, incr, lower, upper, stride);
    if (p_last)
        *p_last = share.last;
}

#define TEAM_STATIC_INIT(suffix, T, ST, is_signed)                                                        \
    GLASS_EXPORT void __kmpc_team_static_init_##suffix(struct kmp_ident *loc, int32_t gtid, int32_t *p_last, \
                                                       T *p_lb, T *p_ub, ST *p_st, ST incr, ST chunk)       \
    {                                                                                                      \
        (void)loc;                                                                                         \
        uint64_t lower = kmp_widen_signed((int64_t)*p_lb), upper = kmp_widen_signed((int64_t)*p_ub);       \
        int64_t stride;                                                                                    \
        team_static_init(kmp_thread(gtid), is_signed, p_last, &lower, &upper, &stride, incr, chunk);       \
        *p_lb = (T)lower;                                                                                  \
        *p_ub = (T)upper;                                                                                  \
        *p_st = (ST)stride;                                                                                \
    }

TEAM_STATIC_INIT(4, int32_t, int32_t, true)
TEAM_STATIC_INIT(4u, uint32_t, int32_t, false)
TEAM_STATIC_INIT(8, int64_t, int64_t, true)
TEAM_STATIC_INIT(8u, uint64_t, int64_t, false)
