// The mock device kind (tests/runtime/Inputs/mock_device_kind.c) through the
// device memory routines (OpenMP 5.1, 3.8), which reach a kind's operations
// whatever compiled the program: omp_target_alloc, omp_target_memcpy both
// ways and within the device, omp_target_free on the mock's device,
// numbered after the host devices. Linked against Glass (-L%libdir): the
// memory routines are in libomptarget, not libomp, for clang.
// REQUIRES: mock-device-kind
// RUN: %omp-cc %s -L%libdir -o %t
// RUN: env GLASS_HOST_DEVICES=1 GLASS_MOCK_DEVICES=1 %mock-kind-run %t 2>&1 | FileCheck %s
#include <omp.h>
#include <stdio.h>
#include <string.h>

int main(void)
{
    int n = omp_get_num_devices(), host = omp_get_initial_device(), mock = n - 1;
    fprintf(stderr, "devices=%d initial=%d\n", n, host);
    char in[40] = "a kind is a file and a table entry", out[40] = "";
    char *a = omp_target_alloc(sizeof in, mock), *b = omp_target_alloc(sizeof in, mock);
    int copied = a && b && !omp_target_memcpy(a, in, sizeof in, 0, 0, mock, host) &&
                 !omp_target_memcpy(b, a, sizeof in, 0, 0, mock, mock) &&
                 !omp_target_memcpy(out, b, sizeof in, 0, 0, host, mock);
    omp_target_free(a, mock);
    omp_target_free(b, mock);
    fprintf(stderr, "copied=%d same=%d\n", copied, !strcmp(in, out));
    return 0;
}

// CHECK: devices=2 initial=2
// CHECK-NEXT: mock-kind: device 1 init
// CHECK-NEXT: mock-kind: device 1 alloc 40
// CHECK-NEXT: mock-kind: device 1 alloc 40
// CHECK-NEXT: mock-kind: device 1 to 40
// CHECK-NEXT: mock-kind: device 1 within 40
// CHECK-NEXT: mock-kind: device 1 from 40
// CHECK-NEXT: mock-kind: device 1 free
// CHECK-NEXT: mock-kind: device 1 free
// CHECK-NEXT: copied=1 same=1
