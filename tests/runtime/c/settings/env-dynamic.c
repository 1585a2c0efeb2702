// OMP_DYNAMIC: true lets the runtime give a team fewer threads (Glass never
// gives more than there are processors), false gives what was asked for.
// RUN: %omp-cc %s -o %t
// RUN: for n in %threads; do OMP_DYNAMIC=true OMP_NUM_THREADS=$n %run %t 1 $n; done | FileCheck %s --check-prefix=ON
// RUN: for n in %threads; do OMP_DYNAMIC=" FALSE " OMP_NUM_THREADS=$n %run %t 0 $n; done | FileCheck %s --check-prefix=OFF
// RUN: for v in "" "yes" "1" "truee"; do OMP_DYNAMIC="$v" OMP_NUM_THREADS=4 %run %t 0 4; done 2>&1 | FileCheck %s --check-prefix=BAD
// ON: dynamic=1 asked=1 team-ok=1
// ON: dynamic=1 asked=2 team-ok=1
// ON: dynamic=1 asked=4 team-ok=1
// ON: dynamic=1 asked=8 team-ok=1
// OFF: dynamic=0 asked=1 team=1
// OFF: dynamic=0 asked=2 team=2
// OFF: dynamic=0 asked=4 team=4
// OFF: dynamic=0 asked=8 team=8
// BAD: glass: OMP_DYNAMIC="" is invalid: expected true or false; using the default
// BAD-NEXT: dynamic=0 asked=4 team=4
// BAD-NEXT: glass: OMP_DYNAMIC="yes" is invalid
// BAD-NEXT: dynamic=0 asked=4 team=4
// BAD-NEXT: glass: OMP_DYNAMIC="1" is invalid
// BAD-NEXT: dynamic=0 asked=4 team=4
// BAD-NEXT: glass: OMP_DYNAMIC="truee" is invalid
// BAD-NEXT: dynamic=0 asked=4 team=4
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>

int main(int argc, char **argv)
{
    if (argc < 3)
        return 1;
    int want_dynamic = atoi(argv[1]), asked = atoi(argv[2]);
    if (omp_get_dynamic() != want_dynamic)
        return 2;
    int team = 0;
#pragma omp parallel
#pragma omp single
    team = omp_get_num_threads();
    if (want_dynamic) {
        int bound = asked < omp_get_num_procs() ? asked : omp_get_num_procs();
        int ok = team >= 1 && team <= bound;
        printf("dynamic=%d asked=%d team-ok=%d\n", omp_get_dynamic(), asked, ok);
        /* omp_set_dynamic(0) turns the adjustment off again. */
        omp_set_dynamic(0);
        int exact = 0;
#pragma omp parallel
#pragma omp single
        exact = omp_get_num_threads();
        return ok && exact == asked && !omp_get_dynamic() ? 0 : 3;
    }
    if (team != asked)
        return 4;
    printf("dynamic=%d asked=%d team=%d\n", omp_get_dynamic(), asked, team);
    return 0;
}
