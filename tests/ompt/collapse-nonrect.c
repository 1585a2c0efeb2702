// A collapsed non-rectangular loop nest scheduled by the runtime
// (__kmpc_for_collapsed_init, as Intel's compilers call it, then
// __kmpc_for_static_fini) is a statically scheduled loop to a tool: each
// thread's work region begins in the init call with the nest's iteration
// count and ends in the fini call, and its chunk is dispatched in logical
// iterations of the nest (OpenMP 5.2 ompt_dispatch_ws_loop_chunk). The nest:
// for (i = 1; i < 10; i++) for (j = i; j < 10; j++), 45 iterations, 23 and
// 22 for two threads. A nest without iterations begins and ends its work
// region and dispatches nothing.
// REQUIRES: clang
// RUN: %ompt-cc %s %tool-src %ompt-link -o %t
// RUN: %run %t > %t.out
// RUN: FileCheck %s < %t.out
#include <omp.h>
#include <stdint.h>

#include "tool.h"

#include "../runtime/c/Inputs/kmp_collapse.h"

enum { INT32 = 5, LT = 3 };

static void nest(int outer_end)
{
#pragma omp parallel num_threads(2)
    {
        int32_t gtid = __kmpc_global_thread_num(NULL);
        struct bounds_info loops[2] = {{INT32, INT32, LT, 0, 1, 0, (uint64_t)outer_end, 0, 1, 0},
                                       {INT32, INT32, LT, 0, 0, 1, 10, 0, 1, 0}};
        struct bounds_info chunk[2];
        int32_t last = 0;
        __kmpc_for_collapsed_init(NULL, gtid, loops, chunk, 2, &last);
        __kmpc_for_static_fini(NULL, gtid);
    }
}

int main(void)
{
    tool_log("nest");
    nest(10);
    tool_log("empty nest");
    nest(1);
    tool_log("done");
    return 0;
}

// CHECK: nest
// The chunks name the tasks (the two threads' events may come in either order):
// CHECK-DAG: dispatch: kind=ws_loop_chunk parallel=[[P:[0-9]+]] task=[[A:[0-9]+]] start=0 iterations=23
// CHECK-DAG: dispatch: kind=ws_loop_chunk parallel=[[P]] task=[[B:[0-9]+]] start=23 iterations=22
// CHECK-DAG: work_begin: type=loop_static parallel=[[P]] task=[[A]] count=45
// CHECK-DAG: work_begin: type=loop_static parallel=[[P]] task=[[B]] count=45
// CHECK-DAG: work_end: type=loop_static parallel=[[P]] task=[[A]] count=45
// CHECK-DAG: work_end: type=loop_static parallel=[[P]] task=[[B]] count=45
// CHECK: empty nest
// CHECK-NOT: dispatch:
// CHECK-DAG: work_begin: type=loop_static parallel=[[Q:[0-9]+]] task=[[C:[0-9]+]] count=0
// CHECK-DAG: work_begin: type=loop_static parallel=[[Q]] task=[[D:[0-9]+]] count=0
// CHECK-DAG: work_end: type=loop_static parallel=[[Q]] task=[[C]] count=0
// CHECK-DAG: work_end: type=loop_static parallel=[[Q]] task=[[D]] count=0
// CHECK-NOT: dispatch:
// CHECK: done
