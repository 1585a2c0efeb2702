// Host teams: a league of num_teams teams, each its own initial thread (the
// host runs them one after another); omp_get_num_teams / omp_get_team_num
// inside, also from a parallel region nested in a team; distribute splits a
// loop over the teams (GCC computes the split from those two routines);
// distribute parallel for; thread_limit bounds the teams' parallel regions;
// outside the construct there is one team.
// RUN: %omp-cc %s -o %t && for n in %threads; do OMP_NUM_THREADS=$n %run %t; done | FileCheck %s
// RUN: %omp-cxx %s -o %t.cxx && for n in %threads; do OMP_NUM_THREADS=$n %run %t.cxx; done | FileCheck %s
// CHECK-COUNT-4: league=4 teams=0123 nested=ok distribute=ok dpf=ok limit=ok outside=1/0
#include <omp.h>
#include <stdio.h>

#define N 1000

int main(void)
{
    int seen[8] = {0}, league = 0, nested_ok = 1, limit_ok = 1;
    int owner[N], hits[N] = {0};
    long dpf_sum = 0;
#pragma omp teams num_teams(4)
    {
        int t = omp_get_team_num();
        if (t == 0)
            league = omp_get_num_teams();
        seen[t]++;
#pragma omp parallel num_threads(2)
        if (omp_get_team_num() != t || omp_get_num_teams() != 4)
            nested_ok = 0;
#pragma omp distribute
        for (int i = 0; i < N; i++) {
            owner[i] = omp_get_team_num();
            hits[i]++;
        }
    }
    int distribute_ok = 1, teams_used = 0;
    for (int i = 0; i < N; i++) {
        distribute_ok &= hits[i] == 1;
        if (i > 0 && owner[i] < owner[i - 1])
            distribute_ok = 0;
        teams_used |= 1 << owner[i];
    }
    distribute_ok &= teams_used == 0xf;
#pragma omp teams distribute parallel for num_teams(3) reduction(+ : dpf_sum)
    for (int i = 1; i <= N; i++)
        dpf_sum += i;
#pragma omp teams num_teams(2) thread_limit(2)
    {
#pragma omp parallel num_threads(8)
        if (omp_get_num_threads() > 2)
            limit_ok = 0;
    }
    printf("league=%d teams=", league);
    for (int t = 0; t < 8; t++)
        if (seen[t] == 1)
            printf("%d", t);
    printf(" nested=%s distribute=%s dpf=%s limit=%s outside=%d/%d\n", nested_ok ? "ok" : "WRONG",
           distribute_ok ? "ok" : "WRONG", dpf_sum == (long)N * (N + 1) / 2 ? "ok" : "WRONG",
           limit_ok ? "ok" : "WRONG", omp_get_num_teams(), omp_get_team_num());
    return 0;
}
