/* Clang ABI (libomp 17+): collapsed rectangular loop nests described to the
 * runtime, as Intel's compilers emit them. The program describes each loop
 * with a bounds_info_t; __kmpc_process_loop_nest_rectang brings each to the
 * canonical form (<= or >=), stores its trip count and returns the nest's;
 * the program then schedules the collapsed iteration space (0 .. total-1)
 * itself and asks __kmpc_calc_original_ivs_rectang for the loops' own
 * variables at a collapsed iteration.
 *
 * The bounds are stored in 64-bit slots, but only the low bytes of the
 * loop's type mean anything (libomp keeps them in unions); values go back
 * extended to 64 bits, which reads the same in the narrow type. */
#include <stdint.h>

#include "../../core/runtime.h"
#include "kmp.h"

/* libomp's bounds_info_t. */
struct kmp_bounds_info {
    int32_t loop_type;    /* type of the bounds and step (enum below) */
    int32_t loop_iv_type; /* type of the loop's variable */
    int32_t comparison;   /* enum below */
    int32_t outer_iv;     /* non-rectangular nests only */
    uint64_t lb0, lb1, ub0, ub1;
    int64_t step;
    uint64_t trip_count;  /* set by __kmpc_process_loop_nest_rectang */
};

/* Types 0..7 are uint8, int8, uint16, int16, uint32, int32, uint64, int64:
 * odd ones are signed, the width doubles every two. */
enum { KMP_LOOP_TYPE_COUNT = 8 };
enum { COMP_LESS_OR_EQ = 0, COMP_GREATER_OR_EQ = 1, COMP_NOT_EQ = 2, COMP_LESS = 3, COMP_GREATER = 4 };

static bool type_signed(int32_t type)
{
    return type & 1;
}

/* `raw` read in `type` and extended to 64 bits. */
static uint64_t in_type(uint64_t raw, int32_t type)
{
    unsigned width = 8u << (type / 2);
    if (width == 64)
        return raw;
    uint64_t mask = (UINT64_C(1) << width) - 1;
    raw &= mask;
    if (type_signed(type) && (raw >> (width - 1)))
        raw |= ~mask;
    return raw;
}

/* The step is signed even when the bounds are not (libomp: ST). */
static int64_t step_of(const struct kmp_bounds_info *loop)
{
    return (int64_t)in_type((uint64_t)loop->step, loop->loop_type | 1);
}

static bool less(uint64_t a, uint64_t b, int32_t type)
{
    return type_signed(type) ? (int64_t)a < (int64_t)b : a < b;
}

static void check_loop(const struct kmp_bounds_info *loop, int32_t index)
{
    if (loop->loop_type < 0 || loop->loop_type >= KMP_LOOP_TYPE_COUNT || loop->loop_iv_type < 0 ||
        loop->loop_iv_type >= KMP_LOOP_TYPE_COUNT)
        glass_fatal("collapsed loop nest: loop %d has an unknown type (%d, variable %d)", (int)index,
                    (int)loop->loop_type, (int)loop->loop_iv_type);
    if (loop->comparison < COMP_LESS_OR_EQ || loop->comparison > COMP_GREATER)
        glass_fatal("collapsed loop nest: loop %d has an unknown comparison %d", (int)index, (int)loop->comparison);
    if (step_of(loop) == 0)
        glass_fatal("collapsed loop nest: loop %d has a zero step", (int)index);
}

/* !=, < and > become <= or >= (the bound moves by one), as libomp does. */
static void canonicalize(struct kmp_bounds_info *loop)
{
    int32_t type = loop->loop_type;
    if (loop->comparison == COMP_NOT_EQ)
        loop->comparison = step_of(loop) > 0 ? COMP_LESS : COMP_GREATER;
    if (loop->comparison == COMP_LESS) {
        loop->ub0 = in_type(in_type(loop->ub0, type) - 1, type);
        loop->comparison = COMP_LESS_OR_EQ;
    } else if (loop->comparison == COMP_GREATER) {
        loop->ub0 = in_type(in_type(loop->ub0, type) + 1, type);
        loop->comparison = COMP_GREATER_OR_EQ;
    }
}

static uint64_t trip_count(const struct kmp_bounds_info *loop)
{
    int32_t type = loop->loop_type;
    uint64_t lb = in_type(loop->lb0, type), ub = in_type(loop->ub0, type);
    int64_t step = step_of(loop);
    uint64_t magnitude = step < 0 ? 0 - (uint64_t)step : (uint64_t)step;
    unsigned width = 8u << (type / 2);
    uint64_t width_mask = width == 64 ? UINT64_MAX : (UINT64_C(1) << width) - 1;
    if (loop->comparison == COMP_LESS_OR_EQ)
        return less(ub, lb, type) ? 0 : ((ub - lb) & width_mask) / magnitude + 1;
    return less(lb, ub, type) ? 0 : ((lb - ub) & width_mask) / magnitude + 1;
}

GLASS_EXPORT uint64_t __kmpc_process_loop_nest_rectang(struct kmp_ident *loc, int32_t gtid,
                                                       struct kmp_bounds_info *nest, int32_t n)
{
    (void)loc, (void)gtid;
    uint64_t total = 1;
    for (int32_t i = 0; i < n; i++) {
        check_loop(&nest[i], i);
        canonicalize(&nest[i]);
        nest[i].trip_count = trip_count(&nest[i]);
        total *= nest[i].trip_count;
    }
    return total;
}

/* The loops' variables at collapsed iteration `new_iv` (row-major: the
 * innermost loop varies fastest), each extended from its own type. */
GLASS_EXPORT void __kmpc_calc_original_ivs_rectang(struct kmp_ident *loc, uint64_t new_iv,
                                                   const struct kmp_bounds_info *nest, uint64_t *original_ivs,
                                                   int32_t n)
{
    (void)loc;
    for (int32_t i = n; i-- > 0;) {
        const struct kmp_bounds_info *loop = &nest[i];
        if (loop->trip_count == 0)
            glass_fatal("__kmpc_calc_original_ivs_rectang: loop %d runs no iteration (trip counts come from "
                        "__kmpc_process_loop_nest_rectang)",
                        (int)i);
        uint64_t iteration = new_iv % loop->trip_count;
        new_iv /= loop->trip_count;
        int32_t type = loop->loop_type;
        uint64_t value = in_type(loop->lb0, type) + iteration * (uint64_t)step_of(loop);
        original_ivs[i] = in_type(in_type(value, type), loop->loop_iv_type);
    }
}
