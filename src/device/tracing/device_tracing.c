/* OMPT device tracing (device_tracing.h). */
#include <omp-tools.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>

#include "../../core/runtime.h"
#include "../../ompt/hooks.h"
#include "../../ompt/ompt_internal.h"
#include "../device.h"
#include "device_tracing.h"

/* A record waiting for the helper: the record as the tool will see it,
 * followed by a map record's arrays. */
struct staged {
    struct staged *next;
    size_t size; /* of the record and its arrays */
    ompt_record_ompt_t record;
};

struct glass_device_trace {
    pthread_mutex_t lock;
    pthread_cond_t wake; /* the helper: work, a flush or the stop */
    pthread_cond_t done; /* flushers and the stopper */
    bool chosen;         /* set_trace_ompt was called: `wanted` says what */
    unsigned char wanted[GLASS_OMPT_EVENT_LIMIT];
    bool started, paused, stopping, disabled;
    int tool; /* whose ompt_start_trace started it: the buffers are that tool's */
    ompt_callback_buffer_request_t request;
    ompt_callback_buffer_complete_t complete;
    struct staged *head, **tail;
    uint64_t flushes_asked, flushes_done;
    pthread_t helper;
    /* The helper's buffer. */
    char *buffer;
    size_t buffer_size, used;
};

/* The types a device records: its constructs' events, and the creation and
 * dependences of the target tasks generated for constructs on it. */
static bool traceable(int event)
{
    return event == ompt_callback_target || event == ompt_callback_target_data_op ||
           event == ompt_callback_target_submit || event == ompt_callback_target_map ||
           event == ompt_callback_task_create || event == ompt_callback_dependences;
}

/* The record type of an EMI callback's number is its non-EMI form's. */
static int record_type(int event)
{
    switch (event) {
    case ompt_callback_target_emi: return ompt_callback_target;
    case ompt_callback_target_data_op_emi: return ompt_callback_target_data_op;
    case ompt_callback_target_submit_emi: return ompt_callback_target_submit;
    case ompt_callback_target_map_emi: return ompt_callback_target_map;
    }
    return event;
}

/* The trace of a device, made on first use (any tracing entry point). */
static struct glass_device_trace *trace_of(struct glass_device *device)
{
    static pthread_mutex_t make_lock = PTHREAD_MUTEX_INITIALIZER;
    struct glass_device_trace *trace = __atomic_load_n(&device->trace, __ATOMIC_ACQUIRE);
    if (trace)
        return trace;
    pthread_mutex_lock(&make_lock);
    if (!(trace = device->trace)) {
        trace = calloc(1, sizeof *trace);
        if (!trace)
            glass_fatal("out of memory for the trace of device %d", device->number);
        pthread_mutex_init(&trace->lock, NULL);
        pthread_cond_init(&trace->wake, NULL);
        pthread_cond_init(&trace->done, NULL);
        trace->tail = &trace->head;
        __atomic_store_n(&device->trace, trace, __ATOMIC_RELEASE);
    }
    pthread_mutex_unlock(&make_lock);
    return trace;
}

int glass_device_trace_tool(const struct glass_device *device)
{
    struct glass_device_trace *trace = device ? __atomic_load_n(&device->trace, __ATOMIC_ACQUIRE) : NULL;
    return trace ? __atomic_load_n(&trace->tool, __ATOMIC_RELAXED) : 0;
}

bool glass_device_trace_wants(struct glass_device *device, int event)
{
    struct glass_device_trace *trace = device ? __atomic_load_n(&device->trace, __ATOMIC_ACQUIRE) : NULL;
    if (!trace || !__atomic_load_n(&trace->started, __ATOMIC_ACQUIRE) ||
        __atomic_load_n(&trace->paused, __ATOMIC_RELAXED) || __atomic_load_n(&trace->disabled, __ATOMIC_RELAXED))
        return false;
    return !__atomic_load_n(&trace->chosen, __ATOMIC_ACQUIRE) ||
           __atomic_load_n(&trace->wanted[event], __ATOMIC_RELAXED);
}

/* ---- The helper thread ------------------------------------------------------ */

static size_t record_size(const ompt_record_ompt_t *record)
{
    size_t size = sizeof *record;
    if (record->type == ompt_callback_target_map) {
        unsigned n = record->record.target_map.nitems;
        size += n * (2 * sizeof(void *) + sizeof(size_t) + sizeof(unsigned));
    }
    return (size + 7) & ~(size_t)7;
}

/* A map record's array pointers, pointed at the arrays after it. */
static void point_arrays(ompt_record_ompt_t *record)
{
    if (record->type != ompt_callback_target_map)
        return;
    ompt_record_target_map_t *map = &record->record.target_map;
    unsigned n = map->nitems;
    map->host_addr = (void **)(record + 1);
    map->device_addr = map->host_addr + n;
    map->bytes = (size_t *)(map->device_addr + n);
    map->mapping_flags = (unsigned *)(map->bytes + n);
}

/* Hands the buffer back (once), even when nothing was written into it. */
static void complete_buffer(struct glass_device *device, struct glass_device_trace *trace)
{
    if (!trace->buffer)
        return;
    trace->complete(device->number, trace->buffer, trace->used, 0, 1);
    trace->buffer = NULL;
    trace->buffer_size = trace->used = 0;
}

static bool get_buffer(struct glass_device *device, struct glass_device_trace *trace)
{
    ompt_buffer_t *buffer = NULL;
    size_t bytes = 0;
    trace->request(device->number, &buffer, &bytes);
    if (!buffer || bytes == 0) {
        __atomic_store_n(&trace->disabled, true, __ATOMIC_RELAXED); /* 4.6.2.5: a 0-byte buffer stops recording */
        return false;
    }
    trace->buffer = buffer;
    trace->buffer_size = bytes;
    trace->used = 0;
    return true;
}

static void write_record(struct glass_device *device, struct glass_device_trace *trace, struct staged *staged)
{
    if (trace->disabled)
        return;
    if (trace->buffer && trace->used + staged->size > trace->buffer_size)
        complete_buffer(device, trace);
    if (!trace->buffer && !get_buffer(device, trace))
        return;
    if (staged->size > trace->buffer_size)
        return; /* larger than a whole buffer of the tool's: cannot be recorded */
    ompt_record_ompt_t *record = (ompt_record_ompt_t *)(trace->buffer + trace->used);
    memcpy(record, &staged->record, staged->size);
    point_arrays(record);
    trace->used += staged->size;
}

static void *helper_main(void *arg)
{
    struct glass_device *device = arg;
    struct glass_device_trace *trace = device->trace;
    pthread_mutex_lock(&trace->lock);
    for (;;) {
        while (!trace->head && trace->flushes_done == trace->flushes_asked && !trace->stopping)
            pthread_cond_wait(&trace->wake, &trace->lock);
        uint64_t flushes = trace->flushes_asked;
        bool stopping = trace->stopping;
        struct staged *list = trace->head;
        trace->head = NULL;
        trace->tail = &trace->head;
        pthread_mutex_unlock(&trace->lock);
        while (list) {
            struct staged *next = list->next;
            write_record(device, trace, list);
            free(list);
            list = next;
        }
        if (flushes != trace->flushes_done || stopping)
            complete_buffer(device, trace);
        pthread_mutex_lock(&trace->lock);
        trace->flushes_done = flushes;
        pthread_cond_broadcast(&trace->done);
        if (stopping && !trace->head)
            break;
    }
    pthread_mutex_unlock(&trace->lock);
    return NULL;
}

/* ---- Recording ---------------------------------------------------------------- */

void glass_device_trace_record(struct glass_device *device, const struct glass_trace_event *event)
{
    struct glass_device_trace *trace = device->trace;
    unsigned n = event->type == ompt_callback_target_map ? event->nitems : 0;
    size_t size = sizeof(struct staged) + n * (2 * sizeof(void *) + sizeof(size_t) + sizeof(unsigned)) + 8;
    struct staged *staged = calloc(1, size);
    if (!staged)
        return; /* a lost record, not a lost program */
    ompt_record_ompt_t *r = &staged->record;
    r->type = (ompt_callbacks_t)event->type;
    r->time = event->time;
    r->thread_id = 0;
    r->target_id = event->target_id;
    switch (event->type) {
    case ompt_callback_target:
        r->record.target = (ompt_record_target_t){(ompt_target_t)event->kind, (ompt_scope_endpoint_t)event->endpoint,
                                                  event->device_num, event->task_id, event->target_id, event->codeptr};
        break;
    case ompt_callback_target_data_op:
        r->record.target_data_op = (ompt_record_target_data_op_t){
            event->host_op_id, (ompt_target_data_op_t)event->optype, (void *)event->src, event->src_device,
            (void *)event->dest, event->dest_device, event->bytes, event->end_time, event->codeptr};
        break;
    case ompt_callback_target_submit:
        r->record.target_kernel = (ompt_record_target_kernel_t){event->host_op_id, event->requested_teams,
                                                                event->granted_teams, event->end_time};
        break;
    case ompt_callback_target_map: {
        ompt_record_target_map_t *map = &r->record.target_map;
        map->target_id = event->target_id;
        map->nitems = n;
        map->codeptr_ra = event->codeptr;
        point_arrays(r);
        memcpy(map->host_addr, event->host_addr, n * sizeof(void *));
        memcpy(map->device_addr, event->device_addr, n * sizeof(void *));
        memcpy(map->bytes, event->item_bytes, n * sizeof(size_t));
        memcpy(map->mapping_flags, event->flags, n * sizeof(unsigned));
        break;
    }
    case ompt_callback_task_create: /* 5.1 4.5.2.7 */
        r->record.task_create = (ompt_record_task_create_t){event->task_id, event->new_task_id, event->task_flags,
                                                            event->has_dependences, event->codeptr};
        break;
    case ompt_callback_dependences: /* 5.1 4.5.2.8: one record per dependence */
        r->record.dependences = (ompt_record_dependences_t){
            event->task_id, {{.ptr = (void *)event->dep_variable}, (ompt_dependence_type_t)event->dep_type},
            event->ndeps};
        break;
    }
    staged->size = record_size(r);
    pthread_mutex_lock(&trace->lock);
    if (trace->started && !trace->stopping) {
        *trace->tail = staged;
        trace->tail = &staged->next;
        pthread_cond_signal(&trace->wake);
        staged = NULL;
    }
    pthread_mutex_unlock(&trace->lock);
    free(staged);
}

/* ---- Entry points (4.6.2) ----------------------------------------------------- */

static struct glass_device *device_of(ompt_device_t *handle)
{
    return (struct glass_device *)handle;
}

/* 4.6.2.4: etype 0 chooses every event type. Recording starts with every
 * traceable type chosen, until the tool chooses. A traceable type is always
 * recorded while tracing runs (ompt_set_always): every target, data-op,
 * kernel and map event of the device's constructs, and every task_create and
 * dependences event of a target task generated for a construct on the
 * device; other types never occur on a device (ompt_set_never). */
static ompt_set_result_t set_trace_ompt(ompt_device_t *handle, unsigned int enable, unsigned int etype)
{
    struct glass_device *device = device_of(handle);
    if (!device)
        return ompt_set_error;
    struct glass_device_trace *trace = trace_of(device);
    int event = record_type((int)etype);
    if (etype != 0 && (event <= 0 || event >= GLASS_OMPT_EVENT_LIMIT))
        return ompt_set_error;
    if (etype != 0 && !traceable(event))
        return ompt_set_never;
    pthread_mutex_lock(&trace->lock);
    for (int e = 1; e < GLASS_OMPT_EVENT_LIMIT; e++)
        if (etype == 0 || e == event)
            __atomic_store_n(&trace->wanted[e], traceable(e) && enable != 0, __ATOMIC_RELAXED);
        else if (!trace->chosen)
            __atomic_store_n(&trace->wanted[e], 0, __ATOMIC_RELAXED);
    __atomic_store_n(&trace->chosen, true, __ATOMIC_RELEASE);
    pthread_mutex_unlock(&trace->lock);
    return ompt_set_always;
}

/* 4.6.2.3: no native record format. */
static ompt_set_result_t set_trace_native(ompt_device_t *handle, int enable, int flags)
{
    (void)enable, (void)flags;
    return device_of(handle) ? ompt_set_never : ompt_set_error;
}

static int start_trace(int tool, ompt_device_t *handle, ompt_callback_buffer_request_t request,
                       ompt_callback_buffer_complete_t complete)
{
    struct glass_device *device = device_of(handle);
    if (!device || !request || !complete)
        return 0;
    struct glass_device_trace *trace = trace_of(device);
    pthread_mutex_lock(&trace->lock);
    int ok = 0;
    if (!trace->started) {
        trace->request = request;
        trace->complete = complete;
        __atomic_store_n(&trace->tool, tool, __ATOMIC_RELAXED);
        trace->stopping = false;
        __atomic_store_n(&trace->disabled, false, __ATOMIC_RELAXED);
        __atomic_store_n(&trace->paused, false, __ATOMIC_RELAXED);
        trace->flushes_asked = trace->flushes_done = 0;
        if (pthread_create(&trace->helper, NULL, helper_main, device) == 0) {
            __atomic_store_n(&trace->started, true, __ATOMIC_RELEASE);
            ok = 1;
        }
    }
    pthread_mutex_unlock(&trace->lock);
    return ok;
}

static int pause_trace(ompt_device_t *handle, int begin_pause)
{
    struct glass_device *device = device_of(handle);
    if (!device || !device->trace || !device->trace->started)
        return 0;
    __atomic_store_n(&device->trace->paused, begin_pause != 0, __ATOMIC_RELEASE);
    return 1;
}

static bool on_helper(struct glass_device_trace *trace)
{
    return pthread_equal(pthread_self(), trace->helper);
}

static int flush_trace(ompt_device_t *handle)
{
    struct glass_device *device = device_of(handle);
    struct glass_device_trace *trace = device ? device->trace : NULL;
    if (!trace || !trace->started)
        return 0;
    if (on_helper(trace))
        return 0; /* from the tool's own buffer callback: it would wait for itself */
    pthread_mutex_lock(&trace->lock);
    uint64_t ticket = ++trace->flushes_asked;
    pthread_cond_signal(&trace->wake);
    while (trace->started && trace->flushes_done < ticket)
        pthread_cond_wait(&trace->done, &trace->lock);
    pthread_mutex_unlock(&trace->lock);
    return 1;
}

static int stop_trace(ompt_device_t *handle)
{
    struct glass_device *device = device_of(handle);
    struct glass_device_trace *trace = device ? device->trace : NULL;
    if (!trace || !trace->started || on_helper(trace))
        return 0;
    pthread_mutex_lock(&trace->lock);
    bool stopper = !trace->stopping;
    trace->stopping = true;
    pthread_cond_signal(&trace->wake);
    pthread_mutex_unlock(&trace->lock);
    if (!stopper)
        return 1;
    pthread_join(trace->helper, NULL);
    pthread_mutex_lock(&trace->lock);
    __atomic_store_n(&trace->started, false, __ATOMIC_RELEASE);
    trace->stopping = false;
    pthread_cond_broadcast(&trace->done);
    pthread_mutex_unlock(&trace->lock);
    return 1;
}

void glass_device_trace_end(struct glass_device *device)
{
    if (device->trace && device->trace->started)
        stop_trace((ompt_device_t *)device);
}

/* 4.6.2.9: the cursor of the record after `current`; 0 at the end. */
static int advance_buffer_cursor(ompt_device_t *handle, ompt_buffer_t *buffer, size_t size,
                                 ompt_buffer_cursor_t current, ompt_buffer_cursor_t *next)
{
    (void)handle;
    if (!buffer || !next || current + sizeof(ompt_record_ompt_t) > size)
        return 0;
    size_t step = record_size((const ompt_record_ompt_t *)((char *)buffer + current));
    if (current + step + sizeof(ompt_record_ompt_t) > size)
        return 0;
    *next = current + step;
    return 1;
}

static ompt_record_t get_record_type(ompt_buffer_t *buffer, ompt_buffer_cursor_t current)
{
    (void)current;
    return buffer ? ompt_record_ompt : ompt_record_invalid;
}

static ompt_record_ompt_t *get_record_ompt(ompt_buffer_t *buffer, ompt_buffer_cursor_t current)
{
    return buffer ? (ompt_record_ompt_t *)((char *)buffer + current) : NULL;
}

static void *get_record_native(ompt_buffer_t *buffer, ompt_buffer_cursor_t current, ompt_id_t *host_op_id)
{
    (void)buffer, (void)current;
    if (host_op_id)
        *host_op_id = ompt_id_none;
    return NULL;
}

static ompt_record_abstract_t *get_record_abstract(void *native_record)
{
    (void)native_record;
    return NULL;
}

/* One ompt_start_trace per tool index (device_lookup.c hands each tool its
 * own), so that the trace knows whose buffers it fills. */
#define TOOL_START_TRACE(tool)                                                                      \
    static int start_trace_##tool(ompt_device_t *handle, ompt_callback_buffer_request_t request,    \
                                  ompt_callback_buffer_complete_t complete)                         \
    {                                                                                               \
        return start_trace(tool, handle, request, complete);                                        \
    }
GLASS_FOR_EACH_TOOL_INDEX(TOOL_START_TRACE)
#undef TOOL_START_TRACE

void (*glass_device_trace_lookup(int tool, const char *name))(void)
{
#define START_TRACE_ENTRY(tool) (ompt_interface_fn_t) start_trace_##tool,
    static const ompt_interface_fn_t start_traces[] = {GLASS_FOR_EACH_TOOL_INDEX(START_TRACE_ENTRY)};
#undef START_TRACE_ENTRY
    if (strcmp(name, "ompt_start_trace") == 0)
        return tool >= 0 && tool < GLASS_OMPT_MAX_TOOLS ? start_traces[tool] : NULL;
    static const struct {
        const char *name;
        ompt_interface_fn_t fn;
    } entries[] = {
        {"ompt_set_trace_ompt", (ompt_interface_fn_t)set_trace_ompt},
        {"ompt_set_trace_native", (ompt_interface_fn_t)set_trace_native},
        {"ompt_pause_trace", (ompt_interface_fn_t)pause_trace},
        {"ompt_flush_trace", (ompt_interface_fn_t)flush_trace},
        {"ompt_stop_trace", (ompt_interface_fn_t)stop_trace},
        {"ompt_advance_buffer_cursor", (ompt_interface_fn_t)advance_buffer_cursor},
        {"ompt_get_record_type", (ompt_interface_fn_t)get_record_type},
        {"ompt_get_record_ompt", (ompt_interface_fn_t)get_record_ompt},
        {"ompt_get_record_native", (ompt_interface_fn_t)get_record_native},
        {"ompt_get_record_abstract", (ompt_interface_fn_t)get_record_abstract},
    };
    for (size_t i = 0; i < sizeof entries / sizeof *entries; i++)
        if (strcmp(entries[i].name, name) == 0)
            return entries[i].fn;
    return NULL;
}
