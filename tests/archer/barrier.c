// Barrier edge: what a thread writes before a barrier, another reads after
// it. Racy: the reads come before the barrier.
// RUN: %archer-cc %s -o %t
// RUN: %archer-run %t good 2>&1 | FileCheck --check-prefix=GOOD %s
// RUN: %not %archer-run %t racy 2>&1 | FileCheck --check-prefix=RACY %s
// GOOD-NOT: ThreadSanitizer
// GOOD: sum=6
// RACY: WARNING: ThreadSanitizer: data race
#include <omp.h>

#include "archer.h"

int slots[4], seen[4];

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
    }
    printf("sum=%d\n", seen[0] + seen[1] + seen[2] + seen[3]);
    return 0;
}
