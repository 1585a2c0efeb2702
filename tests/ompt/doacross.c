// Doacross loops (ordered(n) with ordered depend(sink: ...) and
// depend(source)) as libomp 19 reports them, for both compilers: one work
// region per thread and loop. A statically scheduled Clang loop reported a
// second begin/end pair with codeptr NULL, from the core construct that
// keeps its doacross bookkeeping.
// RUN: %ompt-cc %s %tool-src %ompt-link -o %t
// RUN: %run %t > %t.out
// RUN: grep -c 'work_begin: type=loop' %t.out | FileCheck %s --check-prefix=FIVE
// RUN: grep -c 'work_end: type=loop' %t.out | FileCheck %s --check-prefix=FIVE
// RUN: %not grep -e WRONG -e 'work_.*codeptr=(nil)' %t.out
#include <omp.h>

#include "tool.h"

static volatile int sink;

int main(void)
{
    int a[8] = {0};
    tool_log("one loop");
#pragma omp parallel for num_threads(2) ordered(1) schedule(static)
    for (int i = 1; i < 5; i++) {
#pragma omp ordered depend(sink : i - 1)
        a[i] = a[i - 1] + i;
#pragma omp ordered depend(source)
    }
    tool_log("sum %d", a[4]);

    /* The inner loop counts down by 2: logical j 0, 1, 2 for j = 6, 4, 2. */
    tool_log("two loops");
#pragma omp parallel for num_threads(2) ordered(2) schedule(static)
    for (int i = 0; i < 2; i++)
        for (int j = 6; j > 0; j -= 2) {
#pragma omp ordered depend(sink : i - 1, j + 2)
            sink += i * j;
#pragma omp ordered depend(source)
        }
    tool_log("two loops done");

    tool_log("team of one");
#pragma omp parallel for num_threads(1) ordered(1)
    for (int i = 0; i < 2; i++) {
#pragma omp ordered depend(sink : i - 1)
        sink += i;
#pragma omp ordered depend(source)
    }
    tool_log("team of one done");
    return 0;
}

// FIVE: {{^}}5{{$}}
