/* Worksharing loops: setting a loop up and handing out its chunks. The claims
 * of each schedule are in loop_schedule.c. */
#include "loop.h"

#include "../../ompt/events.h"
#include "doacross.h"
#include "../settings/icv.h"
#include "ordered.h"
#include "../runtime.h"
#include "../threads/team.h"

uint64_t glass_loop_count_signed(int64_t start, int64_t end, int64_t incr)
{
    /* Differences are taken in unsigned arithmetic: they always fit there. */
    if (incr > 0) {
        if (start >= end)
            return 0;
        return ((uint64_t)end - (uint64_t)start - 1) / (uint64_t)incr + 1;
    }
    if (incr < 0) {
        if (start <= end)
            return 0;
        return ((uint64_t)start - (uint64_t)end - 1) / (0 - (uint64_t)incr) + 1;
    }
    glass_fatal("worksharing loop with a zero increment");
}

uint64_t glass_loop_count_unsigned(bool up, uint64_t start, uint64_t end, uint64_t incr)
{
    if (incr == 0)
        glass_fatal("worksharing loop with a zero increment");
    if (up)
        return start < end ? (end - start - 1) / incr + 1 : 0;
    /* A downward loop's increment is the two's complement of its step. */
    return start > end ? (start - end - 1) / (0 - incr) + 1 : 0;
}

/* Turns the requested schedule into the one the loop runs (OpenMP 5.1,
 * 2.11.4): runtime reads run-sched-var, auto is static, dynamic and guided
 * default to chunks of one. */
static void resolve_schedule(struct glass_loop *loop, const struct glass_loop_spec *spec,
                             const struct glass_icvs *icv)
{
    int kind = spec->sched & ~GLASS_SCHED_MONOTONIC;
    bool monotonic = (spec->sched & GLASS_SCHED_MONOTONIC) != 0;
    uint64_t chunk = spec->chunk;
    if (kind == GLASS_SCHED_RUNTIME) {
        kind = icv->run_sched & ~GLASS_SCHED_MONOTONIC;
        monotonic |= (icv->run_sched & GLASS_SCHED_MONOTONIC) != 0;
        chunk = icv->run_sched_chunk > 0 ? (uint64_t)icv->run_sched_chunk : 0;
    }
    if (kind == GLASS_SCHED_AUTO) {
        kind = GLASS_SCHED_STATIC;
        chunk = 0;
    }
    if (kind != GLASS_SCHED_STATIC && kind != GLASS_SCHED_DYNAMIC && kind != GLASS_SCHED_GUIDED)
        glass_fatal("unknown loop schedule kind %d", kind);
    if (kind != GLASS_SCHED_STATIC && chunk == 0)
        chunk = 1;
    /* The simd modifier: the chunk, and every guided piece, a whole number
     * of simd widths (a static schedule without chunk size is left as it is). */
    uint64_t width = spec->simd_width > 1 ? spec->simd_width : 1;
    if (width > 1 && chunk)
        chunk = (chunk + width - 1) / width * width;
    loop->granule = kind == GLASS_SCHED_GUIDED ? width : 1;
    /* Static schedules and ordered loops are monotonic unless nonmonotonic is
     * asked for; dynamic and guided ones are nonmonotonic unless monotonic is
     * (5.1, 2.11.4). Guided claims are monotonic in any case, dynamic ones
     * only when asked (loop_steal.c). */
    if (kind == GLASS_SCHED_STATIC || spec->ordered)
        monotonic = true;
    /* Sections and ordered(n) loops hand out in order whatever was asked: a
     * section is too big to deal out blindly, and doacross waits need the
     * iterations handed out in order. */
    if (spec->sections || spec->doacross_dims)
        monotonic = true;
    loop->sched = kind;
    loop->chunk = chunk;
    loop->monotonic = monotonic;
}

static void init_loop(struct glass_ws *ws, const struct glass_loop_spec *spec,
                      const struct glass_icvs *icv, unsigned nthreads)
{
    struct glass_loop *loop = &ws->loop;
    ws->kind = spec->sections ? GLASS_WS_SECTIONS : GLASS_WS_LOOP;
    resolve_schedule(loop, spec, icv);
    loop->count = spec->count;
    loop->start = spec->start;
    loop->incr = spec->incr;
    loop->end = spec->end;
    loop->ordered = spec->ordered;
    atomic_store_explicit(&loop->next, 0, memory_order_relaxed);
    if (spec->ordered)
        glass_ordered_loop_init(loop, nthreads);
    /* Each thread overshoots `next` by at most one chunk when the loop runs
     * dry, so a plain fetch-add is safe unless that could wrap. */
    uint64_t overshoot;
    loop->claim_by_add = !__builtin_mul_overflow(loop->chunk, (uint64_t)nthreads + 1, &overshoot) &&
                         loop->count <= UINT64_MAX - overshoot;
    loop->doacross = NULL;
    loop->doacross_dims = spec->doacross_dims;
    glass_loop_steal_deal(loop, nthreads);
    /* Looked at once per loop rather than per chunk: a flag of the loop
     * itself is one compare on a line every claim reads anyway. */
    loop->report_chunks = ws->kind == GLASS_WS_LOOP && GLASS_OMPT_ON(dispatch);
}

void glass_loop_start(struct glass_thread *self, const struct glass_loop_spec *spec, void **mem)
{
    if (glass_ws_enter(self)) {
        struct glass_ws *ws = self->task->ws;
        unsigned nthreads = self->team->nthreads;
        init_loop(ws, spec, &self->task->icv, nthreads);
        if (mem)
            glass_ws_alloc_mem(ws, spec->mem_size);
        if (spec->doacross_dims)
            ws->loop.doacross =
                glass_doacross_create(&ws->loop, spec->doacross_dims, spec->doacross_counts, nthreads);
        glass_ws_publish(self);
    }
    struct glass_ws *ws = self->task->ws;
    /* The tool flag first: without a tool, one branch as at every event point. */
    if (GLASS_OMPT_ON(work) && !spec->unreported)
        glass_ompt_emit_work(glass_ompt_work_type(ws), GLASS_SCOPE_BEGIN, &self->team->tool_data,
                             &self->task->tool_data, ws->loop.count, spec->codeptr);
    if (mem)
        *mem = ws->mem;
}

void glass_loop_prepare(struct glass_team *team, const struct glass_loop_spec *spec)
{
    struct glass_ws *ws = glass_ws_prepare_first(team);
    /* The implicit tasks' ICVs: those the loop binds to. */
    init_loop(ws, spec, &team->master_task.icv, team->nthreads);
}

/* OMPT dispatch of a loop chunk (OpenMP 5.2 ws_loop_chunk): logical
 * iterations, as ompt_dispatch_iteration numbers them. Sections report their
 * own dispatch (sections.c). */
static __attribute__((noinline, cold)) void report_chunk(struct glass_thread *self, uint64_t lo, uint64_t hi)
{
    struct glass_dispatch_chunk chunk = {.start = lo, .iterations = hi - lo};
    glass_ompt_emit_dispatch(&self->team->tool_data, &self->task->tool_data, GLASS_DISPATCH_WS_LOOP_CHUNK,
                             (glass_tool_data){.ptr = &chunk});
}

/* Inlined into both entry points below: this is every chunk's path. */
static inline __attribute__((always_inline)) bool next_chunk(struct glass_thread *self, uint64_t *lo,
                                                           uint64_t *hi)
{
    struct glass_task *task = self->task;
    struct glass_loop *loop = &glass_ws_current(self)->loop;
    if (task->ws_ordered_left)
        glass_ordered_pass(self, loop);

    bool got;
    switch (loop->sched) {
    case GLASS_SCHED_DYNAMIC:
        got = loop->steal ? glass_loop_claim_stealing(loop, self->num, self->team->nthreads, lo, hi)
                          : glass_loop_claim_dynamic(loop, lo, hi);
        break;
    case GLASS_SCHED_GUIDED:
        got = glass_loop_claim_guided(loop, self->team->nthreads, lo, hi);
        break;
    default:
        got = glass_loop_claim_static(loop, task, self->team->nthreads, self->num, lo, hi);
        break;
    }
    if (got) {
        task->ws_chunk_lo = *lo;
        task->ws_chunk_hi = *hi;
        task->ws_ordered_left = loop->ordered ? *hi - *lo : 0;
        if (GLASS_OMPT_CACHED(loop->report_chunks))
            report_chunk(self, *lo, *hi);
    }
    return got;
}

bool glass_loop_next(struct glass_thread *self, uint64_t *lo, uint64_t *hi)
{
    return next_chunk(self, lo, hi);
}

bool glass_loop_next_bounds(struct glass_thread *self, uint64_t *first, uint64_t *end)
{
    uint64_t lo, hi;
    if (!next_chunk(self, &lo, &hi))
        return false;
    const struct glass_loop *loop = &self->task->ws->loop;
    *first = loop->start + lo * loop->incr;
    /* The last chunk ends at the user's own bound: start + count * incr may
     * lie outside the iteration variable's range. */
    *end = hi == loop->count ? loop->end : loop->start + hi * loop->incr;
    return true;
}

void glass_loop_finish_chunk(struct glass_thread *self)
{
    struct glass_task *task = self->task;
    if (task->ws_ordered_left)
        glass_ordered_pass(self, &task->ws->loop);
}
