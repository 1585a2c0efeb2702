// OMP_DEBUG (debug-var) and OMP_TARGET_OFFLOAD (target-offload-var) have no
// query routine: read them back from OMP_DISPLAY_ENV.
// RUN: %omp-cc %s -o %t
// RUN: OMP_DISPLAY_ENV=true %run %t 2>&1 | FileCheck %s --check-prefix=DEFAULT
// RUN: OMP_DISPLAY_ENV=true OMP_DEBUG=" Enabled " OMP_TARGET_OFFLOAD=disabled %run %t 2>&1 | FileCheck %s --check-prefix=SET
// RUN: OMP_DISPLAY_ENV=true OMP_DEBUG=on OMP_TARGET_OFFLOAD=always %run %t 2>&1 | FileCheck %s --check-prefix=BAD
// DEFAULT: [host] OMP_TARGET_OFFLOAD = 'DEFAULT'
// DEFAULT: [host] OMP_DEBUG = 'disabled'
// DEFAULT: ran
// SET: [host] OMP_TARGET_OFFLOAD = 'DISABLED'
// SET: [host] OMP_DEBUG = 'enabled'
// SET: ran
// BAD-DAG: glass: OMP_DEBUG="on" is invalid: expected enabled or disabled; using the default
// BAD-DAG: glass: OMP_TARGET_OFFLOAD="always" is invalid: expected default, mandatory or disabled; using the default
// BAD: [host] OMP_TARGET_OFFLOAD = 'DEFAULT'
// BAD: [host] OMP_DEBUG = 'disabled'
// BAD: ran
#include <omp.h>
#include <stdio.h>

int main(void)
{
    int n = 0;
#pragma omp parallel num_threads(2) reduction(+ : n)
    n++;
    if (n != 2)
        return 1;
    printf("ran\n");
    return 0;
}
