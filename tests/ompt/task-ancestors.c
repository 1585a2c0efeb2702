// ompt_get_task_info's ancestors of a running explicit task are the tasks on
// the executing thread's stack: level 1 is the task the thread suspended to
// run it (its scheduling task), whose frames lie next down that stack, as
// ompt_frame_t is for (OpenMP 5.1, 4.4.4.28), and as libomp and LLVM's OMPT
// tests (tasks/explicit_task.c, untied_task.c, task_in_joinbarrier.c,
// serialized.c) have it. Before, level 1 was the generating task, here the
// primary thread's implicit task running its own code on another thread: a
// NULL enter frame, and in the join barrier an exit frame of that thread's.
// Checked: a task taken by the other thread in an explicit barrier (level 1:
// that thread's implicit task, inside the barrier: exit and enter frames),
// an untied one likewise, one taken in the join barrier (the implicit task's
// code has returned: neither frame, as libomp), an if(0) task (the
// encountering task, inside the task construct), a task of a team of one,
// and one of a serialized region (clang's __kmpc_serialized_parallel: the
// region's exit frame stayed set after its code had returned).
// RUN: %ompt-cc %s %tool-src %ompt-link -o %t
// RUN: env TOOL_QUIET=1 %run %t | FileCheck %s
#include <omp.h>
#include <sched.h>
#include <stdatomic.h>

#include "tool.h"

static unsigned long implicit_task[2];

/* Level 1 against the executing thread's own implicit task. */
static void report(const char *tag)
{
    int thread = omp_get_thread_num();
    tool_log("%s: run by thread %d; level 1 is %s", tag, thread,
             tool_task_id(1) == implicit_task[thread] ? "its implicit task" : "WRONG: another task");
    tool_print_tasks(tag);
}

/* A task the primary thread creates and the other thread runs while the
 * primary waits in the program (so the other thread is in `where`). */
#define TAKEN_BY_OTHER(tag, clause, barrier)                                                        \
    do {                                                                                            \
        _Atomic int ran = 0;                                                                        \
        _Pragma("omp parallel num_threads(2) shared(ran)")                                          \
        {                                                                                           \
            implicit_task[omp_get_thread_num()] = tool_task_id(0);                                  \
            _Pragma("omp barrier");                                                                 \
            _Pragma("omp master")                                                                   \
            {                                                                                       \
                _Pragma(clause)                                                                     \
                {                                                                                   \
                    report(tag);                                                                    \
                    atomic_store(&ran, 1);                                                          \
                }                                                                                   \
                while (!atomic_load(&ran))                                                          \
                    sched_yield();                                                                  \
            }                                                                                       \
            if (barrier) {                                                                          \
                _Pragma("omp barrier");                                                             \
            }                                                                                       \
        }                                                                                           \
    } while (0)

int main(void)
{
    TAKEN_BY_OTHER("explicit barrier", "omp task shared(ran)", 1);
    TAKEN_BY_OTHER("untied", "omp task untied shared(ran)", 1);
    TAKEN_BY_OTHER("join barrier", "omp task shared(ran)", 0);
#pragma omp parallel num_threads(2)
    {
        implicit_task[omp_get_thread_num()] = tool_task_id(0);
#pragma omp master
        {
            int run_later = omp_get_thread_num(); /* 0: false, unknown to the compiler */
#pragma omp task if (run_later)
            report("if(0)");
        }
    }
#pragma omp parallel num_threads(1)
    {
        implicit_task[0] = tool_task_id(0);
#pragma omp task
        report("team of one");
    }
    /* A serialized region (clang: __kmpc_serialized_parallel, the program
     * running the region; gcc: GOMP_parallel): the task runs at the region's
     * end, after the region's code returned, so level 1 has neither frame,
     * as in a join barrier. */
    int serialize = omp_get_num_threads() > 1; /* false, unknown to the compiler */
#pragma omp parallel if (serialize)
    {
        implicit_task[0] = tool_task_id(0);
#pragma omp task
        report("serialized region");
    }
    return 0;
}

// CHECK: explicit barrier: run by thread 1; level 1 is its implicit task
// CHECK: explicit barrier: task level 0: {{.*}} thread_num=1 exit=set enter=none
// CHECK: explicit barrier: task level 1: {{.*}}flags=implicit|undeferred {{.*}} thread_num=1 exit=set enter=set
// CHECK: explicit barrier: task level 2: {{.*}}flags=initial {{.*}} exit=none enter=set
// CHECK: explicit barrier: task level 3: none
// CHECK: untied: run by thread 1; level 1 is its implicit task
// CHECK: untied: task level 1: {{.*}}flags=implicit|undeferred {{.*}} thread_num=1 exit=set enter=set
// CHECK: join barrier: run by thread 1; level 1 is its implicit task
// CHECK: join barrier: task level 1: {{.*}}flags=implicit|undeferred {{.*}} thread_num=1 exit=none enter=none
// CHECK: join barrier: task level 2: {{.*}}flags=initial {{.*}} exit=none enter=set
// CHECK: if(0): run by thread 0; level 1 is its implicit task
// CHECK: if(0): task level 1: {{.*}}flags=implicit|undeferred {{.*}} thread_num=0 exit=set enter=set
// CHECK: team of one: run by thread 0; level 1 is its implicit task
// CHECK: team of one: task level 2: {{.*}}flags=initial {{.*}} exit=none enter=set
// CHECK: serialized region: run by thread 0; level 1 is its implicit task
// CHECK: serialized region: task level 1: {{.*}}flags=implicit|undeferred {{.*}} thread_num=0 exit=none enter=none
// CHECK: serialized region: task level 2: {{.*}}flags=initial {{.*}} exit=none enter=set
// CHECK-NOT: WRONG
