// Exit data naming a whole structure whose members were mapped by
// themselves (GCC maps them as one group, from the first member to the end
// of the last, smaller than the structure): on a host device (separate
// memory) the storage inside the structure is released by it, counted once
// per construct and copied back for from (5.1, 2.21.7.1); exit data on a
// range that only partly covers mapped storage ends with a message naming
// both. On the host fallback nothing is ever mapped.
// The device layer is the GCC ABI's:
// REQUIRES: gcc
// RUN: %omp-cc %s -o %t
// RUN: env GLASS_HOST_DEVICES=1 %run %t | FileCheck %s --check-prefix=DEV
// RUN: %run %t | FileCheck %s --check-prefix=HOST
// RUN: %not --crash env GLASS_HOST_DEVICES=1 %run %t partial > %t.out 2>&1
// RUN: FileCheck %s --check-prefix=PARTIAL < %t.out
#include <omp.h>
#include <stdio.h>
#include <string.h>

struct record {
    int a, b, c, d;
};

int main(int argc, char **argv)
{
    struct record r = {1, 2, 3, 4};
    if (argc > 1 && strcmp(argv[1], "partial") == 0) {
        int arr[8] = {0};
        (void)arr; /* used by the constructs only */
#pragma omp target enter data map(to : arr[2 : 4])
        printf("mapped arr[2:4]\n");
        fflush(stdout);
#pragma omp target exit data map(from : arr[4 : 4])
        printf("not reached\n");
        return 0;
    }
    // PARTIAL: mapped arr[2:4]
    // PARTIAL-NEXT: glass: target exit data on device 0: host memory [0x{{[0-9a-f]+}}, 0x{{[0-9a-f]+}}) is only partly mapped (mapped: [0x{{[0-9a-f]+}}, 0x{{[0-9a-f]+}}))
    // PARTIAL-NOT: not reached

    /* Three references on the a..b group, released by three exit data on
     * the whole structure. */
#pragma omp target enter data map(to : r.a, r.b)
#pragma omp target enter data map(alloc : r.a)
#pragma omp target enter data map(alloc : r.b)
#pragma omp target
    {
        r.a = 10;
        r.b = 20;
    }
#pragma omp target exit data map(release : r)
#pragma omp target exit data map(release : r)
    int still = omp_target_is_present(&r.a, 0);
#pragma omp target exit data map(from : r)
    int gone = !omp_target_is_present(&r.a, 0) && !omp_target_is_present(&r.b, 0);
    // DEV: group: present-after-two=1 gone-after-three=1 a=10 b=20 c=3
    // HOST: group: present-after-two=1 gone-after-three=0 a=10 b=20 c=3
    printf("group: present-after-two=%d gone-after-three=%d a=%d b=%d c=%d\n", still, gone, r.a, r.b, r.c);
    return 0;
}
