// parallel_begin/end, implicit tasks (initial task included), the implicit
// barrier at the end of the region, thread begin/end, with the fields each
// carries: ids that pair up, requested and actual parallelism, flags, codeptr.
// RUN: %ompt-cc %s %tool-src %ompt-link -o %t
// RUN: env OMP_NUM_THREADS=4 %run %t > %t.out
// RUN: FileCheck %s < %t.out
// RUN: FileCheck %s --check-prefix=COUNT < %t.out
// RUN: grep -c 'implicit_task_begin: parallel=[0-9]* task=[0-9]* actual_parallelism=3 index=[0-2] flags=implicit' %t.out | FileCheck %s --check-prefix=THREE
// A worker's barrier at the region's end has no call site: codeptr is NULL
// in its four events (as on libomp), for both workers.
// RUN: grep -E '^T[2-9]: sync_region_(wait_)?(begin|end): kind=barrier_implicit_parallel' %t.out | grep -c 'codeptr=(nil)' | FileCheck %s --check-prefix=WORKER-BARRIER
// What ompt_set_callback says for the events a race detector (LLVM's
// Archer) builds on: every sync region is dispatched, reductions only where
// the runtime orders the combination, mutex events not for atomic regions
// done in hardware.
// RUN: grep -E 'set_callback ompt_callback_(sync_region|reduction|mutex_acquired|mutex_released):' %t.out | FileCheck %s --check-prefix=HONEST
// HONEST-DAG: set_callback ompt_callback_sync_region: always
// HONEST-DAG: set_callback ompt_callback_reduction: sometimes
// HONEST-DAG: set_callback ompt_callback_mutex_acquired: sometimes
// HONEST-DAG: set_callback ompt_callback_mutex_released: sometimes
#include <omp.h>
#include <stdio.h>

#include "tool.h"

int main(void)
{
    int sum = 0;
#pragma omp parallel num_threads(3) reduction(+ : sum)
    sum += omp_get_thread_num();
    tool_log("parallel codeptr calls its entry point: %s",
             tool_codeptr_calls(tool_last_codeptr("parallel_begin"), ENTRY_NAME("GOMP_parallel", "__kmpc_fork_call")) ? "yes" : "no");
    tool_log("sum=%d", sum);
    return sum == 3 ? 0 : 1;
}

// The tool is found in the executable and initialized before any event.
// CHECK: tool: ompt_start_tool: omp_version=202011 runtime=Glass {{.*}} returns tool
// CHECK: tool: initialize: initial_device=0 tool_data=42
// CHECK-NOT: lookup {{.*}}: NULL
// CHECK: ompt_no_such_entry_point: NULL
// CHECK: set_callback ompt_callback_thread_begin: always
// CHECK: set_callback ompt_callback_parallel_begin: always
// CHECK: set_callback ompt_callback_implicit_task: always
// CHECK: set_callback ompt_callback_target: always
// CHECK: set_callback ompt_callback_device_initialize: always
// CHECK: set_callback ompt_callback_work: sometimes
// CHECK: set_callback ompt_callback_masked: sometimes
// CHECK: set_callback ompt_callback_flush: sometimes
// CHECK: set_callback ompt_callback_error: always
// CHECK: tool: initialize returns 1

// The initial thread and its initial task come first.
// CHECK: [[M:T1]]: thread_begin: type=initial thread=1
// CHECK: [[M]]: implicit_task_begin: parallel=[[IMPLICIT:[1-9][0-9]*]] task=[[INITIAL:[0-9]+]] actual_parallelism=1 index=1 flags=initial

// The region: requested 3, the runtime invokes the master's share.
// CHECK: [[M]]: parallel_begin: encountering_task=[[INITIAL]] frame.exit=(nil) frame.enter=0x{{[0-9a-f]+}} frame.enter_flags=application|cfa parallel=[[PAR:[0-9]+]] requested=3 flags=invoker_runtime|team codeptr=[[CODEPTR:0x[0-9a-f]+]]
// CHECK: [[M]]: implicit_task_begin: parallel=[[PAR]] task=[[MTASK:[0-9]+]] actual_parallelism=3 index=0 flags=implicit
// CHECK: [[M]]: sync_region_begin: kind=barrier_implicit_parallel parallel=[[PAR]] task=[[MTASK]] codeptr=[[CODEPTR]]
// CHECK: [[M]]: sync_region_wait_begin: kind=barrier_implicit_parallel parallel=[[PAR]] task=[[MTASK]] codeptr=[[CODEPTR]] state=ompt_state_wait_barrier_implicit_parallel
// CHECK: [[M]]: sync_region_wait_end: kind=barrier_implicit_parallel parallel=none task=[[MTASK]] codeptr=[[CODEPTR]] state=ompt_state_wait_barrier_implicit_parallel
// CHECK: [[M]]: sync_region_end: kind=barrier_implicit_parallel parallel=none task=[[MTASK]] codeptr=[[CODEPTR]]
// CHECK: [[M]]: implicit_task_end: parallel=none task=[[MTASK]] actual_parallelism=0 index=0 flags=implicit
// CHECK: [[M]]: parallel_end: parallel=[[PAR]] encountering_task=[[INITIAL]] flags=invoker_runtime|team codeptr=[[CODEPTR]]
// CHECK: [[M]]: parallel codeptr calls its entry point: yes
// CHECK: [[M]]: sum=3

// At exit: the initial task ends, then every thread, then the finalizer.
// CHECK: [[M]]: implicit_task_end: parallel=none task=[[INITIAL]] actual_parallelism=0 index=1 flags=initial
// CHECK: [[M]]: thread_end: thread=1
// CHECK: tool: finalize: tool_data=42 threads=3

// Each worker: begin, its implicit task, the barrier, end.
// COUNT-COUNT-2: thread_begin: type=worker
// COUNT-COUNT-2: thread_end: thread={{[23]}}
// THREE: 3
// WORKER-BARRIER: 8
