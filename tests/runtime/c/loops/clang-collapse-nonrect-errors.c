// __kmpc_for_collapsed_init refuses a nest it cannot schedule with a message
// naming the problem: no loops, a loop whose bounds depend on a loop that is
// not outside it, a zero step, and a nest of 2^64 iterations, more than a
// 64-bit count holds.
// REQUIRES: clang
// RUN: %omp-cc %s -L%libdir -o %t
// RUN: %not --crash %run %t no-loops 2>&1 | FileCheck %s --check-prefix=NO-LOOPS
// RUN: %not --crash %run %t self 2>&1 | FileCheck %s --check-prefix=SELF
// RUN: %not --crash %run %t zero-step 2>&1 | FileCheck %s --check-prefix=ZERO-STEP
// RUN: %not --crash %run %t huge 2>&1 | FileCheck %s --check-prefix=HUGE
// NO-LOOPS: __kmpc_for_collapsed_init: a loop nest of 0 loops
// SELF: __kmpc_for_collapsed_init: loop 1 depends on loop 1, which is not outside it
// ZERO-STEP: collapsed loop nest: loop 0 has a zero step
// HUGE: __kmpc_for_collapsed_init: the loop nest runs 2^64 iterations or more
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "../Inputs/kmp_collapse.h"

enum { UINT64 = 6, INT32 = 5, LE = 0, LT = 3 };

int main(int argc, char **argv)
{
    const char *which = argc > 1 ? argv[1] : "";
    /* for (i = 0; i < 4; i++) for (j = ...; j < 4; j++) */
    struct bounds_info nest[2] = {{INT32, INT32, LT, 0, 0, 0, 4, 0, 1, 0}, {INT32, INT32, LT, 0, 0, 1, 4, 0, 1, 0}};
    int32_t n = 2;
    if (strcmp(which, "no-loops") == 0) {
        n = 0;
    } else if (strcmp(which, "self") == 0) {
        nest[1].outer_iv = 1;
    } else if (strcmp(which, "zero-step") == 0) {
        nest[0].step = 0;
    } else if (strcmp(which, "huge") == 0) {
        /* for (uint64_t i = 0; i < 2; i++) for (uint64_t j = i; j <= UINT64_MAX - 1 + i; j++):
         * 2^64 - 1 iterations, then 2^64 - 1 more. */
        nest[0] = (struct bounds_info){UINT64, UINT64, LT, 0, 0, 0, 2, 0, 1, 0};
        nest[1] = (struct bounds_info){UINT64, UINT64, LE, 0, 0, 1, UINT64_MAX - 1, 1, 1, 0};
    }
    struct bounds_info chunk[2];
    int32_t last = 0;
    int32_t got = __kmpc_for_collapsed_init(NULL, __kmpc_global_thread_num(NULL), nest, chunk, n, &last);
    printf("returned %d\n", got);
    return 0;
}
