// ompt_finalize_tool (OpenMP 5.1, 4.6.1.19): the idle workers and the calling
// thread report their end, the finalizer runs once, no callback follows, and
// the program goes on using OpenMP (also at exit: no second finalizer).
// With one tool only: beside others (tests/check/ompt-under-check.test adds
// glass check) ompt_finalize_tool ends the calling tool alone, without
// thread_end for the threads still running (docs/architecture.md, several
// tools), which tests/ompt/several-tools.test checks.
// UNSUPPORTED: under-check
// RUN: %ompt-cc %s %tool-src %ompt-link -o %t
// RUN: env OMP_NUM_THREADS=3 %run %t > %t.out
// RUN: FileCheck %s < %t.out
// RUN: grep -c 'tool: finalize' %t.out | FileCheck %s --check-prefix=ONCE
#include <omp.h>

#include "tool.h"

int main(void)
{
    int sum = 0;
#pragma omp parallel reduction(+ : sum)
    sum += 1;
    tool_log("before finalize: sum=%d", sum);
    tool_entry.finalize_tool();
    tool_log("after finalize");
#pragma omp parallel reduction(+ : sum)
    sum += 1;
    tool_log("still running: sum=%d", sum);
    return 0;
}

// CHECK: before finalize: sum=3
// CHECK-DAG: thread_end: thread=2
// CHECK-DAG: thread_end: thread=3
// CHECK-DAG: implicit_task_end: parallel=none task={{[0-9]+}} actual_parallelism=0 index=1 flags=initial
// CHECK-DAG: T1: thread_end: thread=1
// CHECK: tool: finalize: tool_data=42 threads=3
// CHECK-NEXT: after finalize
// CHECK-NEXT: still running: sum=6
// CHECK-NOT: {{.}}
// ONCE: 1
