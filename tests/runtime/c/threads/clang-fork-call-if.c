// __kmpc_fork_call_if (libomp 17+), which OpenMPIRBuilder emits for
// `parallel if(...)`: the shared variables travel in one aggregate passed as
// the microtask's only argument (or none), a true condition forks a team, a
// false one runs the microtask on the calling thread alone; pushed
// num_threads clauses apply to a true condition and are dropped by a false
// one. Called directly (clang 14 never emits it, clang 19 with
// -fopenmp-enable-irbuilder does: clang19-emitted.c); linked against Glass,
// as clang 14's libomp lacks it.
// REQUIRES: clang
// RUN: %omp-cc %s -L%libdir -o %t
// RUN: for n in %threads; do OMP_NUM_THREADS=$n %run %t $n; done | FileCheck %s
// CHECK: threads=1 true=1 false=1 noargs=1 pushed=3 dropped=1 next=1
// CHECK: threads=2 true=2 false=1 noargs=2 pushed=3 dropped=1 next=2
// CHECK: threads=4 true=4 false=1 noargs=4 pushed=3 dropped=1 next=4
// CHECK: threads=8 true=8 false=1 noargs=8 pushed=3 dropped=1 next=8
#include <omp.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>

typedef struct ident ident_t;
extern int __kmpc_global_thread_num(ident_t *);
extern void __kmpc_push_num_threads(ident_t *, int, int);
extern void __kmpc_fork_call_if(ident_t *, int, void (*)(int *, int *, ...), int, void *);

struct shared {
    atomic_int members; /* threads that ran the region */
    int team_size;      /* omp_get_num_threads() seen inside */
    int bad;            /* a thread saw an inconsistent gtid, level or team */
};

static void region(int *gtid, int *bound_tid, struct shared *shared)
{
    if (*gtid != __kmpc_global_thread_num(NULL) || *bound_tid != omp_get_thread_num() || omp_get_level() != 1)
        shared->bad = 1;
    atomic_fetch_add(&shared->members, 1);
    if (omp_get_thread_num() == 0)
        shared->team_size = omp_get_num_threads();
}

static atomic_int noargs_members;
static void region_noargs(int *gtid, int *bound_tid)
{
    (void)gtid, (void)bound_tid;
    atomic_fetch_add(&noargs_members, 1);
}

static int run(int cond, int push)
{
    struct shared shared = {0};
    if (push)
        __kmpc_push_num_threads(NULL, __kmpc_global_thread_num(NULL), push);
    __kmpc_fork_call_if(NULL, 1, (void (*)(int *, int *, ...))region, cond, &shared);
    if (shared.bad || atomic_load(&shared.members) != shared.team_size) {
        printf("region: %d members, team of %d, bad %d\n", atomic_load(&shared.members), shared.team_size,
               shared.bad);
        exit(1);
    }
    return shared.team_size;
}

int main(int argc, char **argv)
{
    (void)argc;
    int t = run(1, 0);
    int f = run(0, 0);
    __kmpc_fork_call_if(NULL, 0, (void (*)(int *, int *, ...))region_noargs, 1, NULL);
    int pushed = run(1, 3);
    int dropped = run(0, 3);
    int next = run(1, 0); /* the pushed clause was used up */
    printf("threads=%s true=%d false=%d noargs=%d pushed=%d dropped=%d next=%d\n", argv[1], t, f,
           atomic_load(&noargs_members), pushed, dropped, next);
    return 0;
}
