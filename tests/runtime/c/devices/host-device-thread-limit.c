// thread_limit on a host device (GLASS_HOST_DEVICES=1): the region runs on
// the device (not the initial device), and its parallel regions have at most
// thread_limit threads, even when they ask for more; with teams, each team's
// parallel region is capped the same way and omp_get_thread_limit() says the
// limit. OMP_NUM_THREADS=4 would give 4 threads without the clause.
// Host devices are the GCC ABI's (clang without offload targets compiles
// target regions as host code):
// REQUIRES: gcc
// RUN: %omp-cc %s -o %t
// RUN: env GLASS_HOST_DEVICES=1 OMP_NUM_THREADS=4 %run %t | FileCheck %s
// CHECK: target thread_limit(2): on the device 1, threads 2, asked 8: 2, limit 2
// CHECK-NEXT: target teams num_teams(2) thread_limit(3): on the device 1, teams 2, threads per team 3,3, limit 3
// CHECK-NEXT: target without thread_limit: threads 4
#include <omp.h>
#include <stdio.h>

int main(void)
{
    int on_device = 0, threads = 0, asked = 0, limit = 0;
#pragma omp target thread_limit(2) map(from : on_device, threads, asked, limit)
    {
        on_device = !omp_is_initial_device();
        limit = omp_get_thread_limit();
#pragma omp parallel
#pragma omp single
        threads = omp_get_num_threads();
#pragma omp parallel num_threads(8)
#pragma omp single
        asked = omp_get_num_threads();
    }
    printf("target thread_limit(2): on the device %d, threads %d, asked 8: %d, limit %d\n", on_device, threads, asked,
           limit);

    int team_threads[2] = {0}, teams = 0;
    on_device = 0, limit = 0;
#pragma omp target teams num_teams(2) thread_limit(3) map(from : on_device, team_threads, teams, limit)
    {
        int team = omp_get_team_num();
#pragma omp parallel num_threads(8)
#pragma omp single
        {
            if (team < 2)
                team_threads[team] = omp_get_num_threads();
            if (team == 0) {
                teams = omp_get_num_teams();
                on_device = !omp_is_initial_device();
                limit = omp_get_thread_limit();
            }
        }
    }
    printf("target teams num_teams(2) thread_limit(3): on the device %d, teams %d, threads per team %d,%d, limit %d\n",
           on_device, teams, team_threads[0], team_threads[1], limit);

    threads = 0;
#pragma omp target map(from : threads)
#pragma omp parallel
#pragma omp single
    threads = omp_get_num_threads();
    printf("target without thread_limit: threads %d\n", threads);
    return 0;
}
