// The frame table of nested parallel regions (OpenMP 5.1, 4.4.4.28): at each
// level the exit frame is the frame pointer of the runtime function that
// called the task's code, the enter frame the canonical frame address where
// the task's code called into the runtime; going outwards the addresses grow
// (exit(n) > enter(n) > exit(n-1)). The innermost region's exit frame is
// checked against __builtin_frame_address(1) in the outlined body, and each
// region's codeptr_ra against the call the program made.
// RUN: %ompt-cc %s %tool-src %ompt-link -o %t
// RUN: env TOOL_QUIET=1 %run %t > %t.out
// RUN: FileCheck %s < %t.out
// RUN: grep -c 'frame table ok' %t.out | FileCheck %s --check-prefix=SEVEN
// RUN: %not grep WRONG %t.out
// RUN: grep -c "inner barrier codeptr is the region's: yes" %t.out | FileCheck %s --check-prefix=TWO
// RUN: grep 'inner 0.0' %t.out | FileCheck %s --check-prefix=MASTER
// The same without frame pointers, as gcc -O2 builds (see OWN_FRAME):
// RUN: %ompt-cc -fomit-frame-pointer -DNO_FRAME_POINTER %s %tool-src %ompt-link -o %t.nofp
// RUN: env TOOL_QUIET=1 %run %t.nofp > %t.nofp.out
// RUN: FileCheck %s < %t.nofp.out
// RUN: grep -c 'frame table ok' %t.nofp.out | FileCheck %s --check-prefix=SEVEN
// RUN: %not grep WRONG %t.nofp.out
// RUN: grep 'inner 0.0' %t.nofp.out | FileCheck %s --check-prefix=MASTER
#include <omp.h>

#include "tool.h"

/* OWN_FRAME: a bound below every frame of the table; CALLER_FRAME: the frame
 * the outlined body returns to, which its exit frame must be. With frame
 * pointers they are __builtin_frame_address(0) and (1). Without
 * (-fomit-frame-pointer, what gcc -O2 makes, and -DNO_FRAME_POINTER), calling
 * __builtin_frame_address would give the body the frame pointer it is
 * supposed to lack, and level 1 would read a register that may hold anything:
 * that run bounds the table by the address of a local of the body's (in its
 * frame, below the runtime caller's) and does not compare the exit frame
 * with the caller's frame; flags, which levels have frames, and nesting
 * between levels are checked alike. */
#ifdef NO_FRAME_POINTER
#define OWN_FRAME() ((const void *)&(char){0})
#define CALLER_FRAME() NULL
#else
#define OWN_FRAME() __builtin_frame_address(0)
#define CALLER_FRAME() __builtin_frame_address(1)
#endif

int main(void)
{
    omp_set_max_active_levels(2);
    tool_check_frames("initial", OWN_FRAME(), NULL);
#pragma omp parallel num_threads(2)
    {
        const void *outer_codeptr = tool_last_codeptr("parallel_begin");
        if (omp_get_thread_num() == 0)
            tool_log("outer codeptr calls its entry point: %s",
                     tool_codeptr_calls(outer_codeptr, ENTRY_NAME("GOMP_parallel", "__kmpc_fork_call")) ? "yes" : "no");
#pragma omp parallel num_threads(2)
        {
            char tag[32];
            __builtin_snprintf(tag, sizeof tag, "inner %d.%d", omp_get_ancestor_thread_num(1), omp_get_thread_num());
            tool_check_frames(tag, OWN_FRAME(), CALLER_FRAME());
        }
        if (omp_get_thread_num() == 0)
            tool_log("inner codeptr calls its entry point: %s",
                     tool_codeptr_calls(tool_last_codeptr("parallel_begin"), ENTRY_NAME("GOMP_parallel", "__kmpc_fork_call")) ? "yes" : "no");
        tool_log("inner barrier codeptr is the region's: %s",
                 tool_last_codeptr("sync_region_begin") == tool_last_codeptr("parallel_begin") ? "yes" : "no");
#pragma omp barrier
        tool_check_frames("outer", OWN_FRAME(), CALLER_FRAME());
    }
    return 0;
}

// CHECK: initial: frame level 0: exit=none enter=none
// CHECK: initial: frame table ok
// CHECK-DAG: outer codeptr calls its entry point: yes
// CHECK-DAG: inner codeptr calls its entry point: yes

// The initial task, four inner tasks, two outer ones, all consistent.
// SEVEN: 7
// TWO: 2

// The master of both regions sees three levels on its own stack.
// MASTER: inner 0.0: frame level 0: exit=runtime|cfa enter=none{{$}}
// MASTER-NEXT: inner 0.0: frame level 1: exit=runtime|cfa enter=application|cfa{{$}}
// MASTER-NEXT: inner 0.0: frame level 2: exit=none enter=application|cfa{{$}}
// MASTER-NEXT: inner 0.0: frame table ok
