// Collapsed rectangular loop nests described to the runtime (libomp 17+:
// __kmpc_process_loop_nest_rectang, __kmpc_calc_original_ivs_rectang), as
// Intel's compilers emit them: each loop is brought to the canonical form
// (<, > and != become <= and >=, the bound moving by one), its trip count is
// stored and the nest's returned; every collapsed iteration maps back to the
// loops' own variables in row-major order, as the nest would run them.
// REQUIRES: clang
// RUN: %omp-cc %s -L%libdir -o %t
// RUN: %run %t | FileCheck %s
// CHECK: total=60
// CHECK-NEXT: loop0 cmp=0 ub=4 trips=5
// CHECK-NEXT: loop1 cmp=1 ub=5 trips=3
// CHECK-NEXT: loop2 cmp=0 ub=15 trips=4
// CHECK-NEXT: loop3 cmp=1 ub=4294967295 trips=1
// CHECK-NEXT: ivs=ok
// CHECK-NEXT: empty total=0
#include <inttypes.h>
#include <stdint.h>
#include <stdio.h>

#include "../Inputs/kmp_collapse.h"

enum { INT8 = 1, UINT32 = 4, INT32 = 5, UINT64 = 6 };
enum { LE = 0, GE = 1, NE = 2, LT = 3, GT = 4 };

int main(void)
{
    /* for (int i = 0; i < 5; i++)
     *  for (signed char j = 10; j > 4; j -= 2)   (bounds in int)
     *   for (uint64_t k = 0; k != 16; k += 4)
     *    for (unsigned u = 0xffffffff; u > 0xfffffffe; u--) */
    struct bounds_info nest[4] = {
        {INT32, INT32, LT, 0, 0, 0, 5, 0, 1, 0},
        {INT32, INT8, GT, 0, 10, 0, 4, 0, -2, 0},
        {UINT64, UINT64, NE, 0, 0, 0, 16, 0, 4, 0},
        {UINT32, UINT32, GT, 0, 0xffffffffu, 0, 0xfffffffeu, 0, (uint32_t)-1, 0},
    };
    uint64_t total = __kmpc_process_loop_nest_rectang(NULL, __kmpc_global_thread_num(NULL), nest, 4);
    printf("total=%" PRIu64 "\n", total);
    for (int d = 0; d < 4; d++)
        printf("loop%d cmp=%d ub=%" PRIu64 " trips=%" PRIu64 "\n", d, nest[d].comparison,
               nest[d].loop_type == INT32 || nest[d].loop_type == UINT32 ? (uint64_t)(uint32_t)nest[d].ub0
                                                                          : nest[d].ub0,
               nest[d].trip_count);
    int ok = 1;
    uint64_t iv = 0;
    for (int i = 0; i < 5; i++)
        for (signed char j = 10; j > 4; j -= 2)
            for (uint64_t k = 0; k != 16; k += 4)
                for (unsigned u = 0xffffffffu; u > 0xfffffffeu; u--) {
                    uint64_t got[4];
                    __kmpc_calc_original_ivs_rectang(NULL, iv++, nest, got, 4);
                    ok &= (int)got[0] == i && (signed char)got[1] == j && got[2] == k && (unsigned)got[3] == u;
                }
    printf("ivs=%s\n", ok && iv == total ? "ok" : "wrong");
    struct bounds_info empty[2] = {
        {INT32, INT32, LE, 0, 0, 0, 9, 0, 1, 0},
        {INT32, INT32, LT, 0, 3, 0, 3, 0, 1, 0},
    };
    printf("empty total=%" PRIu64 "\n",
           __kmpc_process_loop_nest_rectang(NULL, __kmpc_global_thread_num(NULL), empty, 2));
    return 0;
}
