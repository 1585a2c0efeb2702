// Where the executor's single region ends (work end of single_executor,
// OpenMP 5.1 4.5.2.5). Clang calls __kmpc_end_single at the end of the
// block. GCC calls nothing there (GOMP_single_start only says whether to run
// the block), so the runtime reports the end where the block must have
// ended: at the executing implicit task's next barrier (the construct's own
// when it has no nowait), its next worksharing construct, or the end of its
// region, whichever comes first; never at calls made inside the block (task
// creation, a nested region's barrier, which belong to other tasks). With
// nowait the interval may so include what the thread did after the block
// until then (docs/ompt-libomp19-differences.md, row gcc-single). Before,
// gcc's region ended at once, so a tool (Caliper) counted the block's work as
// zero.
// RUN: %ompt-cc %s %tool-src %ompt-link -o %t
// RUN: %run %t | FileCheck %s --check-prefixes=CHECK,%ompt-prefix
#include <omp.h>

#include "tool.h"

int main(void)
{
    omp_set_max_active_levels(1); /* the nested region below is a team of one */
#pragma omp parallel num_threads(2)
    {
#pragma omp single
        {
            tool_log("single: in the block");
#pragma omp task
            tool_log("single: the task runs");
#pragma omp parallel num_threads(2)
            {
#pragma omp barrier
            }
            tool_log("single: block done");
        }
#pragma omp single nowait
        tool_log("nowait single: in the block");
        tool_log("nowait single: after the block");
#pragma omp for schedule(dynamic)
        for (int i = 0; i < 2; i++)
            ;
#pragma omp single nowait
        tool_log("last single: in the block");
    }
    /* Orphaned, run by the initial thread: nothing follows it, so its end
     * comes with the initial task's. */
#pragma omp single nowait
    tool_log("orphaned single: in the block");
    tool_log("done");
    return 0;
}

// Lines of other threads interleave: each thread's order is checked with
// CHECK-NOT over its own lines in between.
// CHECK: {{^}}[[T:T[0-9]+]]: single: in the block
// The task's creation and the nested region's barrier do not end it.
// CHECK: {{^}}[[T]]: task_create:
// CHECK: {{^}}[[T]]: sync_region_end: kind=barrier_explicit
// CHECK-NOT: {{^}}[[T]]: work_end: type=single_executor
// CHECK: {{^}}[[T]]: single: block done
// CHECK-NOT: {{^}}[[T]]:
// CHECK: {{^}}[[T]]: work_end: type=single_executor parallel=[[P:[0-9]+]] task=[[I:[0-9]+]] count=1 codeptr=0x{{[0-9a-f]+}}
// CHECK-NOT: {{^}}[[T]]:
// GCC: {{^}}[[T]]: sync_region_begin: kind=barrier_explicit parallel=[[P]] task=[[I]]
// CLANG: {{^}}[[T]]: sync_region_begin: kind=barrier_implicit_workshare parallel=[[P]] task=[[I]]

// CHECK: {{^}}[[N:T[0-9]+]]: nowait single: in the block
// CLANG-NOT: {{^}}[[N]]:
// CLANG: {{^}}[[N]]: work_end: type=single_executor
// CHECK-NOT: {{^}}[[N]]: work_end
// CHECK: {{^}}[[N]]: nowait single: after the block
// GCC-NOT: {{^}}[[N]]:
// GCC: {{^}}[[N]]: work_end: type=single_executor
// CHECK-NOT: {{^}}[[N]]:
// CHECK: {{^}}[[N]]: work_begin: type=loop_dynamic

// The region's end closes the last one.
// CHECK: {{^}}[[L:T[0-9]+]]: last single: in the block
// CHECK-NOT: {{^}}[[L]]:
// CHECK: {{^}}[[L]]: work_end: type=single_executor
// CHECK-NOT: {{^}}[[L]]:
// CHECK: {{^}}[[L]]: sync_region_begin: kind=barrier_implicit_parallel
// CHECK: {{^}}[[O:T[0-9]+]]: orphaned single: in the block
// CLANG-NOT: {{^}}[[O]]:
// CLANG: {{^}}[[O]]: work_end: type=single_executor
// CHECK: {{^}}[[O]]: done
// GCC-NOT: {{^}}[[O]]:
// GCC: {{^}}[[O]]: work_end: type=single_executor
// CHECK-NOT: {{^}}[[O]]:
// CHECK: {{^}}[[O]]: implicit_task_end: {{.*}} flags=initial
