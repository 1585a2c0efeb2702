// Statically scheduled loops of Clang-compiled programs report their chunks
// as libomp 19 does (OpenMP 5.2 ompt_dispatch_ws_loop_chunk, in logical
// iterations): each thread's part of a schedule(static) loop, and the first
// chunk of a schedule(static, n) loop (Clang runs a thread's later chunks
// without calling the runtime); a thread without iterations reports none.
// Glass reported the work region but no dispatch.
// REQUIRES: clang
// (GCC computes static schedules inline, with no call to the runtime at all:
// there is no event point for them.)
// RUN: %ompt-cc %s %tool-src %ompt-link -o %t
// RUN: %run %t > %t.out
// RUN: FileCheck %s < %t.out
// RUN: %not grep -e WRONG -e 'iterations=0' %t.out
#include <omp.h>

#include "tool.h"

static _Atomic int sink; /* written by several threads: atomic, for TSan */

int main(void)
{
    tool_log("static");
#pragma omp parallel for num_threads(2) schedule(static)
    for (int i = 100; i < 110; i++)
        sink += i;
    tool_log("static,3");
#pragma omp parallel for num_threads(2) schedule(static, 3)
    for (int i = 0; i < 20; i += 2)
        sink += i;
    tool_log("tiny loop");
#pragma omp parallel for num_threads(4) schedule(static)
    for (int i = 0; i < 2; i++)
        sink += i;
    tool_log("tiny done");
    return 0;
}

// CHECK: static
// (The tasks are named by their chunks: either thread's work_begin may print first.)
// CHECK-DAG: dispatch: kind=ws_loop_chunk parallel=[[P1:[0-9]+]] task=[[A:[0-9]+]] start=0 iterations=5
// CHECK-DAG: dispatch: kind=ws_loop_chunk parallel=[[P1]] task=[[B:[0-9]+]] start=5 iterations=5
// CHECK-DAG: work_begin: type=loop_static parallel=[[P1]] task=[[A]] count=10
// CHECK-DAG: work_begin: type=loop_static parallel=[[P1]] task=[[B]] count=10
// CHECK: static,3
// CHECK-DAG: dispatch: kind=ws_loop_chunk parallel=[[P2:[0-9]+]] task={{[0-9]+}} start=0 iterations=3
// CHECK-DAG: dispatch: kind=ws_loop_chunk parallel=[[P2]] task={{[0-9]+}} start=3 iterations=3
// CHECK-NOT: dispatch:
// CHECK: tiny loop
// CHECK-DAG: dispatch: kind=ws_loop_chunk parallel=[[P3:[0-9]+]] task={{[0-9]+}} start=0 iterations=1
// CHECK-DAG: dispatch: kind=ws_loop_chunk parallel=[[P3]] task={{[0-9]+}} start=1 iterations=1
// CHECK-NOT: dispatch:
// CHECK: tiny done
