// exit() called inside a parallel region, by a worker or by the master, while
// the other threads wait in a barrier: the process ends without deadlock, the
// calling thread gets its thread_end, the finalizer runs once and last.
// RUN: %ompt-cc %s %tool-src %ompt-link -o %t
// RUN: env OMP_NUM_THREADS=4 timeout 20 %run %t 2 > %t.worker
// RUN: FileCheck %s < %t.worker
// RUN: tail -n 1 %t.worker | FileCheck %s --check-prefix=LAST
// RUN: env OMP_NUM_THREADS=4 timeout 20 %run %t 0 > %t.master
// RUN: FileCheck %s < %t.master
// RUN: tail -n 1 %t.master | FileCheck %s --check-prefix=LAST
#include <omp.h>
#include <stdlib.h>

#include "tool.h"

int main(int argc, char **argv)
{
    int exiting = argc > 1 ? atoi(argv[1]) : 0;
#pragma omp parallel num_threads(4)
    {
        if (omp_get_thread_num() == exiting) {
            tool_log("thread %d calls exit", exiting);
            exit(0);
        }
#pragma omp barrier
    }
    tool_log("not reached");
    return 1;
}

// CHECK: [[T:T[0-9]+]]: thread {{[02]}} calls exit
// CHECK-NOT: not reached
// CHECK: [[T]]: thread_end: thread={{[0-9]+}}
// CHECK: tool: finalize:
// LAST: tool: finalize:
