// The error directive (OpenMP 5.1, 2.5.4). at(compilation) is the compiler's:
// a warning is printed and compilation goes on, a fatal error stops it.
// at(execution): severity(warning) prints the message each time a thread
// encounters the directive and execution continues; severity(fatal) prints it
// and ends the program with a failure status, running nothing after it.
// REQUIRES: gcc
// RUN: %omp-cc -DCOMPILE_TIME_WARNING -c %s -o %t.o 2>&1 | FileCheck %s --check-prefix=COMPILE-WARNING
// COMPILE-WARNING: warning: {{.*}}pragma omp error{{.*}} encountered: compile-time note
// RUN: %not %omp-cc -DCOMPILE_TIME_FATAL -c %s -o %t.o 2>&1 | FileCheck %s --check-prefix=COMPILE-FATAL
// COMPILE-FATAL: error: {{.*}}pragma omp error{{.*}} encountered: compile-time stop
// RUN: %omp-cc %s -o %t
// RUN: %run %t 2>&1 | FileCheck %s --check-prefix=WARNING
// WARNING: before
// WARNING-NEXT: OMP: warning: error directive encountered: careful, value=42
// WARNING-NEXT: OMP: warning: error directive encountered: careful, value=42
// WARNING-NEXT: OMP: warning: error directive encountered
// WARNING-NEXT: after warnings
// RUN: %not %run %t fatal 2>&1 | FileCheck %s --check-prefix=FATAL
// FATAL: before
// FATAL: OMP: warning: error directive encountered{{$}}
// FATAL-NEXT: OMP: error: error directive encountered: stop here
// FATAL-NOT: after
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>

#ifdef COMPILE_TIME_WARNING
#pragma omp error at(compilation) severity(warning) message("compile-time note")
#endif
#ifdef COMPILE_TIME_FATAL
#pragma omp error at(compilation) severity(fatal) message("compile-time stop")
#endif

int main(int argc, char **argv)
{
    printf("before\n");
    fflush(stdout);
    /* Two threads, so two messages. */
#pragma omp parallel num_threads(2)
    {
#pragma omp error at(execution) severity(warning) message("careful, value=42")
    }
#pragma omp error at(execution) severity(warning)
    if (argc > 1) {
#pragma omp error at(execution) severity(fatal) message("stop here")
        printf("after fatal\n");
        return 0;
    }
    printf("after warnings\n");
    return 0;
}
