/* The devices of libglass-trace. At device_initialize the tool starts OMPT
 * device tracing (OpenMP 5.1, 4.6.2) of kernels and data operations with its
 * own buffers; buffer_complete turns each record into a trace_device_op with
 * the device's own start and end times, translated to the trace's clock
 * (ompt_translate_time gives omp_get_wtime seconds; the offset to
 * CLOCK_MONOTONIC is measured once per device). A device whose tracing cannot
 * start is shown from the callbacks instead (record.c records EV_DEVICE_OP
 * for it, timeline.c turns them into ops); so is every device with
 * GLASS_TRACE_DEVICE_TRACING=off (a runtime whose device tracing misbehaves,
 * and the tests of that path).
 *
 * The runtime calls buffer_request and buffer_complete on a thread of its
 * own; each buffer is freed when the runtime hands it back as the tool's
 * (buffer_owned), and the counts are reported at the end. */
#include <stdatomic.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <omp-tools.h>

#include "clock.h"
#include "trace.h"

/* Bytes per trace buffer: GLASS_TRACE_BUFFER, as the threads' (record.c). */
static size_t buffer_bytes = 64u << 10;

void trace_devices_buffer(size_t bytes)
{
    buffer_bytes = bytes < 256 ? 256 : bytes; /* room for a few records */
}

struct device {
    _Atomic int initialized, traced, finalized;
    ompt_device_t *handle;
    char type[64];
    ompt_translate_time_t translate;
    ompt_advance_buffer_cursor_t advance;
    ompt_get_record_type_t record_type;
    ompt_get_record_ompt_t record_ompt;
    double offset_ns; /* trace clock minus the translated device clock */
    _Atomic unsigned long buffers, freed, records, zero_buffers;
};

static struct device devices[TRACE_MAX_DEVICES];

static struct device *device_of(int number)
{
    return number >= 0 && number < TRACE_MAX_DEVICES ? &devices[number] : NULL;
}

int trace_device_traced(int number)
{
    struct device *d = device_of(number);
    return d && atomic_load_explicit(&d->traced, memory_order_acquire);
}

int trace_devices_pending(void)
{
    for (int i = 0; i < TRACE_MAX_DEVICES; i++)
        if (atomic_load(&devices[i].traced) && !atomic_load(&devices[i].finalized))
            return 1;
    return 0;
}

const char *trace_device_type(int number)
{
    struct device *d = device_of(number);
    return d && atomic_load(&d->initialized) ? d->type : NULL;
}

static uint64_t to_trace_clock(const struct device *d, ompt_device_time_t time)
{
    double ns = d->translate(d->handle, time) * 1e9 + d->offset_ns;
    return ns > 0 ? (uint64_t)ns : 0;
}

static enum trace_op op_of(ompt_target_data_op_t optype)
{
    switch ((int)optype) {
    case ompt_target_data_alloc:
    case ompt_target_data_alloc_async: return OP_ALLOC;
    case ompt_target_data_transfer_to_device:
    case ompt_target_data_transfer_to_device_async: return OP_TO_DEVICE;
    case ompt_target_data_transfer_from_device:
    case ompt_target_data_transfer_from_device_async: return OP_FROM_DEVICE;
    case ompt_target_data_delete:
    case ompt_target_data_delete_async: return OP_DELETE;
    case ompt_target_data_associate: return OP_ASSOCIATE;
    case ompt_target_data_disassociate: return OP_DISASSOCIATE;
    default: return OP_OTHER;
    }
}

enum trace_op trace_op_of(int optype)
{
    return optype == TRACE_OP_KERNEL ? OP_KERNEL : op_of((ompt_target_data_op_t)optype);
}

/* ---- the tracing buffers ---- */

static void buffer_request(int device_num, ompt_buffer_t **buffer, size_t *bytes)
{
    struct device *d = device_of(device_num);
    *buffer = malloc(buffer_bytes);
    *bytes = *buffer ? buffer_bytes : 0; /* none: the runtime stops recording */
    if (!d)
        return;
    if (*buffer)
        atomic_fetch_add(&d->buffers, 1);
    else
        atomic_fetch_add(&d->zero_buffers, 1);
}

static void read_record(struct device *d, int device_num, const ompt_record_ompt_t *r)
{
    struct trace_device_op op = {.device = device_num, .construct = r->target_id, .measured_on_device = 1,
                                 .start = to_trace_clock(d, r->time)};
    switch ((int)r->type) {
    case ompt_callback_target_data_op:
    case ompt_callback_target_data_op_emi: {
        const ompt_record_target_data_op_t *data = &r->record.target_data_op;
        op.what = op_of(data->optype);
        op.bytes = data->bytes;
        op.end = to_trace_clock(d, data->end_time);
        break;
    }
    case ompt_callback_target_submit:
    case ompt_callback_target_submit_emi: {
        const ompt_record_target_kernel_t *kernel = &r->record.target_kernel;
        op.what = OP_KERNEL;
        op.requested_teams = kernel->requested_num_teams;
        op.granted_teams = kernel->granted_num_teams;
        op.end = to_trace_clock(d, kernel->end_time);
        break;
    }
    default: return; /* constructs and maps: the host's callbacks show them */
    }
    if (op.end < op.start)
        op.end = op.start;
    atomic_fetch_add_explicit(&d->records, 1, memory_order_relaxed);
    trace_device_add(&op);
}

static void buffer_complete(int device_num, ompt_buffer_t *buffer, size_t bytes, ompt_buffer_cursor_t begin,
                            int buffer_owned)
{
    struct device *d = device_of(device_num);
    if (d && bytes && buffer) {
        ompt_buffer_cursor_t cursor = begin;
        do {
            if (d->record_type(buffer, cursor) != ompt_record_ompt)
                continue;
            const ompt_record_ompt_t *r = d->record_ompt(buffer, cursor);
            if (r)
                read_record(d, device_num, r);
        } while (d->advance(d->handle, buffer, bytes, cursor, &cursor));
    }
    if (buffer_owned && buffer) {
        free(buffer);
        if (d)
            atomic_fetch_add(&d->freed, 1);
    }
}

/* ---- device callbacks ---- */

static void on_device_initialize(int device_num, const char *type, ompt_device_t *handle,
                                 ompt_function_lookup_t lookup, const char *documentation)
{
    (void)documentation;
    struct device *d = device_of(device_num);
    if (!d) {
        fprintf(stderr, "glass trace: device %d is beyond the %d devices the tool shows; its work is not traced\n",
                device_num, TRACE_MAX_DEVICES);
        return;
    }
    snprintf(d->type, sizeof d->type, "%s", type && *type ? type : "device");
    d->handle = handle;
    atomic_store(&d->initialized, 1);
    const char *tracing = getenv("GLASS_TRACE_DEVICE_TRACING");
    if (!lookup || (tracing && (!strcmp(tracing, "off") || !strcmp(tracing, "0"))))
        return;
    ompt_set_trace_ompt_t set_trace = (ompt_set_trace_ompt_t)lookup("ompt_set_trace_ompt");
    ompt_start_trace_t start = (ompt_start_trace_t)lookup("ompt_start_trace");
    ompt_get_device_time_t device_time = (ompt_get_device_time_t)lookup("ompt_get_device_time");
    d->translate = (ompt_translate_time_t)lookup("ompt_translate_time");
    d->advance = (ompt_advance_buffer_cursor_t)lookup("ompt_advance_buffer_cursor");
    d->record_type = (ompt_get_record_type_t)lookup("ompt_get_record_type");
    d->record_ompt = (ompt_get_record_ompt_t)lookup("ompt_get_record_ompt");
    if (!set_trace || !start || !device_time || !d->translate || !d->advance || !d->record_type || !d->record_ompt)
        return; /* no tracing: the callbacks show the device */
    /* Kernels and data operations; "sometimes" and better will do. */
    if (set_trace(handle, 1, ompt_callback_target_data_op) < ompt_set_sometimes ||
        set_trace(handle, 1, ompt_callback_target_submit) < ompt_set_sometimes)
        return;
    /* The offset between the clocks: the device's reading put halfway
     * between two of ours, from the closest of a few tries (the first calls
     * may fault pages in). */
    uint64_t best = UINT64_MAX;
    for (int try = 0; try < 8; try++) {
        uint64_t before = tool_now_ns();
        ompt_device_time_t now = device_time(handle);
        uint64_t after = tool_now_ns();
        if (after - before < best) {
            best = after - before;
            d->offset_ns = (double)before + (double)best / 2 - d->translate(handle, now) * 1e9;
        }
    }
    if (start(handle, buffer_request, buffer_complete) == 1)
        atomic_store_explicit(&d->traced, 1, memory_order_release);
}

static void on_device_finalize(int device_num)
{
    struct device *d = device_of(device_num);
    if (d)
        atomic_store(&d->finalized, 1);
}

void trace_devices_register(ompt_set_callback_t set_callback)
{
    set_callback(ompt_callback_device_initialize, (ompt_callback_t)on_device_initialize);
    set_callback(ompt_callback_device_finalize, (ompt_callback_t)on_device_finalize);
}

void trace_devices_report(FILE *out)
{
    for (int i = 0; i < TRACE_MAX_DEVICES; i++) {
        struct device *d = &devices[i];
        if (!atomic_load(&d->initialized))
            continue;
        if (!atomic_load(&d->traced)) {
            fprintf(out, "glass trace: device %d (%s): times from the host's callbacks (no device tracing)\n", i,
                    d->type);
            continue;
        }
        unsigned long buffers = atomic_load(&d->buffers), freed = atomic_load(&d->freed);
        fprintf(out, "glass trace: device %d (%s): %lu records from its trace, %lu buffers, %s%s\n", i, d->type,
                atomic_load(&d->records), buffers, buffers == freed ? "all freed" : "NOT ALL handed back",
                atomic_load(&d->zero_buffers) ? " (a buffer could not be allocated: later records are missing)" : "");
    }
}
