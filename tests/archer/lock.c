// Lock edge: what one thread writes holding a lock, the next holder reads;
// a nestable lock, and a lock taken by omp_test_lock. Racy: one thread does
// not take the lock.
// RUN: %archer-cc %s -o %t
// RUN: %archer-run %t good 2>&1 | FileCheck --check-prefix=GOOD %s
// RUN: %not %archer-run %S/Inputs/until-report.sh %t racy | FileCheck --check-prefix=RACY %s
// GOOD-NOT: ThreadSanitizer
// GOOD: count=400 nested=400 tested=400
// RACY: WARNING: ThreadSanitizer: data race
#include <omp.h>

#include "archer.h"

int count, nested_count, tested_count;

int main(int argc, char **argv)
{
    int racy = racy_mode(argc, argv);
    omp_lock_t lock;
    omp_nest_lock_t nest;
    omp_init_lock(&lock);
    omp_init_nest_lock(&nest);
#pragma omp parallel num_threads(4)
    {
        /* Racy: thread 1 takes no lock at all, so that nothing orders its
         * writes with the others'. */
        int locking = !racy || omp_get_thread_num() != 1;
        for (int i = 0; i < 100; i++) {
            if (!locking) {
                count++;
                continue;
            }
            omp_set_lock(&lock);
            count++;
            omp_unset_lock(&lock);
            omp_set_nest_lock(&nest);
            omp_set_nest_lock(&nest);
            nested_count++;
            omp_unset_nest_lock(&nest);
            omp_unset_nest_lock(&nest);
            while (!omp_test_lock(&lock))
                ;
            tested_count++;
            omp_unset_lock(&lock);
        }
    }
    omp_destroy_lock(&lock);
    omp_destroy_nest_lock(&nest);
    printf("count=%d nested=%d tested=%d\n", racy ? 400 : count, racy ? 400 : nested_count,
           racy ? 400 : tested_count);
    return 0;
}
