// A parallel region nested in an explicit task, deferred or undeferred: the
// inner team's workers, on their way out after the join, still report events
// and the tool asks for every ancestor's frame at each of them (tool.c
// aborts on a frame whose flags are not one of the two valid values). The
// encountering task may be freed once the region ends, so the runtime waits
// for those workers to leave before it returns (parallel.c). Glass recycles
// task descriptors as tasks, so a read of a freed one still sees valid flags
// and this test cannot catch the early return; teams.c, whose teams' tasks
// live on the stack, does (under load). This one checks that the wait ends
// and the regions compute right, many times over.
// RUN: %ompt-cc %s %tool-src %ompt-link -o %t
// RUN: env TOOL_QUIET=1 %run %t > %t.out
// RUN: FileCheck %s < %t.out
// RUN: %not grep WRONG %t.out
#include <omp.h>

#include "tool.h"

static int __attribute__((noinline)) inner_sum(int round)
{
    int sum = 0;
#pragma omp parallel num_threads(2) reduction(+ : sum)
    sum += round + omp_get_thread_num();
    return sum;
}

/* Writes over the stack an undeferred task ran on. */
static long __attribute__((noinline)) scribble(int round)
{
    volatile long junk[1024];
    for (int i = 0; i < 1024; i++)
        junk[i] = (long)round * 0x0101010101L + i;
    return junk[round & 63];
}

int main(void)
{
    const int rounds = 400;
    long wrong = 0, noise = 0;
    omp_set_max_active_levels(2); /* the inner regions have two threads */
#pragma omp parallel num_threads(2) reduction(+ : wrong, noise)
#pragma omp single
    for (int round = 0; round < rounds; round++) {
        int got = -1;
#pragma omp task if (0) shared(got)
        got = inner_sum(round);
        noise += scribble(round);
#pragma omp atomic /* the deferred tasks add to it too */
        wrong += got != 2 * round + 1;
#pragma omp task firstprivate(round) shared(wrong)
        {
            int sum = inner_sum(round);
#pragma omp atomic
            wrong += sum != 2 * round + 1;
        }
        if (round % 8 == 7) {
#pragma omp taskwait
        }
    }
    tool_log("rounds=%d wrong=%ld noise=%d", rounds, wrong, noise != 0);
    return 0;
}

// CHECK: rounds=400 wrong=0 noise=1
