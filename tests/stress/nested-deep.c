// Nested parallel regions 8 levels deep, teams of 2 (256 threads at the
// innermost level): every level is active, reports its level, active level and
// ancestor thread numbers, and the innermost threads each count once.
// A 9th level beyond OMP_MAX_ACTIVE_LEVELS=8 runs serialized (team of 1).
// RUN: %omp-cc %s -o %t
// RUN: env OMP_MAX_ACTIVE_LEVELS=8 OMP_NUM_THREADS=2 timeout 60 %run %t | FileCheck %s
// CHECK: depth=8 leaves=256 expected=256 errors=0 ninth-team=1
#include <omp.h>
#include <stdio.h>

static int leaves, errors, ninth_team = -1;

static void descend(int depth, int max_depth, long path)
{
    if (depth == max_depth) {
#pragma omp atomic
        leaves++;
#pragma omp parallel num_threads(2)
        {
#pragma omp single
#pragma omp atomic write
            ninth_team = omp_get_num_threads();
        }
        return;
    }
#pragma omp parallel num_threads(2)
    {
        int level = depth + 1;
        long mine = path * 2 + omp_get_thread_num();
        int ok = omp_get_level() == level && omp_get_active_level() == level && omp_get_num_threads() == 2;
        /* Every ancestor's thread number is the bit of the path for that level. */
        for (int l = 1; l <= level; l++)
            ok &= omp_get_ancestor_thread_num(l) == (int)((mine >> (level - l)) & 1);
        ok &= omp_get_team_size(level) == 2;
        if (!ok) {
#pragma omp atomic
            errors++;
        }
        descend(level, max_depth, mine);
    }
}

int main(void)
{
    const int depth = 8;
    descend(0, depth, 0);
    printf("depth=%d leaves=%d expected=%d errors=%d ninth-team=%d\n", depth, leaves, 1 << depth, errors,
           ninth_team);
    return leaves != 1 << depth || errors;
}
