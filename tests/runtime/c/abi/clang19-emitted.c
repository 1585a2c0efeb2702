// Entry points clang 19 emits that clang 14 never did, through the compiler:
// __kmpc_dispatch_deinit after every dynamically scheduled loop,
// __kmpc_fork_call_if for `parallel if` (with -fopenmp-enable-irbuilder),
// __kmpc_omp_taskwait_deps_51 for `taskwait depend(...)` (nowait too),
// __kmpc_set_thread_limit for `target thread_limit(...)` run on the host, and
// omp_in_explicit_task. The binaries are checked to call each, then the
// values.
// The default code generation emits the deinit, the OpenMPIRBuilder's
// (-fopenmp-enable-irbuilder) the fork_call_if; the test is built both ways.
// REQUIRES: clang-19
// RUN: %omp-cc %s -o %t
// RUN: %omp-cc -fopenmp-enable-irbuilder %s -o %t.irbuilder
// RUN: nm %t | FileCheck %s --check-prefix=CALLS
// CALLS-DAG: U __kmpc_dispatch_deinit
// CALLS-DAG: U __kmpc_omp_taskwait_deps_51
// CALLS-DAG: U __kmpc_set_thread_limit
// CALLS-DAG: U omp_in_explicit_task
// RUN: nm %t.irbuilder | FileCheck %s --check-prefix=IRBUILDER
// IRBUILDER: U __kmpc_fork_call_if
// RUN: for n in %threads; do OMP_NUM_THREADS=$n %run %t $n; done | FileCheck %s
// RUN: for n in %threads; do OMP_NUM_THREADS=$n %run %t.irbuilder $n; done | FileCheck %s
// CHECK: threads=1 dynamic=ok guided=ok if_true=1 if_false=1 depend=ok explicit=0,1,1,0 target_limit=2,2 after=unlimited
// CHECK: threads=2 dynamic=ok guided=ok if_true=2 if_false=1 depend=ok explicit=0,1,1,0 target_limit=2,2 after=unlimited
// CHECK: threads=4 dynamic=ok guided=ok if_true=4 if_false=1 depend=ok explicit=0,1,1,0 target_limit=2,2 after=unlimited
// CHECK: threads=8 dynamic=ok guided=ok if_true=8 if_false=1 depend=ok explicit=0,1,1,0 target_limit=2,2 after=unlimited
#include <limits.h>
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>

enum { N = 1000 };
static int hits[N];

/* Each iteration once, over several loops in a row (a loop left without
 * deinit's bookkeeping would break the next one). */
static const char *loops(int guided)
{
    for (int i = 0; i < N; i++)
        hits[i] = 0;
#pragma omp parallel
    for (int round = 0; round < 5; round++) {
        if (guided) {
#pragma omp for schedule(guided, 3) nowait
            for (int i = 0; i < N; i++)
                __atomic_fetch_add(&hits[i], 1, __ATOMIC_RELAXED);
        } else {
#pragma omp for schedule(dynamic, 7)
            for (int i = 0; i < N; i++)
                __atomic_fetch_add(&hits[i], 1, __ATOMIC_RELAXED);
        }
    }
    for (int i = 0; i < N; i++)
        if (hits[i] != 5)
            return "wrong";
    return "ok";
}

static int team_if(int cond)
{
    int members = 0;
#pragma omp parallel if (cond) reduction(+ : members)
    members++;
    return members;
}

static const char *depend(void)
{
    int x = 0, y = 0, seen = -1, seen2 = -1;
#pragma omp parallel
#pragma omp single
    {
#pragma omp task depend(out : x) shared(x)
        {
            for (volatile int spin = 0; spin < 100000; spin++)
                ;
            x = 42;
        }
#pragma omp taskwait depend(in : x)
        seen = x;
#pragma omp task depend(out : y) shared(y)
        y = 7;
#pragma omp taskwait depend(in : y) nowait
#pragma omp taskwait
        seen2 = y;
    }
    return seen == 42 && seen2 == 7 ? "ok" : "wrong";
}

int main(int argc, char **argv)
{
    (void)argc;
    const char *dynamic = loops(0), *guided = loops(1);
    int if_true = team_if(1), if_false = team_if(0);
    const char *dep = depend();

    int in_initial = omp_in_explicit_task(), in_task = -1, in_if0 = -1, in_region = -1;
#pragma omp task shared(in_task)
    in_task = omp_in_explicit_task();
#pragma omp taskwait
#pragma omp task if (0) shared(in_if0)
    in_if0 = omp_in_explicit_task();
#pragma omp parallel num_threads(2)
    if (omp_get_thread_num() == 0)
        in_region = omp_in_explicit_task();

    int limit = 0, team = 0;
#pragma omp target thread_limit(2) map(from : limit, team)
    {
        limit = omp_get_thread_limit();
#pragma omp parallel num_threads(4)
#pragma omp single
        team = omp_get_num_threads();
    }
    int after = omp_get_thread_limit();
    printf("threads=%s dynamic=%s guided=%s if_true=%d if_false=%d depend=%s explicit=%d,%d,%d,%d "
           "target_limit=%d,%d after=%s\n",
           argv[1], dynamic, guided, if_true, if_false, dep, in_initial, in_task, in_if0, in_region, limit, team,
           after == INT_MAX ? "unlimited" : "limited");
    return 0;
}
