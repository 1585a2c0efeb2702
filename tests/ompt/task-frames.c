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
// The same without frame pointers, as gcc -O2 builds (see CHECK_FRAMES):
// RUN: %ompt-cc -Wno-frame-address -fomit-frame-pointer -DNO_FRAME_POINTER %s %tool-src %ompt-link -o %t.nofp
// RUN: env TOOL_QUIET=1 %run %t.nofp > %t.nofp.out
// RUN: FileCheck %s < %t.nofp.out
// RUN: %not grep WRONG %t.nofp.out
#include <omp.h>
#include <sched.h>
#include <stdatomic.h>

#include "tool.h"

/* With frame pointers, the body's own frame bounds the table from below and
 * the frame it returns to (__builtin_frame_address(1)) must be its exit
 * frame. Without (-fomit-frame-pointer, what gcc -O2 makes, and
 * -DNO_FRAME_POINTER), __builtin_frame_address would give the body the frame
 * pointer it is supposed to lack, and level 1 would read a register that may
 * hold anything: that run bounds the table by a local of the body's (in its
 * frame, below the runtime's task invoker) and does not compare the exit
 * frame with the caller's; flags, which levels have frames, and nesting
 * between levels are checked alike. */
#ifdef NO_FRAME_POINTER
#define CHECK_FRAMES(tag) tool_check_frames(tag, &(char){0}, NULL)
#else
#define CHECK_FRAMES(tag) tool_check_task_frames(tag, __builtin_frame_address(0), __builtin_frame_address(1))
#endif

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
