// Device memory routines with the host as the only device (device 0, the
// initial device): allocation, presence, copies (flat and rectangular) and
// the failure results for device numbers that do not exist (NULL, 0,
// EINVAL); associating memory with the host device is refused (EINVAL), as
// libgomp does.
// With Clang these routines belong to libomptarget, not to the OpenMP runtime:
// REQUIRES: gcc
// RUN: %omp-cc %s -o %t && %run %t | FileCheck %s
// RUN: %omp-cxx %s -o %t.cxx && %run %t.cxx | FileCheck %s
// CHECK: devices=0 initial=0
// CHECK-NEXT: alloc: 0=ok 1=null -1=null -2=null
// CHECK-NEXT: present: 0=1 1=0 -1=0 null=1
// CHECK-NEXT: memcpy: ok invalid=22,22
// CHECK-NEXT: rect: dims=2147483647 copy=ok invalid=22
// CHECK-NEXT: associate=22 disassociate=22
// CHECK-NEXT: target with device pointer: ok
#include <errno.h>
#include <omp.h>
#include <stdio.h>
#include <string.h>

int main(void)
{
    int host = omp_get_initial_device();
    printf("devices=%d initial=%d\n", omp_get_num_devices(), host);

    int *p0 = (int *)omp_target_alloc(64 * sizeof(int), 0);
    void *p1 = omp_target_alloc(16, 1), *pm1 = omp_target_alloc(16, -1), *pm2 = omp_target_alloc(16, -2);
    printf("alloc: 0=%s 1=%s -1=%s -2=%s\n", p0 ? "ok" : "null", p1 ? "ok" : "null", pm1 ? "ok" : "null",
           pm2 ? "ok" : "null");

    int x = 0;
    printf("present: 0=%d 1=%d -1=%d null=%d\n", omp_target_is_present(&x, 0), omp_target_is_present(&x, 1),
           omp_target_is_present(&x, -1), omp_target_is_present(NULL, 5));

    int src[64], back[64];
    for (int i = 0; i < 64; i++)
        src[i] = i * i;
    int r1 = omp_target_memcpy(p0, src, sizeof src, 0, 0, 0, host);
    memset(back, 0, sizeof back);
    int r2 = omp_target_memcpy(back, p0, 8 * sizeof(int), 4 * sizeof(int), 2 * sizeof(int), host, 0);
    int flat_ok = r1 == 0 && r2 == 0 && back[4] == 4 && back[11] == 81 && back[3] == 0 && back[12] == 0;
    printf("memcpy: %s invalid=%d,%d\n", flat_ok ? "ok" : "WRONG",
           omp_target_memcpy(back, src, 4, 0, 0, 1, host), omp_target_memcpy(back, src, 4, 0, 0, host, -1));

    /* A 3x4 block at (1, 2) of an 8x8 matrix goes to (0, 1) of a 4x6 one. */
    int big[8][8], small[4][6];
    for (int i = 0; i < 8; i++)
        for (int j = 0; j < 8; j++)
            big[i][j] = i * 10 + j;
    memset(small, 0, sizeof small);
    size_t volume[2] = {3, 4}, src_off[2] = {1, 2}, dst_off[2] = {0, 1}, src_dims[2] = {8, 8}, dst_dims[2] = {4, 6};
    int rr = omp_target_memcpy_rect(small, big, sizeof(int), 2, volume, dst_off, src_off, dst_dims, src_dims, 0,
                                    host);
    int rect_ok = rr == 0 && small[0][1] == 12 && small[2][4] == 35 && small[0][0] == 0 && small[3][1] == 0 &&
                  small[2][5] == 0;
    printf("rect: dims=%d copy=%s invalid=%d\n",
           omp_target_memcpy_rect(NULL, NULL, 0, 0, NULL, NULL, NULL, NULL, NULL, 0, 0), rect_ok ? "ok" : "WRONG",
           omp_target_memcpy_rect(small, big, sizeof(int), 2, volume, dst_off, src_off, dst_dims, src_dims, 3, 0));

    printf("associate=%d disassociate=%d\n", omp_target_associate_ptr(&x, p0, sizeof x, 0, 0),
           omp_target_disassociate_ptr(&x, 0));

    int sum = 0;
#pragma omp target is_device_ptr(p0) map(from : sum)
    for (int i = 0; i < 64; i++)
        sum += p0[i];
    int expected = 0;
    for (int i = 0; i < 64; i++)
        expected += i * i;
    printf("target with device pointer: %s\n", sum == expected ? "ok" : "WRONG");
    omp_target_free(p0, 0);
    omp_target_free(NULL, 0);
    return 0;
}
