// Explicit task events (OpenMP 5.1, 4.5.2.7 - 4.5.2.10): task_create with
// every flag (undeferred, untied, final, mergeable/merged, taskwait), the
// dependences and the unfulfilled dependence between two tasks, task_schedule
// with switch, complete, yield, detach, early and late fulfill, and
// taskwait_complete; taskwait and taskgroup sync regions; a task's frames.
// RUN: %ompt-cc %s %tool-src %ompt-link -o %t
// RUN: env OMP_MAX_TASK_PRIORITY=1 OMP_CANCELLATION=true %run %t > %t.out
// RUN: FileCheck %s --check-prefixes=CHECK,%ompt-prefix < %t.out
// RUN: FileCheck %s --check-prefix=SCHED < %t.out
// The taskwait sequence is checked on the lines of the thread that ran it (the
// single's executor), since other threads' events interleave.
// RUN: tag=$(grep -m1 'flags=taskwait|' %t.out | cut -d: -f1); grep "^$tag:" %t.out | FileCheck %s --check-prefix=TW
// RUN: %not grep WRONG %t.out
#include <omp.h>
#include <sched.h>
#include <stdatomic.h>

#include "tool.h"

static void check_task_frames(const char *tag)
{
    tool_check_frames(tag, __builtin_frame_address(0), NULL);
}

int main(void)
{
    int x = 0, y = 0;
    _Atomic int release = 0, yielded = 0, body_done = 0;
    omp_event_handle_t late_event = 0, early_event = 0; /* set by detach; clang 14 warns otherwise */
#pragma omp parallel num_threads(2)
    {
#pragma omp single
        {
            /* A waits until B exists, so B depends on an unfinished task. */
#pragma omp task shared(x, release) depend(out : x)
            {
                while (!atomic_load(&release))
                    sched_yield();
                x = 1;
            }
            tool_log("A=%lu created, codeptr calls the task entry: %s", (unsigned long)0,
                     tool_codeptr_calls(tool_last_codeptr("task_create"),
                                        ENTRY_NAME("GOMP_task", "__kmpc_omp_task_with_deps"))
                         ? "yes"
                         : "no");
#pragma omp task shared(x) depend(in : x)
            {
                x += 1;
                check_task_frames("task B");
                void *block = NULL;
                size_t size = 0;
                int more = tool_entry.get_task_memory(&block, &size, 0);
                tool_log("task B memory: %s, %zu bytes, more=%d", block ? "block" : "none", size, more);
            }
            atomic_store(&release, 1);
#pragma omp taskwait
            tool_log("after taskwait x=%d", x);
            /* Sibling tasks that may run at once: each update is atomic. */
#pragma omp task if (0)
#pragma omp atomic
            y += 1;
#pragma omp task final(1) shared(y)
            {
#pragma omp task shared(y)
#pragma omp atomic
                y += 10;
            }
#pragma omp task untied shared(y)
#pragma omp atomic
            y += 100;
#pragma omp task mergeable if (0) shared(y)
#pragma omp atomic
            y += 1000;
#pragma omp taskwait depend(in : x)
#pragma omp taskwait
            tool_log("y=%d", y);
        }

        /* taskyield: thread 1 stays in user code, so thread 0 runs its own
         * queued task at the yield. */
        if (omp_get_thread_num() == 0) {
#pragma omp task shared(yielded)
            atomic_store(&yielded, 1);
#pragma omp taskyield
            tool_log("yield ran the task: %s", atomic_load(&yielded) ? "yes" : "no");
            atomic_store(&release, 2);
        } else {
            while (atomic_load(&release) != 2)
                sched_yield();
        }
#pragma omp barrier
#pragma omp single
        {
            /* Detach: fulfilled after the body (late) and during it (early). */
            /* Late: fulfilled only once the runtime has reported the end
             * of the body (detach); the body's own flag would be too early,
             * the body has not ended for the runtime when it is set. */
            unsigned long detached = tool_detach_events();
#pragma omp task detach(late_event) shared(body_done)
            atomic_store(&body_done, 1);
            while (!atomic_load(&body_done) || tool_detach_events() == detached)
                sched_yield();
            omp_fulfill_event(late_event);
#pragma omp task detach(early_event)
            omp_fulfill_event(early_event);
#pragma omp taskwait
            tool_log("detached tasks done");
        }
    }

    /* Cancelled taskgroup: the first task (priority 1, run first) cancels,
     * the three others are discarded without running. */
    int ran = 0;
#pragma omp parallel num_threads(1)
#pragma omp taskgroup
    {
#pragma omp task priority(1)
        {
#pragma omp cancel taskgroup
        }
        for (int i = 0; i < 3; i++)
#pragma omp task shared(ran)
            ran++;
    }
    tool_log("discarded tasks ran: %d", ran);
    return 0;
}

// Another thread may start A as soon as it exists, before the taskwait:
// A's scheduling is checked apart, in any order after its creation.
// SCHED: task_create: {{.*}} new_task=[[A:[0-9]+]] flags=explicit has_dependences=1
// SCHED-DAG: task_schedule: prior={{[0-9]+}} status=switch next=[[A]]
// SCHED-DAG: task_schedule: prior=[[A]] status=complete next={{[0-9]+}}
// CHECK: task_create: encountering_task=[[ENC:[0-9]+]] frame.enter=set new_task=[[A:[0-9]+]] flags=explicit has_dependences=1 codeptr=0x{{[0-9a-f]+}}
// CHECK: dependences: task=[[A]] ndeps=1 deps=[inout:[[XADDR:0x[0-9a-f]+]]]
// CHECK: A=0 created, codeptr calls the task entry: yes
// CHECK: task_create: encountering_task=[[ENC]] frame.enter=set new_task=[[B:[0-9]+]] flags=explicit has_dependences=1
// CHECK: dependences: task=[[B]] ndeps=1 deps=[in:[[XADDR]]]
// CHECK: task_dependence: src=[[A]] sink=[[B]]
// CHECK: sync_region_begin: kind=taskwait parallel={{[0-9]+}} task=[[ENC]]
// CHECK-DAG: task_schedule: prior={{[0-9]+}} status=switch next=[[B]]
// CHECK-DAG: task B: frame level 0: exit=runtime|cfa enter=none
// CHECK-DAG: task B: frame table ok
// The argument block holds the pointer to x.
// CHECK-DAG: task B memory: block, 8 bytes, more=0
// CHECK-DAG: task_schedule: prior=[[B]] status=complete next={{[0-9]+}}
// CHECK: sync_region_end: kind=taskwait parallel={{[0-9]+}} task=[[ENC]]
// CHECK: after taskwait x=2
// CHECK: task_create: encountering_task=[[ENC]] frame.enter=set new_task=[[U:[0-9]+]] flags=explicit|undeferred has_dependences=0
// (In order, not on consecutive lines: the other thread may print in between.)
// CHECK: task_schedule: prior=[[ENC]] status=switch next=[[U]]
// CHECK: task_schedule: prior=[[U]] status=complete next=[[ENC]]
// The final task's child is created when the final task runs (at the
// taskwait, after the next two tasks are created).
// CHECK-DAG: task_create: encountering_task=[[ENC]] frame.enter=set new_task=[[F:[0-9]+]] flags=explicit|final has_dependences=0
// CHECK-DAG: task_create: encountering_task=[[F]] frame.enter=set new_task={{[0-9]+}} flags=explicit|undeferred|final has_dependences=0
// CHECK-DAG: flags=explicit|untied has_dependences=0
// Clang passes no mergeable flag to the runtime: the task is just undeferred.
// GCC-DAG: flags=explicit|undeferred|mergeable|merged has_dependences=0
// CLANG-DAG: flags=explicit|undeferred has_dependences=0
// The taskwait with a dependence is an included task of its own kind.
// TW: task_create: encountering_task=[[ENC:[0-9]+]] frame.enter=set new_task=[[TW:[0-9]+]] flags=taskwait|undeferred|mergeable has_dependences=1
// TW-NEXT: dependences: task=[[TW]] ndeps=1 deps=[in:0x{{[0-9a-f]+}}]
// TW-NEXT: task_schedule: prior=[[ENC]] status=switch next=[[TW]]
// TW-NEXT: task_schedule: prior=[[TW]] status=taskwait_complete next=none
// CHECK: y=1111
// CHECK: task_schedule: prior={{[0-9]+}} status=yield next={{[0-9]+}}
// CHECK: yield ran the task: yes
// Detach: the body ends first, then the late fulfillment completes it. The
// thread that ran the body may still be finishing it when the other one
// fulfills the event: it then completes the task itself, and its
// late_fulfill may come after the next task's creation on the other thread.
// CHECK: task_create: {{.*}} new_task=[[LATE:[0-9]+]] flags=explicit
// CHECK: task_schedule: prior=[[LATE]] status=detach next={{[0-9]+}}
// CHECK-DAG: task_schedule: prior=[[LATE]] status=late_fulfill next=none
// CHECK-DAG: task_create: {{.*}} new_task=[[EARLY:[0-9]+]] flags=explicit
// (The early fulfillment may also print before that late_fulfill.)
// CHECK-DAG: task_schedule: prior=[[EARLY]] status=early_fulfill next=none
// CHECK: task_schedule: prior=[[EARLY]] status=complete next={{[0-9]+}}
// CHECK: detached tasks done
// Cancelled taskgroup.
// CHECK: sync_region_begin: kind=taskgroup
// CHECK: cancel: task={{[0-9]+}} flags=taskgroup|activated
// CHECK-COUNT-3: cancel: task={{[0-9]+}} flags=taskgroup|discarded_task
// CHECK: sync_region_end: kind=taskgroup
// CHECK: discarded tasks ran: 0
