// A task whose routine pointer is NULL (libomp accepts one: tests of its own
// and some compilers make such tasks to carry only dependences) runs as an
// empty task: it completes, releases the tasks that depend on it, and
// taskwait returns. Before the fix the runtime called the NULL routine.
// REQUIRES: clang
// RUN: %omp-cc %s -o %t
// RUN: for n in %threads; do OMP_NUM_THREADS=$n %run %t; done | FileCheck %s
// CHECK-COUNT-4: null routine: 9 empty tasks done, dependent readers ran 9 times
#include <omp.h>
#include <stdint.h>
#include <stdio.h>

typedef struct ident {
    int reserved_1, flags, reserved_2, reserved_3;
    const char *psource;
} ident;
static ident loc = {0, 2, 0, 0, ";clang-null-task-routine.c;main;1;1;;"};

typedef int (*task_routine)(int, void *);
struct depend_info {
    intptr_t base_addr;
    size_t len;
    uint8_t flags; /* 1: in, 2: out */
};
enum { TASK_TIED = 1 };
/* kmp_task_t: shareds, routine, part_id, two data words. */
enum { KMP_TASK_SIZE = 5 * sizeof(void *) };

extern int __kmpc_global_thread_num(ident *);
extern void *__kmpc_omp_task_alloc(ident *, int, int, size_t, size_t, task_routine);
extern int __kmpc_omp_task(ident *, int, void *);
extern int __kmpc_omp_task_with_deps(ident *, int, void *, int, struct depend_info *, int, struct depend_info *);
extern int __kmpc_omp_taskwait(ident *, int);

static int value, body_runs;

static int reader(int gtid, void *task)
{
    (void)gtid, (void)task;
#pragma omp atomic
    body_runs++;
    return 0;
}

int main(void)
{
#pragma omp parallel
#pragma omp single
    {
        int gtid = __kmpc_global_thread_num(&loc);
        for (int i = 0; i < 8; i++)
            __kmpc_omp_task(&loc, gtid, __kmpc_omp_task_alloc(&loc, gtid, TASK_TIED, KMP_TASK_SIZE, 0, NULL));
        /* An out dependence on value carried by an empty task, then a
         * reader that must run after it. */
        struct depend_info out = {(intptr_t)&value, sizeof value, 2}, in = {(intptr_t)&value, sizeof value, 1};
        value = 1;
        __kmpc_omp_task_with_deps(&loc, gtid, __kmpc_omp_task_alloc(&loc, gtid, TASK_TIED, KMP_TASK_SIZE, 0, NULL), 1,
                                  &out, 0, NULL);
        for (int i = 0; i < 9; i++)
            __kmpc_omp_task_with_deps(&loc, gtid, __kmpc_omp_task_alloc(&loc, gtid, TASK_TIED, KMP_TASK_SIZE, 0, reader),
                                      1, &in, 0, NULL);
        __kmpc_omp_taskwait(&loc, gtid);
    }
    printf("null routine: 9 empty tasks done, dependent readers ran %d times\n", body_runs);
    return 0;
}
