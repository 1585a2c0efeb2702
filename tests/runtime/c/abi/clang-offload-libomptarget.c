// A clang program built with -fopenmp-targets=x86_64-pc-linux-gnu offloads
// through LLVM's own libomptarget with Glass as libomp.so.5, unchanged, and
// the device routines answer with libomptarget's numbering, as LLVM's libomp
// does: the same program prints the same lines on both runtimes (the libomp
// of the run's LLVM: 14 for clang, 19 for clang-19). Its target regions
// really run on libomptarget's x86_64 device (separate copies of mapped
// data, results come back through map(from:)), also as target tasks
// (nowait with depend), and the device memory routines on device 0 and on
// the initial device agree with those numbers. Glass's own host devices
// (GLASS_HOST_DEVICES) are not added to that numbering: a warning says so.
// With a tool started while
// the runtime loads (before LLVM 19's libomptarget is set up, as it depends
// on libomp) and finalized at exit (after it is taken down), the tool asks
// for the devices at both ends without reaching a libomptarget not there.
// The reference run turns libomp's hidden helper threads off: libomp 14
// fails an assertion on them (KMP_HIDDEN_HELPER_THREAD, kmp_tasking.cpp)
// in about one run in five of the nowait target task.
// REQUIRES: clang, libomptarget
// RUN: %omp-cc -fopenmp-targets=x86_64-pc-linux-gnu %s -o %t
// RUN: %omp-cc -DTOOL -shared -fPIC %s -o %t.tool.so
// RUN: env LIBOMP_USE_HIDDEN_HELPER_TASK=0 LD_LIBRARY_PATH=%llvm-omp-libdir %t > %t.libomp 2> %t.libomp-runtime
// RUN: %offload-run %t > %t.glass 2> %t.glass-runtime
// RUN: FileCheck %s --check-prefix=LIBOMP < %t.libomp-runtime
// RUN: FileCheck %s --check-prefix=GLASS < %t.glass-runtime
// RUN: diff %t.libomp %t.glass
// RUN: FileCheck %s < %t.glass
// RUN: env GLASS_HOST_DEVICES=2 %offload-run %t > %t.glass-host-devices 2> %t.host-devices-out
// RUN: diff %t.glass %t.glass-host-devices
// RUN: FileCheck %s --check-prefix=HOST-DEVICES < %t.host-devices-out
// HOST-DEVICES: glass: LLVM's libomptarget is loaded and numbers the devices: GLASS_HOST_DEVICES is ignored; GCC-compiled target regions run on the host
// RUN: env OMP_TOOL_LIBRARIES=%t.tool.so %offload-run %t > %t.glass-tool 2> %t.tool-out
// RUN: diff %t.glass %t.glass-tool
// RUN: FileCheck %s --check-prefix=TOOL < %t.tool-out
// TOOL: tool: initial-device-num 0
// TOOL-NEXT: runtime: libglass.so
// TOOL-NEXT: tool: devices at the end {{[1-9][0-9]*$}}
// LIBOMP: runtime: libomp
// GLASS: runtime: libglass.so
// CHECK: devices [[N:[1-9][0-9]*]] initial [[N]] default 0 device-num [[N]] is-initial 1 threads-agree 1
// CHECK-NEXT: region: separate-copy 1 is-initial 0 squares 0 1 4 9 16 25 36 49
// CHECK-NEXT: nowait: doubled 126 after-depend 1
// CHECK-NEXT: teams: sum 499500
// CHECK-NEXT: alloc 1 to 0 back 0 copied 1 2 3 4 present-unmapped 0 present-in-data 1 present-on-host 1 host-alloc 1
#ifdef TOOL
/* The tool: its initializer runs while the runtime loads, its finalizer at
 * exit; both ask for the devices. */
#include <omp-tools.h>
#include <stdio.h>

static ompt_get_num_devices_t get_num_devices;

static int initialize(ompt_function_lookup_t lookup, int initial_device_num, ompt_data_t *data)
{
    (void)data;
    get_num_devices = (ompt_get_num_devices_t)lookup("ompt_get_num_devices");
    fprintf(stderr, "tool: initial-device-num %d\n", initial_device_num);
    return 1;
}

static void finalize(ompt_data_t *data)
{
    (void)data;
    fprintf(stderr, "tool: devices at the end %d\n", get_num_devices());
}

ompt_start_tool_result_t *ompt_start_tool(unsigned int omp_version, const char *runtime_version)
{
    (void)omp_version, (void)runtime_version;
    static ompt_start_tool_result_t result = {initialize, finalize, {0}};
    return &result;
}
#else
#define _GNU_SOURCE
#include <dlfcn.h>
#include <omp.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Which runtime answers omp_get_num_devices, on stderr (the outputs the
 * test compares must be the same on both). */
static void say_runtime(void)
{
    Dl_info info;
    char *path = dladdr((void *)omp_get_num_devices, &info) ? realpath(info.dli_fname, NULL) : NULL;
    const char *name = path ? strrchr(path, '/') + 1 : "?";
    fprintf(stderr, "runtime: %s\n", name);
    free(path);
}

static void device_routines(void)
{
    int n = omp_get_num_devices();
    int agree = 1;
#pragma omp parallel num_threads(3) reduction(&& : agree)
    agree = omp_get_num_devices() == n && omp_get_initial_device() == n && omp_is_initial_device();
    printf("devices %d initial %d default %d device-num %d is-initial %d threads-agree %d\n", n,
           omp_get_initial_device(), omp_get_default_device(), omp_get_device_num(), omp_is_initial_device(),
           agree);
}

static void target_region(void)
{
    int x = 7, squares[8] = {0}, on_initial = -1;
    uintptr_t seen = 0;
#pragma omp target map(to : x) map(from : squares, seen, on_initial)
    {
        seen = (uintptr_t)&x;
        on_initial = omp_is_initial_device();
        for (int i = 0; i < 8; i++)
            squares[i] = i * i;
    }
    printf("region: separate-copy %d is-initial %d squares", seen != (uintptr_t)&x, on_initial);
    for (int i = 0; i < 8; i++)
        printf(" %d", squares[i]);
    printf("\n");
}

static void target_task(void)
{
    int a[64], b[64] = {0}, after = 0;
    for (int i = 0; i < 64; i++)
        a[i] = i;
#pragma omp parallel num_threads(2)
#pragma omp single
    {
#pragma omp target map(to : a) map(from : b) nowait depend(out : b)
        for (int i = 0; i < 64; i++)
            b[i] = 2 * a[i];
#pragma omp task depend(in : b) shared(after, b)
        after = b[63] == 126 && b[1] == 2;
#pragma omp taskwait
    }
    printf("nowait: doubled %d after-depend %d\n", b[63], after);
}

static void teams(void)
{
    long sum = 0;
#pragma omp target teams distribute parallel for reduction(+ : sum) map(tofrom : sum)
    for (int i = 0; i < 1000; i++)
        sum += i;
    printf("teams: sum %ld\n", sum);
}

static void memory_routines(void)
{
    int host = omp_get_initial_device();
    int v[4] = {1, 2, 3, 4}, w[4] = {0};
    int *p = omp_target_alloc(sizeof v, 0);
    int to = p ? omp_target_memcpy(p, v, sizeof v, 0, 0, 0, host) : -1;
    int back = p ? omp_target_memcpy(w, p, sizeof w, 0, 0, host, 0) : -1;
    int unmapped = omp_target_is_present(v, 0);
    omp_target_free(p, 0);
    int in_data;
#pragma omp target data map(to : v)
    in_data = omp_target_is_present(v, 0);
    void *on_host = omp_target_alloc(16, host);
    printf("alloc %d to %d back %d copied %d %d %d %d present-unmapped %d present-in-data %d present-on-host %d "
           "host-alloc %d\n",
           p != NULL, to, back, w[0], w[1], w[2], w[3], unmapped, in_data, omp_target_is_present(v, host),
           on_host != NULL);
    omp_target_free(on_host, host);
}

int main(void)
{
    say_runtime();
    device_routines();
    target_region();
    target_task();
    teams();
    memory_routines();
    return 0;
}
#endif
