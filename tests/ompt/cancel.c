// Cancel events (OpenMP 5.1, 4.5.2.18): activation by the cancel construct
// and detection at cancellation points and at cancellable barriers, with the
// construct's flag (parallel, loop, sections) and the call site.
// RUN: %ompt-cc %s %tool-src %ompt-link -o %t
// RUN: env OMP_CANCELLATION=true %run %t | FileCheck %s --check-prefixes=CHECK,%ompt-prefix
// RUN: env OMP_CANCELLATION=false %run %t | FileCheck %s --check-prefix=OFF
#include <omp.h>

#include "tool.h"

int main(void)
{
    int cancel_ignored = 0;
#pragma omp parallel num_threads(2)
    {
        if (omp_get_thread_num() == 0) {
#pragma omp cancel parallel
#pragma omp atomic write
            cancel_ignored = 1; /* reached only with cancellation off */
        } else {
            /* Until the cancel is active, so that this thread detects it at
             * the cancellation point and never at the barrier (where GCC
             * tail-calls the runtime and leaves no call site to report). */
            for (int ignored = 0; !ignored;) {
#pragma omp cancellation point parallel
#pragma omp atomic read
                ignored = cancel_ignored;
            }
        }
#pragma omp barrier
    }
    tool_log("cancel codeptr calls its entry point: %s",
             tool_codeptr_calls(tool_last_codeptr("cancel"), ENTRY_NAME("GOMP_cancel", "__kmpc_cancel")) ? "yes" : "no");
#pragma omp parallel num_threads(1)
    {
#pragma omp for
        for (int i = 0; i < 4; i++) {
#pragma omp cancel for
        }
        tool_log("cancel for codeptr calls its entry point: %s",
                 tool_codeptr_calls(tool_last_codeptr("cancel"), ENTRY_NAME("GOMP_cancel", "__kmpc_cancel")) ? "yes"
                                                                                                           : "no");
#pragma omp sections
        {
#pragma omp section
            {
#pragma omp cancel sections
            }
        }
    }
    tool_log("done");
    return 0;
}

// CHECK: set_callback ompt_callback_cancel: always
// CHECK-DAG: T1: cancel: task={{[0-9]+}} flags=parallel|activated codeptr=0x{{[0-9a-f]+}}
// The second thread finds the region cancelled at the cancellation point.
// CHECK-DAG: T2: cancel: task={{[0-9]+}} flags=parallel|detected codeptr=0x{{[0-9a-f]+}}
// Clang leaves the cancelled region through a cancellable barrier (the
// outlined function's tail call to __kmpc_cancel_barrier, whose return
// address is in the runtime: no call site); it reports thread 1's last cancel
// event, so the codeptr of cancel is checked on the loop below.
// CLANG-DAG: T1: cancel: task={{[0-9]+}} flags=parallel|detected codeptr=(nil)
// GCC: cancel codeptr calls its entry point: yes
// CLANG: cancel codeptr calls its entry point: no
// CHECK: cancel: task={{[0-9]+}} flags=loop|activated codeptr=0x{{[0-9a-f]+}}
// CHECK: cancel for codeptr calls its entry point: yes
// CHECK: cancel: task={{[0-9]+}} flags=sections|activated
// CHECK: done
// OFF-NOT: cancel: task
// OFF: done
