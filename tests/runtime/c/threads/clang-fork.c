// Clang ABI fork/join: __kmpc_fork_call hands a region any number of shared
// variables (here 1, 6 and 14: register and stack arguments), num_threads and
// if clauses (__kmpc_push_num_threads, __kmpc_serialized_parallel), nested
// regions, and every thread of a team has its own global thread id
// (__kmpc_global_thread_num), stable across regions.
// REQUIRES: clang
// RUN: %omp-cc %s -o %t
// RUN: for n in %threads; do OMP_NUM_THREADS=$n %run %t $n; done | FileCheck %s
// RUN: OMP_NUM_THREADS=4,3 OMP_MAX_ACTIVE_LEVELS=2 %run %t 4 | FileCheck %s --check-prefix=NESTED
// CHECK: threads=1 one=ok six=ok fourteen=ok num_threads=ok if=ok gtids=ok serial-level=ok
// CHECK: threads=2 one=ok six=ok fourteen=ok num_threads=ok if=ok gtids=ok serial-level=ok
// CHECK: threads=4 one=ok six=ok fourteen=ok num_threads=ok if=ok gtids=ok serial-level=ok
// CHECK: threads=8 one=ok six=ok fourteen=ok num_threads=ok if=ok gtids=ok serial-level=ok
// NESTED: nested: outer=4 inner=3 total=12 levels=ok
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>

typedef struct ident ident_t;
extern int __kmpc_global_thread_num(ident_t *);

static const char *verdict(int ok)
{
    return ok ? "ok" : "FAILED";
}

int main(int argc, char **argv)
{
    int expected = atoi(argv[1]);

    /* One shared variable. */
    int count = 0;
#pragma omp parallel
    {
#pragma omp atomic
        count++;
    }
    int one = count == expected;

    /* Six: gtid, tid and four in registers, two on the stack. */
    long a = 1, b = 2, c = 3, d = 4, e = 5;
    long sum6 = 0;
#pragma omp parallel
    {
        long mine = a + b + c + d + e;
#pragma omp atomic
        sum6 += mine;
    }
    int six = sum6 == 15L * expected;

    /* Fourteen, most of them on the stack, in order. */
    int v[14] = {0};
    int v0 = 1, v1 = 2, v2 = 3, v3 = 4, v4 = 5, v5 = 6, v6 = 7, v7 = 8, v8 = 9, v9 = 10, v10 = 11, v11 = 12;
    int fourteen_ok = 1;
#pragma omp parallel
    {
        int w[12] = {v0, v1, v2, v3, v4, v5, v6, v7, v8, v9, v10, v11};
        for (int i = 0; i < 12; i++)
            if (w[i] != i + 1) {
#pragma omp atomic write
                fourteen_ok = 0;
            }
#pragma omp atomic
        v[omp_get_thread_num() % 14]++;
    }
    int total = 0;
    for (int i = 0; i < 14; i++)
        total += v[i];
    int fourteen = fourteen_ok && total == expected;

    /* num_threads clause, and the if clause (serialized region). */
    int team3 = 0, team_if = 0, level_if = 0;
#pragma omp parallel num_threads(3)
#pragma omp single
    team3 = omp_get_num_threads();
#pragma omp parallel if (expected < 0)
    {
        team_if = omp_get_num_threads();
        level_if = omp_get_level();
    }

    /* Global thread ids: distinct within a team, the same thread keeps its
     * id in the next region (the hot team). */
    int ids[64], ids_again[64];
#pragma omp parallel
    ids[omp_get_thread_num()] = __kmpc_global_thread_num(NULL);
#pragma omp parallel
    ids_again[omp_get_thread_num()] = __kmpc_global_thread_num(NULL);
    int gtids = 1;
    for (int i = 0; i < expected; i++) {
        if (ids[i] < 0 || ids[i] != ids_again[i])
            gtids = 0;
        for (int j = 0; j < i; j++)
            if (ids[i] == ids[j])
                gtids = 0;
    }
    gtids &= __kmpc_global_thread_num(NULL) == ids[0];

    printf("threads=%d one=%s six=%s fourteen=%s num_threads=%s if=%s gtids=%s serial-level=%s\n", expected,
           verdict(one), verdict(six), verdict(fourteen), verdict(team3 == 3), verdict(team_if == 1),
           verdict(gtids), verdict(level_if == 1));

    if (omp_get_max_active_levels() > 1) {
        int outer = 0, inner = 0, levels = 1;
        int total_nested = 0;
#pragma omp parallel
        {
#pragma omp single
            outer = omp_get_num_threads();
#pragma omp parallel
            {
#pragma omp single
                {
                    /* Every inner team's single writes it: atomic, not a race. */
#pragma omp atomic write
                    inner = omp_get_num_threads();
                }
#pragma omp atomic
                total_nested++;
                if (omp_get_level() != 2 || omp_get_active_level() != 2) {
#pragma omp atomic write
                    levels = 0;
                }
            }
        }
        printf("nested: outer=%d inner=%d total=%d levels=%s\n", outer, inner, total_nested, verdict(levels));
    }
    return 0;
}
