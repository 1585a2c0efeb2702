// The OMPD breakpoint functions (OpenMP 5.1, 5.6) are reached at the events
// they name when OMP_DEBUG=enabled, and never otherwise: gdb counts the hits
// with a dprintf on each.
// REQUIRES: ompt, gdb
// RUN: %omp-cc %s -o %t
// gdb's status is not checked when the breakpoints are hit: a dprintf hit by
// a worker while the process exits (the last implicit task end, below) can
// make gdb's `run` end in an error now and then (1 run in 30 here); the hits
// and the program's own output are checked instead.
// RUN: env OMP_DEBUG=enabled OMP_NUM_THREADS=2 LD_LIBRARY_PATH=%libdir gdb -batch -nx -ex 'set breakpoint pending on' -ex 'set print thread-events off' -x %S/Inputs/lib-breakpoints.gdb %t > %t.on 2>&1 || true
// RUN: grep '^bp ' %t.on | sort | uniq -c | FileCheck %s --check-prefix=ON
// RUN: FileCheck %s --check-prefix=ON-PROGRAM < %t.on
// RUN: env OMP_NUM_THREADS=2 LD_LIBRARY_PATH=%libdir gdb -batch -nx -ex 'set breakpoint pending on' -ex 'set print thread-events off' -x %S/Inputs/lib-breakpoints.gdb %t 2>&1 | FileCheck %s --check-prefix=OFF
#include <omp.h>
#include <stdio.h>

int main(void)
{
    int sum = 0;
    #pragma omp parallel num_threads(2) reduction(+ : sum)
    {
        #pragma omp single
        {
            #pragma omp task shared(sum)
            sum += 1;
        }
        sum += 10;
    }
    /* A worker reports the end of its implicit task after the region's end
     * barrier: the next region's start waits for it, only the last region's
     * may race with the process's exit. */
    #pragma omp parallel num_threads(2)
    if (omp_get_thread_num() > 1)
        puts("never");
    printf("sum %d\n", sum);
    return sum != 21;
}

// Two regions, four implicit tasks and one explicit task, the initial thread
// and one worker (the last implicit task end may come after exit):
// ON:      2 bp parallel_begin
// ON-NEXT: 2 bp parallel_end
// ON-NEXT: 5 bp task_begin
// ON-NEXT: {{[45]}} bp task_end
// ON-NEXT: 2 bp thread_begin
// ON-PROGRAM: sum 21
// OFF: sum 21
// OFF-NOT: bp {{[a-z_]+}}
// OFF: exited normally
