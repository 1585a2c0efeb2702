// OMP_THREAD_LIMIT: read back with omp_get_thread_limit, and no team (nor the
// threads of nested teams together) exceeds it.
// RUN: %omp-cc %s -o %t
// RUN: for n in %threads; do OMP_THREAD_LIMIT=3 OMP_NUM_THREADS=$n %run %t 3 $n; done | FileCheck %s --check-prefix=THREE
// RUN: OMP_THREAD_LIMIT=" 1 " OMP_NUM_THREADS=4 %run %t 1 4 | FileCheck %s --check-prefix=ONE
// RUN: OMP_THREAD_LIMIT=5 OMP_NUM_THREADS=2,4 %run %t 5 2 nested | FileCheck %s --check-prefix=NESTED
// RUN: OMP_NUM_THREADS=4 %run %t 2147483647 4 | FileCheck %s --check-prefix=UNLIMITED
// RUN: for v in "" "0" "-3" "lots" "99999999999"; do OMP_THREAD_LIMIT="$v" OMP_NUM_THREADS=4 %run %t 2147483647 4; done 2>&1 | FileCheck %s --check-prefix=BAD
// THREE: limit=3 asked=1 team=1
// THREE: limit=3 asked=2 team=2
// THREE: limit=3 asked=4 team=3
// THREE: limit=3 asked=8 team=3
// ONE: limit=1 asked=4 team=1
// NESTED: limit=5 busy-at-most=5 outer=2
// UNLIMITED: limit=2147483647 asked=4 team=4
// BAD: glass: OMP_THREAD_LIMIT="" is invalid: expected a positive integer; using the default
// BAD-NEXT: limit=2147483647 asked=4 team=4
// BAD-NEXT: glass: OMP_THREAD_LIMIT="0" is invalid
// BAD-NEXT: limit=2147483647
// BAD-NEXT: glass: OMP_THREAD_LIMIT="-3" is invalid
// BAD-NEXT: limit=2147483647
// BAD-NEXT: glass: OMP_THREAD_LIMIT="lots" is invalid
// BAD-NEXT: limit=2147483647
// BAD-NEXT: glass: OMP_THREAD_LIMIT="99999999999" is invalid
// BAD-NEXT: limit=2147483647
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int main(int argc, char **argv)
{
    if (argc < 3)
        return 1;
    int limit = atoi(argv[1]), asked = atoi(argv[2]);
    if (omp_get_thread_limit() != limit)
        return 2;
    if (argc > 3 && strcmp(argv[3], "nested") == 0) {
        int busy = 0, most = 0, outer = 0;
#pragma omp parallel
        {
#pragma omp single
            outer = omp_get_num_threads();
#pragma omp parallel
            {
                int now = __atomic_add_fetch(&busy, 1, __ATOMIC_SEQ_CST);
                int seen = __atomic_load_n(&most, __ATOMIC_SEQ_CST);
                while (now > seen && !__atomic_compare_exchange_n(&most, &seen, now, 0, __ATOMIC_SEQ_CST, __ATOMIC_SEQ_CST))
                    ;
#pragma omp barrier
                __atomic_sub_fetch(&busy, 1, __ATOMIC_SEQ_CST);
            }
        }
        /* Two outer threads each asking for 4 inner threads: at most 5 together. */
        if (most > limit || most < 2 || outer != 2)
            return 3;
        printf("limit=%d busy-at-most=%d outer=%d\n", limit, limit, outer);
        return 0;
    }
    int team = 0;
#pragma omp parallel
#pragma omp single
    team = omp_get_num_threads();
    if (team != (asked < limit ? asked : limit))
        return 4;
    printf("limit=%d asked=%d team=%d\n", limit, asked, team);
    return 0;
}
