// Fan-out and fan-in: one out task writes a value; many in tasks read it,
// possibly at the same time, after it; an inout task runs after all of them
// and sums what they read. Repeated in rounds on the same variable, so later
// rounds must wait for earlier readers too.
// RUN: %omp-cc %s -o %t && for n in %threads; do OMP_NUM_THREADS=$n %run %t; done | FileCheck %s
// RUN: %omp-cxx %s -o %t.cxx && for n in %threads; do OMP_NUM_THREADS=$n %run %t.cxx; done | FileCheck %s
// CHECK-COUNT-4: rounds=20 readers=16 sum=ok order=ok
#include <omp.h>
#include <stdio.h>

#define ROUNDS 20
#define READERS 16

static void spin(int n)
{
    for (volatile int i = 0; i < n; i++)
        ;
}

int main(void)
{
    int value = 0, seen[READERS], readers_done = 0, bad_order = 0;
    long sums[ROUNDS];
#pragma omp parallel
#pragma omp single
    {
        for (int r = 0; r < ROUNDS; r++) {
#pragma omp task depend(out : value) firstprivate(r) shared(value, readers_done, bad_order)
            {
                if (__atomic_load_n(&readers_done, __ATOMIC_SEQ_CST) != r * READERS)
                    __atomic_fetch_add(&bad_order, 1, __ATOMIC_SEQ_CST);
                spin(20000);
                value = r + 1;
            }
            for (int k = 0; k < READERS; k++) {
#pragma omp task depend(in : value) firstprivate(k) shared(value, seen, readers_done)
                {
                    spin(2000);
                    seen[k] = value;
                    __atomic_fetch_add(&readers_done, 1, __ATOMIC_SEQ_CST);
                }
            }
#pragma omp task depend(inout : value) firstprivate(r) shared(value, seen, sums, readers_done, bad_order)
            {
                if (__atomic_load_n(&readers_done, __ATOMIC_SEQ_CST) != (r + 1) * READERS)
                    __atomic_fetch_add(&bad_order, 1, __ATOMIC_SEQ_CST);
                long sum = 0;
                for (int k = 0; k < READERS; k++)
                    sum += seen[k];
                sums[r] = sum;
            }
        }
#pragma omp taskwait
    }
    int sums_ok = 1;
    for (int r = 0; r < ROUNDS; r++)
        sums_ok &= sums[r] == (long)(r + 1) * READERS;
    printf("rounds=%d readers=%d sum=%s order=%s\n", ROUNDS, READERS, sums_ok ? "ok" : "WRONG",
           bad_order ? "WRONG" : "ok");
    return !(sums_ok && !bad_order);
}
