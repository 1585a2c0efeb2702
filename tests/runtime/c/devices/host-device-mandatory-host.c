// OMP_TARGET_OFFLOAD=mandatory without devices: a construct that runs on
// the host only because there is no device ends the program with a message
// (tests/runtime/c/devices/host-device-api.c), but one whose device the program
// chose to be the host runs there (5.1, 6.17: the host, the initial device,
// is available): if(false), device(omp_get_initial_device()), and a default
// device set to the initial device.
// The device layer is the GCC ABI's:
// REQUIRES: gcc
// RUN: %omp-cc %s -o %t
// RUN: env OMP_TARGET_OFFLOAD=mandatory %run %t | FileCheck %s
// RUN: env OMP_TARGET_OFFLOAD=mandatory OMP_DEFAULT_DEVICE=0 %run %t default | FileCheck %s --check-prefix=ENV
// RUN: %not --crash env OMP_TARGET_OFFLOAD=mandatory %run %t default > %t.out 2>&1
// RUN: FileCheck %s --check-prefix=UNMET < %t.out
// What the program printed before the error still reaches its file.
// RUN: %not --crash env OMP_TARGET_OFFLOAD=mandatory %run %t default > %t.stdout 2> %t.stderr
// RUN: FileCheck %s --check-prefix=PRINTED < %t.stdout
#include <omp.h>
#include <stdio.h>
#include <string.h>

int main(int argc, char **argv)
{
    int runs = 0, off = 0;
    if (argc > 1 && strcmp(argv[1], "default") == 0) {
        /* The default device, as the environment left it. */
        printf("default: before the construct\n");
#pragma omp target map(tofrom : runs)
        runs++;
        printf("default: runs=%d\n", runs);
        return 0;
    }
    // ENV: default: before the construct
    // ENV: default: runs=1
    // PRINTED: default: before the construct
    // UNMET: glass: OMP_TARGET_OFFLOAD=MANDATORY, but there is no device to offload to
    // UNMET-NOT: default: runs
#pragma omp target if (off) map(tofrom : runs)
    runs++;
#pragma omp target device(omp_get_initial_device()) map(tofrom : runs)
    runs++;
    omp_set_default_device(omp_get_initial_device());
#pragma omp target map(tofrom : runs)
    runs++;
    // CHECK: host: devices=0 runs=3
    printf("host: devices=%d runs=%d\n", omp_get_num_devices(), runs);
    return 0;
}
