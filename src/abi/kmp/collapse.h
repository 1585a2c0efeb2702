/* Shared by the two collapsed-loop-nest interfaces of libomp 17+ (Intel's
 * compilers): the rectangular one (collapse.c) and the static schedule of a
 * possibly non-rectangular nest (collapse_nonrect.c). Both read the nest as
 * libomp's bounds_info_t and bring its loops to the same canonical form. */
#ifndef GLASS_ABI_KMP_COLLAPSE_H
#define GLASS_ABI_KMP_COLLAPSE_H

#include <stdbool.h>
#include <stdint.h>

/* libomp's bounds_info_t: one loop of the nest. Level k's variable runs from
 * lb0 + lb1 * v to ub0 + ub1 * v, v being the variable of level outer_iv
 * (lb1 = ub1 = 0 for a loop that depends on no other). The bounds are stored
 * in 64-bit slots, but only the low bytes of the loop's type mean anything
 * (libomp keeps them in unions). */
struct kmp_bounds_info {
    int32_t loop_type;    /* type of the bounds and step (enum below) */
    int32_t loop_iv_type; /* type of the loop's variable */
    int32_t comparison;   /* enum below */
    int32_t outer_iv;     /* the level lb1 and ub1 multiply */
    uint64_t lb0, lb1, ub0, ub1;
    int64_t step;
    uint64_t trip_count;  /* set by __kmpc_process_loop_nest_rectang */
};

/* Types 0..7 are uint8, int8, uint16, int16, uint32, int32, uint64, int64:
 * odd ones are signed, the width doubles every two. */
enum { KMP_LOOP_TYPE_COUNT = 8 };
enum { KMP_COMP_LESS_OR_EQ = 0, KMP_COMP_GREATER_OR_EQ = 1, KMP_COMP_NOT_EQ = 2, KMP_COMP_LESS = 3,
       KMP_COMP_GREATER = 4 };

/* `raw` read in `type` and extended to 64 bits (sign- or zero-), which
 * reads the same in the narrow type. */
uint64_t kmp_collapse_in_type(uint64_t raw, int32_t type);

/* The loop's step: signed even when its bounds are not (libomp: ST). */
int64_t kmp_collapse_step(const struct kmp_bounds_info *loop);

/* Ends the program with a message naming loop `index` when its types,
 * comparison or step make no sense. */
void kmp_collapse_check_loop(const struct kmp_bounds_info *loop, int32_t index);

/* !=, < and > become <= or >= (ub0 moves by one), as libomp does. */
void kmp_collapse_canonicalize(struct kmp_bounds_info *loop);

/* Whether a canonical loop of `loop`'s type, comparison and step runs from
 * `lb` to `ub` at all; if so, *steps is its trip count minus one (which
 * always fits in 64 bits, the trip count itself may not). */
bool kmp_collapse_steps(const struct kmp_bounds_info *loop, uint64_t lb, uint64_t ub, uint64_t *steps);

#endif
