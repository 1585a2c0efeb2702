// A barrier of a team of one reports its wait interval (sync_region_wait,
// OpenMP 5.1 4.5.2.13) like any other barrier, in the barrier's wait state:
// the barrier of an orphaned `for simd` run by the initial thread (its team
// is the implicit region's team of one; clang calls __kmpc_barrier, gcc
// GOMP_barrier, which gcc calls for an explicit barrier too), and an
// explicit barrier in a serialized region. The interval is empty unless the
// team's tasks run in it, as a taskwait's when nothing is left to wait for.
// LLVM's OMPT test synchronization/barrier/for_simd.c checks the first.
// RUN: %ompt-cc %s %tool-src %ompt-link -o %t
// RUN: %run %t | FileCheck %s --check-prefixes=CHECK,%ompt-prefix
#include <omp.h>

#include "tool.h"

int main(void)
{
    int y[] = {0, 1, 2, 3};
    tool_log("orphaned for simd");
#pragma omp for simd
    for (int i = 0; i < 4; i++)
        y[i]++;
    tool_log("serialized region");
#pragma omp parallel num_threads(1)
    {
#pragma omp barrier
    }
    tool_log("done: %d", y[3]);
    return 0;
}

// CHECK: orphaned for simd
// CLANG: sync_region_begin: kind=[[KIND:barrier_implicit_workshare]]
// GCC: sync_region_begin: kind=[[KIND:barrier_explicit]]
// CHECK-NEXT: sync_region_wait_begin: kind=[[KIND]] {{.*}} state=ompt_state_wait_[[KIND]]
// CHECK-NEXT: sync_region_wait_end: kind=[[KIND]]
// CHECK-NEXT: sync_region_end: kind=[[KIND]]
// CHECK: serialized region
// CHECK: sync_region_begin: kind=barrier_explicit
// CHECK-NEXT: sync_region_wait_begin: kind=barrier_explicit {{.*}} state=ompt_state_wait_barrier_explicit
// CHECK-NEXT: sync_region_wait_end: kind=barrier_explicit
// CHECK-NEXT: sync_region_end: kind=barrier_explicit
// CHECK: done: 4
