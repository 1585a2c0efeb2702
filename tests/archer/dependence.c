// Dependence edge: a task that depends on another's out dependence reads what
// that one wrote; a chain of inout tasks; mutexinoutset tasks, one at a time.
// Racy: the reader names another variable, and runs while the writer runs,
// on another thread.
// RUN: %archer-cc %s -o %t
// RUN: %archer-run %t good 2>&1 | FileCheck --check-prefix=GOOD %s
// RUN: %not %archer-run %S/Inputs/until-report.sh %t racy | FileCheck --check-prefix=RACY %s
// GOOD-NOT: ThreadSanitizer
// GOOD: value=1 copy=1 chain=15 exclusive=4
// RACY: WARNING: ThreadSanitizer: data race
#include <omp.h>

#include "archer.h"

int value, other, copy, chain, exclusive;

int main(int argc, char **argv)
{
    int racy = racy_mode(argc, argv);
    atomic_int reader_started = 0, writer_started = 0;
#pragma omp parallel num_threads(2)
#pragma omp single
    {
#pragma omp task depend(out : value) shared(reader_started, writer_started)
        {
            /* Racy: the reader, independent, runs at the same time on the
             * other thread. */
            if (racy) {
                raise_flag(&writer_started);
                wait_flag(&reader_started);
            }
            value = 1;
        }
        if (racy) {
#pragma omp task depend(in : other) shared(reader_started, writer_started)
            {
                raise_flag(&reader_started);
                wait_flag(&writer_started);
                copy = value;
            }
        } else {
#pragma omp task depend(in : value)
            copy = value;
            for (int i = 0; i < 4; i++) {
#pragma omp task depend(inout : chain)
                chain = chain * 2 + 1;
#pragma omp task depend(mutexinoutset : exclusive)
                exclusive++;
            }
        }
    }
    printf("value=%d copy=%d chain=%d exclusive=%d\n", value, racy ? 1 : copy, racy ? 15 : chain,
           racy ? 4 : exclusive);
    return 0;
}
