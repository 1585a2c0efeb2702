// A task whose region a cancellation ends completes with ompt_task_cancel
// (ompt_task_status_t, OpenMP 5.1 4.4.4.25), not ompt_task_complete: the task
// that activates the cancellation of its taskgroup (it goes on at the end of
// its region, 2.20.1) and a task that detects it at a cancellation point.
// A task that passes a cancellation point of a taskgroup not cancelled
// completes as usual. LLVM's OMPT test cancel_taskgroup checks the first case.
// RUN: %ompt-cc %s %tool-src %ompt-link -o %t
// RUN: env OMP_CANCELLATION=true %run %t | FileCheck %s
// With cancellation off the constructs do nothing, and every task completes.
// RUN: env OMP_CANCELLATION=false %run %t | FileCheck %s --check-prefix=OFF
#include <omp.h>

#include "tool.h"

int main(void)
{
#pragma omp parallel num_threads(1)
    {
#pragma omp taskgroup
        {
            /* Both run at once (if(0)); the inner one cancels the taskgroup
             * both belong to, the outer one then finds it cancelled. */
#pragma omp task if (0)
            {
                tool_log("detecting task %lu", tool_task_id(0));
#pragma omp task if (0)
                {
                    tool_log("cancelling task %lu", tool_task_id(0));
#pragma omp cancel taskgroup
                    tool_log("cancelling task went on");
                }
#pragma omp cancellation point taskgroup
                tool_log("detecting task went on");
            }
        }
#pragma omp taskgroup
        {
#pragma omp task if (0)
            {
                tool_log("passing task %lu", tool_task_id(0));
#pragma omp cancellation point taskgroup
                tool_log("passing task went on");
            }
        }
    }
    tool_log("done");
    return 0;
}

// CHECK: detecting task [[DETECTING:[0-9]+]]
// CHECK: cancelling task [[CANCELLING:[0-9]+]]
// CHECK-NOT: went on
// CHECK: cancel: task=[[CANCELLING]] flags=taskgroup|activated
// CHECK: task_schedule: prior=[[CANCELLING]] status=cancel next=[[DETECTING]]
// CHECK: cancel: task=[[DETECTING]] flags=taskgroup|detected
// CHECK: task_schedule: prior=[[DETECTING]] status=cancel next=
// CHECK: passing task [[PASSING:[0-9]+]]
// CHECK: passing task went on
// CHECK: task_schedule: prior=[[PASSING]] status=complete next=
// CHECK: done

// OFF: task_schedule: prior=[[CANCELLING:[0-9]+]] status=complete next=
// OFF: task_schedule: prior={{[0-9]+}} status=complete next=
// OFF-NOT: status=cancel
// OFF: done
