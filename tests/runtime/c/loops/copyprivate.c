// single with copyprivate: the value the executing thread computes reaches
// every thread's private copy, for scalars, several variables at once and a
// large struct, over many consecutive constructs (more than the worksharing
// ring holds) and between nowait loops.
// RUN: %omp-cc %s -o %t
// RUN: for n in %threads; do OMP_NUM_THREADS=$n %run %t $n; done | FileCheck %s
// CHECK: threads=1 scalar=ok several=ok struct=ok mixed=ok
// CHECK: threads=2 scalar=ok several=ok struct=ok mixed=ok
// CHECK: threads=4 scalar=ok several=ok struct=ok mixed=ok
// CHECK: threads=8 scalar=ok several=ok struct=ok mixed=ok
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>

#define ROUNDS 500

struct big {
    double values[64];
    char tag[16];
};

static const char *verdict(int ok)
{
    return ok ? "ok" : "FAILED";
}

int main(int argc, char **argv)
{
    (void)argc;
    (void)argv;
    int scalar_ok = 1, several_ok = 1, struct_ok = 1, mixed_ok = 1;
    static int executed[ROUNDS], executor[ROUNDS];

    /* x carries the executing thread's number: every thread must get it. */
#pragma omp parallel reduction(& : scalar_ok)
    for (int k = 0; k < ROUNDS; k++) {
        int x = -1;
#pragma omp single copyprivate(x)
        {
            x = k * 7 + omp_get_thread_num() * 100000;
            executor[k] = omp_get_thread_num();
            __atomic_fetch_add(&executed[k], 1, __ATOMIC_RELAXED);
        }
        scalar_ok &= x == k * 7 + executor[k] * 100000;
    }
    for (int k = 0; k < ROUNDS; k++)
        scalar_ok &= executed[k] == 1;

#pragma omp parallel reduction(& : several_ok)
    for (int k = 0; k < ROUNDS; k++) {
        long a = 0;
        double b = 0;
        short c = 0;
#pragma omp single copyprivate(a, b, c)
        {
            a = 1000L * k;
            b = k / 4.0;
            c = (short)(k % 300);
        }
        several_ok &= a == 1000L * k && b == k / 4.0 && c == (short)(k % 300);
    }

#pragma omp parallel reduction(& : struct_ok)
    for (int k = 0; k < 50; k++) {
        struct big data;
#pragma omp single copyprivate(data)
        {
            for (int i = 0; i < 64; i++)
                data.values[i] = k + i * 0.5;
            snprintf(data.tag, sizeof data.tag, "round%d", k);
        }
        for (int i = 0; i < 64; i++)
            struct_ok &= data.values[i] == k + i * 0.5;
        char want[16];
        snprintf(want, sizeof want, "round%d", k);
        for (int i = 0; want[i] || data.tag[i]; i++)
            struct_ok &= want[i] == data.tag[i];
    }

    static int hits[100];
#pragma omp parallel reduction(& : mixed_ok)
    for (int k = 0; k < ROUNDS; k++) {
#pragma omp for schedule(guided) nowait
        for (int i = 0; i < 100; i++)
            __atomic_fetch_add(&hits[i], 1, __ATOMIC_RELAXED);
        int token = 0;
#pragma omp single copyprivate(token)
        token = k + 1;
        mixed_ok &= token == k + 1;
    }
    for (int i = 0; i < 100; i++)
        mixed_ok &= hits[i] == ROUNDS;

    printf("threads=%d scalar=%s several=%s struct=%s mixed=%s\n", omp_get_max_threads(), verdict(scalar_ok),
           verdict(several_ok), verdict(struct_ok), verdict(mixed_ok));
    return !(scalar_ok && several_ok && struct_ok && mixed_ok);
}
