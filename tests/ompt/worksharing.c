// Work and dispatch events of the worksharing constructs that reach the
// runtime: loops by schedule (OpenMP 5.2 work types), their chunks (5.2
// ws_loop_chunk dispatch, logical iterations), sections (one section dispatch
// each, identified by the call site), single (executor / other), single with
// copyprivate, a combined parallel loop; and the implicit barrier that ends
// each construct, with the call site of the construct's end.
// gcc only: clang ends loops and sections with a separate __kmpc_barrier call (other codeptr) and reports no section dispatch; a clang variant is still to be written.
// REQUIRES: gcc
// RUN: %ompt-cc %s %tool-src %ompt-link -o %t
// RUN: env OMP_SCHEDULE=static,4 %run %t > %t.out
// RUN: FileCheck %s < %t.out
// RUN: grep '^T1:' %t.out | FileCheck %s --check-prefix=MASTER
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
            tool_log("loop end codeptr calls GOMP_loop_end: %s",
                     tool_codeptr_calls(tool_last_codeptr("work_end"), "GOMP_loop_end") ? "yes" : "no");
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
// CHECK-DAG: loop end codeptr calls GOMP_loop_end: yes
// CHECK: total=1688 copied=2 squares[9]=81

// The master thread's sequence: each construct begins, ends, then waits in
// its implicit barrier, whose codeptr is the end call's.
// MASTER: parallel_begin:
// MASTER: work_begin: type=loop_dynamic parallel=[[P:[0-9]+]] task=[[T:[0-9]+]] count=10 codeptr=[[START:0x[0-9a-f]+]]
// MASTER: work_end: type=loop_dynamic parallel=[[P]] task=[[T]] count=10 codeptr=[[END:0x[0-9a-f]+]]
// MASTER-NEXT: sync_region_begin: kind=barrier_implicit_workshare parallel=[[P]] task=[[T]] codeptr=[[END]]
// MASTER-NEXT: sync_region_wait_begin: kind=barrier_implicit_workshare parallel=[[P]] task=[[T]] codeptr=[[END]] state=ompt_state_wait_barrier_implicit_workshare
// MASTER-NEXT: sync_region_wait_end: kind=barrier_implicit_workshare
// MASTER-NEXT: sync_region_end: kind=barrier_implicit_workshare parallel=[[P]] task=[[T]] codeptr=[[END]]
// nowait: no barrier after the guided loop.
// MASTER: work_begin: type=loop_guided
// MASTER: work_end: type=loop_guided
// MASTER-NEXT: work_begin: type=loop_static
// MASTER: work_end: type=loop_static
// MASTER-NEXT: sync_region_begin: kind=barrier_implicit_workshare
// MASTER: work_begin: type=sections parallel=[[P]] task=[[T]] count=3 codeptr=[[SECTIONS:0x[0-9a-f]+]]
// MASTER: work_end: type=sections
// MASTER-NEXT: sync_region_begin: kind=barrier_implicit_workshare
// A single: begin and end together (GCC makes no call at the block's end),
// then GCC's closing GOMP_barrier, which the runtime sees as explicit.
// MASTER: work_begin: type=single_{{executor|other}} parallel=[[P]] task=[[T]] count=1
// MASTER-NEXT: work_end: type=single_{{executor|other}} parallel=[[P]] task=[[T]] count=1
// MASTER-NEXT: sync_region_begin: kind=barrier_explicit
// MASTER: work_begin: type=single_{{executor|other}} parallel=[[P]] task=[[T]] count=1
// MASTER: work_end: type=single_{{executor|other}} parallel=[[P]] task=[[T]] count=1
// MASTER: parallel_end: parallel=[[P]]
// The combined loop begins with the region's own call site.
// MASTER: parallel_begin: {{.*}} parallel=[[P2:[0-9]+]] requested=2 flags=invoker_runtime|team codeptr=[[COMBINED:0x[0-9a-f]+]]
// MASTER: work_begin: type=loop_dynamic parallel=[[P2]] task={{[0-9]+}} count=10 codeptr=[[COMBINED]]
// MASTER: work_end: type=loop_dynamic parallel=[[P2]] task={{[0-9]+}} count=10 codeptr=
// MASTER-NOT: sync_region_begin: kind=barrier_implicit_workshare
// MASTER: parallel_end: parallel=[[P2]]
// THREE: 3
// TWO: 2
