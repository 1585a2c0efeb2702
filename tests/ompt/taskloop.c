// Taskloop events as libomp 19 reports them, for both compilers: the
// taskloop's work region (ompt_work_taskloop, the loop's iteration count)
// nested inside its taskgroup (Clang's __kmpc_taskloop reported no work
// region at all; GCC's began it before the taskgroup and ended it after),
// and for each task the chunk it runs (ompt_dispatch_taskloop_chunk, OpenMP
// 5.2: logical first iteration and count) in the task's own context, after
// the switch to it. With nogroup the work region is there without a
// taskgroup.
// RUN: %ompt-cc %s %tool-src %ompt-link -o %t
// RUN: %run %t > %t.out
// RUN: FileCheck %s < %t.out
// RUN: %not grep WRONG %t.out
#include <omp.h>

#include "tool.h"

static _Atomic int sink; /* written by several threads: atomic, for TSan */

int main(void)
{
#pragma omp parallel num_threads(1)
    {
        tool_log("encountering task=%lu", tool_task_id(0));
#pragma omp taskloop grainsize(4)
        for (int i = 10; i < 18; i++)
            sink += i;
        tool_log("taskloop done");
#pragma omp taskloop nogroup num_tasks(3)
        for (int i = 0; i < 6; i++)
            sink += i;
#pragma omp taskwait
        tool_log("nogroup done");
    }
    return 0;
}

// CHECK: encountering task=[[ENC:[0-9]+]]
// CHECK-NEXT: sync_region_begin: kind=taskgroup parallel=[[PAR:[0-9]+]] task=[[ENC]]
// CHECK-NEXT: work_begin: type=taskloop parallel=[[PAR]] task=[[ENC]] count=8 codeptr=0x{{[0-9a-f]+}}
// CHECK-NEXT: task_create: encountering_task=[[ENC]] frame.enter=set new_task=[[A:[0-9]+]] flags=explicit has_dependences=0
// CHECK-NEXT: task_create: encountering_task=[[ENC]] frame.enter=set new_task=[[B:[0-9]+]] flags=explicit has_dependences=0
// CHECK-NEXT: work_end: type=taskloop parallel=[[PAR]] task=[[ENC]] count=8
// CHECK-DAG: task_schedule: prior=[[ENC]] status=switch next=[[A]]
// CHECK-DAG: dispatch: kind=taskloop_chunk parallel=[[PAR]] task=[[A]] start=0 iterations=4
// CHECK-DAG: task_schedule: prior=[[ENC]] status=switch next=[[B]]
// CHECK-DAG: dispatch: kind=taskloop_chunk parallel=[[PAR]] task=[[B]] start=4 iterations=4
// CHECK: sync_region_end: kind=taskgroup parallel=[[PAR]] task=[[ENC]]
// CHECK-NEXT: taskloop done
// CHECK-NEXT: work_begin: type=taskloop parallel=[[PAR]] task=[[ENC]] count=6
// CHECK-NEXT: task_create: {{.*}} new_task=[[C:[0-9]+]] flags=explicit has_dependences=0
// CHECK-NEXT: task_create: {{.*}} new_task=[[D:[0-9]+]] flags=explicit has_dependences=0
// CHECK-NEXT: task_create: {{.*}} new_task=[[E:[0-9]+]] flags=explicit has_dependences=0
// CHECK-NEXT: work_end: type=taskloop parallel=[[PAR]] task=[[ENC]] count=6
// CHECK-NEXT: sync_region_begin: kind=taskwait
// CHECK-DAG: dispatch: kind=taskloop_chunk parallel=[[PAR]] task=[[C]] start=0 iterations=2
// CHECK-DAG: dispatch: kind=taskloop_chunk parallel=[[PAR]] task=[[D]] start=2 iterations=2
// CHECK-DAG: dispatch: kind=taskloop_chunk parallel=[[PAR]] task=[[E]] start=4 iterations=2
// CHECK: nogroup done
