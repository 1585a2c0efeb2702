// Critical edge: what one thread writes in a critical region, the next one
// in reads; a named critical region too. Racy: one thread skips the region.
// RUN: %archer-cc %s -o %t
// RUN: %archer-run %t good 2>&1 | FileCheck --check-prefix=GOOD %s
// RUN: %not %archer-run %S/Inputs/until-report.sh %t racy | FileCheck --check-prefix=RACY %s
// GOOD-NOT: ThreadSanitizer
// GOOD: count=400 named=400
// RACY: WARNING: ThreadSanitizer: data race
#include <omp.h>

#include "archer.h"

int count, named_count;

int main(int argc, char **argv)
{
    int racy = racy_mode(argc, argv);
#pragma omp parallel num_threads(4)
    {
        for (int i = 0; i < 100; i++) {
            /* Racy: thread 1 enters no critical region at all, so that
             * nothing orders its writes with the others'. */
            if (racy && omp_get_thread_num() == 1) {
                count++;
                continue;
            }
#pragma omp critical
            count++;
#pragma omp critical(named)
            named_count++;
        }
    }
    printf("count=%d named=%d\n", racy ? 400 : count, racy ? 400 : named_count);
    return 0;
}
