// Clang's simd schedules (libomp's kmp_sch_guided_simd 46 and
// kmp_sch_runtime_simd 47: the chunk argument is the simd width): every chunk
// but the last is a whole number of simd widths (OpenMP 5.1, 2.11.4, the simd
// modifier), for guided pieces and for the run-time schedule's chunk; each
// iteration once. Called through the entry points, as clang emits them.
// REQUIRES: clang
// RUN: %omp-cc %s -o %t
// RUN: for n in 1 3 4; do OMP_NUM_THREADS=$n OMP_SCHEDULE=dynamic,3 %run %t; done | FileCheck %s
// RUN: for n in 1 3 4; do OMP_NUM_THREADS=$n OMP_SCHEDULE=guided,5 %run %t; done | FileCheck %s
// CHECK-COUNT-3: guided_simd: all once, misaligned chunks 0; runtime_simd: all once, misaligned chunks 0
#include <omp.h>
#include <stdio.h>

typedef struct {
    int reserved_1, flags, reserved_2, reserved_3;
    const char *psource;
} ident;

extern int __kmpc_global_thread_num(ident *);
extern void __kmpc_dispatch_init_4(ident *, int, int, int, int, int, int);
extern int __kmpc_dispatch_next_4(ident *, int, int *, int *, int *, int *);

#define N 1001
#define WIDTH 8

static ident loc = {0, 2, 0, 0, ";file;func;0;0;;"};

/* Runs the loop with schedule `kind` and simd width WIDTH; counts each
 * iteration and the chunks (but the last) that are not whole widths. */
static void run(int kind, int *hits, int *misaligned)
{
#pragma omp parallel
    {
        int gtid = __kmpc_global_thread_num(&loc), last = 0, lb, ub, st;
        __kmpc_dispatch_init_4(&loc, gtid, kind, 0, N - 1, 1, WIDTH);
        while (__kmpc_dispatch_next_4(&loc, gtid, &last, &lb, &ub, &st)) {
            if ((ub - lb + 1) % WIDTH && ub != N - 1) {
#pragma omp atomic
                (*misaligned)++;
            }
            for (int i = lb; i <= ub; i++) {
#pragma omp atomic
                hits[i]++;
            }
        }
    }
}

static int all_once(const int *hits)
{
    for (int i = 0; i < N; i++)
        if (hits[i] != 1)
            return 0;
    return 1;
}

int main(void)
{
    static int guided[N], runtime[N];
    int guided_bad = 0, runtime_bad = 0;
    run(46, guided, &guided_bad);
    run(47, runtime, &runtime_bad);
    printf("guided_simd: %s, misaligned chunks %d; runtime_simd: %s, misaligned chunks %d\n",
           all_once(guided) ? "all once" : "WRONG", guided_bad, all_once(runtime) ? "all once" : "WRONG",
           runtime_bad);
    return 0;
}
