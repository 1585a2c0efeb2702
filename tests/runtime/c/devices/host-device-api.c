// The device routines on host devices (GLASS_HOST_DEVICES): how many devices
// there are and which is the default (OMP_DEFAULT_DEVICE,
// OMP_TARGET_OFFLOAD=disabled), the device memory routines between the host
// and devices and between two devices, with libgomp's failure results for
// device numbers that name nothing (NULL, 0, EINVAL), association (a target
// region on an associated host array uses the associated device storage),
// and the clear messages for what cannot work: OMP_TARGET_OFFLOAD=mandatory
// without a device, a bad GLASS_HOST_DEVICES, a map clause overlapping a
// mapped range without being inside it.
// Clang without offload targets compiles target regions as host code, and
// the device memory routines belong to libomptarget there:
// REQUIRES: gcc
// GCC 12's omp.h and libgomp predate omp_get_mapped_ptr and
// omp_target_is_accessible (OpenMP 5.1): they are declared below and linked
// from Glass (-L%libdir).
// RUN: %omp-cc %s -L%libdir -o %t
//
// RUN: %run %t where | FileCheck %s --check-prefix=NONE
// RUN: env GLASS_HOST_DEVICES=0 %run %t where | FileCheck %s --check-prefix=NONE
// RUN: env GLASS_HOST_DEVICES=1 %run %t where | FileCheck %s --check-prefix=ONE
// RUN: env GLASS_HOST_DEVICES=3 %run %t where | FileCheck %s --check-prefix=THREE
// RUN: env GLASS_HOST_DEVICES=3 OMP_DEFAULT_DEVICE=2 %run %t where | FileCheck %s --check-prefix=DEFAULT2
// RUN: env GLASS_HOST_DEVICES=3 OMP_DEFAULT_DEVICE=7 %run %t where | FileCheck %s --check-prefix=DEFAULT7
// RUN: env GLASS_HOST_DEVICES=2 OMP_TARGET_OFFLOAD=disabled %run %t where | FileCheck %s --check-prefix=NONE
// NONE: devices=0 initial=0 default=0 region-device=0 region-initial=1
// ONE: devices=1 initial=1 default=0 region-device=0 region-initial=0
// THREE: devices=3 initial=3 default=0 region-device=0 region-initial=0
// DEFAULT2: devices=3 initial=3 default=2 region-device=2 region-initial=0
// A default device that does not exist: the region runs on the host.
// DEFAULT7: devices=3 initial=3 default=7 region-device=3 region-initial=1
//
// RUN: env GLASS_HOST_DEVICES=abc %run %t where 2>&1 | FileCheck %s --check-prefix=BAD-ABC
// RUN: env GLASS_HOST_DEVICES=999 %run %t where 2>&1 | FileCheck %s --check-prefix=BAD-999
// Once, also when a tool asks for the device count before the device table exists:
// RUN: env GLASS_HOST_DEVICES=abc OMP_TOOL_LIBRARIES=%libdir/libglass-check.so %run %t where 2>&1 | grep -c 'not a number of host devices' | FileCheck %s --check-prefix=ONCE
// ONCE: {{^1$}}
// BAD-ABC: glass: GLASS_HOST_DEVICES=abc: not a number of host devices from 0 to 64; no host devices
// BAD-ABC-NEXT: devices=0 initial=0 default=0 region-device=0 region-initial=1
// BAD-999: glass: GLASS_HOST_DEVICES=999: not a number of host devices from 0 to 64; no host devices
// BAD-999-NEXT: devices=0 initial=0 default=0 region-device=0 region-initial=1
//
// RUN: env GLASS_HOST_DEVICES=2 %run %t memory | FileCheck %s --check-prefix=MEMORY
// MEMORY: alloc: dev0=ok dev1=ok host=ok dev2=null neg=null
// MEMORY-NEXT: memcpy: to-dev=0 dev-to-dev=0 across=0 from-dev=0 values=ok invalid=22,22
// MEMORY-NEXT: rect: dims=2147483647 to-dev=0 back=0 values=ok invalid=22
// MEMORY-NEXT: present: before=0 host=1 invalid=0 null=1
// MEMORY-NEXT: accessible: dev0=1 host=1 invalid=0
// MEMORY-NEXT: associate: first=0 again=0 overlap=22 host=22 invalid=22 present=1 mapped=ok
// MEMORY-NEXT: region on associated: host-unchanged=1 device-storage=111,112,113,114
// MEMORY-NEXT: disassociate: first=0 present=0 mapped=null again=22 invalid=22
// MEMORY-NEXT: mapped-ptr: host=same unmapped=null invalid=null
//
// RUN: %not --crash env OMP_TARGET_OFFLOAD=mandatory %run %t where > %t.out 2>&1
// RUN: FileCheck %s --check-prefix=MANDATORY < %t.out
// MANDATORY: glass: OMP_TARGET_OFFLOAD=MANDATORY, but there is no device to offload to (the NVIDIA driver, libcuda.so.1, is not installed; set GLASS_HOST_DEVICES=N for host devices)
// MANDATORY-NOT: region-device
// RUN: %not --crash env OMP_TARGET_OFFLOAD=mandatory GLASS_HOST_DEVICES=1 OMP_DEFAULT_DEVICE=4 %run %t where > %t.out 2>&1
// RUN: FileCheck %s --check-prefix=MANDATORY4 < %t.out
// MANDATORY4: glass: OMP_TARGET_OFFLOAD=MANDATORY, but device 4 is not available (1 device; the host is device 1)
// RUN: env OMP_TARGET_OFFLOAD=mandatory GLASS_HOST_DEVICES=1 %run %t where | FileCheck %s --check-prefix=ONE
//
// RUN: %not --crash env GLASS_HOST_DEVICES=1 %run %t overlap > %t.out 2>&1
// RUN: FileCheck %s --check-prefix=OVERLAP < %t.out
// OVERLAP: inside the data region
// OVERLAP-NEXT: glass: map clause on device 0: host memory [0x{{[0-9a-f]+}}, 0x{{[0-9a-f]+}}) (40 bytes) overlaps [0x{{[0-9a-f]+}}, 0x{{[0-9a-f]+}}), which is already mapped, without being inside it
// OVERLAP-NOT: after the region
#include <errno.h>
#include <omp.h>
#include <stdio.h>
#include <string.h>

void *omp_get_mapped_ptr(const void *ptr, int device_num);
int omp_target_is_accessible(const void *ptr, size_t size, int device_num);

static void where(void)
{
    int device = -9, initial = -9;
#pragma omp target map(from : device, initial)
    {
        device = omp_get_device_num();
        initial = omp_is_initial_device();
    }
    printf("devices=%d initial=%d default=%d region-device=%d region-initial=%d\n", omp_get_num_devices(),
           omp_get_initial_device(), omp_get_default_device(), device, initial);
}

/* With GLASS_HOST_DEVICES=2: devices 0 and 1, the host is 2. */
static void memory(void)
{
    int host = omp_get_initial_device();
    enum { N = 8 };
    int *d0 = omp_target_alloc(N * sizeof(int), 0), *d1 = omp_target_alloc(N * sizeof(int), 1);
    int *h = omp_target_alloc(N * sizeof(int), host);
    void *bad = omp_target_alloc(16, 3), *neg = omp_target_alloc(16, -1);
    printf("alloc: dev0=%s dev1=%s host=%s dev2=%s neg=%s\n", d0 ? "ok" : "null", d1 ? "ok" : "null",
           h ? "ok" : "null", bad ? "ok" : "null", neg ? "ok" : "null");

    /* host -> device 0 -> device 0 (second half) -> device 1 -> host. */
    int src[N], back[N];
    for (int i = 0; i < N; i++) {
        src[i] = i + 1;
        back[i] = 0;
    }
    int to_dev = omp_target_memcpy(d0, src, N / 2 * sizeof(int), 0, 0, 0, host);
    int dev_to_dev = omp_target_memcpy(d0, d0, N / 2 * sizeof(int), N / 2 * sizeof(int), 0, 0, 0);
    int across = omp_target_memcpy(d1, d0, N * sizeof(int), 0, 0, 1, 0);
    int from_dev = omp_target_memcpy(back, d1, N * sizeof(int), 0, 0, host, 1);
    int values_ok = 1;
    for (int i = 0; i < N; i++)
        values_ok &= back[i] == src[i % (N / 2)];
    printf("memcpy: to-dev=%d dev-to-dev=%d across=%d from-dev=%d values=%s invalid=%d,%d\n", to_dev, dev_to_dev,
           across, from_dev, values_ok ? "ok" : "WRONG", omp_target_memcpy(d0, src, 4, 0, 0, 3, host),
           omp_target_memcpy(back, d0, 4, 0, 0, host, -2));

    /* A 2x3 block at (1,2) of a 4x5 host matrix to (0,0) of a 2x3 matrix on
     * device 1, and back to (2,1) of a zeroed 4x5 host matrix. */
    int m[4][5], out[4][5], dev_block[2 * 3];
    for (int i = 0; i < 4; i++)
        for (int j = 0; j < 5; j++) {
            m[i][j] = 10 * i + j;
            out[i][j] = 0;
        }
    size_t volume[2] = {2, 3}, src_off[2] = {1, 2}, zero[2] = {0, 0}, back_off[2] = {2, 1};
    size_t big[2] = {4, 5}, small[2] = {2, 3};
    int *block = omp_target_alloc(sizeof dev_block, 1);
    int rect_to = omp_target_memcpy_rect(block, m, sizeof(int), 2, volume, zero, src_off, small, big, 1, host);
    int rect_back = omp_target_memcpy_rect(out, block, sizeof(int), 2, volume, back_off, zero, big, small, host, 1);
    int rect_ok = 1;
    for (int i = 0; i < 4; i++)
        for (int j = 0; j < 5; j++) {
            int inside = i >= 2 && i < 4 && j >= 1 && j < 4;
            rect_ok &= out[i][j] == (inside ? m[i - 1][j + 1] : 0);
        }
    printf("rect: dims=%d to-dev=%d back=%d values=%s invalid=%d\n",
           omp_target_memcpy_rect(NULL, NULL, 0, 0, NULL, NULL, NULL, NULL, NULL, 0, 0), rect_to, rect_back,
           rect_ok ? "ok" : "WRONG",
           omp_target_memcpy_rect(block, m, sizeof(int), 2, volume, zero, src_off, small, big, 5, host));
    omp_target_free(block, 1);

    int x = 0;
    printf("present: before=%d host=%d invalid=%d null=%d\n", omp_target_is_present(&x, 0),
           omp_target_is_present(&x, host), omp_target_is_present(&x, 3), omp_target_is_present(NULL, 0));
    printf("accessible: dev0=%d host=%d invalid=%d\n", omp_target_is_accessible(&x, sizeof x, 0),
           omp_target_is_accessible(&x, sizeof x, host), omp_target_is_accessible(&x, sizeof x, 3));

    /* Host array a[4] associated with d1 + 2 ints. */
    int a[4] = {1, 2, 3, 4}, init[N] = {0, 0, 11, 12, 13, 14, 0, 0};
    omp_target_memcpy(d1, init, sizeof init, 0, 0, 1, host);
    int first = omp_target_associate_ptr(a, d1, sizeof a, 2 * sizeof(int), 1);
    int again = omp_target_associate_ptr(a, d1, sizeof a, 2 * sizeof(int), 1);
    int overlap = omp_target_associate_ptr(a + 1, d0, sizeof a, 0, 1);
    int on_host = omp_target_associate_ptr(a, d1, sizeof a, 0, host);
    int invalid = omp_target_associate_ptr(a, d1, sizeof a, 0, 3);
    printf("associate: first=%d again=%d overlap=%d host=%d invalid=%d present=%d mapped=%s\n", first, again,
           overlap, on_host, invalid, omp_target_is_present(a + 3, 1),
           omp_get_mapped_ptr(a + 1, 1) == (void *)(d1 + 3) ? "ok" : "WRONG");

    /* The region works on the associated storage: nothing is copied either
     * way, whatever the map clause (an infinite reference count). */
#pragma omp target device(1) map(tofrom : a)
    for (int i = 0; i < 4; i++)
        a[i] += 100; /* 11..14 on the device (not copied to), 111..114 after (not copied back) */
    omp_target_memcpy(back, d1, sizeof back, 0, 0, host, 1);
    printf("region on associated: host-unchanged=%d device-storage=%d,%d,%d,%d\n",
           a[0] == 1 && a[1] == 2 && a[2] == 3 && a[3] == 4, back[2], back[3], back[4], back[5]);

    int dis = omp_target_disassociate_ptr(a, 1);
    printf("disassociate: first=%d present=%d mapped=%s again=%d invalid=%d\n", dis, omp_target_is_present(a, 1),
           omp_get_mapped_ptr(a, 1) ? "ok" : "null", omp_target_disassociate_ptr(a, 1),
           omp_target_disassociate_ptr(a, 7));
    printf("mapped-ptr: host=%s unmapped=%s invalid=%s\n", omp_get_mapped_ptr(&x, host) == &x ? "same" : "WRONG",
           omp_get_mapped_ptr(&x, 0) ? "WRONG" : "null", omp_get_mapped_ptr(&x, 3) ? "WRONG" : "null");

    omp_target_free(d0, 0);
    omp_target_free(d1, 1);
    omp_target_free(h, host);
    omp_target_free(d0, 5); /* an invalid device: nothing happens */
}

/* map a[0:10], then inside map a[5:10]: partly outside what is mapped. */
static void overlap(void)
{
    int a[20] = {0};
#pragma omp target data map(tofrom : a[0 : 10])
    {
        printf("inside the data region\n");
        fflush(stdout);
#pragma omp target map(tofrom : a[5 : 10])
        a[5] = 1;
        printf("after the region: %d\n", a[5]);
    }
}

int main(int argc, char **argv)
{
    const char *mode = argc > 1 ? argv[1] : "";
    if (!strcmp(mode, "where"))
        where();
    else if (!strcmp(mode, "memory"))
        memory();
    else if (!strcmp(mode, "overlap"))
        overlap();
    else {
        fprintf(stderr, "usage: %s where|memory|overlap\n", argv[0]);
        return 2;
    }
    return 0;
}
