// The taskloop entry points of both ABIs, called directly so that the same
// loops reach the core through each: the bounds every task gets (Clang's
// inclusive lb/ub in its task, GCC's start and end in the first two words of
// its block), how the iterations split (grainsize, its strict modifier
// through __kmpc_taskloop_5 and GOMP_taskloop's flag, num_tasks, downward
// and unsigned loops up to the top of the 64-bit range), the Clang task_dup
// marking only the task holding the last iteration, the pattern task
// discarded once (its destructors thunk runs once more than there are
// tasks), GCC's cpyfn once per deferred task, and the taskgroup (or, with
// nogroup and if(false), the undeferred tasks) done when the call returns.
// The calls are written out, so any compiler builds the program (linked
// against Glass, whose libraries have both ABIs).
// RUN: %omp-cc %s -L%libdir -o %t
// RUN: for n in %threads; do OMP_NUM_THREADS=$n %run %t > %t.$n.out && FileCheck %s < %t.$n.out || exit 1; done
// CHECK:      kmp strict grainsize(30) of 1000: 33*30 1*10 last=ok dup=34 destructors=35 done=ok{{$}}
// CHECK-NEXT: kmp grainsize(30) of 1000: 10*31 23*30 last=ok dup=33 destructors=34 done=ok{{$}}
// CHECK-NEXT: kmp num_tasks(4) 100 down to 1 by 3: 2*9 2*8 last=ok dup=4 destructors=5 done=ok{{$}}
// CHECK-NEXT: kmp if(0) nogroup num_tasks(5) of 12: 2*3 3*2 last=ok dup=5 destructors=6 done=ok{{$}}
// CHECK-NEXT: gomp strict grainsize(30) of 1000: 33*30 1*10 copies=34 done=ok{{$}}
// CHECK-NEXT: gomp ull num_tasks(4) 1000 down to 1 by 3: 2*84 2*83 copies=4 done=ok{{$}}
// CHECK-NEXT: gomp ull num_tasks(4) top of the range by 7: 3*4 1*3 copies=4 done=ok{{$}}
// CHECK-NEXT: gomp empty: 0 tasks copies=0 done=ok{{$}}
// CHECK-NEXT: kmp default in a team: tasks=team last=ok done=ok{{$}}
// CHECK-NOT: {{.}}
#include <omp.h>
#include <stdatomic.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct ident {
    int reserved_1, flags, reserved_2, reserved_3;
    const char *psource;
} ident;
static ident loc = {0, 2, 0, 0, ";taskloop-abi.c;main;1;1;;"};

typedef int (*task_routine)(int, void *);
enum { TASK_TIED = 1, TASK_DESTRUCTORS_THUNK = 1 << 3 };
enum { SCHED_NONE, SCHED_GRAINSIZE, SCHED_NUM_TASKS };
/* kmp_task_t (shareds, routine, part_id, two data words: destructors in the
 * first), then the task's private copy of the bounds, as Clang lays it out. */
struct task {
    void *shareds;
    task_routine routine;
    int32_t part_id;
    task_routine destructors;
    void *data2;
    uint64_t lb, ub;
    int64_t st;
    int32_t last;
};

extern int __kmpc_global_thread_num(ident *);
extern struct task *__kmpc_omp_task_alloc(ident *, int, int, size_t, size_t, task_routine);
extern void __kmpc_taskloop(ident *, int, struct task *, int, uint64_t *, uint64_t *, int64_t, int, int, uint64_t,
                            void *);
extern void __kmpc_taskloop_5(ident *, int, struct task *, int, uint64_t *, uint64_t *, int64_t, int, int, uint64_t,
                              int, void *);

enum { GOMP_UP = 1 << 8, GOMP_GRAINSIZE = 1 << 9, GOMP_IF = 1 << 10, GOMP_STRICT = 1 << 14 };
extern void GOMP_taskloop(void (*)(void *), void *, void (*)(void *, void *), long, long, unsigned, unsigned long,
                          int, long, long, long);
extern void GOMP_taskloop_ull(void (*)(void *), void *, void (*)(void *, void *), long, long, unsigned,
                              unsigned long, int, unsigned long long, unsigned long long, unsigned long long);

#define MAX_TASKS 64

/* What the tasks of one taskloop ran: each task's first and last loop
 * value and whether it was told it holds the last iteration (-1: the ABI
 * does not say). */
struct chunk {
    uint64_t first, last;
    int last_flag;
};
static struct chunk chunks[MAX_TASKS];
static atomic_int ntasks, ndups, ndestructors, ncopies, overflow;

static void reset(void)
{
    atomic_store(&ntasks, 0);
    atomic_store(&ndups, 0);
    atomic_store(&ndestructors, 0);
    atomic_store(&ncopies, 0);
    atomic_store(&overflow, 0);
}

static void record(uint64_t first, uint64_t last, int last_flag)
{
    int at = atomic_fetch_add(&ntasks, 1);
    if (at >= MAX_TASKS) {
        atomic_store(&overflow, 1);
        return;
    }
    chunks[at] = (struct chunk){first, last, last_flag};
}

/* Position of a loop value in the loop (start, step), for sorting. */
static int64_t start_value, step_value;
static uint64_t logical(uint64_t value)
{
    return step_value > 0 ? (value - (uint64_t)start_value) / (uint64_t)step_value
                          : ((uint64_t)start_value - value) / (0 - (uint64_t)step_value);
}

static int by_position(const void *a, const void *b)
{
    uint64_t x = logical(((const struct chunk *)a)->first), y = logical(((const struct chunk *)b)->first);
    return x < y ? -1 : x > y;
}

/* The tasks' sizes in order as runs ("33*30 1*10"), after checking that
 * they cover the loop's `niters` iterations once, in contiguous chunks;
 * "WRONG ..." otherwise. `last_ok`: only the final chunk was marked last. */
static const char *shape(uint64_t start, int64_t step, uint64_t niters, int *last_ok)
{
    static char text[256];
    int n = atomic_load(&ntasks);
    if (atomic_load(&overflow))
        return "WRONG: too many tasks";
    start_value = (int64_t)start;
    step_value = step;
    qsort(chunks, (size_t)n, sizeof chunks[0], by_position);
    uint64_t expect = start, covered = 0;
    *last_ok = 1;
    text[0] = 0;
    uint64_t run_size = 0;
    int run_count = 0;
    for (int i = 0; i < n; i++) {
        if (chunks[i].first != expect)
            return "WRONG: a gap or an overlap";
        uint64_t size = logical(chunks[i].last) - logical(chunks[i].first) + 1;
        covered += size;
        expect = chunks[i].last + (uint64_t)step;
        if (chunks[i].last_flag >= 0 && chunks[i].last_flag != (i == n - 1))
            *last_ok = 0;
        if (size != run_size && run_count) {
            snprintf(text + strlen(text), sizeof text - strlen(text), "%s%d*%llu", text[0] ? " " : "", run_count,
                     (unsigned long long)run_size);
            run_count = 0;
        }
        run_size = size;
        run_count++;
    }
    if (run_count)
        snprintf(text + strlen(text), sizeof text - strlen(text), "%s%d*%llu", text[0] ? " " : "", run_count,
                 (unsigned long long)run_size);
    if (covered != niters)
        return "WRONG: iterations missing";
    return n ? text : "0 tasks";
}

/* Clang's side: the task body, its task_dup and its destructors thunk. */
static int kmp_body(int gtid, void *arg)
{
    (void)gtid;
    struct task *task = arg;
    record(task->lb, task->ub, task->last);
    return 0;
}

static void kmp_dup(struct task *copy, struct task *pattern, int32_t last)
{
    (void)pattern;
    copy->last = last;
    atomic_fetch_add(&ndups, 1);
}

static int kmp_destructors(int gtid, void *arg)
{
    (void)gtid, (void)arg;
    atomic_fetch_add(&ndestructors, 1);
    return 0;
}

/* One Clang-ABI taskloop over lb..ub (included) by st; strict < 0: the
 * older entry without the modifier. */
static int kmp_taskloop(const char *name, int if_val, int nogroup, int sched, uint64_t value, int strict,
                         int64_t lb, int64_t ub, int64_t st, uint64_t niters)
{
    reset();
    int gtid = __kmpc_global_thread_num(&loc);
    struct task *task =
        __kmpc_omp_task_alloc(&loc, gtid, TASK_TIED | TASK_DESTRUCTORS_THUNK, sizeof(struct task), 0, kmp_body);
    task->destructors = kmp_destructors;
    task->lb = (uint64_t)lb;
    task->ub = (uint64_t)ub;
    task->st = st;
    task->last = 0;
    if (strict < 0)
        __kmpc_taskloop(&loc, gtid, task, if_val, &task->lb, &task->ub, st, nogroup, sched, value, (void *)kmp_dup);
    else
        __kmpc_taskloop_5(&loc, gtid, task, if_val, &task->lb, &task->ub, st, nogroup, sched, value, strict,
                          (void *)kmp_dup);
    /* With a taskgroup, or with if(0) tasks that ran at once, every task is
     * done now. */
    int done = atomic_load(&ntasks);
    int last_ok;
    const char *text = shape((uint64_t)lb, st, niters, &last_ok);
    if (name)
        printf("kmp %s: %s last=%s dup=%d destructors=%d done=%s\n", name, text, last_ok ? "ok" : "WRONG",
               atomic_load(&ndups), atomic_load(&ndestructors), done == atomic_load(&ndups) ? "ok" : "WRONG");
    return text[0] != 'W' && last_ok && done == atomic_load(&ndups) && atomic_load(&ndestructors) == done + 1;
}

/* GCC's side: the block every task gets a copy of. */
struct block {
    uint64_t start, end; /* the runtime's: the task's own */
    int64_t step;
};

static void gomp_body(void *arg)
{
    struct block *block = arg;
    record(block->start, block->end - (uint64_t)block->step, -1);
}

static void gomp_copy(void *to, void *from)
{
    memcpy(to, from, sizeof(struct block));
    atomic_fetch_add(&ncopies, 1);
}

static void gomp_report(const char *name, uint64_t start, int64_t step, uint64_t niters)
{
    int done = atomic_load(&ntasks), last_ok;
    printf("gomp %s: %s copies=%d done=%s\n", name, shape(start, step, niters, &last_ok), atomic_load(&ncopies),
           done == atomic_load(&ncopies) ? "ok" : "WRONG");
}

int main(void)
{
    kmp_taskloop("strict grainsize(30) of 1000", 1, 0, SCHED_GRAINSIZE, 30, 1, 0, 999, 1, 1000);
    kmp_taskloop("grainsize(30) of 1000", 1, 0, SCHED_GRAINSIZE, 30, -1, 0, 999, 1, 1000);
    kmp_taskloop("num_tasks(4) 100 down to 1 by 3", 1, 0, SCHED_NUM_TASKS, 4, 0, 100, 1, -3, 34);
    kmp_taskloop("if(0) nogroup num_tasks(5) of 12", 0, 1, SCHED_NUM_TASKS, 5, 0, 0, 11, 1, 12);

    struct block block = {0, 0, 1};
    reset();
    GOMP_taskloop(gomp_body, &block, gomp_copy, sizeof block, _Alignof(struct block),
                  GOMP_IF | GOMP_GRAINSIZE | GOMP_STRICT, 30, 0, 0, 1000, 1);
    gomp_report("strict grainsize(30) of 1000", 0, 1, 1000);

    block.step = -3;
    reset();
    GOMP_taskloop_ull(gomp_body, &block, gomp_copy, sizeof block, _Alignof(struct block), GOMP_IF, 4, 0, 1000, 0,
                      (unsigned long long)-3);
    gomp_report("ull num_tasks(4) 1000 down to 1 by 3", 1000, -3, 334);

    block.step = 7;
    reset();
    GOMP_taskloop_ull(gomp_body, &block, gomp_copy, sizeof block, _Alignof(struct block), GOMP_IF | GOMP_UP, 4, 0,
                      UINT64_MAX - 100, UINT64_MAX - 1, 7);
    gomp_report("ull num_tasks(4) top of the range by 7", UINT64_MAX - 100, 7, 15);

    block.step = 1;
    reset();
    GOMP_taskloop(gomp_body, &block, gomp_copy, sizeof block, _Alignof(struct block), GOMP_IF, 0, 0, 5, 5, 1);
    gomp_report("empty", 5, 1, 0);

    /* No clause: one task per thread of the team (Glass's choice, as
     * libgomp's). */
    int team = 0, tasks = 0, ok = 0;
#pragma omp parallel
#pragma omp single
    {
        team = omp_get_num_threads();
        ok = kmp_taskloop(NULL, 1, 0, SCHED_NONE, 0, -1, 0, 99, 1, 100);
        tasks = atomic_load(&ntasks);
    }
    printf("kmp default in a team: tasks=%s last=%s done=ok\n", tasks == team ? "team" : "WRONG",
           ok ? "ok" : "WRONG");
    return 0;
}
