// omp_all_memory in the Clang ABI's dependence list as the item at address
// (size_t)-1 (the form libomp also takes as all memory, beside the 0x80 flag):
// the task is exclusive with every sibling that has dependences, the ones
// made before it and after it, whatever addresses they name. Before the fix
// the item was an ordinary dependence on that address and the tasks ran
// together. The calls are written out, so any compiler builds the program
// (linked against Glass, whose libgomp.so.1 has the Clang ABI too).
// RUN: %omp-cc %s -L%libdir -o %t
// RUN: for n in 2 4; do OMP_NUM_THREADS=$n %run %t; done | FileCheck %s
// CHECK-COUNT-2: all memory by address: 3 rounds, exclusive, order kept
#include <omp.h>
#include <stdatomic.h>
#include <stdint.h>
#include <stdio.h>
#include <time.h>

typedef struct ident {
    int reserved_1, flags, reserved_2, reserved_3;
    const char *psource;
} ident;
static ident loc = {0, 2, 0, 0, ";kmp-all-memory-address.c;main;1;1;;"};

typedef int (*task_routine)(int, void *);
struct depend_info {
    intptr_t base_addr;
    size_t len;
    uint8_t flags; /* 1: in, 2: out */
};
enum { TASK_TIED = 1, DEP_IN = 1, DEP_OUT = 2 };
/* kmp_task_t: shareds, routine, part_id, two data words; then what the task
 * carries (its kind, here). */
struct task {
    void *shareds;
    task_routine routine;
    int32_t part_id;
    void *data1, *data2;
    int kind;
};

extern int __kmpc_global_thread_num(ident *);
extern struct task *__kmpc_omp_task_alloc(ident *, int, int, size_t, size_t, task_routine);
extern int __kmpc_omp_task_with_deps(ident *, int, struct task *, int, struct depend_info *, int,
                                     struct depend_info *);
extern int __kmpc_omp_taskwait(ident *, int);

enum { BEFORE, ALL, AFTER };
static int x, y;
/* Tasks running now, by kind; what went wrong. */
static atomic_int running_others, running_all, before_done, all_done, overlaps, order_broken;

static void pause_ms(long ms)
{
    struct timespec delay = {0, ms * 1000000L};
    nanosleep(&delay, NULL);
}

/* Each task stays a while, so that tasks allowed to overlap would. */
static int body(int gtid, void *arg)
{
    (void)gtid;
    struct task *task = arg;
    atomic_int *mine = task->kind == ALL ? &running_all : &running_others;
    atomic_int *theirs = task->kind == ALL ? &running_others : &running_all;
    atomic_fetch_add(mine, 1);
    if (atomic_load(theirs))
        atomic_fetch_add(&overlaps, 1);
    if ((task->kind == ALL && atomic_load(&before_done) != 2) || (task->kind == AFTER && !atomic_load(&all_done)))
        atomic_fetch_add(&order_broken, 1);
    pause_ms(20);
    if (atomic_load(theirs))
        atomic_fetch_add(&overlaps, 1);
    atomic_fetch_sub(mine, 1);
    if (task->kind == BEFORE)
        atomic_fetch_add(&before_done, 1);
    if (task->kind == ALL)
        atomic_store(&all_done, 1);
    return 0;
}

static void submit(int gtid, int kind, struct depend_info dep)
{
    struct task *task = __kmpc_omp_task_alloc(&loc, gtid, TASK_TIED, sizeof(struct task), 0, body);
    task->kind = kind;
    __kmpc_omp_task_with_deps(&loc, gtid, task, 1, &dep, 0, NULL);
}

int main(void)
{
    int rounds = 3;
    for (int round = 0; round < rounds; round++) {
        atomic_store(&before_done, 0);
        atomic_store(&all_done, 0);
#pragma omp parallel
#pragma omp single
        {
            int gtid = __kmpc_global_thread_num(&loc);
            submit(gtid, BEFORE, (struct depend_info){(intptr_t)&x, sizeof x, DEP_IN});
            submit(gtid, BEFORE, (struct depend_info){(intptr_t)&y, sizeof y, DEP_OUT});
            submit(gtid, ALL, (struct depend_info){(intptr_t)-1, 0, DEP_IN | DEP_OUT});
            submit(gtid, AFTER, (struct depend_info){(intptr_t)&x, sizeof x, DEP_IN});
            __kmpc_omp_taskwait(&loc, gtid);
        }
    }
    printf("all memory by address: %d rounds, %s, %s\n", rounds, overlaps ? "OVERLAPPING" : "exclusive",
           order_broken ? "ORDER BROKEN" : "order kept");
    return 0;
}
