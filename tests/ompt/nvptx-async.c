// OMPT events of nowait target regions on the NVIDIA device's streams, against
// the mock driver (tests/runtime/c/Inputs/mock_cuda.c: a kernel keeps its
// stream busy while its function sleeps). Three regions of 100 ms in flight
// at once; per region: target begin (kind target_nowait) before its data
// operations and its submit, the target end only after the kernel has
// finished and after the copies back; begin and end on one thread, each in
// the target task (the thread's current task, ompt_get_task_info), which
// completes after the end with no detach or fulfill events. While its region
// is in flight a target task lets its thread run other tasks (a switch from
// it between its begin and end: 3 regions on 2 threads make one at least).
// Device tracing: each kernel's record carries device times from the
// stream's events, lasting the kernel's 100 ms, inside the host times of its
// construct's begin and end.
// The NVIDIA device runs GCC's offload images (the program registers one as
// GCC's code does):
// REQUIRES: gcc
// RUN: rm -rf %t.driver && mkdir -p %t.driver
// RUN: gcc -shared -fPIC -O2 -Wall %S/../runtime/c/Inputs/mock_cuda.c -o %t.driver/libcuda.so.1 -ldl -lpthread
// RUN: %ompt-cc -rdynamic %s %ompt-link -o %t
// RUN: env LD_LIBRARY_PATH=%t.driver:%libdir OMP_NUM_THREADS=2 %t | FileCheck %s
#include <omp-tools.h>
#include <omp.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include "frame_flags.h" /* every event checks the frame-flag rule */

#include "../runtime/c/Inputs/mock_image.h"

#define N 8
#define REGIONS 3

void GOMP_target_ext(int, void (*)(void *), size_t, void **, size_t *, unsigned short *, unsigned, void **, void **);

static uint64_t now_ns(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (uint64_t)t.tv_sec * 1000000000u + (uint64_t)t.tv_nsec;
}

/* ---- The program's offload image and the "GPU" --------------------------------- */

static void work_region(void *arg)
{
    int *y = ((void **)arg)[0];
    for (int i = 0; i < N; i++)
        y[i] += 1;
}

MOCK_ONE_REGION_IMAGE(work_region, "work_kernel")

static atomic_int kernels_finished;
static atomic_int running, most_running;

void mock_kernel_work_kernel(void **args, unsigned teams, unsigned warps)
{
    (void)teams, (void)warps;
    int *y = args[0];
    int in = atomic_fetch_add(&running, 1) + 1;
    for (int seen = atomic_load(&most_running); in > seen && !atomic_compare_exchange_weak(&most_running, &seen, in);)
        ;
    usleep(100000);
    for (int i = 0; i < N; i++)
        y[i] += 1000;
    atomic_fetch_sub(&running, 1);
    atomic_fetch_add(&kernels_finished, 1);
}

/* ---- The tool ---------------------------------------------------------------------- */

struct region {
    ompt_data_t *task; /* the target task's data */
    uint64_t begin_ns, end_ns;
    pthread_t begin_thread;
    int kind, ops_before_submit, submits, copies_back, ended, kernels_done_at_end, copies_back_at_end;
    int in_task_at_begin, in_task_at_end, same_thread, switched_away, completed_after_end;
    uint64_t kernel_start, kernel_end; /* from the trace */
};
static struct region regions[8];
static int nregions, errors, kernel_records, fulfills_or_detaches;
static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
static ompt_advance_buffer_cursor_t advance_cursor;
static ompt_get_record_ompt_t get_record_ompt;
static ompt_get_task_info_t get_task_info;
static ompt_device_t *traced_device;

static void fail(const char *what)
{
    printf("WRONG: %s\n", what);
    errors++;
}

static struct region *region_of(ompt_data_t *target_data)
{
    return target_data->value ? &regions[target_data->value - 1] : NULL;
}

/* Whether the thread's current task is `task`. */
static int current_task_is(ompt_data_t *task)
{
    ompt_data_t *current = NULL;
    return get_task_info(0, NULL, &current, NULL, NULL, NULL) == 2 && current == task;
}

static void on_target(ompt_target_t kind, ompt_scope_endpoint_t endpoint, int device_num, ompt_data_t *task_data,
                      ompt_data_t *target_task_data, ompt_data_t *target_data, const void *codeptr)
{
    frame_flags_check_tasks(NULL, "target");
    (void)device_num, (void)task_data, (void)codeptr;
    int in_task = current_task_is(target_task_data);
    pthread_mutex_lock(&lock);
    if (endpoint == ompt_scope_begin) {
        if (nregions < 8) {
            struct region *r = &regions[nregions++];
            target_data->value = (uint64_t)nregions;
            r->task = target_task_data;
            r->kind = kind;
            r->begin_ns = now_ns();
            r->begin_thread = pthread_self();
            r->in_task_at_begin = in_task;
        }
    } else if (region_of(target_data)) {
        struct region *r = region_of(target_data);
        r->end_ns = now_ns();
        r->ended = 1;
        r->kernels_done_at_end = atomic_load(&kernels_finished);
        r->copies_back_at_end = r->copies_back;
        r->same_thread = pthread_equal(r->begin_thread, pthread_self()) && r->task == target_task_data;
        r->in_task_at_end = in_task;
    }
    pthread_mutex_unlock(&lock);
}

static void on_data_op(ompt_scope_endpoint_t endpoint, ompt_data_t *target_task_data, ompt_data_t *target_data,
                       ompt_id_t *host_op_id, ompt_target_data_op_t optype, void *src, int src_device, void *dest,
                       int dest_device, size_t bytes, const void *codeptr)
{
    frame_flags_check_tasks(NULL, "data_op");
    (void)target_task_data, (void)host_op_id, (void)src, (void)src_device, (void)dest, (void)dest_device,
        (void)bytes, (void)codeptr;
    if (endpoint != ompt_scope_end)
        return;
    pthread_mutex_lock(&lock);
    struct region *r = region_of(target_data);
    if (!r)
        fail("data op outside a region");
    else if (r->ended)
        fail("data op after the region's end");
    else if (optype == ompt_target_data_transfer_from_device)
        r->copies_back++;
    else if (!r->submits)
        r->ops_before_submit++;
    pthread_mutex_unlock(&lock);
}

static void on_submit(ompt_scope_endpoint_t endpoint, ompt_data_t *target_data, ompt_id_t *host_op_id,
                      unsigned int requested_num_teams)
{
    frame_flags_check_tasks(NULL, "submit");
    (void)host_op_id, (void)requested_num_teams;
    if (endpoint != ompt_scope_end)
        return;
    pthread_mutex_lock(&lock);
    struct region *r = region_of(target_data);
    if (r)
        r->submits++;
    pthread_mutex_unlock(&lock);
}

/* A target task's switch to another task while its region is in flight,
 * and its completion. */
static void on_task_schedule(ompt_data_t *prior_task_data, ompt_task_status_t prior_task_status,
                             ompt_data_t *next_task_data)
{
    frame_flags_check_tasks(NULL, "task_schedule");
    (void)next_task_data;
    pthread_mutex_lock(&lock);
    if (prior_task_status == ompt_task_early_fulfill || prior_task_status == ompt_task_late_fulfill ||
        prior_task_status == ompt_task_detach)
        fulfills_or_detaches++;
    for (int i = 0; i < nregions; i++) {
        struct region *r = &regions[i];
        if (r->task != prior_task_data)
            continue;
        if (prior_task_status == ompt_task_switch && !r->ended)
            r->switched_away = 1;
        if (prior_task_status == ompt_task_complete)
            r->completed_after_end = r->ended;
    }
    pthread_mutex_unlock(&lock);
}

/* The records: which region a kernel record belongs to goes by time (the
 * records carry the runtime's target id, not the tool's data). */
static void buffer_request(int device_num, ompt_buffer_t **buffer, size_t *bytes)
{
    (void)device_num;
    static char storage[4][65536];
    static int next;
    *buffer = storage[next++ % 4];
    *bytes = sizeof storage[0];
}

static void buffer_complete(int device_num, ompt_buffer_t *buffer, size_t bytes, ompt_buffer_cursor_t begin,
                            int buffer_owned)
{
    (void)device_num, (void)buffer_owned;
    if (!bytes)
        return;
    pthread_mutex_lock(&lock);
    ompt_buffer_cursor_t cursor = begin;
    do {
        ompt_record_ompt_t *rec = get_record_ompt(buffer, cursor);
        if (rec->type != ompt_callback_target_submit)
            continue;
        kernel_records++;
        uint64_t start = rec->time, end = rec->record.target_kernel.end_time;
        if (end - start < 90000000u)
            fail("a kernel record shorter than the kernel's 100 ms");
        int inside = 0;
        for (int i = 0; i < nregions; i++)
            inside += regions[i].begin_ns <= start && end <= regions[i].end_ns;
        if (!inside)
            fail("a kernel record outside every region's begin and end");
    } while (advance_cursor(traced_device, buffer, bytes, cursor, &cursor));
    pthread_mutex_unlock(&lock);
}

static void on_device_initialize(int device_num, const char *type, ompt_device_t *device,
                                 ompt_function_lookup_t lookup, const char *documentation)
{
    frame_flags_check_tasks(NULL, "device_initialize");
    (void)documentation;
    printf("device_initialize %d %s\n", device_num, type);
    traced_device = device;
    advance_cursor = (ompt_advance_buffer_cursor_t)lookup("ompt_advance_buffer_cursor");
    get_record_ompt = (ompt_get_record_ompt_t)lookup("ompt_get_record_ompt");
    ((ompt_set_trace_ompt_t)lookup("ompt_set_trace_ompt"))(device, 1, ompt_callback_target_submit);
    ((ompt_start_trace_t)lookup("ompt_start_trace"))(device, buffer_request, buffer_complete);
}

static int initialize(ompt_function_lookup_t lookup, int initial_device_num, ompt_data_t *tool_data)
{
    (void)initial_device_num, (void)tool_data;
    ompt_set_callback_t set_callback = (ompt_set_callback_t)lookup("ompt_set_callback");
    frame_flags_init(lookup);
    get_task_info = (ompt_get_task_info_t)lookup("ompt_get_task_info");
    set_callback(ompt_callback_device_initialize, (ompt_callback_t)on_device_initialize);
    set_callback(ompt_callback_target_emi, (ompt_callback_t)on_target);
    set_callback(ompt_callback_target_data_op_emi, (ompt_callback_t)on_data_op);
    set_callback(ompt_callback_target_submit_emi, (ompt_callback_t)on_submit);
    set_callback(ompt_callback_task_schedule, (ompt_callback_t)on_task_schedule);
    return 1;
}

static void finalize(ompt_data_t *tool_data)
{
    (void)tool_data;
    int nowait = 0, ordered = 0, after_kernel = 0, after_copies = 0, same_thread = 0, in_task = 0, switched = 0,
        completed = 0;
    for (int i = 0; i < nregions; i++) {
        struct region *r = &regions[i];
        nowait += r->kind == ompt_target_nowait;
        ordered += r->ops_before_submit > 0 && r->submits == 1 && r->ended;
        after_kernel += r->kernels_done_at_end >= 1;
        after_copies += r->copies_back_at_end == 1;
        same_thread += r->same_thread;
        in_task += r->in_task_at_begin && r->in_task_at_end;
        switched += r->switched_away;
        completed += r->completed_after_end;
    }
    printf("regions=%d nowait=%d begin,copies,submit,end=%d\n", nregions, nowait, ordered);
    printf("end after its kernel=%d after its copy back=%d\n", after_kernel, after_copies);
    printf("begin and end on one thread=%d, in the target task=%d; task complete after the end=%d; "
           "fulfill or detach events=%d\n",
           same_thread, in_task, completed, fulfills_or_detaches);
    printf("target tasks that ran another task while in flight>=1: %s\n", switched >= 1 ? "yes" : "no");
    printf("kernel records=%d, most kernels running at once>=2: %s\n", kernel_records,
           atomic_load(&most_running) >= 2 ? "yes" : "no");
    printf("errors=%d\n", errors);
}

ompt_start_tool_result_t *ompt_start_tool(unsigned int omp_version, const char *runtime_version)
{
    (void)omp_version, (void)runtime_version;
    static ompt_start_tool_result_t result = {initialize, finalize, {0}};
    return &result;
}

int main(void)
{
    static int y[REGIONS][N];
#pragma omp parallel
#pragma omp single
    {
        for (int r = 0; r < REGIONS; r++) {
            void *hostaddrs[] = {y[r]};
            size_t sizes[] = {sizeof y[r]};
            unsigned short kinds[] = {(2 << 8) | 3}; /* map(tofrom: y[r]) */
            GOMP_target_ext(-1, work_region, 1, hostaddrs, sizes, kinds, 1 /* nowait */, NULL, NULL);
        }
#pragma omp taskwait
    }
    printf("y=%d,%d,%d\n", y[0][0], y[1][0], y[2][0]);
    return 0;
}

// CHECK: device_initialize 0 NVIDIA Mock GPU 0
// CHECK: y=1000,1000,1000
// CHECK: regions=3 nowait=3 begin,copies,submit,end=3
// CHECK-NEXT: end after its kernel=3 after its copy back=3
// CHECK-NEXT: begin and end on one thread=3, in the target task=3; task complete after the end=3; fulfill or detach events=0
// CHECK-NEXT: target tasks that ran another task while in flight>=1: yes
// CHECK-NEXT: kernel records=3, most kernels running at once>=2: yes
// CHECK-NEXT: errors=0
