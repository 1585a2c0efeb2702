// Serialized regions still have their events (OpenMP 5.1, Table 4.2): a
// nested region with nesting inactive, and a region with if(0), report
// parallel_begin/end and an implicit task with actual_parallelism 1, but no
// implicit barrier: a team of one waits for nobody, and libomp 19 raises no
// sync region there either (docs/ompt-libomp19-differences.md). A team of
// one whose deferred task is still pending at the end runs it in the
// implicit barrier, which is then reported around the task's events. With
// nesting active, the inner regions' pool workers also end with the program.
// RUN: %ompt-cc %s %tool-src %ompt-link -o %t
// RUN: %run %t > %t.out
// Every checked line is the initial thread's; the outer region's other thread
// prints at the same time, so its lines are filtered out before the -NEXT checks.
// RUN: grep '^T1:' %t.out | FileCheck %s --check-prefixes=CHECK,%ompt-prefix
// RUN: %run %t nested > %t.nested
// RUN: grep -c ': thread_begin: type' %t.nested > %t.begins
// RUN: grep -c ': thread_end: thread' %t.nested | diff - %t.begins
// RUN: FileCheck %s --check-prefix=SIX < %t.begins
#include <omp.h>

#include "tool.h"

int main(int argc, char **argv)
{
    (void)argv;
    if (argc > 1)
        omp_set_max_active_levels(2);
    int inner_sizes = 0;
#pragma omp parallel num_threads(2) reduction(+ : inner_sizes)
    {
#pragma omp parallel num_threads(3) reduction(+ : inner_sizes)
        inner_sizes += omp_get_thread_num() == 0 ? omp_get_num_threads() : 0;
    }
    int flag = 0;
#pragma omp parallel if (flag)
    flag = omp_get_num_threads();
    tool_log("inner sizes=%d if(0) team=%d", inner_sizes, flag);
    int ran = 0;
#pragma omp parallel num_threads(1) shared(ran)
    {
#pragma omp task shared(ran)
        ran = 1;
    }
    tool_log("pending task ran=%d", ran);
    return 0;
}

// The master's serialized inner region.
// CHECK: T1: parallel_begin: {{.*}} parallel=[[OUTER:[0-9]+]] requested=2
// CHECK: T1: parallel_begin: encountering_task={{[0-9]+}} {{.*}} parallel=[[INNER:[0-9]+]] requested=3 flags=invoker_runtime|team
// CHECK-NEXT: T1: implicit_task_begin: parallel=[[INNER]] task=[[TASK:[0-9]+]] actual_parallelism=1 index=0 flags=implicit
// Clang's code reduces through the runtime, alone in its team (GCC inline).
// CLANG-NEXT: T1: reduction_begin: kind=reduction parallel=[[INNER]] task=[[TASK]] codeptr=0x{{[0-9a-f]+}}
// CLANG-NEXT: T1: reduction_end: kind=reduction parallel=[[INNER]] task=[[TASK]] codeptr=0x{{[0-9a-f]+}}
// CHECK-NEXT: T1: implicit_task_end: parallel=none task=[[TASK]] actual_parallelism=0 index=0 flags=implicit
// CHECK-NEXT: T1: parallel_end: parallel=[[INNER]]
// if(0): GCC passes one thread, which is what the program asked for, and
// the runtime calls the region.
// GCC: T1: parallel_begin: {{.*}} requested=1 flags=invoker_runtime|team
// GCC-NEXT: T1: implicit_task_begin: parallel={{[0-9]+}} task={{[0-9]+}} actual_parallelism=1 index=0 flags=implicit
// Clang's program runs the region itself between __kmpc_serialized_parallel
// and __kmpc_end_serialized_parallel: the encountering task keeps its enter
// frame, and the implicit task's exit frame is that same program frame.
// CLANG: T1: parallel_begin: encountering_task=[[ENC:[0-9]+]] frame.exit=(nil) frame.enter=0x{{[0-9a-f]+}} frame.enter_flags=application|cfa parallel=[[IF0:[0-9]+]] requested=1 flags=invoker_program|team codeptr=[[IF0PC:0x[0-9a-f]+]]
// CLANG-NEXT: T1: implicit_task_begin: parallel=[[IF0]] task=[[IF0TASK:[0-9]+]] actual_parallelism=1 index=0 flags=implicit
// CLANG-NEXT: T1: implicit_task_end: parallel=none task=[[IF0TASK]]
// CLANG-NEXT: T1: parallel_end: parallel=[[IF0]] encountering_task=[[ENC]] flags=invoker_program|team codeptr=[[IF0PC]]
// GCC-NEXT: T1: implicit_task_end: parallel=none task={{[0-9]+}} actual_parallelism=0 index=0 flags=implicit
// GCC-NEXT: T1: parallel_end:
// CHECK: inner sizes=2 if(0) team=1
// The team of one with a task pending at its end: the barrier runs it.
// CHECK: T1: parallel_begin: {{.*}} parallel=[[ONE:[0-9]+]] requested=1
// CHECK-NEXT: T1: implicit_task_begin: parallel=[[ONE]] task=[[ONETASK:[0-9]+]] actual_parallelism=1 index=0 flags=implicit
// CHECK-NEXT: T1: task_create: encountering_task=[[ONETASK]] {{.*}} new_task=[[PENDING:[0-9]+]] flags=explicit
// CHECK-NEXT: T1: sync_region_begin: kind=barrier_implicit_parallel parallel=[[ONE]] task=[[ONETASK]]
// CHECK-NEXT: T1: task_schedule: prior=[[ONETASK]] status=switch next=[[PENDING]]
// CHECK-NEXT: T1: task_schedule: prior=[[PENDING]] status=complete next=[[ONETASK]]
// CHECK-NEXT: T1: sync_region_end: kind=barrier_implicit_parallel parallel=none task=[[ONETASK]]
// CHECK-NEXT: T1: implicit_task_end: parallel=none task=[[ONETASK]] actual_parallelism=0 index=0 flags=implicit
// CHECK-NEXT: T1: parallel_end: parallel=[[ONE]]
// CHECK: pending task ran=1
// Nested: the initial thread, the outer worker and the inner teams' workers
// begin (two each, or fewer when the second inner team reuses pool workers
// the first one has given back: 4 to 6 threads), and each of them ends.
// SIX: {{^[4-6]$}}
