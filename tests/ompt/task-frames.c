// The frames of every kind of explicit task (OpenMP 5.1, 4.4.4.28), for both
// compilers: the task's exit frame is the frame its code returns to, so in
// the task's outlined body __builtin_frame_address(1) (the caller's frame
// pointer, the body being compiled with frame pointers) equals it, as LLVM's
// OMPT tests require; exit and enter frames nest down the thread's stack; and
// the test tool aborts on any frame whose flags are not application|cfa or
// runtime|cfa (tool.c, assert_frame_flags). Clang's tasks run through an ABI
// wrapper (src/abi/kmp/task.c, run_task) that kept no frame pointer: a task
// taken by another thread saw 0x1 there, and the master's 0.
// The tasks after the first taskwait may run at once, so x is updated
// atomically (TSan found the plain x++ racing).
// RUN: %ompt-cc -Wno-frame-address %s %tool-src %ompt-link -o %t
// RUN: env TOOL_QUIET=1 %run %t > %t.out
// RUN: FileCheck %s < %t.out
// RUN: %not grep -e WRONG -e 'not the runtime caller' %t.out
#include <omp.h>
#include <sched.h>
#include <stdatomic.h>

#include "tool.h"

#define CHECK_FRAMES(tag) tool_check_task_frames(tag, __builtin_frame_address(0), __builtin_frame_address(1))

int main(void)
{
    _Atomic int taken = 0;
    int x = 0;
#pragma omp parallel num_threads(2)
    {
#pragma omp single nowait
        {
            /* Run by the other thread, which waits in the barrier below. */
#pragma omp task shared(taken)
            {
                CHECK_FRAMES("taken by the other thread");
                atomic_store(&taken, 1);
            }
            while (!atomic_load(&taken))
                sched_yield();
#pragma omp task shared(x)
            {
#pragma omp atomic
                x++;
                CHECK_FRAMES("deferred");
            }
#pragma omp taskwait
#pragma omp task final(1) shared(x)
            {
#pragma omp atomic
                x++;
                CHECK_FRAMES("final");
            }
#pragma omp task untied shared(x)
            {
#pragma omp atomic
                x++;
                CHECK_FRAMES("untied");
            }
#pragma omp task mergeable shared(x)
            {
#pragma omp atomic
                x++;
                CHECK_FRAMES("mergeable");
            }
#pragma omp task depend(out : x) shared(x)
            {
#pragma omp atomic
                x++;
                CHECK_FRAMES("with dependences");
            }
#pragma omp taskloop grainsize(1)
            for (int i = 0; i < 2; i++)
                CHECK_FRAMES("taskloop");
#pragma omp taskwait
        }
#pragma omp barrier
    }
    tool_log("x=%d", x);
    return 0;
}

// CHECK-DAG: taken by the other thread: frame level 0: exit=runtime|cfa enter=none{{$}}
// CHECK-DAG: taken by the other thread: frame table ok
// CHECK-DAG: deferred: frame level 0: exit=runtime|cfa enter=none{{$}}
// CHECK-DAG: deferred: frame table ok
// CHECK-DAG: final: frame table ok
// CHECK-DAG: untied: frame table ok
// CHECK-DAG: mergeable: frame table ok
// CHECK-DAG: with dependences: frame table ok
// CHECK-DAG: taskloop: frame table ok
// CHECK: x=5
