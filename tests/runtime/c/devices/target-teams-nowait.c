// `target teams nowait` run on the host as tasks that other threads take at
// the barrier ending a single construct. Clang without offload targets
// compiles the region as host code, so its teams construct was met inside a
// target task of a parallel region, and the league waited for the enclosing
// team's tasks, its own task among them: a deadlock. The league now runs in a
// contention group of its own, as in a target region.
// RUN: %omp-cc %s -o %t && for n in %threads; do OMP_NUM_THREADS=$n timeout 30 %run %t; done | FileCheck %s
// CHECK-COUNT-4: sums=3,3,3,3,3,3 teams=2
#include <omp.h>
#include <stdio.h>

#define REGIONS 6

int main(void)
{
    int sum[REGIONS] = {0}, league = 0;
#pragma omp parallel
    {
#pragma omp single
        for (int k = 0; k < REGIONS; k++) {
#pragma omp target teams num_teams(2) nowait map(tofrom : sum[k : 1], league)
            {
#pragma omp parallel num_threads(1)
                {
#pragma omp atomic
                    sum[k] += omp_get_team_num() + 1;
                    if (omp_get_team_num() == 0) {
#pragma omp atomic write
                        league = omp_get_num_teams(); /* several regions at once */
                    }
                }
            }
        }
    }
    printf("sums=");
    for (int k = 0; k < REGIONS; k++)
        printf("%d%s", sum[k], k + 1 < REGIONS ? "," : "");
    printf(" teams=%d\n", league);
    return 0;
}
