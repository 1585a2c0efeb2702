// Taskgroup edge: the end of a taskgroup waits for the descendants of its
// tasks too, so what a grandchild writes the parent reads after it. Racy:
// a taskwait instead, which waits for the child alone. The grandchild runs
// on a third thread: the parent and the child wait for it to start without
// reaching a scheduling point.
// RUN: %archer-cc %s -o %t
// RUN: %archer-run %t good 2>&1 | FileCheck --check-prefix=GOOD %s
// RUN: %not %archer-run %S/Inputs/until-report.sh %t racy | FileCheck --check-prefix=RACY %s
// GOOD-NOT: ThreadSanitizer
// GOOD: value=1
// RACY: WARNING: ThreadSanitizer: data race
#include <omp.h>

#include "archer.h"

int value;

static void child_and_grandchild(atomic_int *started)
{
#pragma omp task shared(started)
    {
#pragma omp task shared(started)
        {
            raise_flag(started);
            value = 1;
        }
        wait_flag(started);
    }
}

int main(int argc, char **argv)
{
    int racy = racy_mode(argc, argv);
    atomic_int started = 0;
    int seen = 0;
#pragma omp parallel num_threads(3)
#pragma omp single
    {
        if (racy) {
            child_and_grandchild(&started);
            wait_flag(&started);
#pragma omp taskwait
        } else {
#pragma omp taskgroup
            {
                child_and_grandchild(&started);
                wait_flag(&started);
            }
        }
        seen = value;
    }
    printf("value=%d\n", racy ? 1 : seen);
    return 0;
}
