// The dependences event of a task with omp_all_memory given as the Clang
// ABI's item at address (size_t)-1 (runtime/c/abi/kmp-all-memory-address.c): an
// all-memory dependence (OpenMP 5.2's types; inout with the in flag, out
// without), not an inout on the address. The calls are written out, so any
// compiler builds the program.
// RUN: %ompt-cc %s %tool-src %ompt-link -o %t
// RUN: %run %t | FileCheck %s
#include <omp.h>
#include <stdint.h>

#include "tool.h"

typedef struct ident {
    int reserved_1, flags, reserved_2, reserved_3;
    const char *psource;
} ident;
static ident loc = {0, 2, 0, 0, ";all-memory-address.c;main;1;1;;"};

struct depend_info {
    intptr_t base_addr;
    size_t len;
    uint8_t flags; /* 1: in, 2: out */
};
enum { TASK_TIED = 1, TASK_SIZE = 5 * sizeof(void *) };

extern int __kmpc_global_thread_num(ident *);
extern void *__kmpc_omp_task_alloc(ident *, int, int, size_t, size_t, int (*)(int, void *));
extern int __kmpc_omp_task_with_deps(ident *, int, void *, int, struct depend_info *, int, struct depend_info *);
extern int __kmpc_omp_taskwait(ident *, int);

static int body(int gtid, void *task)
{
    (void)gtid, (void)task;
    return 0;
}

int main(void)
{
#pragma omp parallel num_threads(2)
#pragma omp single
    {
        int gtid = __kmpc_global_thread_num(&loc);
        struct depend_info inout = {(intptr_t)-1, 0, 3}, out = {(intptr_t)-1, 0, 2};
        __kmpc_omp_task_with_deps(&loc, gtid, __kmpc_omp_task_alloc(&loc, gtid, TASK_TIED, TASK_SIZE, 0, body), 1,
                                  &inout, 0, NULL);
        __kmpc_omp_task_with_deps(&loc, gtid, __kmpc_omp_task_alloc(&loc, gtid, TASK_TIED, TASK_SIZE, 0, body), 1,
                                  &out, 0, NULL);
        __kmpc_omp_taskwait(&loc, gtid);
    }
    tool_log("done");
    return 0;
}

// CHECK: dependences: {{.*}} deps=[inout_all_memory:0xffffffffffffffff]
// CHECK: dependences: {{.*}} deps=[out_all_memory:0xffffffffffffffff]
// CHECK: done
