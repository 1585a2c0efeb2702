// What a tool sees of the mock device kind (tests/runtime/Inputs/
// mock_device_kind.c, in the runtime's test copy): the initial device's
// number counts its devices (OpenMP 5.1, 4.2.3: 3 = two host devices and one
// mock device), and device_initialize (4.5.2.19) gives the mock's device its
// number after the host devices, the kind's own type and documentation
// strings, and a lookup whose ompt_get_device_num_procs (4.6.2.1) answers
// with the mock's operation (3 processors). The device memory routines
// initialize it, whatever compiled the program.
// REQUIRES: mock-device-kind
// RUN: %ompt-cc %s %ompt-link -o %t
// RUN: env GLASS_HOST_DEVICES=2 GLASS_MOCK_DEVICES=1 %mock-kind-run %t 2>&1 | FileCheck %s
#include <omp-tools.h>
#include <omp.h>
#include <stdio.h>

static void on_device_initialize(int device_num, const char *type, ompt_device_t *device,
                                 ompt_function_lookup_t lookup, const char *documentation)
{
    ompt_get_device_num_procs_t num_procs = (ompt_get_device_num_procs_t)lookup("ompt_get_device_num_procs");
    printf("device_initialize %d type=%s procs=%d doc=%s\n", device_num, type,
           num_procs ? num_procs(device) : -1, documentation);
    fflush(stdout);
}

static void on_device_finalize(int device_num)
{
    printf("device_finalize %d\n", device_num);
    fflush(stdout);
}

static int initialize(ompt_function_lookup_t lookup, int initial_device_num, ompt_data_t *tool_data)
{
    (void)tool_data;
    printf("initial device %d\n", initial_device_num);
    ompt_set_callback_t set_callback = (ompt_set_callback_t)lookup("ompt_set_callback");
    set_callback(ompt_callback_device_initialize, (ompt_callback_t)on_device_initialize);
    set_callback(ompt_callback_device_finalize, (ompt_callback_t)on_device_finalize);
    return 1;
}

static void finalize(ompt_data_t *tool_data)
{
    (void)tool_data;
}

ompt_start_tool_result_t *ompt_start_tool(unsigned int omp_version, const char *runtime_version)
{
    (void)omp_version, (void)runtime_version;
    static ompt_start_tool_result_t result = {initialize, finalize, {0}};
    return &result;
}

int main(void)
{
    int mock = omp_get_num_devices() - 1;
    printf("devices=%d\n", omp_get_num_devices());
    fflush(stdout);
    void *p = omp_target_alloc(8, mock);
    omp_target_free(p, mock);
    printf("allocated=%d\n", p != NULL);
    fflush(stdout);
    return 0;
}

// CHECK: initial device 3
// CHECK: devices=3
// CHECK-NEXT: mock-kind: device 2 init
// CHECK-NEXT: device_initialize 2 type=glass-mock procs=3 doc=Glass mock device: a test kind that reports its operations on stderr
// CHECK: mock-kind: device 2 alloc 8
// CHECK: allocated=1
// The tool hears of the end before the kind ends the device.
// CHECK: device_finalize 2
// CHECK-NEXT: mock-kind: device 2 fini
// CHECK-NOT: device_initialize
