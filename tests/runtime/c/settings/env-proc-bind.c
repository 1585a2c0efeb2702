// OMP_PROC_BIND: true/false or a list of policies, one per nesting level (the
// last staying in force), read back with omp_get_proc_bind at each level. A
// list turns nesting on; binding without OMP_PLACES uses one place per
// hardware thread; false means no places at all.
// RUN: %omp-cc %s -o %t
// RUN: OMP_PROC_BIND=false %run %t 0 0 0 1 | FileCheck %s --check-prefix=FALSE
// RUN: OMP_PROC_BIND=TRUE %run %t 1 1 1 1 | FileCheck %s --check-prefix=TRUE
// RUN: OMP_PROC_BIND=spread %run %t 4 4 4 1 | FileCheck %s --check-prefix=SPREAD
// RUN: OMP_PROC_BIND=" close , primary " %run %t 3 2 2 255 | FileCheck %s --check-prefix=LIST
// RUN: OMP_PROC_BIND=master,spread,close %run %t 2 4 3 255 | FileCheck %s --check-prefix=LIST3
// RUN: OMP_PLACES="{0}" OMP_PROC_BIND=false %run %t 0 0 0 1 | FileCheck %s --check-prefix=FALSE
// RUN: for v in "" "sometimes" "true,close" "close,false" "close,,spread" "spread;close"; do OMP_PROC_BIND="$v" %run %t 0 0 0 1; done 2>&1 | FileCheck %s --check-prefix=BAD
// FALSE: bind=0,0,0 places=none max-active-levels=1
// TRUE: bind=1,1,1 places=procs max-active-levels=1
// SPREAD: bind=4,4,4 places=procs max-active-levels=1
// LIST: bind=3,2,2 places=procs max-active-levels=255
// LIST3: bind=2,4,3 places=procs max-active-levels=255
// BAD: glass: OMP_PROC_BIND="" is invalid: expected true, false, or a comma-separated list of at most 16 of primary, close, spread; using the default
// BAD-NEXT: bind=0,0,0 places=none
// BAD-NEXT: glass: OMP_PROC_BIND="sometimes" is invalid
// BAD-NEXT: bind=0,0,0 places=none
// BAD-NEXT: glass: OMP_PROC_BIND="true,close" is invalid
// BAD-NEXT: bind=0,0,0 places=none
// BAD-NEXT: glass: OMP_PROC_BIND="close,false" is invalid
// BAD-NEXT: bind=0,0,0 places=none
// BAD-NEXT: glass: OMP_PROC_BIND="close,,spread" is invalid
// BAD-NEXT: bind=0,0,0 places=none
// BAD-NEXT: glass: OMP_PROC_BIND="spread;close" is invalid
// BAD-NEXT: bind=0,0,0 places=none
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>

int main(int argc, char **argv)
{
    if (argc < 5)
        return 1;
    int bind[3] = {omp_get_proc_bind(), -1, -1};
#pragma omp parallel num_threads(2)
#pragma omp master
    {
        bind[1] = omp_get_proc_bind();
#pragma omp parallel num_threads(2)
#pragma omp master
        bind[2] = omp_get_proc_bind();
    }
    int levels = omp_get_max_active_levels(), places = omp_get_num_places();
    for (int i = 0; i < 3; i++)
        if (bind[i] != atoi(argv[i + 1]))
            return 2;
    if (levels != atoi(argv[4]))
        return 3;
    /* Binding without OMP_PLACES: one place per processor the process may use. */
    if (places != (bind[0] ? omp_get_num_procs() : 0))
        return 4;
    printf("bind=%d,%d,%d places=%s max-active-levels=%d\n", bind[0], bind[1], bind[2],
           places ? "procs" : "none", levels);
    return 0;
}
