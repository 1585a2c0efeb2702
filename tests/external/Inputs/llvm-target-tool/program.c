/* A gcc-compiled target program for LLVM's OMPT target test tool (see
 * tests/external/llvm-target-tool.sh): the tool's own headers, unchanged, are included
 * here (callbacks.h, then the register_*.h header named by REGISTER), and
 * the program runs every kind of target construct the tool prints: target
 * regions with and without teams, a target data region with an update,
 * enter/exit data, and the device memory routines. It checks its own
 * results and prints "Success" as LLVM's test programs do. */
#include <omp.h>
#include <stdio.h>

#include "callbacks.h"
#include REGISTER

#define N 1000

int main(void)
{
    static int a[N], b[N];
    for (int i = 0; i < N; i++) {
        a[i] = 0;
        b[i] = i;
    }
    int wrong = 0;

#pragma omp target parallel for map(from : a[0:N]) map(to : b[0:N])
    for (int j = 0; j < N; j++)
        a[j] = b[j];
    for (int i = 0; i < N; i++)
        wrong += a[i] != i;

#pragma omp target teams distribute parallel for map(tofrom : a[0:N]) map(to : b[0:N])
    for (int j = 0; j < N; j++)
        a[j] += b[j];
    for (int i = 0; i < N; i++)
        wrong += a[i] != 2 * i;

#pragma omp target data map(tofrom : a[0:N]) map(alloc : b[0:N])
    {
        for (int i = 0; i < N; i++)
            b[i] = 1;
#pragma omp target update to(b[0:N])
#pragma omp target map(alloc : b[0:N])
        for (int j = 0; j < N; j++)
            a[j] = 0;
    }
    for (int i = 0; i < N; i++)
        wrong += a[i] != 0;

#pragma omp target enter data map(to : b[0:N])
#pragma omp target
    for (int j = 0; j < N; j++)
        b[j] *= 3;
#pragma omp target exit data map(from : b[0:N])
    for (int i = 0; i < N; i++)
        wrong += b[i] != 3;

    int device = omp_get_default_device(), host = omp_get_initial_device();
    int *d = omp_target_alloc(sizeof a, device);
    wrong += d == NULL;
    if (d) {
        wrong += omp_target_memcpy(d, b, sizeof b, 0, 0, device, host) != 0;
        wrong += omp_target_memcpy(a, d, sizeof a, 0, 0, host, device) != 0;
        omp_target_free(d, device);
    }
    for (int i = 0; i < N; i++)
        wrong += a[i] != 3;

    if (!wrong)
        printf("Success\n");
    else
        printf("Wrong: %d\n", wrong);
    return 0;
}
