// A device kind added as its own file plus one table entry: the mock kind of
// the runtime's test copy (tests/runtime/Inputs/mock_device_kind.c,
// GLASS_MOCK_DEVICES=N) adds N devices after the other kinds', and a target
// region on one of them runs through the mock's operations, which report
// each call on stderr: the device number and byte counts checked below are
// the mock's own. Host devices keep numbers 0..N-1 (the table's order), and
// the runtime itself (libglass.so) has no mock kind.
// Clang without offload targets compiles target regions as host code (the
// device layer is the GCC ABI's); device-kind-mock-api.c covers both.
// REQUIRES: gcc, mock-device-kind
// RUN: %omp-cc %s -o %t
// RUN: env GLASS_MOCK_DEVICES=2 %mock-kind-run %t 2>&1 | FileCheck %s --check-prefix=MOCK2
// RUN: env GLASS_HOST_DEVICES=2 GLASS_MOCK_DEVICES=1 %mock-kind-run %t 2>&1 | FileCheck %s --check-prefix=BOTH
// RUN: env GLASS_HOST_DEVICES=2 %mock-kind-run %t 2>&1 | FileCheck %s --check-prefix=HOST2
// RUN: env GLASS_HOST_DEVICES=2 GLASS_MOCK_DEVICES=1 %run %t 2>&1 | FileCheck %s --check-prefix=HOST2
// RUN: env GLASS_MOCK_DEVICES=x %mock-kind-run %t 2>&1 | FileCheck %s --check-prefix=BAD
// RUN: env OMP_TARGET_OFFLOAD=disabled GLASS_MOCK_DEVICES=2 %mock-kind-run %t 2>&1 | FileCheck %s --check-prefix=NONE
#include <omp.h>
#include <stdio.h>

static void on(int device)
{
    int value = 20, ran_on = -2, initial = -1;
#pragma omp target device(device) map(tofrom: value) map(from: ran_on, initial)
    {
        value = value * 2 + 1;
        ran_on = omp_get_device_num();
        initial = omp_is_initial_device();
    }
    fprintf(stderr, "device %d: ran on %d, initial %d, value %d\n", device, ran_on, initial, value);
}

int main(void)
{
    int n = omp_get_num_devices();
    fprintf(stderr, "devices=%d initial=%d\n", n, omp_get_initial_device());
    for (int d = 0; d <= n; d++)
        on(d);
    return 0;
}

// MOCK2: devices=2 initial=2
// MOCK2-NEXT: mock-kind: device 0 init
// Storage for the region's three items (value, ran_on, initial), `value`
// copied in, the block of their three device addresses (24 bytes) made and
// copied in, the region run, the three copied back, the four blocks freed.
// MOCK2-NEXT: mock-kind: device 0 alloc 4
// MOCK2-NEXT: mock-kind: device 0 alloc 4
// MOCK2-NEXT: mock-kind: device 0 alloc 4
// MOCK2-NEXT: mock-kind: device 0 to 4
// MOCK2-NEXT: mock-kind: device 0 alloc 24
// MOCK2-NEXT: mock-kind: device 0 to 24
// MOCK2-NEXT: mock-kind: device 0 run
// MOCK2-NEXT: mock-kind: device 0 from 4
// MOCK2-NEXT: mock-kind: device 0 from 4
// MOCK2-NEXT: mock-kind: device 0 from 4
// MOCK2-NEXT: mock-kind: device 0 free
// MOCK2-NEXT: mock-kind: device 0 free
// MOCK2-NEXT: mock-kind: device 0 free
// MOCK2-NEXT: mock-kind: device 0 free
// MOCK2-NEXT: device 0: ran on 0, initial 0, value 41
// MOCK2-NEXT: mock-kind: device 1 init
// MOCK2: mock-kind: device 1 run
// MOCK2: device 1: ran on 1, initial 0, value 41
// MOCK2-NOT: mock-kind
// MOCK2: device 2: ran on 2, initial 1, value 41

// BOTH: devices=3 initial=3
// BOTH-NOT: mock-kind
// BOTH: device 0: ran on 0, initial 0, value 41
// BOTH-NOT: mock-kind
// BOTH: device 1: ran on 1, initial 0, value 41
// BOTH-NEXT: mock-kind: device 2 init
// BOTH: mock-kind: device 2 run
// BOTH: device 2: ran on 2, initial 0, value 41
// BOTH-NOT: mock-kind
// BOTH: device 3: ran on 3, initial 1, value 41

// HOST2-NOT: mock-kind
// HOST2: devices=2 initial=2
// HOST2: device 0: ran on 0, initial 0, value 41
// HOST2: device 1: ran on 1, initial 0, value 41
// HOST2: device 2: ran on 2, initial 1, value 41
// HOST2-NOT: mock-kind

// BAD: GLASS_MOCK_DEVICES=x: not a number of mock devices from 0 to 8; no mock devices
// BAD: devices=0 initial=0
// BAD-NOT: mock-kind

// NONE-NOT: mock-kind
// NONE: devices=0 initial=0
// NONE-NOT: mock-kind
