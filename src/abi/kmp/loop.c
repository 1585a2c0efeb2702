/* Clang ABI: the worksharing constructs that loops enter, and doacross loops.
 *
 * A statically scheduled loop needs no shared state (static_init.c); a loop
 * run through the dispatch interface enters a core worksharing construct and
 * leaves it when __kmpc_dispatch_next finds no chunk left. A thread that
 * leaves a loop early, through a cancellation point, never makes that last
 * call, so each thread records the constructs it has entered and not left
 * (innermost last; regions nest) and the cancellation entry points leave them.
 *
 * Doacross loops (ordered(n), OpenMP 5.1, 2.11.4 and 2.19.9): Clang calls
 * __kmpc_doacross_init with the n loops' bounds before the loop's own init,
 * then __kmpc_doacross_wait/post with iteration vectors in the loops' own
 * values, and __kmpc_doacross_fini after the loop. The init records the nest;
 * the loop init (static or dispatch) starts a worksharing construct with the
 * core's doacross bookkeeping; fini leaves it. With collapse(c), the
 * worksharing loop runs over the first c loops together: those c dimensions
 * become one, numbered in the same row-major order. */
#include <stdlib.h>

#include "../../core/loops/doacross.h"
#include "../../core/runtime.h"
#include "../../core/threads/team.h"
#include "../../ompt/events.h"
#include "loop.h"

/* The bounds Clang describes each loop of an ordered(n) nest with. */
struct kmp_dim {
    int64_t lo;
    int64_t up;
    int64_t st;
};

struct doacross_nest {
    unsigned ndims;
    unsigned merged;        /* leading loops run as the worksharing loop, 0: not known yet */
    struct kmp_dim_count {
        int64_t lo, st;
        uint64_t count;
    } dim[];
};

struct kmp_open_loop {
    struct glass_task *task;      /* implicit task that entered the loop */
    unsigned long construct;      /* its construct number; 0: doacross announced, not started */
    bool dispatch;                /* left when __kmpc_dispatch_next runs dry */
    bool left;
    struct doacross_nest *nest;   /* doacross loops, else NULL */
};

void kmp_zero_increment(void)
{
    glass_fatal("worksharing loop with a zero increment");
}

static struct kmp_open_loop *innermost(struct glass_thread *self)
{
    struct kmp_thread_state *state = &kmp_state;
    if (!state->nopen_loops)
        return NULL;
    struct kmp_open_loop *loop = &state->open_loops[state->nopen_loops - 1];
    return loop->task == self->task ? loop : NULL;
}

static struct kmp_open_loop *push(struct glass_thread *self)
{
    struct kmp_thread_state *state = &kmp_state;
    if (state->nopen_loops == state->open_loops_capacity) {
        unsigned capacity = state->open_loops_capacity ? 2 * state->open_loops_capacity : 4;
        struct kmp_open_loop *loops = realloc(state->open_loops, capacity * sizeof *loops);
        if (!loops)
            glass_fatal("out of memory for the loops of a thread");
        state->open_loops = loops;
        state->open_loops_capacity = capacity;
    }
    struct kmp_open_loop *loop = &state->open_loops[state->nopen_loops++];
    *loop = (struct kmp_open_loop){.task = self->task};
    return loop;
}

static void pop(void)
{
    struct kmp_open_loop *loop = &kmp_state.open_loops[--kmp_state.nopen_loops];
    free(loop->nest);
}

bool kmp_doacross_pending(struct glass_thread *self)
{
    struct kmp_open_loop *loop = innermost(self);
    return loop && loop->construct == 0;
}

/* How many leading loops of the nest make up `count` worksharing
 * iterations (the collapse depth); the row-major order of those loops is
 * the worksharing loop's. 0 when no prefix matches. */
static unsigned prefix_of(const struct doacross_nest *nest, uint64_t count, uint64_t shrink)
{
    uint64_t product = 1;
    for (unsigned d = 0; d < nest->ndims; d++) {
        product *= nest->dim[d].count - shrink;
        if (product == count)
            return d + 1;
    }
    return 0;
}

/* libomp reads each loop's upper bound as inclusive, but Clang passes the
 * normalized loops as lo 0, up = the iteration count, st 1 (libomp's
 * tables simply get one spare row). Which reading holds shows in how the
 * leading loops multiply up to the worksharing loop's count; with Clang's,
 * the counts shrink by one. */
static unsigned merged_loops(struct doacross_nest *nest, uint64_t count)
{
    unsigned merged = prefix_of(nest, count, 0);
    if (merged)
        return merged;
    bool normalized = true;
    for (unsigned d = 0; d < nest->ndims; d++)
        normalized &= nest->dim[d].lo == 0 && nest->dim[d].st == 1 && nest->dim[d].count > 0;
    if (normalized && (merged = prefix_of(nest, count, 1))) {
        for (unsigned d = 0; d < nest->ndims; d++)
            nest->dim[d].count--;
        return merged;
    }
    return 1;
}

void kmp_loop_start(struct glass_thread *self, struct glass_loop_spec *spec, bool dispatch)
{
    struct kmp_open_loop *loop = innermost(self);
    if (loop && loop->construct == 0) {
        struct doacross_nest *nest = loop->nest;
        nest->merged = merged_loops(nest, spec->count);
        unsigned dims = nest->ndims - nest->merged + 1;
        uint64_t counts[dims];
        counts[0] = spec->count;
        for (unsigned d = 1; d < dims; d++)
            counts[d] = nest->dim[nest->merged + d - 1].count;
        spec->doacross_dims = dims;
        spec->doacross_counts = counts;
        glass_loop_start(self, spec, NULL);
    } else {
        glass_loop_start(self, spec, NULL);
        loop = push(self);
    }
    loop->construct = self->task->ws_count;
    loop->dispatch = dispatch;
}

bool kmp_loop_dispatch_done(struct glass_thread *self, const void *codeptr)
{
    struct kmp_open_loop *loop = innermost(self);
    if (!loop || !loop->dispatch || loop->left || loop->construct != self->task->ws_count)
        return false;
    glass_ws_leave_at(self, codeptr);
    loop->left = true;
    if (!loop->nest)
        pop();
    return true;
}

void kmp_loops_leave_cancelled(struct glass_thread *self)
{
    struct kmp_open_loop *loop = innermost(self);
    if (!loop || loop->left || loop->construct != self->task->ws_count)
        return;
    /* A cancelled loop has no ordered clause (OpenMP 5.1, 2.20.1): no ordered
     * turn to hand on. */
    self->task->ws_ordered_left = 0;
    glass_ws_leave(self);
    loop->left = true;
    if (!loop->nest)
        pop();
}

void kmp_loops_forget_task(struct glass_task *task)
{
    while (kmp_state.nopen_loops && kmp_state.open_loops[kmp_state.nopen_loops - 1].task == task)
        pop();
}

/* Doacross entry points. */

GLASS_EXPORT void __kmpc_doacross_init(struct kmp_ident *loc, int32_t gtid, int32_t num_dims,
                                       const struct kmp_dim *dims)
{
    (void)loc;
    struct glass_thread *self = kmp_thread(gtid);
    unsigned ndims = num_dims > 0 ? (unsigned)num_dims : 0;
    struct doacross_nest *nest = malloc(sizeof *nest + ndims * sizeof nest->dim[0]);
    if (!nest)
        glass_fatal("out of memory for a doacross loop nest of %u loops", ndims);
    nest->ndims = ndims;
    nest->merged = 0;
    for (unsigned d = 0; d < ndims; d++) {
        nest->dim[d].lo = dims[d].lo;
        nest->dim[d].st = dims[d].st;
        nest->dim[d].count = kmp_trip_count(true, (uint64_t)dims[d].lo, (uint64_t)dims[d].up, dims[d].st);
    }
    struct kmp_open_loop *loop = push(self);
    loop->nest = nest;
}

/* The open doacross loop of the current task, started. */
static struct kmp_open_loop *doacross_loop(struct glass_thread *self)
{
    struct kmp_open_loop *loop = innermost(self);
    return loop && loop->nest && loop->construct ? loop : NULL;
}

/* Converts an iteration vector in the loops' own values to logical
 * iteration numbers, one per loop of the nest; false when it lies outside
 * the iteration space. */
static bool logical_vector(const struct doacross_nest *nest, const int64_t *vec, uint64_t *index)
{
    for (unsigned d = 0; d < nest->ndims; d++) {
        const struct kmp_dim_count *dim = &nest->dim[d];
        uint64_t distance = dim->st > 0 ? (uint64_t)vec[d] - (uint64_t)dim->lo
                                        : (uint64_t)dim->lo - (uint64_t)vec[d];
        uint64_t step = dim->st > 0 ? (uint64_t)dim->st : 0 - (uint64_t)dim->st;
        bool before = dim->st > 0 ? vec[d] < dim->lo : vec[d] > dim->lo;
        if (before || distance % step)
            return false;
        index[d] = distance / step;
        if (index[d] >= dim->count)
            return false;
    }
    return true;
}

/* The core's vector of the loop nest's logical vector: the loops run as
 * the worksharing loop make one dimension, numbered row-major. */
static void core_vector(const struct doacross_nest *nest, const uint64_t *index, uint64_t *out)
{
    uint64_t merged = 0;
    for (unsigned d = 0; d < nest->merged; d++)
        merged = merged * nest->dim[d].count + index[d];
    out[0] = merged;
    for (unsigned d = nest->merged; d < nest->ndims; d++)
        out[d - nest->merged + 1] = index[d];
}

/* A depend(source) or depend(sink: vec) of the open doacross loop: reported
 * to a tool per loop of the nest, as libomp 19 does, also in a team of one
 * (nothing to wait for there), then handed to the core. A sink vector
 * outside the iteration space names no iteration: neither. */
static void doacross_vector(struct kmp_ident *loc, int32_t gtid, const int64_t *vec, int type)
{
    (void)loc;
    struct glass_thread *self = kmp_thread(gtid);
    struct kmp_open_loop *loop = doacross_loop(self);
    if (!loop || !loop->nest->ndims)
        return;
    const struct doacross_nest *nest = loop->nest;
    uint64_t index[nest->ndims];
    if (!logical_vector(nest, vec, index))
        return;
    if (GLASS_OMPT_ON(dependences))
        glass_ompt_report_doacross(self->task, type, index, nest->ndims);
    if (!glass_doacross_dims(self))
        return;
    uint64_t iteration[nest->ndims + 1];
    core_vector(nest, index, iteration);
    if (type == GLASS_DEPENDENCE_SINK)
        glass_doacross_wait(self, iteration);
    else
        glass_doacross_post(self, iteration);
}

GLASS_EXPORT void __kmpc_doacross_wait(struct kmp_ident *loc, int32_t gtid, const int64_t *vec)
{
    GLASS_OMPT_ENTRY();
    doacross_vector(loc, gtid, vec, GLASS_DEPENDENCE_SINK);
}

GLASS_EXPORT void __kmpc_doacross_post(struct kmp_ident *loc, int32_t gtid, const int64_t *vec)
{
    GLASS_OMPT_ENTRY();
    doacross_vector(loc, gtid, vec, GLASS_DEPENDENCE_SOURCE);
}

GLASS_EXPORT void __kmpc_doacross_fini(struct kmp_ident *loc, int32_t gtid)
{
    (void)loc;
    struct glass_thread *self = kmp_thread(gtid);
    struct kmp_open_loop *loop = innermost(self);
    if (!loop || !loop->nest)
        return;
    /* A dispatch loop was left when it ran dry; a static one is left here,
     * its work-end event already reported by __kmpc_for_static_fini. A loop
     * that never started (no iterations reached a loop init) has no
     * construct. */
    if (loop->construct && !loop->left)
        glass_ws_leave_unreported(self);
    pop();
}
