// Offload images registered and unregistered while the program runs, on the
// NVIDIA device kind against the mock driver: a library with offload code
// (Inputs/mock_offload_lib.c) opened with dlopen after the device started
// has its image loaded into the device at once (device_load with the
// library's file name), its region runs on the device and its `declare
// target` variable is present; unregistering it unloads the module
// (device_unload with that module's id, the CUDA module unloaded), after
// which its region runs on the host and its variable is gone; dlclose's
// unregistering of an image already unregistered does nothing; the
// program's own image and regions are untouched throughout; opening the
// library again loads it again, as a new module. At exit each module still
// loaded is unloaded once, before device_finalize.
// A tool in the program prints the device events (the OMPT build):
// REQUIRES: gcc, ompt
// RUN: rm -rf %t.driver && mkdir -p %t.driver
// RUN: gcc -shared -fPIC -O2 -Wall %S/../Inputs/mock_cuda.c -o %t.driver/libcuda.so.1 -ldl -lpthread
// RUN: %omp-cc -shared -fPIC -I%S/.. %S/../Inputs/mock_offload_lib.c -o %t.driver/libmockoffload.so
// RUN: %omp-cc -rdynamic -idirafter %srcroot/include %s -L%libdir -o %t -ldl
// RUN: env LD_LIBRARY_PATH=%t.driver:%libdir MOCK_CUDA_LOG=1 %t %t.driver/libmockoffload.so 2>&1 | FileCheck %s --check-prefix=GPU
// RUN: env LD_LIBRARY_PATH=%t.driver:%libdir MOCK_CUDA_DEVICES=0 %t %t.driver/libmockoffload.so 2>&1 | FileCheck %s --check-prefix=NOGPU
#include <dlfcn.h>
#include <omp-tools.h>
#include <omp.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "../Inputs/mock_image.h"

void GOMP_target_ext(int, void (*)(void *), size_t, void **, size_t *, unsigned short *, unsigned, void **, void **);

/* ---- The program's own offload code ------------------------------------------ */

static void region(void *arg)
{
    **(int **)arg += 1;
}

MOCK_ONE_REGION_IMAGE(region, "main_kernel")

static int run_main(int x)
{
    void *hostaddrs[] = {&x};
    size_t sizes[] = {sizeof x};
    unsigned short kinds[] = {(2 << 8) | 3};
    GOMP_target_ext(-1, region, 1, hostaddrs, sizes, kinds, 0, NULL, NULL);
    return x;
}

/* ---- What the GPU runs: device versions add 1000 ------------------------------ */

void mock_kernel_main_kernel(void **args, unsigned teams, unsigned warps)
{
    (void)teams, (void)warps;
    *(int *)args[0] += 1000;
}

void mock_kernel_lib_kernel(void **args, unsigned teams, unsigned warps)
{
    (void)teams, (void)warps;
    *(int *)args[0] += 1000;
}

size_t mock_global_bytes_lib_counter = sizeof(int);

/* ---- The tool: device events, each module named by its file ------------------- */

static struct {
    uint64_t id;
    char name[64];
} modules[8];
static int nmodules;

static const char *module_name(uint64_t id)
{
    for (int i = 0; i < nmodules; i++)
        if (modules[i].id == id)
            return modules[i].name;
    return "unknown";
}

static void on_device_initialize(int device_num, const char *type, ompt_device_t *device,
                                 ompt_function_lookup_t lookup, const char *documentation)
{
    (void)device, (void)lookup, (void)documentation;
    printf("tool: device_initialize device=%d type=%s\n", device_num, type);
}

static void on_device_load(int device_num, const char *filename, int64_t offset, void *vma, size_t bytes,
                           void *host_addr, void *device_addr, uint64_t module_id)
{
    (void)offset, (void)vma, (void)device_addr;
    const char *base = filename ? strrchr(filename, '/') : NULL;
    base = base ? base + 1 : filename ? filename : "(none)";
    if (nmodules < 8) {
        modules[nmodules].id = module_id;
        /* Loaded twice: the second load is a new module. */
        snprintf(modules[nmodules].name, sizeof modules[nmodules].name, "%s#%d", base, nmodules);
        nmodules++;
    }
    printf("tool: device_load device=%d module=%s host-copy=%s\n", device_num, module_name(module_id),
           host_addr && bytes ? "yes" : "no");
}

static void on_device_unload(int device_num, uint64_t module_id)
{
    printf("tool: device_unload device=%d module=%s\n", device_num, module_name(module_id));
}

static void on_device_finalize(int device_num)
{
    printf("tool: device_finalize device=%d\n", device_num);
}

static int initialize(ompt_function_lookup_t lookup, int initial_device_num, ompt_data_t *tool_data)
{
    (void)initial_device_num, (void)tool_data;
    ompt_set_callback_t set_callback = (ompt_set_callback_t)lookup("ompt_set_callback");
    set_callback(ompt_callback_device_initialize, (ompt_callback_t)on_device_initialize);
    set_callback(ompt_callback_device_load, (ompt_callback_t)on_device_load);
    set_callback(ompt_callback_device_unload, (ompt_callback_t)on_device_unload);
    set_callback(ompt_callback_device_finalize, (ompt_callback_t)on_device_finalize);
    return 1;
}

static void finalize(ompt_data_t *tool_data)
{
    (void)tool_data;
    printf("tool: finalize\n");
}

ompt_start_tool_result_t *ompt_start_tool(unsigned int omp_version, const char *runtime_version)
{
    (void)omp_version, (void)runtime_version;
    static ompt_start_tool_result_t result = {initialize, finalize, {0}};
    return &result;
}

/* ---- The program --------------------------------------------------------------- */

int main(int argc, char **argv)
{
    setvbuf(stdout, NULL, _IONBF, 0); /* in order with the mock driver's lines */
    if (argc < 2)
        return 2;
    printf("devices=%d main=%d\n", omp_get_num_devices(), run_main(0));

    for (int round = 1; round <= 2; round++) {
        printf("dlopen %d\n", round);
        void *lib = dlopen(argv[1], RTLD_NOW | RTLD_LOCAL);
        if (!lib) {
            printf("dlopen: %s\n", dlerror());
            return 1;
        }
        int (*lib_run)(int) = (int (*)(int))dlsym(lib, "lib_run");
        int (*lib_counter_present)(void) = (int (*)(void))dlsym(lib, "lib_counter_present");
        void (*lib_unregister)(void) = (void (*)(void))dlsym(lib, "lib_unregister");
        printf("lib=%d counter present=%d\n", lib_run(0), lib_counter_present());
        if (round == 1) {
            printf("unregister\n");
            lib_unregister();
            printf("lib=%d counter present=%d\n", lib_run(0), lib_counter_present());
            printf("dlclose\n");
            dlclose(lib);
            printf("main=%d\n", run_main(0));
        }
    }
    printf("exit\n");
    return 0;
}

// The program's image loads with the device.
// GPU: mock: linked 1 PTX objects
// GPU: tool: device_initialize device=0 type=NVIDIA Mock GPU 0
// GPU-NEXT: tool: device_load device=0 module=nvptx-mock-dlopen.c.tmp#0 host-copy=yes
// GPU-NEXT: mock: launch main_kernel
// GPU-NEXT: devices=1 main=1000
// The library's image, registered by its constructor, loads at once.
// GPU-NEXT: dlopen 1
// GPU-NEXT: mock: linked 1 PTX objects
// GPU-NEXT: mock: global lib_counter, 4 bytes
// GPU-NEXT: mock: global __nvptx_clocktick, 8 bytes
// GPU-NEXT: tool: device_load device=0 module=libmockoffload.so#1 host-copy=yes
// GPU-NEXT: mock: launch lib_kernel
// GPU-NEXT: lib=1000 counter present=1
// GPU-NEXT: unregister
// GPU-NEXT: tool: device_unload device=0 module=libmockoffload.so#1
// GPU-NEXT: mock: module unloaded
// GPU-NEXT: lib=1 counter present=0
// dlclose's destructor unregisters again: nothing is left to unload.
// GPU-NEXT: dlclose
// GPU-NEXT: mock: launch main_kernel
// GPU-NEXT: main=1000
// GPU-NEXT: dlopen 2
// GPU-NEXT: mock: linked 1 PTX objects
// GPU-NEXT: mock: global lib_counter, 4 bytes
// GPU-NEXT: mock: global __nvptx_clocktick, 8 bytes
// GPU-NEXT: tool: device_load device=0 module=libmockoffload.so#2 host-copy=yes
// GPU-NEXT: mock: launch lib_kernel
// GPU-NEXT: lib=1000 counter present=1
// GPU-NEXT: exit
// The library, still open, unregisters in its destructor at exit, or the
// device's end unloads it: once, either way; then the program's module.
// GPU-NOT: module=libmockoffload.so#1
// GPU: tool: device_unload device=0 module=libmockoffload.so#2
// GPU-NOT: device_unload device=0 module=libmockoffload.so#2
// GPU: tool: device_unload device=0 module=nvptx-mock-dlopen.c.tmp#0
// GPU-NOT: device_unload
// GPU: tool: device_finalize device=0
// GPU-NOT: device_unload
// GPU: tool: finalize

// Without a GPU the regions run on the host; registering and unregistering
// touch no device.
// NOGPU: devices=0 main=1
// NOGPU-NEXT: dlopen 1
// NOGPU-NEXT: lib=1 counter present=1
// NOGPU-NEXT: unregister
// NOGPU-NEXT: lib=1 counter present=1
// NOGPU-NEXT: dlclose
// NOGPU-NEXT: main=1
// NOGPU-NEXT: dlopen 2
// NOGPU-NEXT: lib=1 counter present=1
// NOGPU-NEXT: exit
// NOGPU-NOT: device_
// NOGPU: tool: finalize
