/* The Clang ABI's collapsed-loop interface as the test programs call it
 * directly (clang-collapse-*.c, ompt/collapse-nonrect.c): libomp's
 * bounds_info_t and the entry points that take it. */
#ifndef TEST_KMP_COLLAPSE_H
#define TEST_KMP_COLLAPSE_H
#include <stdint.h>

typedef struct ident ident_t;
struct bounds_info {
    int32_t loop_type, loop_iv_type, comparison, outer_iv;
    uint64_t lb0, lb1, ub0, ub1;
    int64_t step;
    uint64_t trip_count;
};
extern int __kmpc_global_thread_num(ident_t *);
extern uint64_t __kmpc_process_loop_nest_rectang(ident_t *, int, struct bounds_info *, int);
extern void __kmpc_calc_original_ivs_rectang(ident_t *, uint64_t, const struct bounds_info *, uint64_t *, int);
extern int32_t __kmpc_for_collapsed_init(ident_t *, int32_t, struct bounds_info *, struct bounds_info *, int32_t,
                                         int32_t *);
extern void __kmpc_for_static_fini(ident_t *, int32_t);
#endif
