/* Target and device events, for every kind of device (device_events.h): the
 * tools' callbacks and the device's trace records (device_tracing.h), from the
 * same values, so a tool can match the two. */
#include <limits.h>
#include <omp-tools.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "../../core/threads/team.h"
#include "../../ompt/ompt_internal.h"
#include "../../ompt/tool_slots.h"
#include "../device.h"
#include "device_events.h"
#include "../async_target.h"
#include "device_tracing.h"

static __thread struct glass_target_op *current_op __attribute__((tls_model("initial-exec")));
static __thread uint64_t current_host_op __attribute__((tls_model("initial-exec")));

static bool any_target_callback(void)
{
    return GLASS_OMPT_TARGET_ON(target) || GLASS_OMPT_TARGET_ON(target_data_op) ||
           GLASS_OMPT_TARGET_ON(target_submit) || GLASS_OMPT_TARGET_ON(target_map);
}

static bool traced(const struct glass_target_op *op, int event)
{
    return op->device && op->device->trace && glass_device_trace_wants(op->device, event);
}

static uint64_t device_now(const struct glass_target_op *op)
{
    return op->device ? op->device->kind->now(op->device) : 0;
}

/* The device's own measure of the operation just done, where its kind takes
 * one (the NVIDIA device's CUDA events); else the clock around it. */
static void measured(const struct glass_target_op *op, const struct glass_host_op *host_op, uint64_t *start,
                     uint64_t *end)
{
    *start = host_op->start_time;
    *end = device_now(op);
    uint64_t s, e;
    /* A queued operation is not the kind's last synchronous one: its times
     * come later (async_target.c), or, untimed, from the host's clock. */
    if (op->device && !op->queue && op->device->kind->last_times && op->device->kind->last_times(op->device, &s, &e))
        *start = s, *end = e;
}

/* The record's task_id: the encountering task's value in the tracing tool's
 * own ompt_data_t (target_task_records.h says why a task's id is its value). */
static void record_target(struct glass_target_op *op, int endpoint)
{
    if (!traced(op, ompt_callback_target))
        return;
    uint64_t task_id = op->task ? glass_task_slot(op->task, glass_device_trace_tool(op->device))->value : 0;
    struct glass_trace_event e = {.type = ompt_callback_target, .time = device_now(op), .target_id = op->target_id,
                                  .kind = op->kind, .endpoint = endpoint, .device_num = op->device_num,
                                  .task_id = task_id, .codeptr = op->codeptr};
    glass_device_trace_record(op->device, &e);
}

void glass_target_op_begin(struct glass_target_op *op, int kind, struct glass_device *device, int device_num,
                           const void *codeptr)
{
    op->device = device;
    op->watched = (GLASS_OMPT_ACTIVE() && any_target_callback()) || (device && device->trace);
    op->kind = kind;
    op->device_num = device_num;
    op->codeptr = codeptr;
    op->outer = current_op;
    op->queue = NULL;
    op->queued_timed = -1;
    op->async = NULL;
    current_op = op;
    if (!op->watched)
        return;
    memset(op->target_data, 0, sizeof op->target_data);
    memset(op->included_task, 0, sizeof op->included_task);
    op->construct = true;
    op->target_id = glass_ompt_unique_id();
    /* In a target task (nowait, or depend), the construct's encountering
     * task is the one that generated it (OpenMP 5.1, 4.5.2.26). Without
     * one, the construct's target task is included: it gets data of its
     * own for the construct's duration, so that a tool's target_task_data
     * is never NULL for a construct (as with libomptarget). */
    struct glass_task *task = glass_self()->task;
    op->target_task = NULL;
    if (task->flags & GLASS_TASK_TARGET) {
        op->target_task = &task->tool_data;
        task = task->parent ? task->parent : task;
    }
    op->task = &task->tool_data;
    if (GLASS_OMPT_TARGET_ON(target))
        glass_ompt_emit_target(kind, GLASS_SCOPE_BEGIN, device_num, op->task, op->target_task, op->included_task,
                               op->target_data, op->target_id, codeptr);
    record_target(op, GLASS_SCOPE_BEGIN);
}

void glass_target_op_end(struct glass_target_op *op)
{
    current_op = op->outer;
    if (!op->watched)
        return;
    if (GLASS_OMPT_TARGET_ON(target))
        glass_ompt_emit_target(op->kind, GLASS_SCOPE_END, op->device_num, op->task, op->target_task,
                               op->included_task, op->target_data, op->target_id, op->codeptr);
    record_target(op, GLASS_SCOPE_END);
}

void glass_target_op_leave(struct glass_target_op *op)
{
    current_op = op->outer;
}

void glass_target_op_resume(struct glass_target_op *op)
{
    op->outer = current_op;
    current_op = op;
}

/* A transfer's or kernel's record: now, or, while a nowait region queues its
 * work, once the device has measured it. */
static void record_measured(struct glass_target_op *op, const struct glass_trace_event *e)
{
    if (op->queue && op->async && op->queued_timed >= 0)
        glass_async_defer_record(op->async, e, op->queued_timed);
    else
        glass_device_trace_record(op->device, e);
}

void glass_target_op_standalone(struct glass_target_op *op, struct glass_device *device, const void *codeptr)
{
    memset(op, 0, sizeof *op);
    op->codeptr = codeptr;
    op->device = device;
    op->watched = (GLASS_OMPT_ACTIVE() && GLASS_OMPT_TARGET_ON(target_data_op)) || (device && device->trace);
    op->device_num = device ? device->number : -1;
    op->target_id = ompt_id_none;
    op->queued_timed = -1;
}

bool glass_target_op_wants_map(const struct glass_target_op *op)
{
    return op->watched && (GLASS_OMPT_TARGET_ON(target_map) || traced(op, ompt_callback_target_map));
}

struct glass_target_op *glass_target_op_current(void)
{
    return current_op;
}

uint64_t glass_host_op_current(void)
{
    return current_host_op;
}

/* The included target task's data, for a construct without a target task. */
static glass_tool_data *included_of(struct glass_target_op *op)
{
    return op->construct ? op->included_task : NULL;
}

static void new_host_op(struct glass_target_op *op, struct glass_host_op *host_op)
{
    uint64_t id = glass_ompt_unique_id();
    for (int i = 0; i <= GLASS_OMPT_MAX_TOOLS; i++)
        host_op->host_op_id[i] = id;
    host_op->start_time = device_now(op);
    current_host_op = id;
}

void glass_data_op_begin(struct glass_target_op *op, struct glass_host_op *host_op, int optype, const void *src,
                         int src_device, const void *dest, int dest_device, size_t bytes)
{
    if (!op->watched)
        return;
    new_host_op(op, host_op);
    if (GLASS_OMPT_TARGET_ON(target_data_op))
        glass_ompt_emit_target_data_op(GLASS_SCOPE_BEGIN, op->target_task, included_of(op), op->target_data,
                                       op->target_id, host_op->host_op_id, optype, (void *)src, src_device,
                                       (void *)dest, dest_device, bytes, op->codeptr);
}

void glass_data_op_end(struct glass_target_op *op, struct glass_host_op *host_op, int optype, const void *src,
                       int src_device, const void *dest, int dest_device, size_t bytes)
{
    if (!op->watched)
        return;
    if (GLASS_OMPT_TARGET_ON(target_data_op))
        glass_ompt_emit_target_data_op(GLASS_SCOPE_END, op->target_task, included_of(op), op->target_data,
                                       op->target_id, host_op->host_op_id, optype, (void *)src, src_device,
                                       (void *)dest, dest_device, bytes, op->codeptr);
    if (traced(op, ompt_callback_target_data_op)) {
        uint64_t start, end;
        measured(op, host_op, &start, &end);
        if (optype == GLASS_DATA_ALLOC || optype == GLASS_DATA_DELETE) /* not timed on the device */
            start = host_op->start_time, end = device_now(op);
        struct glass_trace_event e = {.type = ompt_callback_target_data_op, .time = start,
                                      .target_id = op->target_id, .host_op_id = host_op->host_op_id[GLASS_OMPT_MAX_TOOLS],
                                      .end_time = end, .optype = optype, .src = src,
                                      .src_device = src_device, .dest = dest, .dest_device = dest_device,
                                      .bytes = bytes, .codeptr = op->codeptr};
        if (optype == GLASS_DATA_ALLOC || optype == GLASS_DATA_DELETE)
            glass_device_trace_record(op->device, &e);
        else
            record_measured(op, &e);
    }
    current_host_op = 0;
}

void glass_submit_begin(struct glass_target_op *op, struct glass_host_op *host_op, unsigned requested_teams)
{
    if (!op->watched)
        return;
    new_host_op(op, host_op);
    if (GLASS_OMPT_TARGET_ON(target_submit))
        glass_ompt_emit_target_submit(GLASS_SCOPE_BEGIN, op->target_data, op->target_id, host_op->host_op_id,
                                      requested_teams);
}

void glass_submit_end(struct glass_target_op *op, struct glass_host_op *host_op, unsigned requested_teams,
                      unsigned granted_teams)
{
    if (!op->watched)
        return;
    if (GLASS_OMPT_TARGET_ON(target_submit))
        glass_ompt_emit_target_submit(GLASS_SCOPE_END, op->target_data, op->target_id, host_op->host_op_id,
                                      requested_teams);
    if (traced(op, ompt_callback_target_submit)) {
        uint64_t start, end;
        measured(op, host_op, &start, &end);
        struct glass_trace_event e = {.type = ompt_callback_target_submit, .time = start,
                                      .target_id = op->target_id, .host_op_id = host_op->host_op_id[GLASS_OMPT_MAX_TOOLS],
                                      .end_time = end, .requested_teams = requested_teams,
                                      .granted_teams = granted_teams};
        record_measured(op, &e);
    }
    current_host_op = 0;
}

void glass_target_map_report(struct glass_target_op *op, unsigned nitems, void **host_addr, void **device_addr,
                             size_t *bytes, unsigned *flags)
{
    if (!op->watched || !nitems)
        return;
    if (GLASS_OMPT_TARGET_ON(target_map))
        glass_ompt_emit_target_map(op->target_data, op->target_id, nitems, host_addr, device_addr, bytes, flags,
                                   op->codeptr);
    if (traced(op, ompt_callback_target_map)) {
        struct glass_trace_event e = {.type = ompt_callback_target_map, .time = device_now(op),
                                      .target_id = op->target_id, .nitems = nitems, .host_addr = host_addr,
                                      .device_addr = device_addr, .item_bytes = bytes, .flags = flags,
                                      .codeptr = op->codeptr};
        glass_device_trace_record(op->device, &e);
    }
}

void glass_device_events_loaded(struct glass_device *device, struct glass_device_module *module)
{
    module->id = glass_ompt_unique_id();
    if (GLASS_OMPT_ACTIVE() && GLASS_OMPT_ON(device_load))
        glass_ompt_emit_device_load(device->number, module->filename, 0, NULL, module->bytes,
                                    (void *)module->host_copy, NULL, module->id);
}

void glass_device_events_unloading(struct glass_device *device, const struct glass_device_module *module)
{
    if (GLASS_OMPT_ACTIVE() && GLASS_OMPT_ON(device_unload))
        glass_ompt_emit_device_unload(device->number, module->id);
}

/* A host device runs the program's own code: the image it "loads" is the
 * executable (its path, at its own addresses; the size is not known without
 * reading the file, which a tool can open by its name). So does a device of
 * a kind with images when the program had none of its type at its init. */
void glass_device_events_initialized(struct glass_device *device)
{
    device->module_id = glass_ompt_unique_id();
    device->program_loaded = !device->nmodules;
    if (GLASS_OMPT_ACTIVE() && GLASS_OMPT_ON(device_initialize))
        glass_ompt_emit_device_initialize(device->number, device->type, device, device->kind->documentation);
    /* What the kind loaded, each with a host copy of the code as the device
     * took it. */
    for (size_t i = 0; i < device->nmodules; i++)
        glass_device_events_loaded(device, &device->modules[i]);
    if (device->program_loaded && GLASS_OMPT_ACTIVE() && GLASS_OMPT_ON(device_load)) {
        static char path[PATH_MAX];
        ssize_t len = readlink("/proc/self/exe", path, sizeof path - 1);
        path[len > 0 ? len : 0] = '\0';
        glass_ompt_emit_device_load(device->number, len > 0 ? path : NULL, 0, NULL, 0, NULL, NULL,
                                    device->module_id);
    }
}

/* Tracing stops (its last buffers handed back) before the device's end. */
void glass_device_events_finalizing(struct glass_device *device)
{
    glass_device_trace_end(device);
    if (!GLASS_OMPT_ACTIVE())
        return;
    if (GLASS_OMPT_ON(device_unload)) {
        for (size_t i = 0; i < device->nmodules; i++)
            glass_ompt_emit_device_unload(device->number, device->modules[i].id);
        if (device->program_loaded)
            glass_ompt_emit_device_unload(device->number, device->module_id);
    }
    if (GLASS_OMPT_ON(device_finalize))
        glass_ompt_emit_device_finalize(device->number);
}
