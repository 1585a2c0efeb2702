// Clang ABI worksharing loops: statically scheduled loops (__kmpc_for_static_init
// for 4- and 8-byte, signed and unsigned induction variables, chunked and not,
// upward and downward) and dispatched ones (__kmpc_dispatch_init/next:
// dynamic, guided, runtime, auto, nonmonotonic), each iteration exactly once,
// lastprivate from the sequentially last iteration, and two nowait static
// loops of the same shape giving each thread the same iterations (the second
// reads what the first wrote without a barrier in between).
// REQUIRES: clang
// RUN: %omp-cc %s -o %t
// RUN: for n in %threads; do OMP_NUM_THREADS=$n %run %t; done | FileCheck %s
// RUN: OMP_NUM_THREADS=3 OMP_SCHEDULE=guided,5 %run %t | FileCheck %s
// RUN: OMP_NUM_THREADS=4 OMP_SCHEDULE=static,2 %run %t | FileCheck %s
// CHECK: int static=ok static-chunked=ok dynamic=ok guided=ok runtime=ok auto=ok down=ok lastprivate=ok
// CHECK-NEXT: unsigned=ok long=ok unsigned-long=ok big-step=ok empty=ok collapse=ok nowait-affinity=ok
// CHECK-NOT: FAILED
#include <limits.h>
#include <omp.h>
#include <stdio.h>
#include <string.h>

#define N 1000
static int hits[N];

static int all_once(void)
{
    int ok = 1;
    for (int i = 0; i < N; i++) {
        ok &= hits[i] == 1;
        hits[i] = 0;
    }
    return ok;
}

#define HIT(i) __atomic_fetch_add(&hits[i], 1, __ATOMIC_RELAXED)

static const char *verdict(int ok)
{
    return ok ? "ok" : "FAILED";
}

int main(void)
{
    int results[8];
    int last = -1;
#pragma omp parallel
    {
#pragma omp for
        for (int i = 0; i < N; i++)
            HIT(i);
#pragma omp single
        results[0] = all_once();
#pragma omp for schedule(static, 7)
        for (int i = 0; i < N; i++)
            HIT(i);
#pragma omp single
        results[1] = all_once();
#pragma omp for schedule(dynamic, 3)
        for (int i = 0; i < N; i++)
            HIT(i);
#pragma omp single
        results[2] = all_once();
#pragma omp for schedule(guided, 4)
        for (int i = 0; i < N; i++)
            HIT(i);
#pragma omp single
        results[3] = all_once();
#pragma omp for schedule(runtime)
        for (int i = 0; i < N; i++)
            HIT(i);
#pragma omp single
        results[4] = all_once();
#pragma omp for schedule(auto)
        for (int i = 0; i < N; i++)
            HIT(i);
#pragma omp single
        results[5] = all_once();
#pragma omp for schedule(nonmonotonic : dynamic)
        for (int i = N - 1; i >= 0; i -= 1)
            HIT(i);
#pragma omp single
        results[6] = all_once();
#pragma omp for lastprivate(last) schedule(dynamic, 13)
        for (int i = 0; i < N; i += 3)
            last = i;
    }
    results[7] = last == 999;
    printf("int static=%s static-chunked=%s dynamic=%s guided=%s runtime=%s auto=%s down=%s lastprivate=%s\n",
           verdict(results[0]), verdict(results[1]), verdict(results[2]), verdict(results[3]),
           verdict(results[4]), verdict(results[5]), verdict(results[6]), verdict(results[7]));

    /* Other induction types: unsigned (8- and 4-byte), long, with strides. */
    int ok_unsigned, ok_long, ok_ulong, ok_step, ok_empty = 1, ok_collapse;
#pragma omp parallel for schedule(static, 5)
    for (unsigned u = 4000000000u; u < 4000000000u + N; u++)
        HIT(u - 4000000000u);
    ok_unsigned = all_once();
#pragma omp parallel for schedule(dynamic, 9)
    for (long l = 5000000000L + N - 1; l >= 5000000000L; l--)
        HIT(l - 5000000000L);
    ok_long = all_once();
#pragma omp parallel for schedule(guided)
    for (unsigned long long x = 0; x < 2ULL * N; x += 2)
        HIT(x / 2);
    ok_ulong = all_once();
    /* A step that overflows the index type past the last iteration. */
    int count = 0;
#pragma omp parallel for reduction(+ : count)
    for (int i = INT_MAX - 19 * 100000000; i <= INT_MAX - 100000000; i += 300000000)
        count++;
    ok_step = count == 7;
    /* Loops without iterations leave nothing to do and end together. */
#pragma omp parallel
    {
        int n = omp_get_thread_num() * 0;
#pragma omp for schedule(dynamic)
        for (int i = 0; i < n; i++)
            ok_empty = 0;
#pragma omp for
        for (int i = 10; i < n; i++)
            ok_empty = 0;
    }
    /* collapse(2) of a 40 x 25 nest, through the dispatch interface. */
#pragma omp parallel for collapse(2) schedule(dynamic, 11)
    for (int i = 0; i < 40; i++)
        for (int j = 0; j < 25; j++)
            HIT(i * 25 + j);
    ok_collapse = all_once();

    /* nowait static loops of the same shape: each thread reads back only
     * what it wrote itself, with no barrier in between. */
    static int owner[N], chunk_owner[N];
    int affinity = 1;
#pragma omp parallel
    {
        int me = omp_get_thread_num() + 1;
#pragma omp for schedule(static) nowait
        for (int i = 0; i < N; i++)
            owner[i] = me;
#pragma omp for schedule(static) nowait
        for (int i = 0; i < N; i++)
            if (owner[i] != me) {
#pragma omp atomic write
                affinity = 0;
            }
#pragma omp for schedule(static, 3) nowait
        for (int i = 0; i < N; i++)
            chunk_owner[i] = me;
#pragma omp for schedule(static, 3) nowait
        for (int i = 0; i < N; i++)
            if (chunk_owner[i] != me) {
#pragma omp atomic write
                affinity = 0;
            }
    }
    printf("unsigned=%s long=%s unsigned-long=%s big-step=%s empty=%s collapse=%s nowait-affinity=%s\n",
           verdict(ok_unsigned), verdict(ok_long), verdict(ok_ulong), verdict(ok_step), verdict(ok_empty),
           verdict(ok_collapse), verdict(affinity));
    return 0;
}
