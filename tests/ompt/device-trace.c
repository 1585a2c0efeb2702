// OMPT device tracing (OpenMP 5.1, 4.6.2) on a host device: the tool starts
// tracing in device_initialize with small buffers (so several fill), and the
// records are checked against the EMI callbacks of the same run: each
// data-op and submit callback pair has one record with its host_op_id, the
// same operation, addresses and bytes, and times that do not run backwards;
// target records pair begin and end. Buffers are requested and completed on
// a thread that is not an OpenMP thread, each completed exactly once, the
// last before device_finalize (at exit). A tool that answers with a 0-byte
// buffer turns recording off without a crash (TRACE_ZERO=1).
// Target tasks (TRACE_TASKS=1: nowait and depend forms of target, update,
// enter and exit data, outside and inside a parallel region, beside an
// explicit task): each gets one task_create record whose ids (the values
// this tool stored in the tasks' ompt_data_t), flags, has_dependences and
// codeptr_ra are its callback's, and one dependences record per dependence,
// each with the callback's count and one of its dependences; the explicit
// task gets none. A tool that chose the other types only (TRACE_TYPES=1)
// gets no task record.
// Host devices are the GCC ABI's (clang without offload targets compiles target
// regions as host code):
// REQUIRES: gcc
// RUN: %ompt-cc %s %ompt-link -o %t
// RUN: env GLASS_HOST_DEVICES=1 %run %t | FileCheck %s
// RUN: env GLASS_HOST_DEVICES=1 TRACE_ZERO=1 %run %t | FileCheck %s --check-prefix=ZERO
// RUN: env GLASS_HOST_DEVICES=1 TRACE_PAUSE=1 %run %t | FileCheck %s --check-prefix=PAUSE
// RUN: env GLASS_HOST_DEVICES=1 TRACE_TASKS=1 %run %t | FileCheck %s --check-prefix=TASKS
// RUN: env GLASS_HOST_DEVICES=1 TRACE_TASKS=1 TRACE_TYPES=1 %run %t | FileCheck %s --check-prefix=TYPES
#include <omp-tools.h>
#include <omp.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "frame_flags.h" /* every event checks the frame-flag rule */

#define N 4096
#define MAX_OPS 256
#define BUFFER_BYTES 512

static ompt_get_thread_data_t get_thread_data;
static ompt_set_trace_ompt_t set_trace_ompt;
static ompt_start_trace_t start_trace;
static ompt_flush_trace_t flush_trace;
static ompt_pause_trace_t pause_trace;
static ompt_advance_buffer_cursor_t advance_cursor;
static ompt_get_record_type_t get_record_type;
static ompt_get_record_ompt_t get_record_ompt;
static ompt_get_device_time_t get_device_time;
static ompt_translate_time_t translate_time;
static ompt_device_t *traced_device;

/* What the callbacks saw, and what the records said, per host_op_id. */
struct op {
    ompt_id_t id;
    int optype; /* 0 for a submit */
    void *src, *dest;
    size_t bytes;
    int callbacks, records;
};
static struct op ops[MAX_OPS];
static int nops;
static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
static int errors, target_begin_records, target_end_records, map_records, kernel_records, data_records;
static int requested, completed, completed_bytes, zero;
static void *outstanding[64];
static int finalized_device, complete_after_finalize, on_openmp_thread;

/* The tasks the callbacks created, by the id this tool stored in their data. */
#define MAX_TASKS 64
#define MAX_DEPS 4
struct task {
    ompt_id_t id, encountering;
    int target, flags, has_dependences, ndeps;
    const void *codeptr;
    void *dep_addr[MAX_DEPS];
    int dep_type[MAX_DEPS];
    int create_records, dependence_records;
};
static struct task tasks[MAX_TASKS];
static int ntasks;
static ompt_id_t next_id = 0x7a5c000;
static int task_records, dependence_records_total;

static void fail(const char *what)
{
    printf("WRONG: %s\n", what);
    errors++;
}

static struct op *op_of(ompt_id_t id)
{
    for (int i = 0; i < nops; i++)
        if (ops[i].id == id)
            return &ops[i];
    if (nops == MAX_OPS)
        return NULL;
    ops[nops].id = id;
    return &ops[nops++];
}

static void on_data_op(ompt_scope_endpoint_t endpoint, ompt_data_t *target_task_data, ompt_data_t *target_data,
                       ompt_id_t *host_op_id, ompt_target_data_op_t optype, void *src, int src_device, void *dest,
                       int dest_device, size_t bytes, const void *codeptr)
{
    frame_flags_check_tasks(NULL, "data_op");
    (void)target_task_data, (void)target_data, (void)src_device, (void)dest_device, (void)codeptr;
    if (endpoint != ompt_scope_end)
        return;
    pthread_mutex_lock(&lock);
    struct op *op = op_of(*host_op_id);
    if (op) {
        op->optype = optype, op->src = src, op->dest = dest, op->bytes = bytes;
        op->callbacks++;
    }
    pthread_mutex_unlock(&lock);
}

static void on_submit(ompt_scope_endpoint_t endpoint, ompt_data_t *target_data, ompt_id_t *host_op_id,
                      unsigned int requested_num_teams)
{
    frame_flags_check_tasks(NULL, "submit");
    (void)target_data, (void)requested_num_teams;
    if (endpoint != ompt_scope_end)
        return;
    pthread_mutex_lock(&lock);
    struct op *op = op_of(*host_op_id);
    if (op)
        op->callbacks++;
    pthread_mutex_unlock(&lock);
}

static struct task *task_of(ompt_id_t id)
{
    for (int i = 0; i < ntasks; i++)
        if (tasks[i].id == id)
            return &tasks[i];
    return NULL;
}

static void on_task_create(ompt_data_t *encountering_task_data, const ompt_frame_t *frame,
                           ompt_data_t *new_task_data, int flags, int has_dependences, const void *codeptr)
{
    frame_flags_check_tasks(NULL, "task_create");
    frame_flags_check(NULL, "task_create's frame", 0, frame);
    pthread_mutex_lock(&lock);
    if (encountering_task_data->value == 0)
        encountering_task_data->value = next_id++;
    new_task_data->value = next_id++;
    if (ntasks < MAX_TASKS)
        tasks[ntasks++] = (struct task){.id = new_task_data->value, .encountering = encountering_task_data->value,
                                        .target = (flags & ompt_task_target) != 0, .flags = flags,
                                        .has_dependences = has_dependences, .codeptr = codeptr};
    pthread_mutex_unlock(&lock);
}

static void on_dependences(ompt_data_t *task_data, const ompt_dependence_t *deps, int ndeps)
{
    frame_flags_check_tasks(NULL, "dependences");
    pthread_mutex_lock(&lock);
    struct task *task = task_of(task_data->value);
    if (task) {
        task->ndeps = ndeps;
        for (int i = 0; i < ndeps && i < MAX_DEPS; i++)
            task->dep_addr[i] = deps[i].variable.ptr, task->dep_type[i] = (int)deps[i].dependence_type;
    }
    pthread_mutex_unlock(&lock);
}

/* Called with the lock held (from buffer_complete). */
static void read_task_record(ompt_record_ompt_t *r)
{
    if (r->type == ompt_callback_task_create) {
        ompt_record_task_create_t *c = &r->record.task_create;
        struct task *task = task_of(c->new_task_id);
        task_records++;
        if (!task || !task->target) {
            fail("task_create record of no target task's callback");
            return;
        }
        task->create_records++;
        if (c->encountering_task_id != task->encountering || c->flags != task->flags ||
            c->has_dependences != task->has_dependences || c->codeptr_ra != task->codeptr)
            fail("task_create record differs from its callback");
        if (!(c->flags & ompt_task_target))
            fail("task_create record without ompt_task_target");
        return;
    }
    ompt_record_dependences_t *d = &r->record.dependences;
    struct task *task = task_of(d->task_id);
    dependence_records_total++;
    if (!task || !task->target || !task->create_records) {
        fail("dependences record of no target task, or before its task_create record");
        return;
    }
    task->dependence_records++;
    if (d->ndeps != task->ndeps)
        fail("dependences record with another count than its callback");
    int found = 0;
    for (int i = 0; i < task->ndeps && i < MAX_DEPS; i++)
        found |= task->dep_addr[i] == d->dep.variable.ptr && task->dep_type[i] == (int)d->dep.dependence_type;
    if (!found)
        fail("dependences record of a dependence its callback did not list");
}

static void buffer_request(int device_num, ompt_buffer_t **buffer, size_t *bytes)
{
    if (get_thread_data() != NULL)
        on_openmp_thread++;
    if (getenv("TRACE_ZERO")) {
        zero++;
        *buffer = NULL;
        *bytes = 0;
        return;
    }
    *buffer = malloc(BUFFER_BYTES);
    *bytes = BUFFER_BYTES;
    pthread_mutex_lock(&lock);
    requested++;
    for (int i = 0; i < 64; i++)
        if (!outstanding[i]) {
            outstanding[i] = *buffer;
            break;
        }
    pthread_mutex_unlock(&lock);
    (void)device_num;
}

static void read_record(ompt_record_ompt_t *r)
{
    if (r->time == 0)
        fail("record without a time");
    switch ((int)r->type) {
    case ompt_callback_target:
        if (r->record.target.endpoint == ompt_scope_begin)
            target_begin_records++;
        else
            target_end_records++;
        if (r->record.target.device_num != 0)
            fail("target record on another device");
        break;
    case ompt_callback_target_data_op: {
        data_records++;
        ompt_record_target_data_op_t *d = &r->record.target_data_op;
        if (d->end_time < r->time)
            fail("data-op record ends before it starts");
        struct op *op = op_of(d->host_op_id);
        if (!op)
            break;
        op->records++;
        if (op->callbacks && (op->optype != (int)d->optype || op->src != d->src_addr || op->dest != d->dest_addr ||
                              op->bytes != d->bytes))
            fail("data-op record differs from its callback");
        break;
    }
    case ompt_callback_target_submit: {
        kernel_records++;
        ompt_record_target_kernel_t *k = &r->record.target_kernel;
        if (k->end_time < r->time)
            fail("kernel record ends before it starts");
        if (k->requested_num_teams != 3 || k->granted_num_teams != 3)
            printf("kernel teams requested=%u granted=%u\n", k->requested_num_teams, k->granted_num_teams);
        struct op *op = op_of(k->host_op_id);
        if (op)
            op->records++;
        break;
    }
    case ompt_callback_task_create:
    case ompt_callback_dependences:
        read_task_record(r);
        break;
    case ompt_callback_target_map:
        map_records++;
        for (unsigned i = 0; i < r->record.target_map.nitems; i++)
            if (!r->record.target_map.host_addr[i] || !r->record.target_map.device_addr[i])
                fail("map record with a NULL address");
        break;
    default:
        fail("record of an unexpected type");
    }
}

static void buffer_complete(int device_num, ompt_buffer_t *buffer, size_t bytes, ompt_buffer_cursor_t begin,
                            int buffer_owned)
{
    (void)device_num;
    if (get_thread_data() != NULL)
        on_openmp_thread++;
    if (finalized_device)
        complete_after_finalize++;
    pthread_mutex_lock(&lock);
    int found = 0;
    for (int i = 0; i < 64; i++)
        if (outstanding[i] == buffer) {
            outstanding[i] = NULL;
            found = 1;
            break;
        }
    if (!found)
        fail("a buffer completed twice, or never handed out");
    completed++;
    completed_bytes += (int)bytes;
    if (bytes) {
        ompt_buffer_cursor_t cursor = begin;
        do {
            if (get_record_type(buffer, cursor) != ompt_record_ompt)
                fail("record type");
            read_record(get_record_ompt(buffer, cursor));
        } while (advance_cursor(traced_device, buffer, bytes, cursor, &cursor));
    }
    pthread_mutex_unlock(&lock);
    if (buffer_owned)
        free(buffer);
}

static void on_device_initialize(int device_num, const char *type, ompt_device_t *device,
                                 ompt_function_lookup_t lookup, const char *documentation)
{
    frame_flags_check_tasks(NULL, "device_initialize");
    (void)documentation;
    printf("device_initialize %d %s\n", device_num, type);
    set_trace_ompt = (ompt_set_trace_ompt_t)lookup("ompt_set_trace_ompt");
    start_trace = (ompt_start_trace_t)lookup("ompt_start_trace");
    flush_trace = (ompt_flush_trace_t)lookup("ompt_flush_trace");
    pause_trace = (ompt_pause_trace_t)lookup("ompt_pause_trace");
    advance_cursor = (ompt_advance_buffer_cursor_t)lookup("ompt_advance_buffer_cursor");
    get_record_type = (ompt_get_record_type_t)lookup("ompt_get_record_type");
    get_record_ompt = (ompt_get_record_ompt_t)lookup("ompt_get_record_ompt");
    get_device_time = (ompt_get_device_time_t)lookup("ompt_get_device_time");
    translate_time = (ompt_translate_time_t)lookup("ompt_translate_time");
    if (!set_trace_ompt || !start_trace || !flush_trace || !pause_trace || !advance_cursor || !get_record_type ||
        !get_record_ompt || !get_device_time || !translate_time || !lookup("ompt_stop_trace") ||
        !lookup("ompt_get_device_num_procs") || !lookup("ompt_get_record_native") ||
        !lookup("ompt_get_record_abstract"))
        fail("a tracing entry point is missing");
    traced_device = device;
    if (getenv("TRACE_TYPES")) {
        /* Every type but the tasks' (whose answers are the same enabled or not). */
        printf("set_trace_ompt target: %d, data_op: %d, submit: %d, map: %d; off: task_create: %d, "
               "dependences: %d\n",
               set_trace_ompt(device, 1, ompt_callback_target), set_trace_ompt(device, 1, ompt_callback_target_data_op),
               set_trace_ompt(device, 1, ompt_callback_target_submit), set_trace_ompt(device, 1, ompt_callback_target_map),
               set_trace_ompt(device, 0, ompt_callback_task_create), set_trace_ompt(device, 0, ompt_callback_dependences));
    } else {
        printf("set_trace_ompt all: %d, parallel_begin: %d, task_create: %d, dependences: %d\n",
               set_trace_ompt(device, 1, 0), set_trace_ompt(device, 1, ompt_callback_parallel_begin),
               set_trace_ompt(device, 1, ompt_callback_task_create), set_trace_ompt(device, 1, ompt_callback_dependences));
    }
    printf("start_trace: %d\n", start_trace(device, buffer_request, buffer_complete));
    double t = translate_time(device, get_device_time(device));
    double now = omp_get_wtime();
    printf("device time translates to host time: %s\n", t > now - 1 && t <= now ? "yes" : "no");
}

static void on_device_finalize(int device_num)
{
    frame_flags_check_tasks(NULL, "device_finalize");
    finalized_device = 1;
    printf("device_finalize %d\n", device_num);
}

static int initialize(ompt_function_lookup_t lookup, int initial_device_num, ompt_data_t *tool_data)
{
    (void)initial_device_num, (void)tool_data;
    ompt_set_callback_t set_callback = (ompt_set_callback_t)lookup("ompt_set_callback");
    frame_flags_init(lookup);
    get_thread_data = (ompt_get_thread_data_t)lookup("ompt_get_thread_data");
    set_callback(ompt_callback_device_initialize, (ompt_callback_t)on_device_initialize);
    set_callback(ompt_callback_device_finalize, (ompt_callback_t)on_device_finalize);
    set_callback(ompt_callback_target_data_op_emi, (ompt_callback_t)on_data_op);
    set_callback(ompt_callback_target_submit_emi, (ompt_callback_t)on_submit);
    set_callback(ompt_callback_task_create, (ompt_callback_t)on_task_create);
    set_callback(ompt_callback_dependences, (ompt_callback_t)on_dependences);
    return 1;
}

static void finalize(ompt_data_t *tool_data)
{
    (void)tool_data;
    int unmatched = 0;
    for (int i = 0; i < nops; i++)
        if (ops[i].callbacks != 1 || ops[i].records != (zero ? 0 : 1))
            unmatched++;
    int left = 0;
    for (int i = 0; i < 64; i++)
        left += outstanding[i] != NULL;
    printf("ops=%d unmatched=%d\n", nops, unmatched);
    printf("buffers: requested>1=%d all completed=%d after device_finalize=%d on OpenMP threads=%d zero=%d\n",
           requested > 1, requested == completed && left == 0, complete_after_finalize, on_openmp_thread, zero > 0);
    printf("records: target begin=%d end=%d kernel=%d map>0=%d data=%d\n", target_begin_records,
           target_end_records, kernel_records, map_records > 0, data_records);
    int targets = 0, created = 0, dependences = 0, dependence_records = 0, explicit = 0;
    for (int i = 0; i < ntasks; i++) {
        if (!tasks[i].target) {
            explicit++;
            continue;
        }
        targets++;
        created += tasks[i].create_records == 1;
        dependences += tasks[i].ndeps;
        dependence_records += tasks[i].dependence_records;
        if (tasks[i].create_records > 1 || tasks[i].dependence_records > tasks[i].ndeps)
            fail("more records for a target task than its events");
    }
    printf("tasks: target=%d with a task_create record=%d dependences=%d records=%d explicit=%d; task records "
           "read=%d\n", targets, created, dependences, dependence_records, explicit,
           task_records + dependence_records_total);
    printf("errors=%d\n", errors);
}

ompt_start_tool_result_t *ompt_start_tool(unsigned int omp_version, const char *runtime_version)
{
    (void)omp_version, (void)runtime_version;
    static ompt_start_tool_result_t result = {initialize, finalize, {0}};
    return &result;
}

/* Target tasks of every construct kind, with 0 to 3 dependences: 6 target
 * tasks with 9 dependences, and one explicit task. */
static void target_tasks(double *a)
{
    static double c[64];
    int x = 1, y = 0;
#pragma omp target nowait map(tofrom : x) depend(inout : x)
    x += 1;
#pragma omp target update to(a[0 : N]) nowait depend(in : x) depend(out : y)
#pragma omp target enter data map(to : c) nowait
#pragma omp task shared(y) depend(inout : y)
    y += 1;
#pragma omp target exit data map(release : c) depend(inout : c) depend(in : x) depend(in : y)
#pragma omp taskwait
#pragma omp parallel num_threads(2)
#pragma omp single
    {
#pragma omp target nowait map(tofrom : x) depend(out : x)
        x += 10;
#pragma omp target nowait map(tofrom : x, y) depend(in : x) depend(inout : y)
        y += x;
    }
    printf("tasks result %s\n", x == 12 && y == 13 ? "ok" : "WRONG");
}

int main(void)
{
    static double a[N], b[N];
    for (int i = 0; i < N; i++)
        a[i] = i;
    for (int round = 0; round < 4; round++) {
        if (round == 2 && getenv("TRACE_PAUSE"))
            pause_trace(traced_device, 1);
#pragma omp target teams num_teams(3) map(to : a) map(from : b)
#pragma omp distribute
        for (int i = 0; i < N; i++)
            b[i] = 2 * a[i];
        if (round == 2 && getenv("TRACE_PAUSE"))
            pause_trace(traced_device, 0);
    }
#pragma omp target update to(a)
    printf("result %s\n", b[N - 1] == 2 * (N - 1) ? "ok" : "WRONG");
    if (getenv("TRACE_TASKS"))
        target_tasks(a);
    if (traced_device && !getenv("TRACE_ZERO"))
        printf("flush: %d\n", flush_trace(traced_device));
    return 0;
}

// CHECK: device_initialize 0 glass-host
// CHECK: set_trace_ompt all: 5, parallel_begin: 1, task_create: 5, dependences: 5
// CHECK: start_trace: 1
// CHECK: device time translates to host time: yes
// CHECK: result ok
// CHECK: flush: 1
// CHECK: device_finalize 0
// CHECK: ops=28 unmatched=0
// CHECK: buffers: requested>1=1 all completed=1 after device_finalize=0 on OpenMP threads=0 zero=0
// CHECK: records: target begin=5 end=5 kernel=4 map>0=1 data=24
// CHECK: tasks: target=0 with a task_create record=0 dependences=0 records=0 explicit=0; task records read=0
// CHECK: errors=0
// CHECK-NOT: WRONG

// ZERO: start_trace: 1
// ZERO: result ok
// ZERO: device_finalize 0
// ZERO: buffers: requested>1=0 all completed=1 after device_finalize=0 on OpenMP threads=0 zero=1
// ZERO: records: target begin=0 end=0 kernel=0 map>0=0 data=0
// ZERO: errors=0

// PAUSE: records: target begin=4 end=4 kernel=3 map>0=1 data=18
// PAUSE: errors=0

// TASKS: set_trace_ompt all: 5, parallel_begin: 1, task_create: 5, dependences: 5
// TASKS: result ok
// TASKS: tasks result ok
// TASKS: ops={{[0-9]+}} unmatched=0
// TASKS: tasks: target=6 with a task_create record=6 dependences=9 records=9 explicit=1; task records read=15
// TASKS: errors=0
// TASKS-NOT: WRONG

// TYPES: set_trace_ompt target: 5, data_op: 5, submit: 5, map: 5; off: task_create: 5, dependences: 5
// TYPES: tasks result ok
// TYPES: ops={{[0-9]+}} unmatched=0
// TYPES: tasks: target=6 with a task_create record=0 dependences=9 records=0 explicit=1; task records read=0
// TYPES: errors=0
// TYPES-NOT: WRONG
