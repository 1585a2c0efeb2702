// Over-aligned objects on a host device: GCC puts log2 of each map item's
// alignment in the high byte of its map kind, and the device copy must be
// aligned as much (a vector load or an aligned atomic in the region may need
// it). Objects of 128 and 4096 bytes' alignment, mapped by a target region,
// by enter data and as firstprivate, are checked inside the region: the
// address modulo its alignment, that it is the device's copy (not the host
// object) and its values.
// REQUIRES: gcc
// RUN: %omp-cc %s -o %t
// RUN: env GLASS_HOST_DEVICES=1 %run %t | FileCheck %s
// CHECK: region: a128 mod=0 copy=1 sum=120 page mod=0 copy=1 sum=4950
// CHECK: enter data: page mod=0 copy=1 first=7
// CHECK: firstprivate: mod=0 copy=1 value=42
// CHECK: local: mod=0 copy=1 value=9
#include <omp.h>
#include <stdint.h>
#include <stdio.h>

static double a128[16] __attribute__((aligned(128)));
static int page[100] __attribute__((aligned(4096)));

struct wide {
    int value;
} __attribute__((aligned(256)));

int main(void)
{
    if (omp_get_num_devices() != 1) {
        printf("no host device\n");
        return 1;
    }
    for (int i = 0; i < 16; i++)
        a128[i] = i;
    for (int i = 0; i < 100; i++)
        page[i] = i;
    uintptr_t host_a = (uintptr_t)a128, host_p = (uintptr_t)page;
    uintptr_t dev_a = 0, dev_p = 0;
    double sum_a = 0;
    long sum_p = 0;
#pragma omp target map(to : a128, page) map(tofrom : sum_a, sum_p) map(from : dev_a, dev_p)
    {
        dev_a = (uintptr_t)a128;
        dev_p = (uintptr_t)page;
        for (int i = 0; i < 16; i++)
            sum_a += a128[i];
        for (int i = 0; i < 100; i++)
            sum_p += page[i];
    }
    printf("region: a128 mod=%lu copy=%d sum=%.0f page mod=%lu copy=%d sum=%ld\n", (unsigned long)(dev_a % 128),
           dev_a != host_a, sum_a, (unsigned long)(dev_p % 4096), dev_p != host_p, sum_p);

    page[0] = 7;
#pragma omp target enter data map(to : page)
    int first = 0;
#pragma omp target map(from : dev_p, first)
    {
        dev_p = (uintptr_t)page;
        first = page[0];
    }
#pragma omp target exit data map(delete : page)
    printf("enter data: page mod=%lu copy=%d first=%d\n", (unsigned long)(dev_p % 4096), dev_p != host_p, first);

    struct wide w = {42};
    uintptr_t host_w = (uintptr_t)&w, dev_w = 0;
    int value = 0;
#pragma omp target firstprivate(w) map(from : dev_w, value)
    {
        dev_w = (uintptr_t)&w;
        value = w.value;
    }
    printf("firstprivate: mod=%lu copy=%d value=%d\n", (unsigned long)(dev_w % 256), dev_w != host_w, value);

    int local[4] __attribute__((aligned(4096))) = {9, 8, 7, 6};
    uintptr_t host_l = (uintptr_t)local, dev_l = 0;
#pragma omp target map(tofrom : local) map(from : dev_l, value)
    {
        dev_l = (uintptr_t)local;
        value = local[0];
    }
    printf("local: mod=%lu copy=%d value=%d\n", (unsigned long)(dev_l % 4096), dev_l != host_l, value);
    return 0;
}
