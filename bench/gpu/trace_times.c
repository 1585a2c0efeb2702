/* On a GPU (scripts/gpu-check.sh): OMPT device tracing checked against the
 * host. A tool linked into this program starts tracing in device_initialize,
 * notes each target construct's host-side begin and end (ompt_get_target_info
 * gives its target id at begin), and at the end checks that every kernel and
 * transfer record appears once per host operation and that its device
 * start and end, translated with ompt_translate_time, lie inside its
 * construct's host interval. Prints "trace: ok" or what is wrong. Link with
 * -rdynamic: the runtime finds the tool's ompt_start_tool in the program. */
#include <omp-tools.h>
#include <omp.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define MAX 4096

static ompt_get_target_info_t get_target_info;
static ompt_translate_time_t translate;
static ompt_advance_buffer_cursor_t advance;
static ompt_get_record_ompt_t get_record;
static ompt_device_t *dev;
static const char *dev_type = "?";

static struct construct { ompt_id_t id; double begin, end; } constructs[MAX];
static int nconstructs;
static struct rec { ompt_id_t target, op; int type; double start, end; } records[MAX];
static int nrecords, callbacks_ops;
static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;

static void on_target(ompt_target_t kind, ompt_scope_endpoint_t endpoint, int device_num, ompt_data_t *task,
                      ompt_data_t *target_task, ompt_data_t *target_data, const void *codeptr)
{
    (void)kind, (void)device_num, (void)task, (void)target_task, (void)codeptr;
    double now = omp_get_wtime();
    pthread_mutex_lock(&lock);
    if (endpoint == ompt_scope_begin && nconstructs < MAX) {
        uint64_t device;
        ompt_id_t id = 0, op;
        get_target_info(&device, &id, &op);
        constructs[nconstructs] = (struct construct){id, now, 0};
        target_data->value = (uint64_t)nconstructs++;
    } else if (endpoint == ompt_scope_end) {
        constructs[target_data->value].end = now;
    }
    pthread_mutex_unlock(&lock);
}

static void on_op(ompt_scope_endpoint_t endpoint, ompt_data_t *target_task, ompt_data_t *target_data,
                  ompt_id_t *host_op_id, ompt_target_data_op_t optype, void *src, int srcdev, void *dest, int destdev,
                  size_t bytes, const void *codeptr)
{
    (void)target_task, (void)target_data, (void)host_op_id, (void)src, (void)srcdev, (void)dest, (void)destdev,
        (void)bytes, (void)codeptr;
    if (endpoint == ompt_scope_end && (optype == ompt_target_data_transfer_to_device ||
                                       optype == ompt_target_data_transfer_from_device))
        __atomic_add_fetch(&callbacks_ops, 1, __ATOMIC_RELAXED);
}

static void on_submit(ompt_scope_endpoint_t endpoint, ompt_data_t *target_data, ompt_id_t *host_op_id,
                      unsigned requested)
{
    (void)target_data, (void)host_op_id, (void)requested;
    if (endpoint == ompt_scope_end)
        __atomic_add_fetch(&callbacks_ops, 1, __ATOMIC_RELAXED);
}

static void request(int device_num, ompt_buffer_t **buffer, size_t *bytes)
{
    (void)device_num;
    *bytes = 1 << 20;
    *buffer = malloc(*bytes);
}

static void complete(int device_num, ompt_buffer_t *buffer, size_t bytes, ompt_buffer_cursor_t begin, int owned)
{
    (void)device_num;
    ompt_buffer_cursor_t c = begin;
    if (bytes)
        do {
            ompt_record_ompt_t *r = get_record(buffer, c);
            double s = translate(dev, r->time), e = s;
            ompt_id_t op = 0;
            if (r->type == ompt_callback_target_submit) {
                e = translate(dev, r->record.target_kernel.end_time);
                op = r->record.target_kernel.host_op_id;
            } else if (r->type == ompt_callback_target_data_op &&
                       (r->record.target_data_op.optype == ompt_target_data_transfer_to_device ||
                        r->record.target_data_op.optype == ompt_target_data_transfer_from_device)) {
                e = translate(dev, r->record.target_data_op.end_time);
                op = r->record.target_data_op.host_op_id;
            } else {
                continue;
            }
            pthread_mutex_lock(&lock);
            if (nrecords < MAX)
                records[nrecords++] = (struct rec){r->target_id, op, (int)r->type, s, e};
            pthread_mutex_unlock(&lock);
        } while (advance(dev, buffer, bytes, c, &c));
    if (owned)
        free(buffer);
}

static void on_device_initialize(int device_num, const char *type, ompt_device_t *device,
                                 ompt_function_lookup_t lookup, const char *documentation)
{
    (void)device_num, (void)documentation;
    dev = device;
    dev_type = strdup(type);
    translate = (ompt_translate_time_t)lookup("ompt_translate_time");
    advance = (ompt_advance_buffer_cursor_t)lookup("ompt_advance_buffer_cursor");
    get_record = (ompt_get_record_ompt_t)lookup("ompt_get_record_ompt");
    ompt_set_trace_ompt_t set = (ompt_set_trace_ompt_t)lookup("ompt_set_trace_ompt");
    ompt_start_trace_t start = (ompt_start_trace_t)lookup("ompt_start_trace");
    if (!translate || !advance || !get_record || !set || !start) {
        printf("trace: WRONG: tracing entry points missing\n");
        return;
    }
    set(device, 1, 0);
    start(device, request, complete);
}

static int initialize(ompt_function_lookup_t lookup, int initial_device, ompt_data_t *data)
{
    (void)initial_device, (void)data;
    ompt_set_callback_t set = (ompt_set_callback_t)lookup("ompt_set_callback");
    get_target_info = (ompt_get_target_info_t)lookup("ompt_get_target_info");
    set(ompt_callback_device_initialize, (ompt_callback_t)on_device_initialize);
    set(ompt_callback_target_emi, (ompt_callback_t)on_target);
    set(ompt_callback_target_data_op_emi, (ompt_callback_t)on_op);
    set(ompt_callback_target_submit_emi, (ompt_callback_t)on_submit);
    return 1;
}

static void finalize(ompt_data_t *data)
{
    (void)data;
    int outside = 0, orphan = 0;
    double worst = 0;
    for (int i = 0; i < nrecords; i++) {
        int k = 0;
        while (k < nconstructs && constructs[k].id != records[i].target)
            k++;
        if (k == nconstructs) {
            orphan++;
            continue;
        }
        double early = constructs[k].begin - records[i].start, late = records[i].end - constructs[k].end;
        if (early > 0 || late > 0 || records[i].end < records[i].start) {
            outside++;
            worst = early > worst ? early : late > worst ? late : worst;
        }
    }
    printf("trace: device type \"%s\", %d constructs, %d kernel/transfer records for %d host operations, %d outside "
           "their construct (worst %.1f us), %d without a construct\n",
           dev_type, nconstructs, nrecords, callbacks_ops, outside, worst * 1e6, orphan);
    printf("trace: %s\n", nrecords == callbacks_ops && nrecords > 0 && !outside && !orphan &&
                                  !strncmp(dev_type, "NVIDIA", 6) ? "ok" : "WRONG");
}

ompt_start_tool_result_t *ompt_start_tool(unsigned version, const char *runtime)
{
    (void)version, (void)runtime;
    static ompt_start_tool_result_t result = {initialize, finalize, {0}};
    return &result;
}

int main(void)
{
    const int n = 1 << 20;
    float *x = malloc(n * sizeof *x);
    for (int i = 0; i < n; i++)
        x[i] = 1;
    for (int r = 0; r < 5; r++) {
#pragma omp target teams distribute parallel for map(tofrom : x[0:n])
        for (int i = 0; i < n; i++)
            x[i] *= 2;
    }
    printf("result %s on %s\n", x[n - 1] == 32 ? "ok" : "WRONG", omp_get_num_devices() ? "the device" : "the host");
    return 0;
}
