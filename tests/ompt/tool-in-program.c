// A tool linked into the program starts at the program's first use of
// OpenMP, for gcc- and clang-compiled programs, as on LLVM's libomp 19
// (tool-in-program-libomp19.test runs this program on it): after the program's constructors,
// which may set the tool up (C++ static objects, constructor functions),
// and so after what main prints before that first use (clang's main calls
// __kmpc_global_thread_num on entry here, gcc's GOMP_parallel later). The runtime's own
// constructor runs before the program's (the dynamic linker initializes
// dependencies first) and no hook runs between the program's constructors
// and main, so an earlier start could call a tool not yet constructed;
// docs/ompt-libomp19-differences.md says more. A tool named by
// OMP_TOOL_LIBRARIES starts at load (tool-at-load.c).
// The program's stdout is unbuffered and the tool writes with write(2), so
// the output holds the order in which things happened.
// RUN: %ompt-cc %s %tool-src %ompt-link -o %t
// RUN: env TOOL_QUIET=1 %run %t | FileCheck %s --check-prefixes=CHECK,%ompt-prefix
#include <omp.h>
#include <stdio.h>

#include "tool.h"

static int constructed;

__attribute__((constructor)) static void program_constructor(void)
{
    setvbuf(stdout, NULL, _IONBF, 0);
    constructed = 1;
    printf("program constructor\n");
}

int main(void)
{
    printf("main\n");
#pragma omp parallel num_threads(2)
    {
#pragma omp master
        tool_log("in the region: constructed=%d", constructed);
    }
    return 0;
}

// CHECK: program constructor
// GCC-NEXT: main
// CHECK-NEXT: tool: ompt_start_tool
// CHECK: tool: initialize returns 1
// CLANG: main
// CHECK: in the region: constructed=1
