// Doacross loops (ordered(n) with ordered depend(sink: ...) and
// depend(source)) as libomp 19 reports them, for both compilers:
// - one work region per thread and loop: a statically scheduled Clang loop
//   reported a second begin/end pair with codeptr NULL, from the core
//   construct that keeps its doacross bookkeeping;
// - one dependences event of the encountering implicit task per iteration
//   vector, sink or source, with one dependence per loop of the nest whose
//   value is that loop's logical iteration number (0-based, whatever the
//   loop's own bounds and step); sink vectors outside the iteration space
//   name no iteration and are not reported. Glass reported none.
// With these, every dependences event is reported: ompt_set_callback answers
// always for it (Glass answered sometimes).
// Unlike libomp 19, which reports nothing in a team of one, Glass reports the
// vectors there too (the specification ties the event to the construct, not
// to the team size); the last loop checks that.
// Threads: T1 is thread 0 of each team (T0 before the runtime started), T2
// thread 1; schedule(static) gives thread 0 the first half of the outer loop.
// RUN: %ompt-cc %s %tool-src %ompt-link -o %t
// RUN: %run %t > %t.out
// RUN: grep -e '^T[01]: ' %t.out | FileCheck %s --check-prefix=MASTER
// RUN: grep -e '^T2: ' %t.out | FileCheck %s --check-prefix=WORKER
// RUN: grep -c 'work_begin: type=loop' %t.out | FileCheck %s --check-prefix=FIVE
// RUN: grep -c 'work_end: type=loop' %t.out | FileCheck %s --check-prefix=FIVE
// RUN: grep -q 'set_callback ompt_callback_dependences: always' %t.out
// RUN: %not grep -e WRONG -e 'work_.*codeptr=(nil)' %t.out
#include <omp.h>

#include "tool.h"

static _Atomic int sink; /* written by several threads: atomic, for TSan */

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

// The values print as pointers: (nil) is iteration 0.
// MASTER-LABEL: one loop
// MASTER: work_begin: type=loop_static
// MASTER-NOT: work_begin
// MASTER: dependences: task=[[TASK:[0-9]+]] ndeps=1 deps=[source:(nil)]
// MASTER-NEXT: dependences: task=[[TASK]] ndeps=1 deps=[sink:(nil)]
// MASTER-NEXT: dependences: task=[[TASK]] ndeps=1 deps=[source:0x1]
// MASTER-NEXT: work_end: type=loop_static {{.*}} task=[[TASK]]
// MASTER-NOT: work_end
// MASTER: sum 10
// MASTER-LABEL: two loops
// MASTER: work_begin: type=loop_static
// MASTER-NOT: work_begin
// MASTER: dependences: task=[[TASK:[0-9]+]] ndeps=2 deps=[source:(nil),source:(nil)]
// MASTER-NEXT: dependences: task=[[TASK]] ndeps=2 deps=[source:(nil),source:0x1]
// MASTER-NEXT: dependences: task=[[TASK]] ndeps=2 deps=[source:(nil),source:0x2]
// MASTER-NEXT: work_end: type=loop_static {{.*}} task=[[TASK]]
// MASTER-NOT: work_end
// MASTER: two loops done
// MASTER-LABEL: team of one
// MASTER: work_begin: type=loop
// MASTER-NOT: work_begin
// MASTER: dependences: task=[[TASK:[0-9]+]] ndeps=1 deps=[source:(nil)]
// MASTER-NEXT: dependences: task=[[TASK]] ndeps=1 deps=[sink:(nil)]
// MASTER-NEXT: dependences: task=[[TASK]] ndeps=1 deps=[source:0x1]
// MASTER-NEXT: work_end: type=loop{{.*}} task=[[TASK]]
// MASTER-NOT: work_end
// MASTER: team of one done

// WORKER: work_begin: type=loop_static
// WORKER-NOT: work_begin
// WORKER: dependences: task=[[TASK:[0-9]+]] ndeps=1 deps=[sink:0x1]
// WORKER-NEXT: dependences: task=[[TASK]] ndeps=1 deps=[source:0x2]
// WORKER-NEXT: dependences: task=[[TASK]] ndeps=1 deps=[sink:0x2]
// WORKER-NEXT: dependences: task=[[TASK]] ndeps=1 deps=[source:0x3]
// WORKER-NEXT: work_end: type=loop_static {{.*}} task=[[TASK]]
// WORKER-NOT: work_end
// WORKER: work_begin: type=loop_static
// WORKER-NOT: work_begin
// WORKER: dependences: task=[[TASK:[0-9]+]] ndeps=2 deps=[source:0x1,source:(nil)]
// WORKER-NEXT: dependences: task=[[TASK]] ndeps=2 deps=[sink:(nil),sink:(nil)]
// WORKER-NEXT: dependences: task=[[TASK]] ndeps=2 deps=[source:0x1,source:0x1]
// WORKER-NEXT: dependences: task=[[TASK]] ndeps=2 deps=[sink:(nil),sink:0x1]
// WORKER-NEXT: dependences: task=[[TASK]] ndeps=2 deps=[source:0x1,source:0x2]
// WORKER-NEXT: work_end: type=loop_static {{.*}} task=[[TASK]]
// WORKER-NOT: work_begin

// FIVE: {{^}}5{{$}}
