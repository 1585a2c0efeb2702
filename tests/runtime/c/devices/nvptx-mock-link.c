// `declare target link` variables on the NVIDIA device kind, against the
// mock driver (Inputs/mock_cuda.c): the image has a pointer for the
// variable (GCC's host table marks it with the size's top bit), and the
// device code reaches the variable through that pointer. While the host
// variable is mapped, the pointer holds the device address of its copy (of
// the variable's base when a section is mapped); when the storage is
// unmapped it is NULL again. The device code's writes through the pointer
// come back with the map clause's copy. A device pointer of the wrong size
// is a clear message, and the device's regions then run on the host.
// Host devices run the host's code, which uses the host variable itself:
// link variables stay the host's there (docs/architecture.md).
// The program calls the GOMP entry points as GCC's code does:
// REQUIRES: gcc
// RUN: rm -rf %t.driver && mkdir -p %t.driver
// RUN: gcc -shared -fPIC -O2 -Wall %S/../Inputs/mock_cuda.c -o %t.driver/libcuda.so.1 -ldl -lpthread
// RUN: %omp-cc -rdynamic %s -L%libdir -o %t
// RUN: env LD_LIBRARY_PATH=%t.driver:%libdir %t 2>&1 | FileCheck %s --check-prefix=GPU
// RUN: env LD_LIBRARY_PATH=%t.driver:%libdir %t bad-size 2>&1 | FileCheck %s --check-prefix=BAD
// RUN: %run %t 2>&1 | FileCheck %s --check-prefix=NOGPU
#include <omp.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "../Inputs/mock_image.h"

#define N 16

void GOMP_target_ext(int, void (*)(void *), size_t, void **, size_t *, unsigned short *, unsigned, void **, void **);
void GOMP_target_data_ext(int, size_t, void **, size_t *, unsigned short *);
void GOMP_target_end_data(void);
void *omp_get_mapped_ptr(const void *, int); /* OpenMP 5.1, after GCC 12's omp.h */

/* ---- What the compiler would emit ------------------------------------------------ */

int table[N]; /* declare target link(table) */

/* The region's host version: the host's code uses the variable itself. */
static void region(void *arg)
{
    (void)arg;
    for (int i = 0; i < N; i++)
        table[i] += 1;
}

/* mkoffload's tables: the link variable's size has the top bit set. */
static const char ptx[] = MOCK_PTX;
static const struct mock_ptx_obj ptx_objs[] = {{ptx, sizeof ptx}};
static const char *const var_names[] = {"table"};
static const struct mock_fn_name fn_names[] = {{"link_kernel", {0, 0, 0}}};
static const struct mock_target_data target_data = {ptx_objs, 1, var_names, 1, fn_names, 1};
static void *const host_funcs[] = {(void *)region};
static void *const host_vars[] = {table, (void *)(sizeof table | ((uintptr_t)1 << (sizeof(uintptr_t) * 8 - 1)))};
static const void *const offload_table[] = {host_funcs, host_funcs + 1, host_vars, host_vars + 2};

__attribute__((constructor)) static void register_image(void)
{
    GOMP_offload_register_ver(0x10001, offload_table, MOCK_NVIDIA_PTX, &target_data);
}

/* ---- What the GPU runs (the mock driver calls it) -------------------------------- */

/* On the device, `table` is a pointer the runtime sets. */
size_t mock_global_bytes_table = sizeof(void *);
void *mock_device_table;

static void *link_pointer(void)
{
    /* NULL too without a device, and when the device's variable is too small
     * to hold a pointer (the bad-size run: the runtime refuses the image). */
    if (!mock_device_table || mock_global_bytes_table < sizeof(void *))
        return NULL;
    return *(void **)mock_device_table;
}

static void *seen_by_kernel;

void mock_kernel_link_kernel(void **args, unsigned teams, unsigned warps)
{
    (void)args, (void)teams, (void)warps;
    int *t = *(int **)mock_device_table;
    seen_by_kernel = t;
    if (t)
        for (int i = 0; i < N; i++)
            t[i] += 1000;
}

static void run_region(void)
{
    /* map(tofrom: table), as GCC maps a link variable the region uses. */
    void *hostaddrs[] = {table};
    size_t sizes[] = {sizeof table};
    unsigned short kinds[] = {(2 << 8) | 3};
    GOMP_target_ext(-1, region, 1, hostaddrs, sizes, kinds, 0, NULL, NULL);
}

int main(int argc, char **argv)
{
    setvbuf(stdout, NULL, _IONBF, 0); /* in order with the runtime's messages */
    if (argc > 1 && !strcmp(argv[1], "bad-size"))
        mock_global_bytes_table = 4;
    for (int i = 0; i < N; i++)
        table[i] = i;
    printf("devices=%d\n", omp_get_num_devices());

    run_region();
    printf("region: table[3]=%d kernel saw a copy=%d pointer after=%s\n", table[3],
           seen_by_kernel && seen_by_kernel != (void *)table, link_pointer() ? "set" : "NULL");

    /* target data map(tofrom: table): the pointer is the mapped copy for
     * the data region's length, and regions inside it use that copy. */
    void *daddrs[] = {table};
    size_t dsizes[] = {sizeof table};
    unsigned short dkinds[] = {(2 << 8) | 3};
    GOMP_target_data_ext(-1, 1, daddrs, dsizes, dkinds);
    void *mapped = omp_get_mapped_ptr(table, 0);
    printf("data: pointer is the mapped copy=%d\n", mapped && link_pointer() == mapped);
    run_region();
    printf("data: host table[3]=%d (not yet copied back)\n", table[3]);
    GOMP_target_end_data();
    printf("end data: table[3]=%d pointer=%s\n", table[3], link_pointer() ? "set" : "NULL");

    /* target data map(to: table[4:8]): the pointer is the variable's base
     * on the device, so table[4] is the section's first element. */
    void *saddrs[] = {&table[4]};
    size_t ssizes[] = {8 * sizeof(int)};
    unsigned short skinds[] = {(2 << 8) | 1};
    GOMP_target_data_ext(-1, 1, saddrs, ssizes, skinds);
    int *section = omp_get_mapped_ptr(&table[4], 0);
    int *base = link_pointer();
    printf("section: base=%d first element=%d\n", section && base == section - 4,
           section && base && base[4] == table[4]);
    GOMP_target_end_data();
    printf("section end: pointer=%s\n", link_pointer() ? "set" : "NULL");
    return 0;
}

// GPU: devices=1
// The kernel added 1000 through the pointer; copied back at the region's end.
// GPU-NEXT: region: table[3]=1003 kernel saw a copy=1 pointer after=NULL
// GPU-NEXT: data: pointer is the mapped copy=1
// GPU-NEXT: data: host table[3]=1003 (not yet copied back)
// GPU-NEXT: end data: table[3]=2003 pointer=NULL
// GPU-NEXT: section: base=1 first element=1
// GPU-NEXT: section end: pointer=NULL

// BAD: devices=1
// BAD-NEXT: glass: device 0 (NVIDIA) cannot be used: an offload image cannot be loaded: declare target link variable table has 4 bytes on the device and 8 on the host
// BAD-NEXT: region: table[3]=4 kernel saw a copy=0

// NOGPU: devices=0
// NOGPU-NEXT: region: table[3]=4 kernel saw a copy=0 pointer after=NULL
// NOGPU-NEXT: data: pointer is the mapped copy=0
// NOGPU: end data: table[3]=5 pointer=NULL
// NOGPU-NEXT: section: base=0 first element=0
