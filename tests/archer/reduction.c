// Reduction: the combination of the threads' values into the original
// variable is ordered before the end of the construct, whichever way the
// runtime has it done (atomic updates for +, a critical section for a
// declared reduction, alone in a team of one). Racy: another thread reads the
// variable while the threads combine into it (single nowait before the loop):
// the combining updates must not be hidden from TSan.
// RUN: %archer-cc %s -o %t
// RUN: %archer-run %t good 2>&1 | FileCheck --check-prefix=GOOD %s
// RUN: %not %archer-run %S/Inputs/until-report.sh %t racy | FileCheck --check-prefix=RACY %s
// GOOD-NOT: ThreadSanitizer
// GOOD: sum=4950 pair=4950,100 alone=4950
// RACY: WARNING: ThreadSanitizer: data race
#include <omp.h>

#include "archer.h"

struct pair {
    long sum, count;
};

#pragma omp declare reduction(add_pair : struct pair : omp_out.sum += omp_in.sum, omp_out.count += omp_in.count) \
    initializer(omp_priv = (struct pair){0, 0})

long sum, alone, before;
struct pair pair;

int main(int argc, char **argv)
{
    int racy = racy_mode(argc, argv);
#pragma omp parallel num_threads(4)
    {
        if (racy) {
            /* One thread reads sum while the others add into it. */
#pragma omp single nowait
            before = sum;
        }
#pragma omp for reduction(+ : sum)
        for (int i = 0; i < 100; i++)
            sum += i;
#pragma omp for reduction(add_pair : pair)
        for (int i = 0; i < 100; i++) {
            pair.sum += i;
            pair.count++;
        }
    }
#pragma omp parallel for num_threads(1) reduction(+ : alone)
    for (int i = 0; i < 100; i++)
        alone += i;
    printf("sum=%ld pair=%ld,%ld alone=%ld\n", sum, pair.sum, pair.count, alone);
    return 0;
}
