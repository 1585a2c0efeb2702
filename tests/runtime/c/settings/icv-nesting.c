// omp_get_ancestor_thread_num and omp_get_team_size (OpenMP 5.1, 3.2.18-19)
// at every level of three nested regions, including a serialized one, checked
// against what each thread recorded on its way in; levels outside 0..level
// give -1.
// RUN: %omp-cc %s -o %t
// RUN: for n in %threads; do OMP_NUM_THREADS=$n,2,1 OMP_MAX_ACTIVE_LEVELS=3 %run %t $n; done | FileCheck %s
// CHECK: outer=1 checked=2 mismatches=0 outside=-1,-1,-1,-1
// CHECK: outer=2 checked=4 mismatches=0 outside=-1,-1,-1,-1
// CHECK: outer=4 checked=8 mismatches=0 outside=-1,-1,-1,-1
// CHECK: outer=8 checked=16 mismatches=0 outside=-1,-1,-1,-1
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>

int main(int argc, char **argv)
{
    if (argc < 2)
        return 1;
    int outer_size = atoi(argv[1]);
    int checked = 0, mismatches = 0;
    if (omp_get_ancestor_thread_num(0) != 0 || omp_get_team_size(0) != 1)
        mismatches++;
#pragma omp parallel reduction(+ : checked, mismatches)
    {
        int t1 = omp_get_thread_num(), s1 = omp_get_num_threads();
        mismatches += s1 != outer_size;
#pragma omp parallel reduction(+ : checked, mismatches)
        {
            int t2 = omp_get_thread_num(), s2 = omp_get_num_threads();
#pragma omp parallel reduction(+ : checked, mismatches)
            {
                /* Third level: nthreads-var 1, so a team of one. */
                int t3 = omp_get_thread_num(), s3 = omp_get_num_threads();
                int level = omp_get_level();
                int want_num[4] = {0, t1, t2, t3}, want_size[4] = {1, s1, s2, s3};
                mismatches += level != 3 || s2 != 2 || s3 != 1;
                for (int l = 0; l <= level; l++)
                    mismatches += omp_get_ancestor_thread_num(l) != want_num[l] ||
                                  omp_get_team_size(l) != want_size[l];
                mismatches += omp_get_ancestor_thread_num(level) != omp_get_thread_num();
                mismatches += omp_get_team_size(level) != omp_get_num_threads();
                mismatches += omp_get_ancestor_thread_num(4) != -1 || omp_get_team_size(-1) != -1;
                checked++;
            }
        }
    }
    printf("outer=%d checked=%d mismatches=%d outside=%d,%d,%d,%d\n", outer_size, checked, mismatches,
           omp_get_ancestor_thread_num(1), omp_get_ancestor_thread_num(-1), omp_get_team_size(1),
           omp_get_team_size(-5));
    return 0;
}
