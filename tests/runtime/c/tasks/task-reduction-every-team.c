// Worksharing constructs with reduction(task, ...) in the teams that hold
// more than one thread, wherever they are: nested parallel regions, a
// parallel region inside a target region (run twice, so the target
// region's reused team descriptor is met again) and the parallel teams of a
// teams region. Each construct's tasks contribute through in_reduction and
// every sum is exact. (task-reduction-team-of-one.c covers teams of one.)
// The reduction variables are locals of the enclosing region: clang
// compiles in_reduction on a global into direct writes to the global.
// RUN: %omp-cc %s -o %t
// RUN: timeout 60 %run %t | FileCheck %s
// RUN: OMP_NUM_THREADS=4 timeout 60 %run %t | FileCheck %s
// RUN: GLASS_HOST_DEVICES=1 timeout 60 %run %t | FileCheck %s
// CHECK: nested for=ok sections=ok
// CHECK: target for=ok sections=ok
// CHECK: target again for=ok sections=ok
// CHECK: teams for=ok sections=ok
#include <omp.h>
#include <stdio.h>

#define N 100
#define EXPECTED (N * (N - 1) / 2)

/* A parallel region of two whose `for` and `sections` each sum 0..N-1
 * through tasks into *f and *s (locals of the enclosing region). */
#define TEAM_SUMS(f, s)                                                                                            \
    do {                                                                                                           \
        int for_sum = 0, sections_sum = 0;                                                                         \
        _Pragma("omp parallel num_threads(2) shared(for_sum, sections_sum)")                                     \
        {                                                                                                          \
            _Pragma("omp for reduction(task, + : for_sum)")                                                        \
            for (int i = 0; i < N; i++) {                                                                          \
                _Pragma("omp task in_reduction(+ : for_sum)")                                                      \
                for_sum += i;                                                                                      \
            }                                                                                                      \
            _Pragma("omp sections reduction(task, + : sections_sum)")                                              \
            {                                                                                                      \
                _Pragma("omp section")                                                                             \
                for (int i = 0; i < N; i++) {                                                                      \
                    _Pragma("omp task in_reduction(+ : sections_sum)")                                             \
                    sections_sum += i;                                                                             \
                }                                                                                                  \
                _Pragma("omp section")                                                                             \
                {                                                                                                  \
                }                                                                                                  \
            }                                                                                                      \
        }                                                                                                          \
        *(f) = for_sum;                                                                                            \
        *(s) = sections_sum;                                                                                       \
    } while (0)

static const char *verdict(int ok)
{
    return ok ? "ok" : "WRONG";
}

int main(void)
{
    omp_set_max_active_levels(2);
    int nested_for[2] = {0, 0}, nested_sections[2] = {0, 0};
#pragma omp parallel num_threads(2)
    {
        int o = omp_get_thread_num();
        TEAM_SUMS(&nested_for[o], &nested_sections[o]);
    }
    printf("nested for=%s sections=%s\n", verdict(nested_for[0] == EXPECTED && nested_for[1] == EXPECTED),
           verdict(nested_sections[0] == EXPECTED && nested_sections[1] == EXPECTED));

    for (int round = 0; round < 2; round++) {
        int f = 0, s = 0;
#pragma omp target map(from : f, s)
        TEAM_SUMS(&f, &s);
        printf("target%s for=%s sections=%s\n", round ? " again" : "", verdict(f == EXPECTED),
               verdict(s == EXPECTED));
    }

    int teams = 0, league_for[4] = {0}, league_sections[4] = {0};
#pragma omp teams num_teams(2)
    {
        int t = omp_get_team_num();
        if (t == 0)
            teams = omp_get_num_teams();
        TEAM_SUMS(&league_for[t], &league_sections[t]);
    }
    int for_ok = teams > 0, sections_ok = teams > 0;
    for (int t = 0; t < teams; t++) {
        for_ok &= league_for[t] == EXPECTED;
        sections_ok &= league_sections[t] == EXPECTED;
    }
    printf("teams for=%s sections=%s\n", verdict(for_ok), verdict(sections_ok));
    return 0;
}
