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
#include "collapse.h"
#include "kmp.h"

static bool type_signed(int32_t type)
{
    return type & 1;
}

uint64_t kmp_collapse_in_type(uint64_t raw, int32_t type)
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

int64_t kmp_collapse_step(const struct kmp_bounds_info *loop)
{
    return (int64_t)kmp_collapse_in_type((uint64_t)loop->step, loop->loop_type | 1);
}

static bool less(uint64_t a, uint64_t b, int32_t type)
{
    return type_signed(type) ? (int64_t)a < (int64_t)b : a < b;
}

void kmp_collapse_check_loop(const struct kmp_bounds_info *loop, int32_t index)
{
    if (loop->loop_type < 0 || loop->loop_type >= KMP_LOOP_TYPE_COUNT || loop->loop_iv_type < 0 ||
        loop->loop_iv_type >= KMP_LOOP_TYPE_COUNT)
        glass_fatal("collapsed loop nest: loop %d has an unknown type (%d, variable %d)", (int)index,
                    (int)loop->loop_type, (int)loop->loop_iv_type);
    if (loop->comparison < KMP_COMP_LESS_OR_EQ || loop->comparison > KMP_COMP_GREATER)
        glass_fatal("collapsed loop nest: loop %d has an unknown comparison %d", (int)index, (int)loop->comparison);
    if (kmp_collapse_step(loop) == 0)
        glass_fatal("collapsed loop nest: loop %d has a zero step", (int)index);
}

void kmp_collapse_canonicalize(struct kmp_bounds_info *loop)
{
    int32_t type = loop->loop_type;
    if (loop->comparison == KMP_COMP_NOT_EQ)
        loop->comparison = kmp_collapse_step(loop) > 0 ? KMP_COMP_LESS : KMP_COMP_GREATER;
    if (loop->comparison == KMP_COMP_LESS) {
        loop->ub0 = kmp_collapse_in_type(kmp_collapse_in_type(loop->ub0, type) - 1, type);
        loop->comparison = KMP_COMP_LESS_OR_EQ;
    } else if (loop->comparison == KMP_COMP_GREATER) {
        loop->ub0 = kmp_collapse_in_type(kmp_collapse_in_type(loop->ub0, type) + 1, type);
        loop->comparison = KMP_COMP_GREATER_OR_EQ;
    }
}

bool kmp_collapse_steps(const struct kmp_bounds_info *loop, uint64_t lb, uint64_t ub, uint64_t *steps)
{
    int32_t type = loop->loop_type;
    lb = kmp_collapse_in_type(lb, type);
    ub = kmp_collapse_in_type(ub, type);
    int64_t step = kmp_collapse_step(loop);
    uint64_t magnitude = step < 0 ? 0 - (uint64_t)step : (uint64_t)step;
    unsigned width = 8u << (type / 2);
    uint64_t width_mask = width == 64 ? UINT64_MAX : (UINT64_C(1) << width) - 1;
    bool upward = loop->comparison == KMP_COMP_LESS_OR_EQ;
    if (upward ? less(ub, lb, type) : less(lb, ub, type))
        return false;
    *steps = ((upward ? ub - lb : lb - ub) & width_mask) / magnitude;
    return true;
}

static uint64_t trip_count(const struct kmp_bounds_info *loop)
{
    uint64_t steps;
    return kmp_collapse_steps(loop, loop->lb0, loop->ub0, &steps) ? steps + 1 : 0;
}

GLASS_EXPORT uint64_t __kmpc_process_loop_nest_rectang(struct kmp_ident *loc, int32_t gtid,
                                                       struct kmp_bounds_info *nest, int32_t n)
{
    (void)loc, (void)gtid;
    uint64_t total = 1;
    for (int32_t i = 0; i < n; i++) {
        kmp_collapse_check_loop(&nest[i], i);
        kmp_collapse_canonicalize(&nest[i]);
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
        uint64_t value = kmp_collapse_in_type(loop->lb0, type) + iteration * (uint64_t)kmp_collapse_step(loop);
        original_ivs[i] = kmp_collapse_in_type(kmp_collapse_in_type(value, type), loop->loop_iv_type);
    }
}
