// Reduction events (OpenMP 5.1, 4.5.2.13: ompt_callback_reduction with kind
// reduction): Clang's code combines a thread's values between
// __kmpc_reduce(_nowait) and __kmpc_end_reduce(_nowait), which report the
// begin and end with their call sites; with atomics and nowait there is no
// end call, and both are reported at the start. The blocking form's barrier
// has the end call's site. GCC combines reductions inline: no events.
// RUN: %ompt-cc %s %tool-src %ompt-link -o %t
// RUN: %run %t > %t.out
// RUN: grep '^T1:' %t.out | FileCheck %s --check-prefixes=CHECK,%ompt-prefix
// RUN: awk '/reduction_begin: kind=reduction/ { n++ } END { print n + 0 }' %t.out | FileCheck %s --check-prefix=COUNT-%ompt-prefix
// RUN: awk '/reduction_end: kind=reduction/ { n++ } END { print n + 0 }' %t.out | FileCheck %s --check-prefix=COUNT-%ompt-prefix
#include <omp.h>

#include "tool.h"

__attribute__((unused)) static void report(const char *what, const char *event, const char *routine)
{
    tool_log("%s codeptr calls %s: %s", what, routine, tool_codeptr_calls(tool_last_codeptr(event), routine) ? "yes" : "no");
}

int main(void)
{
    int n = 0;
    double d = 0;
#pragma omp parallel num_threads(2) reduction(+ : n)
    {
        n += 1;
#pragma omp for reduction(+ : d)
        for (int i = 0; i < 4; i++)
            d += i;
#ifdef __clang__
        if (omp_get_thread_num() == 0) {
            report("for begin", "reduction_begin", "__kmpc_reduce");
            report("for end", "reduction_end", "__kmpc_end_reduce");
        }
#endif
    }
#ifdef __clang__
    report("parallel", "reduction_begin", "__kmpc_reduce_nowait");
#endif
    /* A team of one reduces too. */
#pragma omp parallel num_threads(1) reduction(+ : n)
    n += 1;
    tool_log("n=%d d=%g", n, d);
    return 0;
}

// CHECK: parallel_begin: {{.*}} parallel=[[P:[0-9]+]] requested=2
// CHECK: implicit_task_begin: parallel=[[P]] task=[[T:[0-9]+]]
// CLANG: work_end: type=loop_static parallel=[[P]] task=[[T]]
// CLANG-NEXT: reduction_begin: kind=reduction parallel=[[P]] task=[[T]] codeptr=0x{{[0-9a-f]+}}
// CLANG-NEXT: reduction_end: kind=reduction parallel=[[P]] task=[[T]] codeptr=[[END:0x[0-9a-f]+]]
// CLANG-NEXT: sync_region_begin: kind=barrier_implicit_workshare parallel=[[P]] task=[[T]] codeptr=[[END]]
// CLANG: for begin codeptr calls __kmpc_reduce: yes
// CLANG-NEXT: for end codeptr calls __kmpc_end_reduce: yes
// CLANG: reduction_begin: kind=reduction parallel=[[P]] task=[[T]] codeptr=[[NOWAIT:0x[0-9a-f]+]]
// CLANG-NEXT: reduction_end: kind=reduction parallel=[[P]] task=[[T]] codeptr=[[NOWAIT]]
// CLANG-NEXT: sync_region_begin: kind=barrier_implicit_parallel
// CLANG: parallel codeptr calls __kmpc_reduce_nowait: yes
// CLANG: parallel_begin: {{.*}} parallel=[[P1:[0-9]+]] requested=1
// CLANG: reduction_begin: kind=reduction parallel=[[P1]]
// CLANG-NEXT: reduction_end: kind=reduction parallel=[[P1]]
// GCC-NOT: reduction_
// CHECK: n=3 d=6
// Thread 1: the loop, the region (2 each); thread 2: the same; the team of one.
// COUNT-CLANG: 5
// COUNT-GCC: 0
