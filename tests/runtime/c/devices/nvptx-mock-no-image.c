// A program without NVIDIA offload code (no target region compiled for a
// device: data directives and device memory routines alone) has the GPU
// as device 0, as with libgomp, whose plugin counts the driver's devices
// whether or not the program brought images: mapped data lives in the GPU's
// memory (here the mock driver's, Inputs/mock_cuda.c), and a target region,
// having no device code, runs on the host. Without a driver there is no
// device and everything happens on the host.
// RUN: rm -rf %t.driver && mkdir -p %t.driver
// RUN: gcc -shared -fPIC -O2 -Wall %S/../Inputs/mock_cuda.c -o %t.driver/libcuda.so.1 -ldl
// RUN: %omp-cc %s -L%libdir -o %t
// RUN: env LD_LIBRARY_PATH=%t.driver:%libdir %t 2>&1 | FileCheck %s --check-prefix=GPU
// RUN: env LD_LIBRARY_PATH=%t.driver:%libdir OMP_TARGET_OFFLOAD=mandatory %t 2>&1 | FileCheck %s --check-prefix=GPU
// RUN: env LD_LIBRARY_PATH=%t.driver:%libdir MOCK_CUDA_DEVICES=0 %t 2>&1 | FileCheck %s --check-prefix=NOGPU
// RUN: %run %t 2>&1 | FileCheck %s --check-prefix=NOGPU
#include <omp.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

/* OpenMP 5.1; GCC 12's omp.h predates it (linked from Glass). */
void *omp_get_mapped_ptr(const void *ptr, int device_num);

#define N 64

int main(void)
{
    int devices = omp_get_num_devices();
    // GPU: devices=1 initial=1
    // NOGPU: devices=0 initial=0
    printf("devices=%d initial=%d\n", devices, omp_get_initial_device());
    if (devices == 0) {
        /* The same directives on the host alone. */
        int a[N];
        for (int i = 0; i < N; i++)
            a[i] = i;
#pragma omp target enter data map(to : a)
        int present = omp_target_is_present(a, omp_get_initial_device());
#pragma omp target exit data map(from : a)
        // NOGPU: host: present=1 a[5]=5
        printf("host: present=%d a[5]=%d\n", present, a[5]);
        return 0;
    }

    /* Device memory routines on device 0. */
    int host_buf[N], back[N];
    for (int i = 0; i < N; i++)
        host_buf[i] = 3 * i;
    int *dev = omp_target_alloc(sizeof host_buf, 0);
    int to = omp_target_memcpy(dev, host_buf, sizeof host_buf, 0, 0, 0, omp_get_initial_device());
    memset(back, 0, sizeof back);
    int from = omp_target_memcpy(back, dev, sizeof back, 0, 0, omp_get_initial_device(), 0);
    // GPU: memory: alloc=ok to=0 from=0 back[10]=30
    printf("memory: alloc=%s to=%d from=%d back[10]=%d\n", dev ? "ok" : "null", to, from, back[10]);
    omp_target_free(dev, 0);

    /* Mapped data: a device copy of its own, kept by enter data, written on
     * the device through its mapped address, read back by update. clang
     * without -fopenmp-targets compiles data directives to nothing. */
#ifdef __clang__
    // GPU: mapped: {{present=1 own-copy=1 before-update=7 after-update=700|none: clang without offload targets}}
    printf("mapped: none: clang without offload targets\n");
    int a[N];
    // GPU: unmapped: present=0
    printf("unmapped: present=%d\n", omp_target_is_present(a, 0));
#else
    int a[N];
    for (int i = 0; i < N; i++)
        a[i] = i;
#pragma omp target enter data map(to : a)
    int present = omp_target_is_present(a, 0);
    int *mapped = omp_get_mapped_ptr(a, 0);
    int seven = 700;
    omp_target_memcpy(mapped, &seven, sizeof seven, 7 * sizeof(int), 0, 0, omp_get_initial_device());
    int before_update = a[7];
#pragma omp target update from(a[7 : 1])
    printf("mapped: present=%d own-copy=%d before-update=%d after-update=%d\n", present,
           mapped != NULL && (uintptr_t)mapped != (uintptr_t)a, before_update, a[7]);
#pragma omp target exit data map(delete : a)
    printf("unmapped: present=%d\n", omp_target_is_present(a, 0));
#endif
    return 0;
}
