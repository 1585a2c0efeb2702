// The priority clause. OpenMP 5.1 (2.12.1) only recommends that, among the
// tasks ready to run, higher priorities run first, and clamps priorities to
// max-task-priority-var (OMP_MAX_TASK_PRIORITY, default 0: priorities then
// mean nothing, and the order is unspecified). Glass runs a team's ready
// tasks with a priority highest first, equal priorities in creation order;
// with one thread, deferred tasks only run at the taskwait, so their order is
// exactly that.
// RUN: %omp-cc %s -o %t
// RUN: OMP_MAX_TASK_PRIORITY=10 %run %t | FileCheck %s --check-prefix=PRIO
// RUN: %run %t | FileCheck %s --check-prefix=NONE
// PRIO: max=10 order=9 9 8 7 5 3 3 1 0 0 {{$}}
// NONE: max=0 order={{([0-9] ){10}$}}
#include <omp.h>
#include <stdio.h>

int main(void)
{
    static const int priorities[] = {3, 7, 1, 9, 0, 5, 8, 3, 9, 0};
    enum { N = sizeof priorities / sizeof priorities[0] };
    int order[N], count = 0;
#pragma omp parallel num_threads(1)
#pragma omp single
    {
        for (int i = 0; i < N; i++) {
#pragma omp task priority(priorities[i]) firstprivate(i) shared(order, count)
            order[count++] = priorities[i];
        }
#pragma omp taskwait
    }
    printf("max=%d order=", omp_get_max_task_priority());
    for (int i = 0; i < count; i++)
        printf("%d ", order[i]);
    printf("\n");
    return count != N;
}
