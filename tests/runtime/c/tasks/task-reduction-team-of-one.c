// Worksharing constructs with reduction(task, ...) met by a team of one:
// an orphaned `for`, `sections` or `scope` called by the initial thread
// outside any parallel region, and the same called in a target region (run
// on the host and on a host device; each twice, so the reused team
// descriptors are met again). Each construct's tasks contribute through
// in_reduction and every sum is exact. Hung before: only parallel teams had
// their ring of reduction slots marked free. gcc only: clang compiles the
// task's in_reduction on a global into direct writes to the global while
// registering the construct's private copy (libomp 14 and 19 fail such a
// program too), and a team of one is the only place these constructs meet
// a variable that is shared.
// REQUIRES: gcc
// RUN: %omp-cc %s -o %t
// RUN: timeout 60 %run %t | FileCheck %s
// RUN: OMP_NUM_THREADS=4 timeout 60 %run %t | FileCheck %s
// RUN: GLASS_HOST_DEVICES=1 timeout 60 %run %t | FileCheck %s
// CHECK: initial for=ok sections=ok scope=ok
// CHECK: initial again for=ok sections=ok scope=ok
// CHECK: target for=ok sections=ok scope=ok
// CHECK: target again for=ok sections=ok scope=ok
#include <omp.h>
#include <stdio.h>

#define N 100
#define EXPECTED (N * (N - 1) / 2)

#pragma omp declare target
/* Orphaned: binds to whichever team calls it. One variable for every
 * caller, so only a team of one may call these. */
static int sum;

static int for_sum(void)
{
    sum = 0;
#pragma omp for reduction(task, + : sum)
    for (int i = 0; i < N; i++) {
#pragma omp task in_reduction(+ : sum)
        sum += i;
    }
    return sum;
}

static int sections_sum(void)
{
    sum = 0;
#pragma omp sections reduction(task, + : sum)
    {
#pragma omp section
        for (int i = 0; i < N; i += 2) {
#pragma omp task in_reduction(+ : sum)
            sum += i;
        }
#pragma omp section
        for (int i = 1; i < N; i += 2) {
#pragma omp task in_reduction(+ : sum)
            sum += i;
        }
    }
    return sum;
}

static int scope_sum(void)
{
    sum = 0;
#pragma omp scope reduction(task, + : sum)
    for (int i = 0; i < N; i++) {
#pragma omp task in_reduction(+ : sum)
        sum += i;
    }
    return sum;
}
#pragma omp end declare target

static const char *verdict(int value)
{
    return value == EXPECTED ? "ok" : "WRONG";
}

int main(void)
{
    for (int round = 0; round < 2; round++) {
        int f = for_sum(), s = sections_sum(), c = scope_sum();
        printf("initial%s for=%s sections=%s scope=%s\n", round ? " again" : "", verdict(f), verdict(s),
               verdict(c));
    }
    for (int round = 0; round < 2; round++) {
        int f = 0, s = 0, c = 0;
#pragma omp target map(from : f, s, c)
        {
            f = for_sum();
            s = sections_sum();
            c = scope_sum();
        }
        printf("target%s for=%s sections=%s scope=%s\n", round ? " again" : "", verdict(f), verdict(s),
               verdict(c));
    }
    return 0;
}
