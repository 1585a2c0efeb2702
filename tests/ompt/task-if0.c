// Undeferred tasks (if(0)) as libomp 19 reports them, for both compilers:
// the switch to the task comes before the events of its body (Clang runs the
// body itself between __kmpc_omp_task_begin_if0 and _complete_if0; Glass
// raised the switch only at _complete_if0, after the body, so a child's
// task_create came from a task not yet switched to), the body's children and
// taskwait are the if(0) task's, and while the body runs the task has an
// exit frame (with Clang the caller's frame, application|cfa, as libomp;
// with GCC the runtime's, which calls the body) and the encountering task an
// enter frame, nested (tool_check_frames). With depend(...), the dependences
// are reported: for Clang on the taskwait task standing for the wait that
// precedes begin_if0 (__kmpc_omp_wait_deps or _taskwait_deps_51, as libomp
// 19), for GCC on the task itself. A detachable if(0) task (Clang makes it
// early, for its event) is created undeferred, and for Clang without
// dependences of its own, as libomp 19: Glass reported it deferred and "with
// dependences" that no dependences event named. An untied if(0) task whose
// body Clang splits runs its later part as the same task.
// RUN: %ompt-cc -Wno-frame-address %s %tool-src %ompt-link -o %t
// RUN: %run %t > %t.out
// RUN: FileCheck %s --check-prefixes=CHECK,%ompt-prefix < %t.out
// RUN: %not grep WRONG %t.out
// Without frame pointers, as gcc -O2 builds: with Clang the if(0) body runs
// in the encountering function's own frame, and the frame pointer register
// Glass reads at __kmpc_omp_task_begin_if0 holds whatever that function
// left in it (with clang 14 and 19 here, untouched: the runtime's invoker's
// frame). Glass takes it only when it lies between the entry's CFA and the
// encountering task's exit frame, else that CFA (src/abi/kmp/task.c,
// if0_frame), which is below the function's locals: so this run does not
// bound the table by the body's own frame (OWN_FRAME is NULL); flags, which
// levels have frames, and nesting between levels are checked alike.
// RUN: %ompt-cc -Wno-frame-address -fomit-frame-pointer -DNO_FRAME_POINTER %s %tool-src %ompt-link -o %t.nofp
// RUN: %run %t.nofp > %t.nofp.out
// RUN: FileCheck %s --check-prefixes=CHECK,%ompt-prefix < %t.nofp.out
// RUN: %not grep WRONG %t.nofp.out
#include <omp.h>

#include "tool.h"

#ifdef NO_FRAME_POINTER
#define OWN_FRAME() NULL
#else
#define OWN_FRAME() __builtin_frame_address(0)
#endif

static _Atomic int sink; /* written by several threads: atomic, for TSan */

int main(void)
{
    int x = 0, y = 0;
#pragma omp parallel num_threads(1)
    {
        int zero = sink > 1000;
        tool_log("encountering task=%lu", tool_task_id(0));
#pragma omp task if (zero) shared(x)
        {
            tool_log("if0 body: task=%lu parent=%lu", tool_task_id(0), tool_task_id(1));
            tool_check_frames("if0 body", OWN_FRAME(), NULL);
#pragma omp task shared(x)
            x += 1;
#pragma omp taskwait
            tool_log("if0 body done x=%d", x);
        }
        tool_log("after if0");

#pragma omp task depend(out : y) shared(y)
        y = 1;
#pragma omp task if (zero) depend(in : y) shared(y)
        tool_log("if0 with depend: y=%d", y);

        /* Clang makes a detachable task before it knows its dependences
         * or its if clause: the event is asked for first. */
        omp_event_handle_t event = 0; /* set by detach; clang 14 warns otherwise */
#pragma omp task if (zero) depend(in : y) detach(event) shared(y)
        tool_log("if0 detached: task=%lu y=%d", tool_task_id(0), y);
        omp_fulfill_event(event);

#pragma omp task if (zero) untied shared(x)
        {
            tool_log("untied part 1: task=%lu", tool_task_id(0));
#pragma omp task shared(x)
            x += 10;
#pragma omp taskyield
            tool_log("untied part 2: task=%lu", tool_task_id(0));
#pragma omp taskwait
        }
        tool_log("x=%d", x);
    }
    return 0;
}

// CHECK: encountering task=[[ENC:[0-9]+]]
// CHECK-NEXT: task_create: encountering_task=[[ENC]] frame.enter=set new_task=[[U:[0-9]+]] flags=explicit|undeferred has_dependences=0
// CHECK-NEXT: task_schedule: prior=[[ENC]] status=switch next=[[U]]
// CHECK-NEXT: if0 body: task=[[U]] parent=[[ENC]]
// CLANG-NEXT: if0 body: frame level 0: exit=application|cfa enter=none
// GCC-NEXT: if0 body: frame level 0: exit=runtime|cfa enter=none
// CHECK-NEXT: if0 body: frame level 1: exit=runtime|cfa enter=application|cfa
// CHECK: if0 body: frame table ok
// CHECK-NEXT: task_create: encountering_task=[[U]] frame.enter=set new_task=[[C:[0-9]+]] flags=explicit has_dependences=0
// CHECK-NEXT: sync_region_begin: kind=taskwait parallel={{[0-9]+}} task=[[U]]
// CHECK-NEXT: task_schedule: prior=[[U]] status=switch next=[[C]]
// CHECK-NEXT: task_schedule: prior=[[C]] status=complete next=[[U]]
// CHECK: sync_region_end: kind=taskwait parallel={{[0-9]+}} task=[[U]]
// CHECK-NEXT: if0 body done x=1
// CHECK-NEXT: task_schedule: prior=[[U]] status=complete next=[[ENC]]
// CHECK-NEXT: after if0

// CHECK-NEXT: task_create: encountering_task=[[ENC]] frame.enter=set new_task=[[Y:[0-9]+]] flags=explicit has_dependences=1
// CHECK-NEXT: dependences: task=[[Y]] ndeps=1 deps=[inout:[[YADDR:0x[0-9a-f]+]]]
// CLANG-NEXT: task_create: encountering_task=[[ENC]] frame.enter=set new_task=[[W:[0-9]+]] flags=taskwait|undeferred|mergeable has_dependences=1
// GCC-NEXT: task_create: encountering_task=[[ENC]] frame.enter=set new_task=[[W:[0-9]+]] flags=explicit|undeferred has_dependences=1
// CHECK-NEXT: dependences: task=[[W]] ndeps=1 deps=[in:[[YADDR]]]
// CHECK-NEXT: task_dependence: src=[[Y]] sink=[[W]]
// CHECK: if0 with depend: y=1

// CLANG: task_create: encountering_task=[[ENC]] frame.enter=set new_task=[[W2:[0-9]+]] flags=taskwait|undeferred|mergeable has_dependences=1
// CLANG-NEXT: dependences: task=[[W2]] ndeps=1 deps=[in:[[YADDR]]]
// CLANG: task_create: encountering_task=[[ENC]] frame.enter=set new_task=[[D:[0-9]+]] flags=explicit|undeferred has_dependences=0
// GCC: task_create: encountering_task=[[ENC]] frame.enter=set new_task=[[D:[0-9]+]] flags=explicit|undeferred has_dependences=1
// GCC-NEXT: dependences: task=[[D]] ndeps=1 deps=[in:[[YADDR]]]
// CHECK: task_schedule: prior=[[ENC]] status=switch next=[[D]]
// CHECK-NEXT: if0 detached: task=[[D]] y=1
// CHECK-NEXT: task_schedule: prior=[[D]] status=detach next=[[ENC]]
// CHECK-NEXT: task_schedule: prior=[[D]] status=late_fulfill next=none

// CHECK: task_create: encountering_task=[[ENC]] frame.enter=set new_task=[[UT:[0-9]+]] flags=explicit|undeferred|untied has_dependences=0
// CHECK-NEXT: task_schedule: prior=[[ENC]] status=switch next=[[UT]]
// CHECK-NEXT: untied part 1: task=[[UT]]
// CHECK-NEXT: task_create: encountering_task=[[UT]]
// CHECK: untied part 2: task=[[UT]]
// CHECK: task_schedule: prior=[[UT]] status=complete next=[[ENC]]
// CHECK-NEXT: x=11
