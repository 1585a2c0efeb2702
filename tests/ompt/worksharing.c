// Work and dispatch events of the worksharing constructs that reach the
// runtime: loops by schedule (OpenMP 5.2 work types), their chunks (5.2
// ws_loop_chunk dispatch, logical iterations), sections (one section dispatch
// each, identified by the call site), single (executor / other), single with
// copyprivate, a combined parallel loop; and the implicit barrier that ends
// each construct, with the call site of the construct's end (GCC) or of its
// own call (Clang, which ends a construct with a separate __kmpc_barrier).
// RUN: %ompt-cc %s %tool-src %ompt-link -o %t
// RUN: env OMP_SCHEDULE=static,4 %run %t > %t.out
// RUN: FileCheck %s --check-prefixes=CHECK,%ompt-prefix < %t.out
// RUN: grep '^T1:' %t.out | FileCheck %s --check-prefixes=MASTER,M%ompt-prefix
// RUN: grep -c 'kind=section ' %t.out | FileCheck %s --check-prefix=THREE
// RUN: grep -c 'work_begin: type=single_executor' %t.out | FileCheck %s --check-prefix=TWO
// RUN: grep -c 'work_begin: type=single_other' %t.out | FileCheck %s --check-prefix=TWO
#include <omp.h>

#include "tool.h"

int main(void)
{
    int total = 0, copied = 0;
#pragma omp parallel num_threads(2) reduction(+ : total)
    {
#pragma omp for schedule(dynamic, 3)
        for (int i = 0; i < 10; i++)
            total += i;
        if (omp_get_thread_num() == 0)
            tool_log("loop end codeptr calls its end entry: %s",
                     tool_codeptr_calls(tool_last_codeptr("work_end"),
                                        ENTRY_NAME("GOMP_loop_end", "__kmpc_dispatch_next_4"))
                         ? "yes"
                         : "no");
#pragma omp for schedule(guided, 2) nowait
        for (int i = 0; i < 6; i++)
            total += i;
#pragma omp for schedule(runtime)
        for (int i = 0; i < 8; i++)
            total += i;
#pragma omp sections
        {
#pragma omp section
            total += 100;
#pragma omp section
            total += 200;
#pragma omp section
            total += 300;
        }
#pragma omp single
        total += 1000;
        int x = 0;
#pragma omp single copyprivate(x)
        x = 7;
        if (x == 7)
#pragma omp atomic
            copied++;
    }
    int squares[10];
#pragma omp parallel for schedule(dynamic, 5) num_threads(2)
    for (int i = 0; i < 10; i++)
        squares[i] = i * i;
    tool_log("total=%d copied=%d squares[9]=%d", total, copied, squares[9]);
    return 0;
}

// The first loop: begin in each implicit task with the iteration count, its
// four chunks spread over the threads, the end, then the implicit barrier.
// CHECK-DAG: work_begin: type=loop_dynamic parallel=[[P:[0-9]+]] task={{[0-9]+}} count=10
// CHECK-DAG: dispatch: kind=ws_loop_chunk parallel=[[P]] task={{[0-9]+}} start=0 iterations=3
// CHECK-DAG: dispatch: kind=ws_loop_chunk parallel=[[P]] task={{[0-9]+}} start=3 iterations=3
// CHECK-DAG: dispatch: kind=ws_loop_chunk parallel=[[P]] task={{[0-9]+}} start=6 iterations=3
// CHECK-DAG: dispatch: kind=ws_loop_chunk parallel=[[P]] task={{[0-9]+}} start=9 iterations=1
// CHECK-DAG: work_end: type=loop_dynamic parallel=[[P]] task={{[0-9]+}} count=10
// CHECK-DAG: work_begin: type=loop_guided parallel=[[P]] task={{[0-9]+}} count=6
// runtime resolves to OMP_SCHEDULE=static,4: chunks [0,4) and [4,8).
// CHECK-DAG: work_begin: type=loop_static parallel=[[P]] task={{[0-9]+}} count=8
// CHECK-DAG: dispatch: kind=ws_loop_chunk parallel=[[P]] task={{[0-9]+}} start=0 iterations=4
// CHECK-DAG: dispatch: kind=ws_loop_chunk parallel=[[P]] task={{[0-9]+}} start=4 iterations=4
// CHECK-DAG: work_begin: type=sections parallel=[[P]] task={{[0-9]+}} count=3
// CHECK-DAG: work_end: type=sections parallel=[[P]] task={{[0-9]+}} count=3
// CHECK-DAG: loop end codeptr calls its end entry: yes
// The region's reduction: with atomic updates (Clang's code, through the
// runtime) or inline (GCC's), no reduction event (tests/ompt/reduction.c).
// GCC-NOT: reduction_begin
// CLANG-NOT: reduction_begin
// CHECK: total=1688 copied=2 squares[9]=81

// The master thread's sequence: each construct begins, ends, then waits in
// its implicit barrier, whose codeptr is the end call's (GCC) or that of
// Clang's separate barrier call.
// MASTER: parallel_begin:
// MASTER: work_begin: type=loop_dynamic parallel=[[P:[0-9]+]] task=[[T:[0-9]+]] count=10 codeptr=[[START:0x[0-9a-f]+]]
// MASTER: work_end: type=loop_dynamic parallel=[[P]] task=[[T]] count=10 codeptr=[[END:0x[0-9a-f]+]]
// MGCC-NEXT: sync_region_begin: kind=barrier_implicit_workshare parallel=[[P]] task=[[T]] codeptr=[[END]]
// MGCC-NEXT: sync_region_wait_begin: kind=barrier_implicit_workshare parallel=[[P]] task=[[T]] codeptr=[[END]] state=ompt_state_wait_barrier_implicit_workshare
// MCLANG-NEXT: sync_region_begin: kind=barrier_implicit_workshare parallel=[[P]] task=[[T]] codeptr=[[BARRIER:0x[0-9a-f]+]] task_frame.exit=set task_frame.enter=set
// MCLANG-NEXT: sync_region_wait_begin: kind=barrier_implicit_workshare parallel=[[P]] task=[[T]] codeptr=[[BARRIER]] state=ompt_state_wait_barrier_implicit_workshare
// MASTER-NEXT: sync_region_wait_end: kind=barrier_implicit_workshare
// MGCC-NEXT: sync_region_end: kind=barrier_implicit_workshare parallel=[[P]] task=[[T]] codeptr=[[END]]
// MCLANG-NEXT: sync_region_end: kind=barrier_implicit_workshare parallel=[[P]] task=[[T]] codeptr=[[BARRIER]]
// nowait: no barrier after the guided loop.
// MASTER: work_begin: type=loop_guided
// MASTER: work_end: type=loop_guided
// MASTER-NEXT: work_begin: type=loop_static
// MASTER: work_end: type=loop_static
// MASTER-NEXT: sync_region_begin: kind=barrier_implicit_workshare
// MASTER: work_begin: type=sections parallel=[[P]] task=[[T]] count=3 codeptr=[[SECTIONS:0x[0-9a-f]+]]
// Clang hands a thread its sections in that one call.
// MCLANG-NEXT: dispatch: kind=section parallel=[[P]] task=[[T]] section=[[SECTIONS]]
// MASTER: work_end: type=sections
// MASTER-NEXT: sync_region_begin: kind=barrier_implicit_workshare
// A single: begin and end together (GCC makes no call at the block's end;
// Clang does, for the executor), then the closing barrier: GCC's GOMP_barrier,
// which the runtime sees as explicit, or Clang's implicit one.
// MASTER: work_begin: type=single_{{executor|other}} parallel=[[P]] task=[[T]] count=1
// MASTER-NEXT: work_end: type=single_{{executor|other}} parallel=[[P]] task=[[T]] count=1
// MGCC-NEXT: sync_region_begin: kind=barrier_explicit
// MCLANG-NEXT: sync_region_begin: kind=barrier_implicit_workshare
// MASTER: work_begin: type=single_{{executor|other}} parallel=[[P]] task=[[T]] count=1
// MASTER: work_end: type=single_{{executor|other}} parallel=[[P]] task=[[T]] count=1
// MASTER-NOT: reduction_
// MASTER: parallel_end: parallel=[[P]]
// The combined loop begins with the region's own call site (GCC), or in the
// outlined region like any loop (Clang).
// MASTER: parallel_begin: {{.*}} parallel=[[P2:[0-9]+]] requested=2 flags=invoker_runtime|team codeptr=[[COMBINED:0x[0-9a-f]+]]
// MGCC: work_begin: type=loop_dynamic parallel=[[P2]] task={{[0-9]+}} count=10 codeptr=[[COMBINED]]
// MCLANG: work_begin: type=loop_dynamic parallel=[[P2]] task={{[0-9]+}} count=10 codeptr=0x{{[0-9a-f]+}}
// MASTER: work_end: type=loop_dynamic parallel=[[P2]] task={{[0-9]+}} count=10 codeptr=
// MASTER-NOT: sync_region_begin: kind=barrier_implicit_workshare
// MASTER: parallel_end: parallel=[[P2]]
// THREE: 3
// TWO: 2
