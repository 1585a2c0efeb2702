// ompt_finalize_tool with devices (OpenMP 5.1, 4.6.1.1 and 4.5.2.20): the
// tool ends, the runtime and its devices go on.
// This file is both the program and its tools (built with -DBUILD_TOOL):
// tool "t" traces the host device (small buffers, so several fill) and
// counts target_emi callbacks and target records; the program runs two
// target regions, has t call ompt_finalize_tool, then runs a third that
// computes a value it checks. Tool "o" (-DPASSIVE) only counts target
// callbacks and devices.
// One tool (LONE): t's trace is stopped and flushed (every buffer it was
// given completed, with the records of both regions), then t gets
// device_unload and device_finalize, then its finalizer; the program's
// third region runs on the device (before the fix it died: "device 0 (host)
// used after the program's end"), and t hears nothing more.
// Two tools (GLASS_OMPT_ALL_TOOLS, PAIR): t's trace is stopped and flushed
// before t's finalizer (before the fix its buffers were completed after
// it); o goes on: it sees the third region and the device's end at exit.
// Host devices are the GCC ABI's (clang without offload targets compiles
// target regions as host code, and clang offload programs go through
// libomptarget, which raises no OMPT target events on Glass):
// REQUIRES: gcc
// UNSUPPORTED: under-check
// RUN: gcc -shared -fPIC -O2 -g -Wall -I%srcroot/include -DBUILD_TOOL -DTOOL_NAME='"t"' %s -o %t.t.so
// RUN: gcc -shared -fPIC -O2 -g -Wall -I%srcroot/include -DBUILD_TOOL -DPASSIVE -DTOOL_NAME='"o"' %s -o %t.o.so
// RUN: %ompt-cc %s %ompt-link -ldl -o %t
// RUN: env GLASS_HOST_DEVICES=1 OMP_TOOL_LIBRARIES=%t.t.so FINISH_TOOL=%t.t.so %run %t > %t.lone
// RUN: FileCheck %s --check-prefix=LONE < %t.lone
// RUN: env GLASS_HOST_DEVICES=1 GLASS_OMPT_ALL_TOOLS=true OMP_TOOL_LIBRARIES=%t.t.so:%t.o.so FINISH_TOOL=%t.t.so %run %t > %t.pair
// RUN: FileCheck %s --check-prefix=PAIR < %t.pair
#include <stdio.h>
#include <stdlib.h>

#ifdef BUILD_TOOL
#include <omp-tools.h>
#include <pthread.h>

#define BUFFER_BYTES 256

static ompt_finalize_tool_t finalize_tool;
static ompt_get_record_ompt_t get_record_ompt;
static ompt_advance_buffer_cursor_t advance_cursor;
static ompt_device_t *traced;
static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
static int finalized, after, requested, completed, begins, ends, record_begins, record_ends, unloads,
    device_finalized;

static void late(const char *what)
{
    if (finalized) {
        printf("%s: WRONG: %s after the tool's finalizer\n", TOOL_NAME, what);
        after++;
    }
}

static void buffer_request(int device_num, ompt_buffer_t **buffer, size_t *bytes)
{
    (void)device_num;
    late("buffer_request");
    *buffer = malloc(BUFFER_BYTES);
    *bytes = BUFFER_BYTES;
    pthread_mutex_lock(&lock);
    requested++;
    pthread_mutex_unlock(&lock);
}

static void buffer_complete(int device_num, ompt_buffer_t *buffer, size_t bytes, ompt_buffer_cursor_t begin,
                            int owned)
{
    (void)device_num;
    late("buffer_complete");
    pthread_mutex_lock(&lock);
    completed++;
    if (device_finalized)
        printf("%s: WRONG: buffer_complete after device_finalize\n", TOOL_NAME);
    ompt_buffer_cursor_t cursor = begin;
    if (bytes)
        do {
            ompt_record_ompt_t *r = get_record_ompt(buffer, cursor);
            if (r->type == ompt_callback_target) {
                if (r->record.target.endpoint == ompt_scope_begin)
                    record_begins++;
                else
                    record_ends++;
            }
        } while (advance_cursor(traced, buffer, bytes, cursor, &cursor));
    pthread_mutex_unlock(&lock);
    if (owned)
        free(buffer);
}

static void on_device_initialize(int device_num, const char *type, ompt_device_t *device,
                                 ompt_function_lookup_t lookup, const char *documentation)
{
    (void)documentation;
    late("device_initialize");
    printf("%s: device_initialize %d %s\n", TOOL_NAME, device_num, type);
#ifndef PASSIVE
    traced = device;
    get_record_ompt = (ompt_get_record_ompt_t)lookup("ompt_get_record_ompt");
    advance_cursor = (ompt_advance_buffer_cursor_t)lookup("ompt_advance_buffer_cursor");
    ompt_start_trace_t start_trace = (ompt_start_trace_t)lookup("ompt_start_trace");
    printf("%s: start_trace: %d\n", TOOL_NAME, start_trace(device, buffer_request, buffer_complete));
#else
    (void)device, (void)lookup;
#endif
}

static void on_device_unload(int device_num, uint64_t module_id)
{
    (void)module_id;
    late("device_unload");
    unloads++;
    printf("%s: device_unload %d\n", TOOL_NAME, device_num);
}

static void on_device_finalize(int device_num)
{
    late("device_finalize");
    pthread_mutex_lock(&lock);
    device_finalized = 1;
    printf("%s: device_finalize %d: buffers requested>0=%d all completed=%d unloaded=%d\n", TOOL_NAME, device_num,
           requested > 0, requested == completed, unloads);
    pthread_mutex_unlock(&lock);
}

static void on_target(ompt_target_t kind, ompt_scope_endpoint_t endpoint, int device_num, ompt_data_t *task_data,
                      ompt_data_t *target_task_data, ompt_data_t *target_data, const void *codeptr)
{
    (void)kind, (void)device_num, (void)task_data, (void)target_task_data, (void)target_data, (void)codeptr;
    late("target_emi");
    if (endpoint == ompt_scope_begin)
        begins++;
    else
        ends++;
}

static int initialize(ompt_function_lookup_t lookup, int initial_device_num, ompt_data_t *tool_data)
{
    (void)initial_device_num, (void)tool_data;
    ompt_set_callback_t set_callback = (ompt_set_callback_t)lookup("ompt_set_callback");
    finalize_tool = (ompt_finalize_tool_t)lookup("ompt_finalize_tool");
    set_callback(ompt_callback_device_initialize, (ompt_callback_t)on_device_initialize);
    set_callback(ompt_callback_device_unload, (ompt_callback_t)on_device_unload);
    set_callback(ompt_callback_device_finalize, (ompt_callback_t)on_device_finalize);
    set_callback(ompt_callback_target_emi, (ompt_callback_t)on_target);
    return 1;
}

static void finalize(ompt_data_t *tool_data)
{
    (void)tool_data;
    pthread_mutex_lock(&lock);
    printf("%s: finalize: target callbacks begin=%d end=%d; buffers requested>0=%d all completed=%d; target "
           "records begin=%d end=%d; device_finalize=%d\n",
           TOOL_NAME, begins, ends, requested > 0, requested == completed, record_begins, record_ends,
           device_finalized);
    finalized = 1;
    pthread_mutex_unlock(&lock);
    fflush(stdout);
}

/* The program's way to have this tool end itself. */
void tool_finish(void)
{
    printf("%s: calling ompt_finalize_tool\n", TOOL_NAME);
    finalize_tool();
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

#define N 1000

int main(void)
{
    static int a[N];
    int x = 0;
    for (int round = 0; round < 2; round++) {
#pragma omp target map(tofrom : x)
        x += omp_is_initial_device() ? 100 : 1;
    }
    printf("program: before: x=%d\n", x);
    fflush(stdout);
    void *tool = dlopen(getenv("FINISH_TOOL"), RTLD_NOLOAD | RTLD_NOW);
    void (*finish)(void) = tool ? (void (*)(void))dlsym(tool, "tool_finish") : NULL;
    if (!finish) {
        printf("program: WRONG: no tool_finish in FINISH_TOOL\n");
        return 1;
    }
    finish();
    for (int i = 0; i < N; i++)
        a[i] = i;
    long sum = 0;
#pragma omp target teams distribute parallel for num_teams(2) map(to : a) map(tofrom : sum) reduction(+ : sum)
    for (int i = 0; i < N; i++)
        sum += 2 * a[i] + (omp_is_initial_device() ? 1000000 : 0);
    printf("program: after: sum=%ld (expected %ld) devices=%d\n", sum, (long)N * (N - 1), omp_get_num_devices());
    return 0;
}
#endif

// LONE: t: device_initialize 0 glass-host
// LONE-NEXT: t: start_trace: 1
// LONE-NEXT: program: before: x=2
// LONE-NEXT: t: calling ompt_finalize_tool
// LONE-NEXT: t: device_unload 0
// LONE-NEXT: t: device_finalize 0: buffers requested>0=1 all completed=1 unloaded=1
// LONE-NEXT: t: finalize: target callbacks begin=2 end=2; buffers requested>0=1 all completed=1; target records begin=2 end=2; device_finalize=1
// LONE-NEXT: program: after: sum=999000 (expected 999000) devices=1
// LONE-NOT: {{.}}

// PAIR: t: device_initialize 0 glass-host
// PAIR-NEXT: t: start_trace: 1
// PAIR-NEXT: o: device_initialize 0 glass-host
// PAIR-NEXT: program: before: x=2
// PAIR-NEXT: t: calling ompt_finalize_tool
// PAIR-NEXT: t: finalize: target callbacks begin=2 end=2; buffers requested>0=1 all completed=1; target records begin=2 end=2; device_finalize=0
// PAIR-NEXT: program: after: sum=999000 (expected 999000) devices=1
// PAIR-NEXT: o: device_unload 0
// PAIR-NEXT: o: device_finalize 0: buffers requested>0=0 all completed=1 unloaded=1
// PAIR-NEXT: o: finalize: target callbacks begin=3 end=3; buffers requested>0=0 all completed=1; target records begin=0 end=0; device_finalize=1
// PAIR-NOT: {{.}}
