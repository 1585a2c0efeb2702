// The NVIDIA device kind (src/device/nvptx/nvptx_device.c) against a mock CUDA
// driver (Inputs/mock_cuda.c, built as libcuda.so.1), so that its logic is
// tested on machines without a GPU (an offload image as GCC 12's mkoffload
// lays it out (registered with GOMP_offload_register_ver), its kernel found by
// name and launched with GCC's parameters and geometry (num_teams and
// thread_limit from the target arguments, else the registers' limit), the
// mapped data copied to and from device memory, firstprivate values, a
// declare target variable mapped to the module's global, a region without
// device code run on the host), and no device at all without a GPU (the same
// program then runs the host versions).
// The program calls the GOMP entry points as GCC's code does:
// REQUIRES: gcc
// RUN: rm -rf %t.driver && mkdir -p %t.driver
// RUN: gcc -shared -fPIC -O2 -Wall %S/../Inputs/mock_cuda.c -o %t.driver/libcuda.so.1 -ldl
// RUN: %omp-cc -rdynamic %s -o %t
// RUN: env LD_LIBRARY_PATH=%t.driver:%libdir MOCK_CUDA_LOG=1 %t 2>&1 | FileCheck %s --check-prefix=GPU
// RUN: env LD_LIBRARY_PATH=%t.driver:%libdir MOCK_CUDA_DEVICES=0 %t 2>&1 | FileCheck %s --check-prefix=NOGPU
// RUN: %run %t 2>&1 | FileCheck %s --check-prefix=NOGPU
// RUN: env LD_LIBRARY_PATH=%t.driver:%libdir GLASS_HOST_DEVICES=1 %t 2>&1 | FileCheck %s --check-prefix=WITH-HOST
#include <omp.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "../Inputs/mock_image.h"

#define N 64

void GOMP_target_ext(int, void (*)(void *), size_t, void **, size_t *, unsigned short *, unsigned, void **, void **);
void GOMP_target_update_ext(int, size_t, void **, size_t *, unsigned short *, unsigned, void **);

/* ---- What the compiler would emit ------------------------------------------------ */

int counter = 7; /* declare target */

/* The region's host version: y += a * x. */
static void region(void *arg)
{
    void **args = arg;
    float *x = args[0], *y = args[1], a = *(float *)args[2];
    for (int i = 0; i < N; i++)
        y[i] += a * x[i];
}

/* A region the image has no kernel for. */
static void host_only(void *arg)
{
    **(int **)arg = 1;
}

/* mkoffload's tables (nvptx_image.h). */
static const char ptx[] = MOCK_PTX;
static const struct mock_ptx_obj ptx_objs[] = {{ptx, sizeof ptx}};
static const char *const var_names[] = {"counter"};
static const struct mock_fn_name fn_names[] = {{"region_kernel", {0, 0, 0}}};
static const struct mock_target_data target_data = {ptx_objs, 1, var_names, 1, fn_names, 1};
static void *const host_funcs[] = {(void *)region};
static void *const host_vars[] = {&counter, (void *)sizeof counter};
static const void *const offload_table[] = {host_funcs, host_funcs + 1, host_vars, host_vars + 2};

__attribute__((constructor)) static void register_image(void)
{
    GOMP_offload_register_ver(0x10001, offload_table, MOCK_NVIDIA_PTX, &target_data);
}

/* ---- What the GPU runs (the mock driver calls it) -------------------------------- */

size_t mock_global_bytes_counter = sizeof(int);
void *mock_device_counter;

/* The device version adds 1000 too, so the result says where it ran. */
void mock_kernel_region_kernel(void **args, unsigned teams, unsigned warps)
{
    (void)teams, (void)warps;
    float *x = args[0], *y = args[1], a = *(float *)args[2];
    for (int i = 0; i < N; i++)
        y[i] += a * x[i] + 1000;
}

int main(void)
{
    static float x[N], y[N];
    float a = 2;
    setvbuf(stdout, NULL, _IONBF, 0); /* in order with the mock driver's lines */
    for (int i = 0; i < N; i++)
        x[i] = (float)i, y[i] = 1;
    printf("devices=%d\n", omp_get_num_devices());

    /* map(to: x) map(tofrom: y) firstprivate(a) num_teams(3) thread_limit(64) */
    void *hostaddrs[] = {x, y, &a};
    size_t sizes[] = {sizeof x, sizeof y, sizeof a};
    unsigned short kinds[] = {(2 << 8) | 1, (2 << 8) | 3, (2 << 8) | 12};
    void *args[] = {(void *)(intptr_t)((3 << 16) | 0x100), (void *)(intptr_t)((64 << 16) | 0x200), NULL};
    GOMP_target_ext(-1, region, 3, hostaddrs, sizes, kinds, 0, NULL, args);
    printf("y[10]=%g\n", y[10]);

    /* No num_teams: as many teams as the registers allow. */
    GOMP_target_ext(-1, region, 3, hostaddrs, sizes, kinds, 0, NULL, NULL);
    printf("y[10]=%g\n", y[10]);

    /* target update to(counter): the module's global gets the host value. */
    counter = 42;
    void *uaddrs[] = {&counter};
    size_t usizes[] = {sizeof counter};
    unsigned short ukinds[] = {(2 << 8) | 1};
    GOMP_target_update_ext(-1, 1, uaddrs, usizes, ukinds, 0, NULL);
    printf("device counter=%d\n", mock_device_counter ? *(int *)mock_device_counter : -1);

    /* A region without device code runs on the host, with the host's data. */
    int ran = 0;
    void *haddrs[] = {&ran};
    size_t hsizes[] = {sizeof ran};
    unsigned short hkinds[] = {(2 << 8) | 3};
    GOMP_target_ext(-1, host_only, 1, haddrs, hsizes, hkinds, 0, NULL, NULL);
    printf("host-only region ran=%d\n", ran);
    return 0;
}

// The device starts at its first use: the image linked, its variable and
// the clock tick found.
// GPU: devices=1
// GPU-NEXT: mock: linked 1 PTX objects
// GPU-NEXT: mock: global counter, 4 bytes
// GPU-NEXT: mock: global __nvptx_clocktick, 8 bytes
// GPU: mock: launch region_kernel teams=3 warps=2 stack=131072 stacks=yes
// GPU: y[10]=1021
// 65536 registers / (32 per thread x 32 threads x 8 warps) x 4 multiprocessors:
// GPU: mock: launch region_kernel teams=32 warps=8 stack=131072 stacks=yes
// GPU: y[10]=2041
// GPU: device counter=42
// GPU-NOT: mock: launch
// GPU: host-only region ran=1

// NOGPU: devices=0
// NOGPU: y[10]=21
// NOGPU: y[10]=41
// NOGPU: device counter=-1
// NOGPU: host-only region ran=1

// The GPU comes first; the host device after it.
// WITH-HOST: devices=2
// WITH-HOST: y[10]=1021
