// OMP_MAX_TASK_PRIORITY: read back with omp_get_max_task_priority.
// RUN: %omp-cc %s -o %t
// RUN: %run %t 0 | FileCheck %s --check-prefix=ZERO
// RUN: OMP_MAX_TASK_PRIORITY=" 42 " %run %t 42 | FileCheck %s --check-prefix=SET
// RUN: for v in "" "-5" "high" "3000000000"; do OMP_MAX_TASK_PRIORITY="$v" %run %t 0; done 2>&1 | FileCheck %s --check-prefix=BAD
// ZERO: max-task-priority=0
// SET: max-task-priority=42
// BAD: glass: OMP_MAX_TASK_PRIORITY="" is invalid: expected a non-negative integer; using the default
// BAD-NEXT: max-task-priority=0
// BAD-NEXT: glass: OMP_MAX_TASK_PRIORITY="-5" is invalid
// BAD-NEXT: max-task-priority=0
// BAD-NEXT: glass: OMP_MAX_TASK_PRIORITY="high" is invalid
// BAD-NEXT: max-task-priority=0
// BAD-NEXT: glass: OMP_MAX_TASK_PRIORITY="3000000000" is invalid
// BAD-NEXT: max-task-priority=0
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>

int main(int argc, char **argv)
{
    if (argc < 2)
        return 1;
    int inside = -1;
#pragma omp parallel num_threads(2)
#pragma omp single
    inside = omp_get_max_task_priority();
    if (omp_get_max_task_priority() != atoi(argv[1]) || inside != atoi(argv[1]))
        return 2;
    printf("max-task-priority=%d\n", omp_get_max_task_priority());
    return 0;
}
