// Nested scope constructs with task reductions (OpenMP 5.1 scope, GCC's
// GOMP_scope_start): three nested, then twelve nested through recursion
// (more open at once than the team's ring of reduction slots), then a long
// run of consecutive ones; each level's tasks contribute to that level's
// variable and every sum is exact. Deadlocked before: the team had one
// reduction slot, which assumed each construct ends before the next starts.
// REQUIRES: gcc
// RUN: %omp-cc %s -o %t
// RUN: for n in %threads; do OMP_NUM_THREADS=$n timeout 60 %run %t $n; done | FileCheck %s
// CHECK: threads=1 three-nested=ok deep=ok consecutive=ok
// CHECK: threads=2 three-nested=ok deep=ok consecutive=ok
// CHECK: threads=4 three-nested=ok deep=ok consecutive=ok
// CHECK: threads=8 three-nested=ok deep=ok consecutive=ok
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>

#define DEPTH 12
static int level_sum[DEPTH + 1];
static int a, b, c, serial_sum;

static void nest(int depth)
{
    if (depth < 0)
        return;
#pragma omp scope reduction(task, + : level_sum[depth : 1])
    {
#pragma omp task in_reduction(+ : level_sum[depth : 1])
        level_sum[depth] += depth + 1;
        nest(depth - 1);
    }
}

int main(int argc, char **argv)
{
    int threads = argc > 1 ? atoi(argv[1]) : 0;
#pragma omp parallel
    {
#pragma omp scope reduction(task, + : a)
        {
#pragma omp scope reduction(task, + : b)
            {
#pragma omp scope reduction(task, + : c)
                {
#pragma omp task in_reduction(+ : a, b, c)
                    {
                        a += 1;
                        b += 2;
                        c += 3;
                    }
                }
            }
        }
        nest(DEPTH);
        for (int round = 0; round < 40; round++) {
#pragma omp scope reduction(task, + : serial_sum)
            {
#pragma omp task in_reduction(+ : serial_sum)
                serial_sum += round;
            }
        }
    }
    int n = omp_get_max_threads(), deep = 1;
    for (int d = 0; d <= DEPTH; d++)
        deep &= level_sum[d] == n * (d + 1);
    printf("threads=%d three-nested=%s deep=%s consecutive=%s\n", threads,
           a == n && b == 2 * n && c == 3 * n ? "ok" : "WRONG", deep ? "ok" : "WRONG",
           serial_sum == n * (39 * 40 / 2) ? "ok" : "WRONG");
    return 0;
}
