// A clang program offloading through LLVM 19's libomptarget (to its x86_64
// device) on Glass: libomptarget finds `ompt_libomp_connect` in the runtime,
// as it does in LLVM's libomp, and raises its device, target, data-op and
// submit events to the tool running on Glass (before, Glass had no such
// entry point and the tool saw none of them while ompt_set_callback
// answered ompt_set_always). The tool's lines must be those of the same run
// on LLVM 19's libomp; they say the kinds, devices, byte counts, that the
// target_data and host_op_id the tool set at begin come back at the end and
// in the construct's operations, that the encountering task's data is not
// the target task's, and that target_task_data is never NULL.
// LLVM 14's libomptarget has no OMPT (it never calls the connector).
// With FINISH_TOOL set, the tool calls ompt_finalize_tool after the first region: the
// runtime ends libomptarget's reporting first, so no event follows the
// tool's finalizer, and the program's later regions still run (as on libomp).
// REQUIRES: clang-19, libomptarget
// UNSUPPORTED: under-check
// RUN: %ompt-cc -fopenmp-targets=x86_64-pc-linux-gnu %s -o %t
// RUN: gcc -shared -fPIC -O2 -g -Wall -I%srcroot/include -DTOOL %s -o %t.tool.so
// RUN: env OMP_TOOL_LIBRARIES=%t.tool.so LIBOMP_USE_HIDDEN_HELPER_TASK=0 LD_LIBRARY_PATH=%llvm-omp-libdir %t > %t.libomp
// RUN: env OMP_TOOL_LIBRARIES=%t.tool.so %offload-run %t > %t.glass
// RUN: FileCheck %s < %t.glass
// RUN: diff %t.libomp %t.glass
// RUN: env OMP_TOOL_LIBRARIES=%t.tool.so FINISH_TOOL=%t.tool.so LIBOMP_USE_HIDDEN_HELPER_TASK=0 LD_LIBRARY_PATH=%llvm-omp-libdir %t > %t.libomp-finish
// RUN: env OMP_TOOL_LIBRARIES=%t.tool.so FINISH_TOOL=%t.tool.so %offload-run %t > %t.glass-finish
// RUN: FileCheck %s --check-prefix=FINISH < %t.glass-finish
// RUN: diff %t.libomp-finish %t.glass-finish
#ifdef TOOL
#include <inttypes.h>
#include <omp-tools.h>
#include <stdio.h>

static uint64_t next_value = 100;
static int errors, events, finalized;
static ompt_finalize_tool_t finalize_tool;

static void error(const char *what)
{
    printf("tool: ERROR: %s\n", what);
    errors++;
}

/* Every callback: nothing may come after the tool's finalizer. */
static void event(void)
{
    events++;
    if (finalized)
        error("an event after the tool's finalizer");
}

/* The program's way to have the tool end itself (FINISH_TOOL). */
void tool_finish(void)
{
    finalize_tool();
}

static void on_device_initialize(int device_num, const char *type, ompt_device_t *device,
                                 ompt_function_lookup_t lookup, const char *documentation)
{
    (void)type, (void)device, (void)lookup, (void)documentation;
    event();
    if (device_num == 0)
        printf("tool: device_initialize 0\n");
}

static void on_device_load(int device_num, const char *filename, int64_t offset, void *vma, size_t bytes,
                           void *host_addr, void *device_addr, uint64_t module_id)
{
    (void)filename, (void)offset, (void)vma, (void)bytes, (void)host_addr, (void)device_addr, (void)module_id;
    event();
    printf("tool: device_load %d\n", device_num);
}

static void on_device_finalize(int device_num)
{
    event();
    if (device_num == 0)
        printf("tool: device_finalize 0\n");
}

static void on_target(ompt_target_t kind, ompt_scope_endpoint_t endpoint, int device_num, ompt_data_t *task_data,
                      ompt_data_t *target_task_data, ompt_data_t *target_data, const void *codeptr)
{
    (void)codeptr;
    event();
    if (endpoint == ompt_scope_begin) {
        if (target_data->value)
            error("target_data not 0 at begin");
        target_data->value = ++next_value;
    }
    printf("tool: target %s kind=%d device=%d data=%" PRIu64 " task-data=%d own-target-task-data=%d\n",
           endpoint == ompt_scope_begin ? "begin" : "end", (int)kind, device_num, target_data->value,
           task_data != NULL, target_task_data != NULL && target_task_data != task_data);
}

static void on_data_op(ompt_scope_endpoint_t endpoint, ompt_data_t *target_task_data, ompt_data_t *target_data,
                       ompt_id_t *host_op_id, ompt_target_data_op_t optype, void *src, int src_device, void *dest,
                       int dest_device, size_t bytes, const void *codeptr)
{
    (void)target_task_data, (void)src, (void)dest, (void)codeptr;
    static ompt_id_t pending;
    event();
    if (endpoint == ompt_scope_begin)
        *host_op_id = pending = ++next_value;
    else if (*host_op_id != pending)
        error("host_op_id at end is not what the tool set at begin");
    if (endpoint == ompt_scope_end)
        printf("tool: data-op %d %d -> %d bytes=%zu construct=%" PRIu64 "\n", (int)optype, src_device, dest_device,
               optype == ompt_target_data_delete ? (size_t)0 : bytes, target_data->value);
}

static void on_submit(ompt_scope_endpoint_t endpoint, ompt_data_t *target_data, ompt_id_t *host_op_id,
                      unsigned int requested_num_teams)
{
    (void)host_op_id;
    event();
    if (endpoint == ompt_scope_begin)
        printf("tool: submit teams=%u construct=%" PRIu64 "\n", requested_num_teams, target_data->value);
}

static int initialize(ompt_function_lookup_t lookup, int initial_device_num, ompt_data_t *tool_data)
{
    (void)initial_device_num, (void)tool_data;
    ompt_set_callback_t set_callback = (ompt_set_callback_t)lookup("ompt_set_callback");
    finalize_tool = (ompt_finalize_tool_t)lookup("ompt_finalize_tool");
    set_callback(ompt_callback_device_initialize, (ompt_callback_t)on_device_initialize);
    set_callback(ompt_callback_device_load, (ompt_callback_t)on_device_load);
    set_callback(ompt_callback_device_finalize, (ompt_callback_t)on_device_finalize);
    set_callback(ompt_callback_target_emi, (ompt_callback_t)on_target);
    set_callback(ompt_callback_target_data_op_emi, (ompt_callback_t)on_data_op);
    set_callback(ompt_callback_target_submit_emi, (ompt_callback_t)on_submit);
    return 1;
}

static void finalize(ompt_data_t *tool_data)
{
    (void)tool_data;
    printf("tool: finalize: events>0=%d errors=%d\n", events > 0, errors);
    fflush(stdout);
    finalized = 1;
}

ompt_start_tool_result_t *ompt_start_tool(unsigned int omp_version, const char *runtime_version)
{
    (void)omp_version, (void)runtime_version;
    static ompt_start_tool_result_t result = {initialize, finalize, {0}};
    return &result;
}

#else /* the program */
#include <dlfcn.h>
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>

int main(void)
{
    int a[8] = {0}, x = 1;
#pragma omp target map(tofrom : a)
    for (int i = 0; i < 8; i++)
        a[i] = i * i;
    printf("program: region a[7]=%d\n", a[7]);
    fflush(stdout);
    if (getenv("FINISH_TOOL")) {
        void *tool = dlopen(getenv("FINISH_TOOL"), RTLD_NOLOAD | RTLD_NOW);
        void (*finish)(void) = tool ? (void (*)(void))dlsym(tool, "tool_finish") : NULL;
        if (!finish)
            return 1;
        finish();
    }
#pragma omp target data map(tofrom : x)
    {
#pragma omp target update to(x)
    }
#pragma omp target map(tofrom : x) nowait depend(inout : x)
    x += 1;
#pragma omp taskwait
    printf("program: x=%d\n", x);
    fflush(stdout);
    return 0;
}
#endif

// CHECK: tool: device_initialize 0
// CHECK-NEXT: tool: device_load 0
// CHECK-NEXT: tool: target begin kind=1 device=0 data=101 task-data=1 own-target-task-data=1
// CHECK-NEXT: tool: data-op 1 {{[0-9]+}} -> 0 bytes=32 construct=101
// CHECK-NEXT: tool: data-op 2 {{[0-9]+}} -> 0 bytes=32 construct=101
// CHECK-NEXT: tool: submit teams=1 construct=101
// CHECK-NEXT: tool: data-op 3 0 -> {{[0-9]+}} bytes=32 construct=101
// CHECK-NEXT: tool: data-op 4 0 -> {{-?[0-9]+}} bytes=0 construct=101
// CHECK-NEXT: tool: target end kind=1 device=0 data=101 task-data=1 own-target-task-data=1
// CHECK-NEXT: program: region a[7]=49
// CHECK-NEXT: tool: target begin kind=2 device=0
// CHECK: tool: target begin kind=4 device=0
// CHECK: tool: data-op 2 {{[0-9]+}} -> 0 bytes=4
// CHECK: tool: target begin kind=3 device=0
// CHECK: tool: target begin kind=1 device=0 {{.*}} own-target-task-data=1
// CHECK: tool: submit teams=1
// CHECK: program: x=2
// CHECK: tool: device_finalize 0
// CHECK-NEXT: tool: finalize: events>0=1 errors=0

// FINISH: tool: target end kind=1 device=0 data=101 task-data=1 own-target-task-data=1
// FINISH-NEXT: program: region a[7]=49
// FINISH-NEXT: tool: finalize: events>0=1 errors=0
// FINISH-NEXT: program: x=2
// FINISH-NOT: {{.}}
