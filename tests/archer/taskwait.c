// Taskwait edge: what a child task writes, its parent reads after taskwait,
// an explicit task's taskwait too. Racy: the parent reads before the
// taskwait.
// RUN: %archer-cc %s -o %t
// RUN: %archer-run %t good 2>&1 | FileCheck --check-prefix=GOOD %s
// RUN: %not %archer-run %S/Inputs/until-report.sh %t racy | FileCheck --check-prefix=RACY %s
// GOOD-NOT: ThreadSanitizer
// GOOD: value=1 nested=3
// RACY: WARNING: ThreadSanitizer: data race
#include <omp.h>

#include "archer.h"

int value, nested;

int main(int argc, char **argv)
{
    int racy = racy_mode(argc, argv);
    atomic_int started = 0;
    int seen = 0;
#pragma omp parallel num_threads(2)
#pragma omp single
    {
#pragma omp task shared(started)
        {
            raise_flag(&started);
            value = 1;
        }
        /* The child runs on the other thread. */
        wait_flag(&started);
        if (racy)
            seen = value;
#pragma omp taskwait
        if (!racy) {
            seen = value;
#pragma omp task
            {
#pragma omp task
                nested = 2;
#pragma omp taskwait
                nested++;
            }
#pragma omp taskwait
        }
    }
    printf("value=%d nested=%d\n", seen, racy ? 3 : nested);
    return 0;
}
