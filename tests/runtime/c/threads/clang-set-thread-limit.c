// __kmpc_set_thread_limit (libomp 19), which clang 19 calls in the task of a
// `target thread_limit(n)` region run on the host: it sets the calling
// task's thread-limit-var (omp_get_thread_limit reports it; the regions the
// task forks get at most that many threads; its parent keeps its own). A
// limit set inside a region that was forked without one must not upset the
// accounting of the threads in use when that region ends: a later region
// under a limit still gets its threads.
// REQUIRES: clang
// RUN: %omp-cc %s -L%libdir -o %t
// RUN: for n in %threads; do OMP_NUM_THREADS=$n %run %t $n; done | FileCheck %s
// CHECK: threads=1 in_task=3,3 parent=unlimited inside_region=2 later=4
// CHECK: threads=2 in_task=3,3 parent=unlimited inside_region=2 later=4
// CHECK: threads=4 in_task=3,3 parent=unlimited inside_region=2 later=4
// CHECK: threads=8 in_task=3,3 parent=unlimited inside_region=2 later=4
#include <limits.h>
#include <omp.h>
#include <stdio.h>

typedef struct ident ident_t;
extern int __kmpc_global_thread_num(ident_t *);
extern void __kmpc_set_thread_limit(ident_t *, int, int);

static int team_size(int asked)
{
    int n = 0;
#pragma omp parallel num_threads(asked)
#pragma omp single
    n = omp_get_num_threads();
    return n;
}

int main(int argc, char **argv)
{
    (void)argc;
    int limit = 0, team = 0;
#pragma omp task shared(limit, team)
    {
        __kmpc_set_thread_limit(NULL, __kmpc_global_thread_num(NULL), 3);
        limit = omp_get_thread_limit();
        team = team_size(8);
    }
#pragma omp taskwait
    int parent = omp_get_thread_limit();

    /* Set in the implicit task of a region forked without a limit. */
    int inside = 0;
#pragma omp parallel num_threads(4)
    if (omp_get_thread_num() == 0) {
        __kmpc_set_thread_limit(NULL, __kmpc_global_thread_num(NULL), 2);
        inside = omp_get_thread_limit();
    }
    int later = 0;
#pragma omp task shared(later)
    {
        __kmpc_set_thread_limit(NULL, __kmpc_global_thread_num(NULL), 4);
        later = team_size(4);
    }
#pragma omp taskwait
    printf("threads=%s in_task=%d,%d parent=%s inside_region=%d later=%d\n", argv[1], limit, team,
           parent == INT_MAX ? "unlimited" : "limited", inside, later);
    return 0;
}
