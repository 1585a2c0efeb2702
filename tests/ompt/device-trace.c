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
// Target records are matched to the target_emi callbacks (by the target id
// ompt_get_target_info gives in the callback): kind, endpoint, device,
// encountering task and codeptr_ra; map records to the target_map_emi
// callbacks of their construct: items, host and device addresses, bytes,
// flags and codeptr_ra. Each buffer is completed for the device it was
// requested for, and each record in it is of that device: a target record's
// device_num, a data operation's source or destination, and the device of
// the construct a data-op, kernel or map record belongs to. With
// GLASS_HOST_DEVICES=2 (TWO) the rounds alternate between devices 0 and 1.
// The entry points without records of their own: ompt_get_device_num_procs
// is omp_get_num_procs() (a host device has the host's processors);
// ompt_set_trace_native answers ompt_set_never (1) and
// ompt_get_record_native gives NULL with host_op_id ompt_id_none for every
// record (Glass's devices have no native record format), and
// ompt_get_record_abstract(NULL) is NULL. ompt_stop_trace (TRACE_STOP=1)
// completes every buffer before it returns; a construct after it makes no
// record and asks for no buffer; a second stop and a flush then answer 0.
// The device's type and whether it has the host's processors are the
// run's (tests/gpu/device-trace.test runs the default lines on a GPU).
// Host devices are the GCC ABI's (clang without offload targets compiles target
// regions as host code):
// REQUIRES: gcc
// RUN: %ompt-cc %s %ompt-link -o %t
// RUN: env GLASS_HOST_DEVICES=1 %run %t | FileCheck %s -DTYPE=glass-host -DPROCS_IS_HOST=1
// RUN: env GLASS_HOST_DEVICES=1 TRACE_ZERO=1 %run %t | FileCheck %s --check-prefix=ZERO
// RUN: env GLASS_HOST_DEVICES=1 TRACE_PAUSE=1 %run %t | FileCheck %s --check-prefix=PAUSE
// RUN: env GLASS_HOST_DEVICES=1 TRACE_TASKS=1 %run %t | FileCheck %s --check-prefix=TASKS
// RUN: env GLASS_HOST_DEVICES=1 TRACE_TASKS=1 TRACE_TYPES=1 %run %t | FileCheck %s --check-prefix=TYPES
// RUN: env GLASS_HOST_DEVICES=2 %run %t | FileCheck %s --check-prefix=TWO
// RUN: env GLASS_HOST_DEVICES=1 TRACE_STOP=1 %run %t | FileCheck %s --check-prefix=STOP
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
#define MAX_DEVICES 4
#define MAX_TARGETS 128
#define MAX_MAPS 128
#define MAX_ITEMS 8

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
static ompt_get_target_info_t get_target_info;
static ompt_get_record_native_t get_record_native;
static ompt_get_record_abstract_t get_record_abstract;
static ompt_stop_trace_t stop_trace;
static ompt_device_t *traced_device, *handles[MAX_DEVICES];
static int native_records; /* records for which get_record_native gave anything */

/* What the callbacks saw, and what the records said, per host_op_id. */
struct op {
    ompt_id_t id;
    int optype; /* 0 for a submit */
    void *src, *dest;
    int src_device, dest_device;
    size_t bytes;
    int device; /* its construct's */
    int callbacks, records;
};
static struct op ops[MAX_OPS];
static int nops;
static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
static int errors, target_begin_records, target_end_records, map_records, kernel_records, data_records;
static int requested, completed, completed_bytes, zero, records_total, records_on[MAX_DEVICES];
static void *outstanding[64];
static int outstanding_device[64];
static int finalized_device[MAX_DEVICES], complete_after_finalize, on_openmp_thread;

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

/* The target constructs the target_emi callbacks saw (target_data holds the
 * index + 1), and their target_map_emi callbacks. */
struct target {
    ompt_id_t id; /* ompt_get_target_info's, in the begin callback */
    int kind, device, ended;
    ompt_id_t task;
    const void *codeptr;
    int begin_records, end_records;
};
static struct target targets[MAX_TARGETS];
static int ntargets;
struct map {
    int target;
    unsigned nitems;
    void *host[MAX_ITEMS], *device[MAX_ITEMS];
    size_t bytes[MAX_ITEMS];
    unsigned flags[MAX_ITEMS];
    const void *codeptr;
    int records;
};
static struct map maps[MAX_MAPS];
static int nmaps;

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

/* The construct a callback's target_data names, or NULL. With the lock held. */
static struct target *target_of(const ompt_data_t *target_data)
{
    return target_data && target_data->value > 0 && target_data->value <= (uint64_t)ntargets
               ? &targets[target_data->value - 1]
               : NULL;
}

static struct target *target_by_id(ompt_id_t id)
{
    for (int i = 0; i < ntargets; i++)
        if (targets[i].id == id)
            return &targets[i];
    return NULL;
}

static void on_target(ompt_target_t kind, ompt_scope_endpoint_t endpoint, int device_num, ompt_data_t *task_data,
                      ompt_data_t *target_task_data, ompt_data_t *target_data, const void *codeptr)
{
    (void)target_task_data;
    pthread_mutex_lock(&lock);
    if (endpoint == ompt_scope_begin) {
        uint64_t info_device = 99;
        ompt_id_t id = 0;
        if (!get_target_info(&info_device, &id, NULL) || (int)info_device != device_num || id == 0)
            fail("ompt_get_target_info in a target begin callback");
        if (task_data && task_data->value == 0)
            task_data->value = next_id++;
        if (ntargets < MAX_TARGETS) {
            targets[ntargets] = (struct target){.id = id, .kind = kind, .device = device_num,
                                                .task = task_data ? task_data->value : 0, .codeptr = codeptr};
            target_data->value = (uint64_t)++ntargets;
        }
    } else {
        struct target *t = target_of(target_data);
        if (t) {
            t->ended++;
            if (t->kind != (int)kind || t->device != device_num || t->codeptr != codeptr)
                fail("target end callback differs from its begin");
        }
    }
    pthread_mutex_unlock(&lock);
}

static void on_target_map(ompt_data_t *target_data, unsigned int nitems, void **host_addr, void **device_addr,
                          size_t *bytes, unsigned int *flags, const void *codeptr)
{
    pthread_mutex_lock(&lock);
    struct target *t = target_of(target_data);
    if (!t)
        fail("target_map callback outside a construct");
    else if (nitems > MAX_ITEMS || nmaps == MAX_MAPS)
        fail("target_map callback too large for this test");
    else {
        struct map *m = &maps[nmaps++];
        *m = (struct map){.target = (int)(t - targets), .nitems = nitems, .codeptr = codeptr};
        memcpy(m->host, host_addr, nitems * sizeof *host_addr);
        memcpy(m->device, device_addr, nitems * sizeof *device_addr);
        memcpy(m->bytes, bytes, nitems * sizeof *bytes);
        memcpy(m->flags, flags, nitems * sizeof *flags);
    }
    pthread_mutex_unlock(&lock);
}

static void on_data_op(ompt_scope_endpoint_t endpoint, ompt_data_t *target_task_data, ompt_data_t *target_data,
                       ompt_id_t *host_op_id, ompt_target_data_op_t optype, void *src, int src_device, void *dest,
                       int dest_device, size_t bytes, const void *codeptr)
{
    frame_flags_check_tasks(NULL, "data_op");
    (void)target_task_data, (void)codeptr;
    if (endpoint != ompt_scope_end)
        return;
    pthread_mutex_lock(&lock);
    struct op *op = op_of(*host_op_id);
    if (op) {
        struct target *t = target_of(target_data);
        op->optype = optype, op->src = src, op->dest = dest, op->bytes = bytes;
        op->src_device = src_device, op->dest_device = dest_device;
        op->device = t ? t->device : -1;
        op->callbacks++;
    }
    pthread_mutex_unlock(&lock);
}

static void on_submit(ompt_scope_endpoint_t endpoint, ompt_data_t *target_data, ompt_id_t *host_op_id,
                      unsigned int requested_num_teams)
{
    frame_flags_check_tasks(NULL, "submit");
    (void)requested_num_teams;
    if (endpoint != ompt_scope_end)
        return;
    pthread_mutex_lock(&lock);
    struct op *op = op_of(*host_op_id);
    if (op) {
        struct target *t = target_of(target_data);
        op->device = t ? t->device : -1;
        op->callbacks++;
    }
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
            outstanding_device[i] = device_num;
            break;
        }
    pthread_mutex_unlock(&lock);
}

static void read_target_record(ompt_record_ompt_t *r, int device_num)
{
    ompt_record_target_t *rt = &r->record.target;
    if (rt->endpoint == ompt_scope_begin)
        target_begin_records++;
    else
        target_end_records++;
    if (rt->device_num != device_num)
        fail("target record in another device's buffer");
    struct target *t = target_by_id(rt->target_id);
    if (!t) {
        fail("target record of no target callback");
        return;
    }
    if (rt->endpoint == ompt_scope_begin)
        t->begin_records++;
    else
        t->end_records++;
    if ((int)rt->kind != t->kind || rt->device_num != t->device || rt->task_id != t->task ||
        rt->codeptr_ra != t->codeptr || r->target_id != t->id)
        fail("target record differs from its callback");
}

static int same_map(const struct map *m, const ompt_record_target_map_t *rm)
{
    unsigned n = rm->nitems;
    return m->nitems == n && !memcmp(m->host, rm->host_addr, n * sizeof(void *)) &&
           !memcmp(m->device, rm->device_addr, n * sizeof(void *)) && !memcmp(m->bytes, rm->bytes, n * sizeof(size_t)) &&
           !memcmp(m->flags, rm->mapping_flags, n * sizeof(unsigned)) && m->codeptr == rm->codeptr_ra;
}

static void read_map_record(ompt_record_ompt_t *r, int device_num)
{
    ompt_record_target_map_t *rm = &r->record.target_map;
    map_records++;
    for (unsigned i = 0; i < rm->nitems; i++)
        if (!rm->host_addr[i] || !rm->device_addr[i])
            fail("map record with a NULL address");
    struct target *t = target_by_id(rm->target_id);
    if (!t) {
        fail("map record of no target callback");
        return;
    }
    if (t->device != device_num)
        fail("map record in another device's buffer than its construct's");
    for (int i = 0; i < nmaps; i++)
        if (maps[i].target == (int)(t - targets) && !maps[i].records && same_map(&maps[i], rm)) {
            maps[i].records++;
            return;
        }
    fail("map record differs from every target_map callback of its construct");
}

static void read_record(ompt_record_ompt_t *r, int device_num)
{
    if (r->time == 0)
        fail("record without a time");
    records_total++;
    if (device_num >= 0 && device_num < MAX_DEVICES)
        records_on[device_num]++;
    switch ((int)r->type) {
    case ompt_callback_target:
        read_target_record(r, device_num);
        break;
    case ompt_callback_target_data_op: {
        data_records++;
        ompt_record_target_data_op_t *d = &r->record.target_data_op;
        if (d->end_time < r->time)
            fail("data-op record ends before it starts");
        if (d->src_device_num != device_num && d->dest_device_num != device_num)
            fail("data-op record in another device's buffer");
        struct op *op = op_of(d->host_op_id);
        if (!op)
            break;
        op->records++;
        if (op->callbacks && (op->optype != (int)d->optype || op->src != d->src_addr || op->dest != d->dest_addr ||
                              op->bytes != d->bytes || op->src_device != d->src_device_num ||
                              op->dest_device != d->dest_device_num))
            fail("data-op record differs from its callback");
        if (op->callbacks && op->device != device_num)
            fail("data-op record in another device's buffer than its construct's");
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
        if (op && op->callbacks && op->device != device_num)
            fail("kernel record in another device's buffer than its construct's");
        break;
    }
    case ompt_callback_task_create:
    case ompt_callback_dependences:
        read_task_record(r);
        break;
    case ompt_callback_target_map:
        read_map_record(r, device_num);
        break;
    default:
        fail("record of an unexpected type");
    }
}

static void buffer_complete(int device_num, ompt_buffer_t *buffer, size_t bytes, ompt_buffer_cursor_t begin,
                            int buffer_owned)
{
    if (get_thread_data() != NULL)
        on_openmp_thread++;
    if (device_num >= 0 && device_num < MAX_DEVICES && finalized_device[device_num])
        complete_after_finalize++;
    pthread_mutex_lock(&lock);
    int found = 0;
    for (int i = 0; i < 64; i++)
        if (outstanding[i] == buffer) {
            outstanding[i] = NULL;
            found = 1;
            if (outstanding_device[i] != device_num)
                fail("a buffer completed for another device than it was requested for");
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
            ompt_id_t native_op = 99;
            if (get_record_native(buffer, cursor, &native_op) || native_op != ompt_id_none)
                native_records++;
            read_record(get_record_ompt(buffer, cursor), device_num);
        } while (advance_cursor(handles[device_num], buffer, bytes, cursor, &cursor));
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
    if (device_num < 0 || device_num >= MAX_DEVICES) {
        fail("device number out of range");
        return;
    }
    handles[device_num] = device;
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
    get_record_native = (ompt_get_record_native_t)lookup("ompt_get_record_native");
    get_record_abstract = (ompt_get_record_abstract_t)lookup("ompt_get_record_abstract");
    stop_trace = (ompt_stop_trace_t)lookup("ompt_stop_trace");
    ompt_get_device_num_procs_t num_procs = (ompt_get_device_num_procs_t)lookup("ompt_get_device_num_procs");
    ompt_set_trace_native_t set_trace_native = (ompt_set_trace_native_t)lookup("ompt_set_trace_native");
    printf("device %d: num_procs is omp_get_num_procs: %d; set_trace_native: %d; get_record_abstract(NULL) is "
           "NULL: %d\n",
           device_num, num_procs(device) == omp_get_num_procs() && num_procs(device) > 0,
           set_trace_native(device, 1, ompt_native_data_motion_explicit | ompt_native_kernel_invocation),
           get_record_abstract(NULL) == NULL);
    if (device_num == 0)
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
    if (device_num >= 0 && device_num < MAX_DEVICES)
        finalized_device[device_num] = 1;
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
    set_callback(ompt_callback_target_emi, (ompt_callback_t)on_target);
    set_callback(ompt_callback_target_map_emi, (ompt_callback_t)on_target_map);
    get_target_info = (ompt_get_target_info_t)lookup("ompt_get_target_info");
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
    int targets_matched = 0, ended = 0, maps_matched = 0;
    for (int i = 0; i < ntargets; i++) {
        ended += targets[i].ended == 1;
        targets_matched += targets[i].begin_records == 1 && targets[i].end_records == 1;
        if (targets[i].begin_records > 1 || targets[i].end_records > 1)
            fail("more than one record for a target callback");
    }
    for (int i = 0; i < nmaps; i++)
        maps_matched += maps[i].records == 1;
    printf("targets: callbacks=%d ended=%d with their begin and end records=%d; maps: callbacks=%d with their "
           "record=%d\n",
           ntargets, ended, targets_matched, nmaps, maps_matched);
    printf("records on device 0: %d, on device 1: %d; native records: %d\n", records_on[0] > 0, records_on[1] > 0,
           native_records);
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

/* ompt_stop_trace, then a construct on the stopped device. */
static void stop_then_construct(void)
{
    int stopped = stop_trace(traced_device);
    pthread_mutex_lock(&lock);
    int left = 0;
    for (int i = 0; i < 64; i++)
        left += outstanding[i] != NULL;
    int all = requested == completed && left == 0;
    int requested_before = requested, completed_before = completed, records_before = records_total;
    pthread_mutex_unlock(&lock);
    int x = 1;
#pragma omp target map(tofrom : x)
    x += 1;
    pthread_mutex_lock(&lock);
    printf("stop_trace: %d all completed=%d; after a construct (x=%d): requests=%d completions=%d records=%d; "
           "stop again: %d flush: %d\n",
           stopped, all, x, requested - requested_before, completed - completed_before, records_total - records_before,
           stop_trace(traced_device), flush_trace(traced_device));
    pthread_mutex_unlock(&lock);
}

int main(void)
{
    static double a[N], b[N];
    for (int i = 0; i < N; i++)
        a[i] = i;
    int ndevices = omp_get_num_devices() > 0 ? omp_get_num_devices() : 1;
    for (int round = 0; round < 4; round++) {
        if (round == 2 && getenv("TRACE_PAUSE"))
            pause_trace(traced_device, 1);
        int device = round % ndevices;
#pragma omp target teams num_teams(3) device(device) map(to : a) map(from : b)
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
    if (getenv("TRACE_STOP"))
        stop_then_construct();
    else if (!getenv("TRACE_ZERO"))
        for (int d = 0; d < ndevices && d < MAX_DEVICES; d++)
            if (handles[d])
                printf("flush %d: %d\n", d, flush_trace(handles[d]));
    return 0;
}

// CHECK: device_initialize 0 [[TYPE]]
// CHECK-NEXT: device 0: num_procs is omp_get_num_procs: [[PROCS_IS_HOST]]; set_trace_native: 1; get_record_abstract(NULL) is NULL: 1
// CHECK: set_trace_ompt all: 5, parallel_begin: 1, task_create: 5, dependences: 5
// CHECK: start_trace: 1
// CHECK: device time translates to host time: yes
// CHECK: result ok
// CHECK: flush 0: 1
// CHECK: device_finalize 0
// CHECK: ops=28 unmatched=0
// CHECK: buffers: requested>1=1 all completed=1 after device_finalize=0 on OpenMP threads=0 zero=0
// CHECK: records: target begin=5 end=5 kernel=4 map>0=1 data=24
// CHECK-NEXT: targets: callbacks=5 ended=5 with their begin and end records=5; maps: callbacks=4 with their record=4
// CHECK-NEXT: records on device 0: 1, on device 1: 0; native records: 0
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

// TWO: device_initialize 0 glass-host
// TWO-NEXT: device 0: num_procs is omp_get_num_procs: 1; set_trace_native: 1; get_record_abstract(NULL) is NULL: 1
// TWO: start_trace: 1
// TWO: device_initialize 1 glass-host
// TWO-NEXT: device 1: num_procs is omp_get_num_procs: 1; set_trace_native: 1; get_record_abstract(NULL) is NULL: 1
// TWO: start_trace: 1
// TWO: result ok
// TWO-NEXT: flush 0: 1
// TWO-NEXT: flush 1: 1
// TWO-DAG: device_finalize 0
// TWO-DAG: device_finalize 1
// TWO: ops=28 unmatched=0
// TWO-NEXT: buffers: requested>1=1 all completed=1 after device_finalize=0 on OpenMP threads=0 zero=0
// TWO-NEXT: records: target begin=5 end=5 kernel=4 map>0=1 data=24
// TWO-NEXT: targets: callbacks=5 ended=5 with their begin and end records=5; maps: callbacks=4 with their record=4
// TWO-NEXT: records on device 0: 1, on device 1: 1; native records: 0
// TWO: errors=0
// TWO-NOT: WRONG

// The construct after the stop has callbacks (1 target, 1 map, 5 operations)
// and no record.
// STOP: result ok
// STOP-NEXT: stop_trace: 1 all completed=1; after a construct (x=2): requests=0 completions=0 records=0; stop again: 0 flush: 0
// STOP-NEXT: device_finalize 0
// STOP-NEXT: ops=33 unmatched=5
// STOP-NEXT: buffers: requested>1=1 all completed=1 after device_finalize=0 on OpenMP threads=0 zero=0
// STOP-NEXT: records: target begin=5 end=5 kernel=4 map>0=1 data=24
// STOP-NEXT: targets: callbacks=6 ended=6 with their begin and end records=5; maps: callbacks=5 with their record=4
// STOP: errors=0
// STOP-NOT: WRONG
