// GCC's pre-4.9 interface, GOMP_parallel_start / GOMP_parallel_end: the
// program runs the master's share itself, so the region's invoker is the
// program, the master's implicit task exits to the program's own frame (the
// encountering task's enter frame, kept for the whole region), and a worker's
// task exits to the runtime as usual.
// REQUIRES: gcc
// RUN: %ompt-cc %s %tool-src %ompt-link -o %t
// RUN: %run %t | FileCheck %s
#include <omp.h>

#include "tool.h"

void GOMP_parallel_start(void (*fn)(void *), void *data, unsigned num_threads);
void GOMP_parallel_end(void);

static void body(void *data)
{
    (void)data;
    if (omp_get_thread_num() == 0)
        tool_check_frames("master", __builtin_frame_address(0), NULL);
    else
        tool_check_frames("worker", __builtin_frame_address(0), __builtin_frame_address(1));
}

int main(void)
{
    GOMP_parallel_start(body, NULL, 2);
    body(NULL);
    GOMP_parallel_end();
    tool_log("done");
    return 0;
}

// CHECK: parallel_begin: {{.*}} frame.enter_flags=application|cfa parallel=[[P:[0-9]+]] requested=2 flags=invoker_program|team
// CHECK-DAG: master: frame level 0: exit=application|cfa enter=none
// CHECK-DAG: master: frame level 1: exit=none enter=application|cfa
// CHECK-DAG: master: frame table ok
// CHECK-DAG: worker: frame level 0: exit=runtime|cfa enter=none
// CHECK-DAG: worker: frame table ok
// CHECK: parallel_end: parallel=[[P]] encountering_task={{[0-9]+}} flags=invoker_program|team
// CHECK: done
