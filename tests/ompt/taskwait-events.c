// The events of taskwait as tools tested against libomp expect them: the
// sync region's begin, its wait interval, once, and its end (OpenMP 5.1,
// 4.5.2.12-13); a task the taskwait runs comes before the interval (no task
// runs inside one), and a taskwait with nothing to wait for still reports its
// empty interval. Before, a taskwait that ran a task reported two intervals
// (one before the task, one after) and one with no child none. Also: the task
// that stands for a `taskwait depend(...)` is taskwait|undeferred|mergeable
// (it was explicit|taskwait|undeferred|mergeable|merged), and implicit tasks
// are undeferred in ompt_get_task_info (libomp 19 reports both so).
// RUN: %ompt-cc %s %tool-src %ompt-link -o %t
// RUN: %run %t > %t.out
// RUN: FileCheck %s < %t.out
// RUN: %not grep WRONG %t.out
#include <omp.h>

#include "tool.h"

static _Atomic int sink; /* written by several threads: atomic, for TSan */

int main(void)
{
    int a = 0;
#pragma omp parallel num_threads(1)
    {
        tool_print_tasks("implicit");
        tool_log("-- taskwait with no child");
#pragma omp taskwait
        tool_log("-- taskwait running its child");
#pragma omp task
        sink = 1;
#pragma omp taskwait
        tool_log("-- taskwait depend");
#pragma omp task depend(out : a) shared(a)
        a = 1;
#pragma omp taskwait depend(in : a)
        tool_log("-- done a=%d", a);
    }
    return 0;
}

// CHECK: implicit: task level 0: task={{[0-9]+}} flags=implicit|undeferred parallel=
// CHECK: implicit: task level 1: task={{[0-9]+}} flags=initial parallel=

// CHECK: -- taskwait with no child
// CHECK-NEXT: sync_region_begin: kind=taskwait parallel=[[P:[0-9]+]] task=[[T:[0-9]+]] codeptr=[[C:0x[0-9a-f]+]]
// CHECK-NEXT: sync_region_wait_begin: kind=taskwait parallel=[[P]] task=[[T]] codeptr=[[C]] state=ompt_state_wait_taskwait
// CHECK-NEXT: sync_region_wait_end: kind=taskwait parallel=[[P]] task=[[T]] codeptr=[[C]] state=ompt_state_wait_taskwait
// CHECK-NEXT: sync_region_end: kind=taskwait parallel=[[P]] task=[[T]] codeptr=[[C]]

// CHECK: -- taskwait running its child
// CHECK-NEXT: task_create: encountering_task=[[T]] {{.*}} new_task=[[CHILD:[0-9]+]] flags=explicit has_dependences=0
// CHECK-NEXT: sync_region_begin: kind=taskwait parallel=[[P]] task=[[T]] codeptr=[[C2:0x[0-9a-f]+]]
// CHECK-NEXT: task_schedule: prior=[[T]] status=switch next=[[CHILD]]
// CHECK-NEXT: task_schedule: prior=[[CHILD]] status=complete next=[[T]]
// CHECK-NEXT: sync_region_wait_begin: kind=taskwait parallel=[[P]] task=[[T]] codeptr=[[C2]]
// CHECK-NEXT: sync_region_wait_end: kind=taskwait parallel=[[P]] task=[[T]] codeptr=[[C2]]
// CHECK-NEXT: sync_region_end: kind=taskwait parallel=[[P]] task=[[T]] codeptr=[[C2]]

// CHECK: -- taskwait depend
// CHECK: task_create: encountering_task=[[T]] {{.*}} flags=taskwait|undeferred|mergeable has_dependences=1
// CHECK: -- done a=1
