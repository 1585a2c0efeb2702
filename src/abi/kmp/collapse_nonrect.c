/* Clang ABI (libomp 17+): __kmpc_for_collapsed_init, the static schedule
 * (no chunk size) of a collapsed loop nest whose inner bounds may depend on
 * an outer loop's variable, as Intel's compilers emit it for a
 * non-rectangular nest. Level k's variable runs from lb0 + lb1 * v to
 * ub0 + ub1 * v (v: the variable of level outer_iv < k), computed in the
 * level's own type (collapse.h).
 *
 * The contract, libomp's: the nest is canonicalized in place (<= or >=).
 * The return value says whether the calling thread has iterations; if so,
 * its chunk comes back in chunk_bounds_nest as two points of the nest, the
 * chunk's first iteration (each level's lb0) and its last (ub0), with
 * lb1 = ub1 = 0 and the other fields copied from the canonical nest. The
 * program runs the nest's iterations in their own order from the first
 * point to the last: a level starts from the chunk's lb0 while every outer
 * level is at the first point's value, and ends at its ub0 while every
 * outer level is at the last point's. *plastiter says whether the chunk holds
 * the nest's last iteration.
 *
 * The division is not libomp's. libomp widens the nest to a
 * parallelepiped, divides that evenly and moves the boundaries back into the
 * nest, so its chunks are only roughly equal (some threads may get none) and
 * the last chunk ends at the upper bounds rather than at an iteration
 * (libomp 19 also has a shortcut for some 2-level triangles). Glass
 * counts the nest's own iterations and gives each thread one contiguous run,
 * in thread order, sizes differing by at most one: exactly schedule(static)
 * over the nest's logical iterations (glass_static_share). Both end points
 * are iterations of the nest.
 *
 * Counting walks the points of the outer n-1 levels; the innermost level's
 * trip count at each is arithmetic, so the cost is the outer levels' trip
 * count, never the nest's. Counts are 64-bit; a nest with 2^64 iterations
 * or more is refused with a message. */
#include <stdint.h>
#include <stdlib.h>

#include "../../core/loops/loop_static.h"
#include "../../core/runtime.h"
#include "../../ompt/events.h"
#include "collapse.h"
#include "kmp.h"
#include "loop.h"

/* A walk over the points of the nest's outer levels (all but the innermost),
 * in the nest's order. */
struct outer_walk {
    const struct kmp_bounds_info *nest;
    int32_t depth;    /* levels walked: n - 1 */
    uint64_t *ivs;    /* n entries: each level's variable in its own type, extended, as
                         the bounds of inner levels read it and the chunk returns it */
    uint64_t *values; /* each walked level's variable in the level's bounds type */
    uint64_t *left;   /* steps left on each walked level after the current one */
};

/* A bound of `loop` (b0 + b1 * v) at the current outer variables. */
static uint64_t bound_at(const struct kmp_bounds_info *loop, uint64_t b0, uint64_t b1, const uint64_t *ivs)
{
    int32_t type = loop->loop_type;
    uint64_t coefficient = kmp_collapse_in_type(b1, type);
    uint64_t outer = coefficient ? kmp_collapse_in_type(ivs[loop->outer_iv], type) : 0;
    return kmp_collapse_in_type(b0 + coefficient * outer, type);
}

/* Whether level `level` runs at the current outer variables; if so, its
 * first value (bounds type) and its trip count minus one. */
static bool level_range(const struct kmp_bounds_info *nest, int32_t level, const uint64_t *ivs, uint64_t *first,
                        uint64_t *steps)
{
    const struct kmp_bounds_info *loop = &nest[level];
    *first = bound_at(loop, loop->lb0, loop->lb1, ivs);
    uint64_t last = bound_at(loop, loop->ub0, loop->ub1, ivs);
    return kmp_collapse_steps(loop, *first, last, steps);
}

/* `loop`'s value `iteration` steps after `first`, in its bounds type. */
static uint64_t value_after(const struct kmp_bounds_info *loop, uint64_t first, uint64_t iteration)
{
    return kmp_collapse_in_type(first + iteration * (uint64_t)kmp_collapse_step(loop), loop->loop_type);
}

/* Moves the walk to its next point: from `level` on, each level enters its
 * first iteration, or (`stepping`) steps to its next one; a level with no
 * iteration left sends the walk back to step the level outside it. False
 * when the outer levels have no point left. */
static bool walk_settle(struct outer_walk *walk, int32_t level, bool stepping)
{
    while (level < walk->depth) {
        if (level < 0)
            return false;
        const struct kmp_bounds_info *loop = &walk->nest[level];
        if (stepping) {
            if (walk->left[level] == 0) {
                level--;
                continue;
            }
            walk->left[level]--;
            walk->values[level] = value_after(loop, walk->values[level], 1);
        } else if (!level_range(walk->nest, level, walk->ivs, &walk->values[level], &walk->left[level])) {
            level--;
            stepping = true;
            continue;
        }
        walk->ivs[level] = kmp_collapse_in_type(walk->values[level], loop->loop_iv_type);
        level++;
        stepping = false;
    }
    return true;
}

static bool walk_first(struct outer_walk *walk)
{
    return walk_settle(walk, 0, false);
}

static bool walk_next(struct outer_walk *walk)
{
    return walk_settle(walk, walk->depth - 1, true);
}

/* The innermost level's trip count at the walk's point. */
static uint64_t inner_count(const struct outer_walk *walk)
{
    uint64_t first, steps;
    if (!level_range(walk->nest, walk->depth, walk->ivs, &first, &steps))
        return 0;
    if (steps == UINT64_MAX)
        glass_fatal("__kmpc_for_collapsed_init: the innermost loop runs 2^64 iterations, more than a 64-bit "
                    "count holds");
    return steps + 1;
}

static uint64_t nest_count(struct outer_walk *walk)
{
    uint64_t total = 0;
    for (bool more = walk_first(walk); more; more = walk_next(walk))
        if (__builtin_add_overflow(total, inner_count(walk), &total))
            glass_fatal("__kmpc_for_collapsed_init: the loop nest runs 2^64 iterations or more, more than a "
                        "64-bit count holds");
    return total;
}

/* The nest's point at logical iteration `iteration` of the innermost level
 * under the walk's current point, into `point` (n entries, as ivs). */
static void point_at(const struct outer_walk *walk, uint64_t iteration, uint64_t *point)
{
    const struct kmp_bounds_info *inner = &walk->nest[walk->depth];
    uint64_t first, steps;
    (void)level_range(walk->nest, walk->depth, walk->ivs, &first, &steps);
    for (int32_t level = 0; level < walk->depth; level++)
        point[level] = walk->ivs[level];
    point[walk->depth] = kmp_collapse_in_type(value_after(inner, first, iteration), inner->loop_iv_type);
}

/* The points of logical iterations `from` and `to` (from <= to < count). */
static void find_points(struct outer_walk *walk, uint64_t from, uint64_t to, uint64_t *first, uint64_t *last)
{
    uint64_t before = 0; /* iterations before the walk's point */
    for (bool more = walk_first(walk); more; more = walk_next(walk)) {
        uint64_t count = inner_count(walk);
        if (from >= before && from - before < count)
            point_at(walk, from - before, first);
        if (to - before < count) {
            point_at(walk, to - before, last);
            return;
        }
        before += count;
    }
    glass_fatal("__kmpc_for_collapsed_init: the loop nest changed while it was being divided");
}

/* Checks each level and brings it to the canonical form. */
static void canonicalize_nest(struct kmp_bounds_info *nest, int32_t n)
{
    if (n < 1)
        glass_fatal("__kmpc_for_collapsed_init: a loop nest of %d loops", (int)n);
    for (int32_t level = 0; level < n; level++) {
        struct kmp_bounds_info *loop = &nest[level];
        kmp_collapse_check_loop(loop, level);
        bool dependent = kmp_collapse_in_type(loop->lb1, loop->loop_type) != 0 ||
                         kmp_collapse_in_type(loop->ub1, loop->loop_type) != 0;
        if (dependent && (loop->outer_iv < 0 || loop->outer_iv >= level))
            glass_fatal("__kmpc_for_collapsed_init: loop %d depends on loop %d, which is not outside it",
                        (int)level, (int)loop->outer_iv);
        kmp_collapse_canonicalize(loop);
    }
}

static void fill_chunk(const struct kmp_bounds_info *nest, int32_t n, const uint64_t *first, const uint64_t *last,
                       struct kmp_bounds_info *chunk)
{
    for (int32_t level = 0; level < n; level++) {
        chunk[level] = nest[level];
        chunk[level].lb0 = first[level];
        chunk[level].ub0 = last[level];
        chunk[level].lb1 = chunk[level].ub1 = 0;
    }
}

GLASS_EXPORT int32_t __kmpc_for_collapsed_init(struct kmp_ident *loc, int32_t gtid, struct kmp_bounds_info *nest,
                                               struct kmp_bounds_info *chunk, int32_t n, int32_t *plastiter)
{
    (void)loc;
    GLASS_OMPT_ENTRY();
    struct glass_thread *self = kmp_thread(gtid);
    canonicalize_nest(nest, n);
    /* ivs, values, left, then the chunk's two points. */
    uint64_t *scratch = malloc(5 * (size_t)n * sizeof *scratch);
    if (!scratch)
        glass_fatal("__kmpc_for_collapsed_init: out of memory for a nest of %d loops", (int)n);
    struct outer_walk walk = {nest, n - 1, scratch, scratch + n, scratch + 2 * n};
    uint64_t *first = scratch + 3 * n, *last = scratch + 4 * n;

    uint64_t count = nest_count(&walk);
    struct glass_static_share share;
    glass_static_share(count, 0, self->team->nthreads, self->num, &share);
    kmp_static_loop_begins(self, count, &share, __builtin_return_address(0));
    if (plastiter)
        *plastiter = share.last;
    bool has_iterations = share.lo < share.hi;
    if (has_iterations) {
        find_points(&walk, share.lo, share.hi - 1, first, last);
        fill_chunk(nest, n, first, last, chunk);
    }
    free(scratch);
    return has_iterations;
}
