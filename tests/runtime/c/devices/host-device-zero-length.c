// Zero-length array sections on a host device (separate memory): the
// storage a section p[:0] finds is the one holding the byte p points at
// (5.1, 2.21.7.1). A pointer just past the end of a mapped array points at
// nothing mapped, so the region sees NULL, and exit data on it releases
// nothing; a pointer inside gets the device address of that byte. On the
// host fallback every pointer is the host's own.
// The device layer is the GCC ABI's:
// REQUIRES: gcc
// RUN: %omp-cc %s -o %t
// RUN: env GLASS_HOST_DEVICES=1 %run %t | FileCheck %s --check-prefix=DEV
// RUN: %run %t | FileCheck %s --check-prefix=HOST
#include <omp.h>
#include <stdint.h>
#include <stdio.h>

#define N 8

int main(void)
{
    int a[N + 1], *inside = a + 3, *past = a + N;
    for (int i = 0; i <= N; i++)
        a[i] = i;
    int inside_value = -1, past_null = -1, inside_moved = -1;
    uintptr_t host_inside = (uintptr_t)inside;
#pragma omp target data map(to : a[0 : N])
    {
#pragma omp target map(alloc : inside[:0], past[:0]) map(from : inside_value, past_null, inside_moved)
        {
            inside_value = inside ? *inside : -1;
            inside_moved = (uintptr_t)inside != host_inside;
            past_null = past == NULL;
        }
    }
    // DEV: regions: inside=3 moved=1 past-null=1
    // HOST: regions: inside=3 moved=0 past-null=0
    printf("regions: inside=%d moved=%d past-null=%d\n", inside_value, inside_moved, past_null);

    /* exit data through a zero-length section: just past the array, no
     * effect; inside it, the array's release. */
#pragma omp target enter data map(to : a[0 : N])
#pragma omp target exit data map(release : past[:0])
    int after_past = omp_target_is_present(a, 0);
#pragma omp target exit data map(release : inside[:0])
    int after_inside = omp_target_is_present(a, 0);
    // DEV: exit-data: present-after-past=1 present-after-inside=0
    // HOST: exit-data: present-after-past=1 present-after-inside=1
    printf("exit-data: present-after-past=%d present-after-inside=%d\n", after_past, after_inside);
    return 0;
}
