// A tool named by OMP_TOOL_LIBRARIES starts when the runtime is loaded, for
// gcc- and clang-compiled programs alike: its initializer, the initial
// thread's begin and the initial task's begin all come before main runs, so
// the tool sees every event of a program whose first OpenMP call is not a
// parallel region (here omp_init_lock). Before, the tool was initialized at
// load but the initial thread began only at the program's first OpenMP call,
// after "main" was printed.
// The program's stdout is unbuffered and the tool writes its lines with
// write(2) on the same descriptor, so the file holds the one order in which
// both happened.
// RUN: %tool-so -o %t.tool.so
// RUN: %ompt-cc %s %ompt-link -o %t
// RUN: env OMP_TOOL_LIBRARIES=%t.tool.so %run %t > %t.out
// RUN: FileCheck %s < %t.out
// RUN: %not grep WRONG %t.out
#include <omp.h>
#include <stdio.h>

int main(void)
{
    setvbuf(stdout, NULL, _IONBF, 0);
    printf("main\n");
    omp_lock_t lock;
    omp_init_lock(&lock);
    omp_set_lock(&lock);
    omp_unset_lock(&lock);
    omp_destroy_lock(&lock);
    printf("main: end\n");
    return 0;
}

// CHECK: tool: ompt_start_tool: {{.*}} returns tool
// CHECK: tool: initialize returns 1
// CHECK-NEXT: T1: thread_begin: type=initial thread=1
// CHECK-NEXT: T1: implicit_task_begin: {{.*}} actual_parallelism=1 index=1 flags=initial
// CHECK-NEXT: {{^}}main{{$}}
// CHECK-NEXT: T1: lock_init: kind=lock
// CHECK-NEXT: T1: mutex_acquire: kind=lock
// CHECK-NEXT: T1: mutex_acquired: kind=lock
// CHECK-NEXT: T1: mutex_released: kind=lock
// CHECK-NEXT: T1: lock_destroy: kind=lock
// CHECK-NEXT: {{^}}main: end{{$}}
// CHECK: T1: thread_end: thread=1
// CHECK: tool: finalize:
