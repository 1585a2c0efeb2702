// Teams routines (OpenMP 5.1, 3.4) outside a teams construct: a league of one
// team, numbered 0; nteams-var and teams-thread-limit-var set and read back,
// invalid values ignored with a warning.
// RUN: %omp-cc %s -o %t
// RUN: for n in %threads; do OMP_NUM_THREADS=$n %run %t; done 2>&1 | FileCheck %s
// CHECK: glass: omp_set_num_teams(0): the argument must be positive; ignored
// CHECK-NEXT: glass: omp_set_teams_thread_limit(-1): the argument must be positive; ignored
// CHECK-NEXT: league 1 team 0 in-region 1/0 max-teams 0->6 kept 6 teams-thread-limit 0->4 kept 4
// CHECK-COUNT-3: league 1 team 0 in-region 1/0 max-teams 0->6 kept 6 teams-thread-limit 0->4 kept 4
#include <omp.h>
#include <stdio.h>

int main(void)
{
    int wrong = 0;
#pragma omp parallel reduction(+ : wrong)
    wrong += omp_get_num_teams() != 1 || omp_get_team_num() != 0;
    int max_before = omp_get_max_teams(), limit_before = omp_get_teams_thread_limit();
    omp_set_num_teams(6);
    int max_after = omp_get_max_teams();
    omp_set_num_teams(0);
    int max_kept = omp_get_max_teams();
    omp_set_teams_thread_limit(4);
    int limit_after = omp_get_teams_thread_limit();
    omp_set_teams_thread_limit(-1);
    int limit_kept = omp_get_teams_thread_limit();
    fflush(stderr);
    printf("league %d team %d in-region %s max-teams %d->%d kept %d teams-thread-limit %d->%d kept %d\n",
           omp_get_num_teams(), omp_get_team_num(), wrong ? "WRONG" : "1/0", max_before, max_after, max_kept,
           limit_before, limit_after, limit_kept);
    return 0;
}
