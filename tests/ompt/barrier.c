// Explicit barriers (OpenMP 5.1, 4.5.2.13): sync_region begin, a wait
// interval (an empty one in a team of one), end, in every thread, with the call site
// of GOMP_barrier; the task's enter frame is set meanwhile (its code called
// into the runtime), while at the region's closing implicit barrier the task
// has neither frame (its code has returned).
// RUN: %ompt-cc %s %tool-src %ompt-link -o %t
// RUN: %run %t > %t.out
// RUN: grep '^T1:' %t.out | FileCheck %s
// RUN: grep -c 'sync_region_begin: kind=barrier_explicit' %t.out | FileCheck %s --check-prefix=FOUR
#include <omp.h>

#include "tool.h"

int main(void)
{
#pragma omp parallel num_threads(3)
    {
#pragma omp barrier
        if (omp_get_thread_num() == 0)
            tool_log("barrier codeptr calls its entry point: %s",
                     tool_codeptr_calls(tool_last_codeptr("sync_region_end"), ENTRY_NAME("GOMP_barrier", "__kmpc_barrier")) ? "yes" : "no");
    }
#pragma omp parallel num_threads(1)
    {
#pragma omp barrier
    }
    return 0;
}

// CHECK: sync_region_begin: kind=barrier_explicit parallel=[[P:[0-9]+]] task=[[T:[0-9]+]] codeptr=[[B:0x[0-9a-f]+]] task_frame.exit=set task_frame.enter=set
// CHECK-NEXT: sync_region_wait_begin: kind=barrier_explicit parallel=[[P]] task=[[T]] codeptr=[[B]] state=ompt_state_wait_barrier_explicit
// CHECK-NEXT: sync_region_wait_end: kind=barrier_explicit parallel=[[P]] task=[[T]] codeptr=[[B]] state=ompt_state_wait_barrier_explicit
// CHECK-NEXT: sync_region_end: kind=barrier_explicit parallel=[[P]] task=[[T]] codeptr=[[B]] task_frame.exit=set task_frame.enter=set
// CHECK-NEXT: barrier codeptr calls its entry point: yes
// CHECK-NEXT: sync_region_begin: kind=barrier_implicit_parallel parallel=[[P]] task=[[T]] codeptr={{0x[0-9a-f]+}} task_frame.exit=none task_frame.enter=none
// A team of one: nobody to wait for, an empty interval, as in any barrier.
// CHECK: sync_region_begin: kind=barrier_explicit parallel=[[P1:[0-9]+]]
// CHECK-NEXT: sync_region_wait_begin: kind=barrier_explicit parallel=[[P1]]
// CHECK-NEXT: sync_region_wait_end: kind=barrier_explicit parallel=[[P1]]
// CHECK-NEXT: sync_region_end: kind=barrier_explicit parallel=[[P1]]
// FOUR: 4
