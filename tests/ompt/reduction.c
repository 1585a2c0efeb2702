// Reduction events (OpenMP 5.1, 4.5.2.13: ompt_callback_reduction with kind
// reduction) where the runtime orders the combination: Clang's code combines
// a thread's values between __kmpc_reduce(_nowait) and __kmpc_end_reduce
// (_nowait), which report the begin and end with their call sites, when the
// runtime has it done alone (a team of one; also in a critical section, for
// code that does not allow atomics, which Clang always does). With atomic
// updates nothing is reported, as on libomp: the updates are the program's
// own atomics (and, for a declared reduction, the critical region Clang puts
// around its combiner, with its mutex events), which a race detector must see
// (src/abi/kmp/reduce.c). GCC combines reductions inline: no events.
// RUN: %ompt-cc %s %tool-src %ompt-link -o %t
// RUN: %run %t > %t.out
// RUN: grep '^T1:' %t.out | FileCheck %s --check-prefixes=CHECK,%ompt-prefix
// RUN: awk '/reduction_begin: kind=reduction/ { n++ } END { print n + 0 }' %t.out | FileCheck %s --check-prefix=COUNT-%ompt-prefix
// RUN: awk '/reduction_end: kind=reduction/ { n++ } END { print n + 0 }' %t.out | FileCheck %s --check-prefix=COUNT-%ompt-prefix
#include <omp.h>

#include "tool.h"

struct pair {
    long sum, count;
};

#pragma omp declare reduction(add_pair : struct pair : omp_out.sum += omp_in.sum, omp_out.count += omp_in.count) \
    initializer(omp_priv = (struct pair){0, 0})

__attribute__((unused)) static void report(const char *what, const char *event, const char *routine)
{
    tool_log("%s codeptr calls %s: %s", what, routine, tool_codeptr_calls(tool_last_codeptr(event), routine) ? "yes" : "no");
}

int main(void)
{
    int n = 0;
    double d = 0;
    struct pair p = {0, 0};
#pragma omp parallel num_threads(2) reduction(+ : n)
    {
        n += 1;
#pragma omp for reduction(+ : d)
        for (int i = 0; i < 4; i++)
            d += i;
#pragma omp for reduction(add_pair : p)
        for (int i = 0; i < 4; i++) {
            p.sum += i;
            p.count++;
        }
    }
    tool_log("team of two done");
    /* A team of one reduces too, alone. */
#pragma omp parallel num_threads(1) reduction(+ : n)
    n += 1;
#ifdef __clang__
    report("alone begin", "reduction_begin", "__kmpc_reduce_nowait");
    report("alone end", "reduction_end", "__kmpc_end_reduce_nowait");
#endif
    tool_log("n=%d d=%g p=%ld,%ld", n, d, p.sum, p.count);
    return 0;
}

// CHECK: parallel_begin: {{.*}} parallel=[[P:[0-9]+]] requested=2
// CHECK: implicit_task_begin: parallel=[[P]] task=[[T:[0-9]+]]
// No event around the atomic updates, nor around the declared reduction's
// combiner, which has its critical region.
// CHECK-NOT: reduction_
// CLANG: work_end: type=loop_static parallel=[[P]] task=[[T]]
// CLANG-NEXT: sync_region_begin: kind=barrier_implicit_workshare parallel=[[P]] task=[[T]]
// CHECK-NOT: reduction_
// CLANG: work_end: type=loop_static parallel=[[P]] task=[[T]]
// CLANG-NEXT: mutex_acquire: kind=critical
// CLANG-NEXT: mutex_acquired: kind=critical
// CLANG-NEXT: mutex_released: kind=critical
// CLANG-NEXT: sync_region_begin: kind=barrier_implicit_workshare parallel=[[P]] task=[[T]]
// CHECK-NOT: reduction_
// CHECK: team of two done
// CLANG: parallel_begin: {{.*}} parallel=[[P1:[0-9]+]] requested=1
// CLANG: reduction_begin: kind=reduction parallel=[[P1]] task=[[T1:[0-9]+]] codeptr=0x{{[0-9a-f]+}}
// CLANG-NEXT: reduction_end: kind=reduction parallel=[[P1]] task=[[T1]] codeptr=0x{{[0-9a-f]+}}
// CLANG: alone begin codeptr calls __kmpc_reduce_nowait: yes
// CLANG-NEXT: alone end codeptr calls __kmpc_end_reduce_nowait: yes
// GCC-NOT: reduction_
// CHECK: n=3 d=6 p=6,4
// The team of one only.
// COUNT-CLANG: 1
// COUNT-GCC: 0
