// Task creation edge: what the creating task wrote before the task
// construct, the task reads, and so on down a nested task. Racy: the write
// comes after, while the task runs on another thread.
// RUN: %archer-cc %s -o %t
// RUN: %archer-run %t good 2>&1 | FileCheck --check-prefix=GOOD %s
// RUN: %not %archer-run %S/Inputs/until-report.sh %t racy | FileCheck --check-prefix=RACY %s
// GOOD-NOT: ThreadSanitizer
// GOOD: done 1 inner=3
// RACY: WARNING: ThreadSanitizer: data race
#include <omp.h>

#include "archer.h"

int value, inner;

int main(int argc, char **argv)
{
    int racy = racy_mode(argc, argv);
    atomic_int started = 0;
    int seen = 0;
#pragma omp parallel num_threads(2)
#pragma omp single
    {
        if (!racy)
            value = 1;
#pragma omp task shared(seen, started)
        {
            raise_flag(&started);
            seen = value;
            if (!racy) {
                inner = seen + 1;
#pragma omp task
                inner++;
            }
        }
        if (racy) {
            /* The task runs on the other thread: this one is not at a
             * scheduling point while it waits. */
            wait_flag(&started);
            value = 1;
        }
    }
    printf("done %d inner=%d\n", seen >= 0, racy ? 3 : inner);
    return 0;
}
