// teams inside a target region (GCC 12 drives the league with GOMP_teams4):
// target teams distribute parallel for with num_teams and thread_limit, the
// league's numbers inside, and a plain target teams region.
// RUN: %omp-cc %s -o %t && for n in %threads; do OMP_NUM_THREADS=$n %run %t; done | FileCheck %s
// RUN: %omp-cxx %s -o %t.cxx && for n in %threads; do OMP_NUM_THREADS=$n %run %t.cxx; done | FileCheck %s
// CHECK-COUNT-4: sum=500500 hits=ok teams=5 limit=ok league=3:012 after=1
#include <omp.h>
#include <stdio.h>

#define N 1000

int main(void)
{
    long sum = 0;
    int hits[N] = {0}, team_of[N], max_threads = 0, league = 0, seen = 0;
#pragma omp target teams distribute parallel for num_teams(5) thread_limit(2) reduction(+ : sum) \
    map(tofrom : hits, team_of, max_threads)
    for (int i = 1; i <= N; i++) {
        sum += i;
        hits[i - 1]++;
        team_of[i - 1] = omp_get_team_num();
        int n = omp_get_num_threads();
        if (n > __atomic_load_n(&max_threads, __ATOMIC_RELAXED))
            __atomic_store_n(&max_threads, n, __ATOMIC_RELAXED);
    }
    int hits_ok = 1, teams_seen = 0;
    for (int i = 0; i < N; i++) {
        hits_ok &= hits[i] == 1;
        teams_seen |= 1 << team_of[i];
    }
    int nteams = 0;
    for (int t = 0; t < 8; t++)
        nteams += (teams_seen >> t) & 1;
#pragma omp target teams num_teams(3) map(tofrom : league, seen)
    {
        if (omp_get_team_num() == 0)
            league = omp_get_num_teams();
        __atomic_fetch_or(&seen, 1 << omp_get_team_num(), __ATOMIC_RELAXED);
    }
    printf("sum=%ld hits=%s teams=%d limit=%s league=%d:", sum, hits_ok ? "ok" : "WRONG", nteams,
           max_threads >= 1 && max_threads <= 2 ? "ok" : "WRONG", league);
    for (int t = 0; t < 8; t++)
        if ((seen >> t) & 1)
            printf("%d", t);
    printf(" after=%d\n", omp_get_num_teams());
    return 0;
}
