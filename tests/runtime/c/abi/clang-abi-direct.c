// Clang ABI entry points Clang 14 does not emit for host code but other
// compilers and libomp's interface do, called directly with the bounds
// conventions of libomp: __kmpc_dist_for_static_init (distribute parallel
// loop: team part, then thread part), __kmpc_team_static_init
// (dist_schedule(static, chunk)), __kmpc_dist_dispatch_init, the ordered and
// "nomerge" schedule kinds and the modifiers, the static kinds through
// __kmpc_dispatch_*, __kmpc_barrier_master, and the thread queries.
// REQUIRES: clang
// RUN: %omp-cc %s -o %t
// RUN: for n in %threads; do OMP_NUM_THREADS=$n %run %t $n; done | FileCheck %s
// CHECK: threads=1 dist_for=ok team_static=ok dist_dispatch=ok kinds=ok barrier_master=ok queries=ok
// CHECK: threads=2 dist_for=ok team_static=ok dist_dispatch=ok kinds=ok barrier_master=ok queries=ok
// CHECK: threads=4 dist_for=ok team_static=ok dist_dispatch=ok kinds=ok barrier_master=ok queries=ok
// CHECK: threads=8 dist_for=ok team_static=ok dist_dispatch=ok kinds=ok barrier_master=ok queries=ok
#include <omp.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

typedef struct ident {
    int reserved_1, flags, reserved_2, reserved_3;
    const char *psource;
} ident;
static ident loc = {0, 2, 0, 0, ";clang-abi-direct.c;main;1;1;;"};

extern int __kmpc_global_thread_num(ident *);
extern void __kmpc_dist_for_static_init_4(ident *, int, int, int *, int *, int *, int *, int *, int, int);
extern void __kmpc_dist_for_static_init_8u(ident *, int, int, int *, uint64_t *, uint64_t *, uint64_t *, int64_t *,
                                           int64_t, int64_t);
extern void __kmpc_team_static_init_4(ident *, int, int *, int *, int *, int *, int, int);
extern void __kmpc_dist_dispatch_init_4(ident *, int, int, int *, int, int, int, int);
extern void __kmpc_dispatch_init_4(ident *, int, int, int, int, int, int);
extern void __kmpc_dispatch_init_8u(ident *, int, int, uint64_t, uint64_t, int64_t, int64_t);
extern int __kmpc_dispatch_next_4(ident *, int, int *, int *, int *, int *);
extern int __kmpc_dispatch_next_8u(ident *, int, int *, uint64_t *, uint64_t *, int64_t *);
extern void __kmpc_for_static_fini(ident *, int);
extern void __kmpc_barrier(ident *, int);
extern int __kmpc_barrier_master(ident *, int);
extern void __kmpc_end_barrier_master(ident *, int);
extern int __kmpc_barrier_master_nowait(ident *, int);
extern int __kmpc_bound_thread_num(ident *);
extern int __kmpc_bound_num_threads(ident *);
extern int __kmpc_in_parallel(ident *);
extern int __kmpc_global_num_threads(ident *);
extern int __kmpc_ok_to_fork(ident *);

enum {
    SCH_STATIC_CHUNKED = 33,
    SCH_STATIC = 34,
    SCH_DYNAMIC = 35,
    SCH_GUIDED = 36,
    SCH_RUNTIME = 37,
    SCH_AUTO = 38,
    SCH_TRAPEZOIDAL = 39,
    SCH_STEAL = 44,
    ORD_STATIC = 66,
    ORD_DYNAMIC = 67,
    NOMERGE = 128,
    MONOTONIC = 1 << 29,
    NONMONOTONIC = 1 << 30,
};

#define N 500
static int hits[N];
static int lasts;

static int all_once(void)
{
    int ok = 1;
    for (int i = 0; i < N; i++) {
        ok &= hits[i] == 1;
        hits[i] = 0;
    }
    ok &= lasts == 1;
    lasts = 0;
    return ok;
}

#define HIT(i) __atomic_fetch_add(&hits[i], 1, __ATOMIC_RELAXED)
#define LAST() __atomic_fetch_add(&lasts, 1, __ATOMIC_RELAXED)

static const char *verdict(int ok)
{
    return ok ? "ok" : "FAILED";
}

/* Runs a dispatched loop over 0 .. N-1 (up) or N-1 .. 0 (down) with `kind`. */
static void dispatched(int gtid, int kind, int chunk, int down)
{
    int last = 0, lb, ub, st;
    if (down)
        __kmpc_dispatch_init_4(&loc, gtid, kind, N - 1, 0, -1, chunk);
    else
        __kmpc_dispatch_init_4(&loc, gtid, kind, 0, N - 1, 1, chunk);
    while (__kmpc_dispatch_next_4(&loc, gtid, &last, &lb, &ub, &st)) {
        for (int i = lb; down ? i >= ub : i <= ub; i += st)
            HIT(i);
        if (last)
            LAST();
    }
}

int main(int argc, char **argv)
{
    int n = atoi(argv[1]);
    int dist_for = 1, team_static = 1, dist_dispatch = 1, kinds = 1, barrier_master = 1, queries = 1;

    /* distribute parallel for over 3 teams: 4- and unsigned 8-byte forms. */
#pragma omp teams num_teams(3)
#pragma omp parallel
    {
        int gtid = __kmpc_global_thread_num(&loc);
        int last = 0, lb = 0, ub = N - 1, upper_dist, stride;
        __kmpc_dist_for_static_init_4(&loc, gtid, SCH_STATIC, &last, &lb, &ub, &upper_dist, &stride, 1, 1);
        for (int i = lb; i <= ub; i++)
            HIT(i);
        if (last)
            LAST();
        __kmpc_for_static_fini(&loc, gtid);
    }
    dist_for &= all_once();
#pragma omp teams num_teams(2)
#pragma omp parallel
    {
        int gtid = __kmpc_global_thread_num(&loc);
        int last = 0;
        uint64_t lb = 0, ub = N - 1, upper_dist;
        int64_t stride;
        __kmpc_dist_for_static_init_8u(&loc, gtid, SCH_STATIC_CHUNKED, &last, &lb, &ub, &upper_dist, &stride, 1, 3);
        for (; lb <= upper_dist; lb += stride, ub += stride) {
            for (uint64_t i = lb; i <= (ub < upper_dist ? ub : upper_dist); i++)
                HIT(i);
        }
        if (last)
            LAST();
        __kmpc_for_static_fini(&loc, gtid); /* as clang ends every static loop */
    }
    dist_for &= all_once();

    /* dist_schedule(static, 7) over 3 teams, the teams' chunks round-robin. */
#pragma omp teams num_teams(3)
    {
        int gtid = __kmpc_global_thread_num(&loc);
        int last = 0, lb = 0, ub = N - 1, st;
        __kmpc_team_static_init_4(&loc, gtid, &last, &lb, &ub, &st, 1, 7);
        for (; lb <= N - 1; lb += st, ub += st)
            for (int i = lb; i <= (ub < N - 1 ? ub : N - 1); i++)
                HIT(i);
        if (last)
            LAST();
    }
    team_static &= all_once();

    /* distribute parallel for schedule(dynamic) through the dispatcher. */
#pragma omp teams num_teams(2)
#pragma omp parallel
    {
        int gtid = __kmpc_global_thread_num(&loc);
        int team_last = 0, last = 0, lb, ub, st;
        __kmpc_dist_dispatch_init_4(&loc, gtid, SCH_DYNAMIC, &team_last, 0, N - 1, 1, 5);
        while (__kmpc_dispatch_next_4(&loc, gtid, &last, &lb, &ub, &st)) {
            for (int i = lb; i <= ub; i++)
                HIT(i);
            if (last && team_last)
                LAST();
        }
    }
    dist_dispatch &= all_once();

    /* Every schedule kind through the dispatcher, up and down. */
    static const int all_kinds[] = {SCH_STATIC,
                                    SCH_STATIC_CHUNKED,
                                    SCH_DYNAMIC,
                                    SCH_GUIDED,
                                    SCH_RUNTIME,
                                    SCH_AUTO,
                                    SCH_TRAPEZOIDAL,
                                    SCH_STEAL,
                                    ORD_STATIC,
                                    ORD_DYNAMIC,
                                    SCH_DYNAMIC + NOMERGE,
                                    SCH_GUIDED | MONOTONIC,
                                    SCH_DYNAMIC | NONMONOTONIC};
    for (unsigned k = 0; k < sizeof all_kinds / sizeof all_kinds[0]; k++)
        for (int down = 0; down < 2; down++) {
#pragma omp parallel
            {
                int gtid = __kmpc_global_thread_num(&loc);
                dispatched(gtid, all_kinds[k], 3, down);
                __kmpc_barrier(&loc, gtid);
            }
            if (!all_once()) {
                printf("kind %d down %d failed\n", all_kinds[k], down);
                kinds = 0;
            }
        }
    /* An unsigned 8-byte loop near the top of its range, chunked. */
#pragma omp parallel
    {
        int gtid = __kmpc_global_thread_num(&loc);
        int last = 0;
        uint64_t lb, ub;
        int64_t st;
        __kmpc_dispatch_init_8u(&loc, gtid, SCH_DYNAMIC, UINT64_MAX - N + 1, UINT64_MAX, 1, 16);
        while (__kmpc_dispatch_next_8u(&loc, gtid, &last, &lb, &ub, &st)) {
            for (uint64_t i = lb;; i++) {
                HIT(i - (UINT64_MAX - N + 1));
                if (i == ub)
                    break;
            }
            if (last)
                LAST();
        }
    }
    kinds &= all_once();

    /* barrier_master: the primary thread runs the block while the others
     * wait at the barrier until it ends. */
    int in_block = 0, after = 0;
#pragma omp parallel
    {
        int gtid = __kmpc_global_thread_num(&loc);
        for (int round = 1; round <= 5; round++) {
            if (__kmpc_barrier_master(&loc, gtid)) {
                int seen;
                __atomic_load(&after, &seen, __ATOMIC_SEQ_CST);
                if (seen != (round - 1) * (n - 1))
                    barrier_master = 0;
                in_block++;
                __kmpc_end_barrier_master(&loc, gtid);
            } else {
                __atomic_fetch_add(&after, 1, __ATOMIC_SEQ_CST);
            }
            __kmpc_barrier(&loc, gtid);
        }
        if (__kmpc_barrier_master_nowait(&loc, gtid))
            in_block++;
    }
    barrier_master &= in_block == 6 && after == 5 * (n - 1);

    queries &= !__kmpc_in_parallel(&loc) && __kmpc_ok_to_fork(&loc) && __kmpc_bound_num_threads(&loc) == 1;
#pragma omp parallel
    {
        if (__kmpc_bound_thread_num(&loc) != omp_get_thread_num() || __kmpc_bound_num_threads(&loc) != n ||
            __kmpc_in_parallel(&loc) != (n > 1) || __kmpc_global_num_threads(&loc) < n) {
#pragma omp atomic write
            queries = 0;
        }
    }

    printf("threads=%d dist_for=%s team_static=%s dist_dispatch=%s kinds=%s barrier_master=%s queries=%s\n", n,
           verdict(dist_for), verdict(team_static), verdict(dist_dispatch), verdict(kinds), verdict(barrier_master),
           verdict(queries));
    return 0;
}
