/* Worksharing loops: scheduling of logical iterations over the team.
 *
 * The core sees a loop as `count` logical iterations 0 .. count-1; the ABIs
 * translate their bounds in and the chunks out (glass_loop_next_bounds gives
 * them back as raw 64-bit values: start + i * incr, modulo 2^64). */
#ifndef GLASS_CORE_LOOP_H
#define GLASS_CORE_LOOP_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "../settings/icv.h"
#include "workshare.h"

struct glass_task;
struct glass_thread;
struct glass_team;

/* schedule(runtime): kind and chunk come from run-sched-var. The other kinds
 * are enum glass_sched values, optionally with GLASS_SCHED_MONOTONIC. */
#define GLASS_SCHED_RUNTIME 0

struct glass_loop_spec {
    uint64_t count;            /* logical iterations */
    uint64_t start, incr, end; /* raw bounds, see struct glass_loop */
    int sched;                 /* kind (GLASS_SCHED_RUNTIME allowed) | modifier */
    uint64_t chunk;            /* chunk size; 0: unspecified */
    bool ordered;              /* ordered clause without parameter */
    unsigned doacross_dims;    /* ordered(n): n, else 0 */
    const uint64_t *doacross_counts; /* iterations of each of the n loops */
    size_t mem_size;           /* size of the team-shared scratch (see glass_loop_start) */
    bool sections;             /* a sections construct: one iteration per section */
    const void *codeptr;       /* user call site, for tools (NULL: unknown) */
    bool unreported;           /* no work-begin event: the ABI reports the construct's own */
    /* schedule(simd: ...) (OpenMP 5.1, 2.11.4): the simd width; chunks are
     * whole multiples of it (the last excepted); 0 or 1: no simd modifier. */
    uint64_t simd_width;
};

/* Iterations of `for (v = start; v < end (or > end); v += incr)`. */
uint64_t glass_loop_count_signed(int64_t start, int64_t end, int64_t incr);
uint64_t glass_loop_count_unsigned(bool up, uint64_t start, uint64_t end, uint64_t incr);

/* Enters a worksharing loop (the first thread initializes it). `mem`, when
 * not NULL, receives team-shared zeroed scratch of spec->mem_size bytes, valid
 * until every thread has left the loop. */
void glass_loop_start(struct glass_thread *self, const struct glass_loop_spec *spec, void **mem);

/* Combined parallel loop: initialize the team's first construct (called by
 * the master from struct glass_parallel_args.prepare). */
void glass_loop_prepare(struct glass_team *team, const struct glass_loop_spec *spec);

/* Next chunk of the current loop for the calling thread, as logical
 * iterations [*lo, *hi) or as raw bounds [*first, *end); false when the
 * thread has no more work. In an ordered loop this also hands the previous
 * chunk's ordered turn on (waiting for it first). */
bool glass_loop_next(struct glass_thread *self, uint64_t *lo, uint64_t *hi);
bool glass_loop_next_bounds(struct glass_thread *self, uint64_t *first, uint64_t *end);

/* Ordered loops: hands on the current chunk's turn if the thread still holds
 * it (at the end of the construct). */
void glass_loop_finish_chunk(struct glass_thread *self);

/* Claims of each schedule (loop_schedule.c); the ring entry is set up. */
bool glass_loop_claim_static(struct glass_loop *loop, struct glass_task *task, unsigned nthreads,
                             unsigned num, uint64_t *lo, uint64_t *hi);
bool glass_loop_claim_dynamic_exact(struct glass_loop *loop, uint64_t *lo, uint64_t *hi);

static inline bool glass_loop_claim_dynamic(struct glass_loop *loop, uint64_t *lo, uint64_t *hi)
{
    if (__builtin_expect(!loop->claim_by_add, 0))
        return glass_loop_claim_dynamic_exact(loop, lo, hi);
    /* The hot path: one fetch-add, no lock. */
    uint64_t first = atomic_fetch_add_explicit(&loop->next, loop->chunk, memory_order_relaxed);
    if (first >= loop->count)
        return false;
    *lo = first;
    *hi = loop->count - first > loop->chunk ? first + loop->chunk : loop->count;
    return true;
}
bool glass_loop_claim_guided(struct glass_loop *loop, unsigned nthreads, uint64_t *lo, uint64_t *hi);

/* Nonmonotonic dynamic schedules (loop_steal.c). glass_loop_steal_deal, at
 * set-up, decides whether the loop deals its chunks out to per-thread ranges
 * (loop->steal) and deals them; glass_loop_claim_stealing is the claim then;
 * glass_loop_steal_free releases a ring slot's ranges with its team. */
void glass_loop_steal_deal(struct glass_loop *loop, unsigned nthreads);
bool glass_loop_claim_stealing(struct glass_loop *loop, unsigned num, unsigned nthreads, uint64_t *lo,
                               uint64_t *hi);
void glass_loop_steal_free(struct glass_loop *loop);

/* Thread that runs logical iteration `index` under a static schedule. */
unsigned glass_loop_static_owner(const struct glass_loop *loop, unsigned nthreads, uint64_t index);

#endif
