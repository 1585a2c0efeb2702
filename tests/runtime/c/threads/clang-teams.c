// Clang ABI teams on the host (__kmpc_push_num_teams, __kmpc_fork_teams):
// every team runs the region, distribute divides the iterations among the
// teams (__kmpc_for_static_init with the distribute schedules, and
// dist_schedule(static, chunk)), composite distribute parallel loops divide
// each team's part among its threads (also through the dispatch interface:
// __kmpc_dist_dispatch_init), and reductions over teams combine.
// REQUIRES: clang
// RUN: %omp-cc %s -o %t
// RUN: for n in %threads; do OMP_NUM_THREADS=$n %run %t; done | FileCheck %s
// CHECK-COUNT-4: teams: regions=ok distribute=ok chunked=ok composite=ok dynamic=ok reduction=ok limit=ok
#include <omp.h>
#include <stdio.h>

#define N 1000
static int hits[N];

static int all_once(void)
{
    int ok = 1;
    for (int i = 0; i < N; i++) {
        ok &= hits[i] == 1;
        hits[i] = 0;
    }
    return ok;
}

#define HIT(i) __atomic_fetch_add(&hits[i], 1, __ATOMIC_RELAXED)

static const char *verdict(int ok)
{
    return ok ? "ok" : "FAILED";
}

int main(void)
{
    int regions = 0;
#pragma omp teams num_teams(5)
    __atomic_fetch_add(&regions, 1, __ATOMIC_RELAXED);
    int regions_ok = regions == 5;

#pragma omp teams num_teams(4)
#pragma omp distribute
    for (int i = 0; i < N; i++)
        HIT(i);
    int distribute_ok = all_once();

#pragma omp teams num_teams(3)
#pragma omp distribute dist_schedule(static, 7)
    for (int i = 0; i < N; i++)
        HIT(i);
    int chunked_ok = all_once();

#pragma omp teams distribute parallel for num_teams(3)
    for (int i = 0; i < N; i++)
        HIT(i);
    int composite_ok = all_once();

#pragma omp teams distribute parallel for num_teams(2) schedule(dynamic, 5)
    for (int i = 0; i < N; i++)
        HIT(i);
    int dynamic_ok = all_once();

    long sum = 0;
#pragma omp teams distribute parallel for num_teams(4) reduction(+ : sum)
    for (int i = 1; i <= N; i++)
        sum += i;

    /* thread_limit bounds the teams' parallel regions. */
    int biggest = 0;
#pragma omp teams num_teams(2) thread_limit(2)
#pragma omp parallel
    {
        int size = omp_get_num_threads();
        int seen = __atomic_load_n(&biggest, __ATOMIC_RELAXED);
        while (size > seen && !__atomic_compare_exchange_n(&biggest, &seen, size, 0, __ATOMIC_RELAXED,
                                                          __ATOMIC_RELAXED))
            ;
    }
    printf("teams: regions=%s distribute=%s chunked=%s composite=%s dynamic=%s reduction=%s limit=%s\n",
           verdict(regions_ok), verdict(distribute_ok), verdict(chunked_ok), verdict(composite_ok),
           verdict(dynamic_ok), verdict(sum == 500500), verdict(biggest >= 1 && biggest <= 2));
    return 0;
}
