// Barrier edge: what a thread writes before a barrier, another reads after
// it: an explicit barrier, the implicit one ending a loop, and the one ending
// a single. Racy: the reads come before the explicit barrier.
// RUN: %archer-cc %s -o %t
// RUN: %archer-run %t good 2>&1 | FileCheck --check-prefix=GOOD %s
// RUN: %not %archer-run %S/Inputs/until-report.sh %t racy | FileCheck --check-prefix=RACY %s
// GOOD-NOT: ThreadSanitizer
// GOOD: sum=6 loop=6 single=7
// RACY: WARNING: ThreadSanitizer: data race
#include <omp.h>

#include "archer.h"

int slots[4], seen[4], loop_slots[4], loop_seen[4], single_value, single_seen[4];

int main(int argc, char **argv)
{
    int racy = racy_mode(argc, argv);
    atomic_int written[4] = {0};
#pragma omp parallel num_threads(4)
    {
        int me = omp_get_thread_num(), next = (me + 1) % omp_get_num_threads();
        slots[me] = me;
        raise_flag(&written[me]);
        if (racy)
            wait_flag(&written[next]);
        else {
#pragma omp barrier
        }
        seen[me] = slots[next];
        if (!racy) {
#pragma omp for schedule(static, 1)
            for (int i = 0; i < 4; i++)
                loop_slots[i] = i;
            loop_seen[me] = loop_slots[next];
#pragma omp single
            single_value = 7;
            single_seen[me] = single_value;
        }
    }
    printf("sum=%d loop=%d single=%d\n", seen[0] + seen[1] + seen[2] + seen[3],
           loop_seen[0] + loop_seen[1] + loop_seen[2] + loop_seen[3],
           single_seen[0] & single_seen[1] & single_seen[2] & single_seen[3]);
    return 0;
}
