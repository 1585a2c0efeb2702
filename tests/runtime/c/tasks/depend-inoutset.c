// inoutset dependences (OpenMP 5.1): tasks of one inoutset group need not
// wait for each other, but wait for the preceding in and out tasks, and
// later in tasks wait for the whole group. GCC 12 has no inoutset syntax;
// GCC 13 lowers depobj(o) depend(inoutset: x) into an omp_depend_t holding
// the address and GOMP_DEPEND_INOUTSET (5), which this test builds by hand.
// Order of events: out W; inoutset S1..S3; in R1, R2; inoutset T; inout F.
// REQUIRES: gcc
// RUN: %gcc-omp %s -o %t && for n in %threads; do OMP_NUM_THREADS=$n %run %t; done | FileCheck %s
// RUN: %gxx-omp %s -o %t.cxx && for n in %threads; do OMP_NUM_THREADS=$n %run %t.cxx; done | FileCheck %s
// CHECK-COUNT-4: inoutset order ok (violations 0)
#include <omp.h>
#include <stdint.h>
#include <stdio.h>

static int x;
static int done_w, done_s, done_r, done_t;
static int violations;

static void spin(int n)
{
    for (volatile int i = 0; i < n; i++)
        ;
}

static void expect(int condition)
{
    if (!condition)
        __atomic_fetch_add(&violations, 1, __ATOMIC_SEQ_CST);
}

static int get(int *p)
{
    return __atomic_load_n(p, __ATOMIC_SEQ_CST);
}

static void make_depobj(omp_depend_t *obj, void *addr, uintptr_t kind)
{
    void **words = (void **)obj;
    words[0] = addr;
    words[1] = (void *)kind;
}

int main(void)
{
    omp_depend_t inoutset_x, in_x;
    make_depobj(&inoutset_x, &x, 5); /* GOMP_DEPEND_INOUTSET */
#pragma omp depobj(in_x) depend(in : x)
#pragma omp parallel
#pragma omp single
    {
#pragma omp task depend(out : x)
        {
            spin(50000);
            __atomic_store_n(&done_w, 1, __ATOMIC_SEQ_CST);
        }
        for (int i = 0; i < 3; i++) {
#pragma omp task depend(depobj : inoutset_x)
            {
                expect(get(&done_w) == 1);
                expect(get(&done_r) == 0);
                spin(20000);
                __atomic_fetch_add(&done_s, 1, __ATOMIC_SEQ_CST);
            }
        }
        for (int i = 0; i < 2; i++) {
#pragma omp task depend(depobj : in_x)
            {
                expect(get(&done_s) == 3);
                expect(get(&done_t) == 0);
                spin(20000);
                __atomic_fetch_add(&done_r, 1, __ATOMIC_SEQ_CST);
            }
        }
#pragma omp task depend(depobj : inoutset_x)
        {
            expect(get(&done_r) == 2);
            __atomic_store_n(&done_t, 1, __ATOMIC_SEQ_CST);
        }
#pragma omp task depend(inout : x)
        expect(get(&done_t) == 1);
#pragma omp taskwait
    }
    printf("inoutset order %s (violations %d)\n", violations ? "WRONG" : "ok", violations);
    return violations != 0;
}
