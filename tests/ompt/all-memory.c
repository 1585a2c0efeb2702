// The dependences event of a depend(omp_all_memory) task (OpenMP 5.2's
// out_all_memory type: clang 19 passes inout and out omp_all_memory alike,
// with the out and all-memory flags, and they order alike). Clang 19 is the
// compiler here that accepts omp_all_memory:
// REQUIRES: clang-19
// RUN: %ompt-cc %s %tool-src %ompt-link -o %t
// RUN: %run %t | FileCheck %s
#include <omp.h>

#include "tool.h"

int main(void)
{
    int x = 0;
#pragma omp parallel num_threads(2)
#pragma omp single
    {
#pragma omp task depend(out : x)
        x = 1;
#pragma omp task depend(inout : omp_all_memory)
        x++;
#pragma omp task depend(out : omp_all_memory)
        x++;
    }
    tool_log("x=%d", x);
    return 0;
}

// CHECK: dependences: {{.*}} deps=[inout:0x{{[0-9a-f]+}}]
// CHECK: dependences: {{.*}} deps=[out_all_memory:(nil)]
// CHECK: dependences: {{.*}} deps=[out_all_memory:(nil)]
// CHECK: x=3
