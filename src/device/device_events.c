/* Target and device events, for every kind of device (device_events.h). */
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "../core/team.h"
#include "../ompt/ompt_internal.h"
#include "device.h"
#include "device_events.h"

static __thread struct glass_target_op *current_op;
static __thread uint64_t current_host_op;

static bool any_target_event(void)
{
    return GLASS_OMPT_TARGET_ON(target) || GLASS_OMPT_TARGET_ON(target_data_op) ||
           GLASS_OMPT_TARGET_ON(target_submit) || GLASS_OMPT_TARGET_ON(target_map);
}

void glass_target_op_begin(struct glass_target_op *op, int kind, int device_num, const void *codeptr)
{
    op->watched = GLASS_OMPT_ACTIVE() && any_target_event();
    op->kind = kind;
    op->device_num = device_num;
    op->codeptr = codeptr;
    op->outer = current_op;
    current_op = op;
    if (!op->watched)
        return;
    memset(op->target_data, 0, sizeof op->target_data);
    op->target_id = glass_ompt_unique_id();
    /* In a target task (nowait, or depend), the construct's encountering
     * task is the one that generated it (OpenMP 5.1, 4.5.2.26). */
    struct glass_task *task = glass_self()->task;
    op->target_task = NULL;
    if (task->flags & GLASS_TASK_TARGET) {
        op->target_task = &task->tool_data;
        task = task->parent ? task->parent : task;
    }
    op->task = &task->tool_data;
    if (GLASS_OMPT_TARGET_ON(target))
        glass_ompt_emit_target(kind, GLASS_SCOPE_BEGIN, device_num, op->task, op->target_task, op->target_data,
                               op->target_id, codeptr);
}

void glass_target_op_end(struct glass_target_op *op)
{
    current_op = op->outer;
    if (op->watched && GLASS_OMPT_TARGET_ON(target))
        glass_ompt_emit_target(op->kind, GLASS_SCOPE_END, op->device_num, op->task, op->target_task,
                               op->target_data, op->target_id, op->codeptr);
}

void glass_target_op_standalone(struct glass_target_op *op, int device_num)
{
    memset(op, 0, sizeof *op);
    op->watched = GLASS_OMPT_ACTIVE() && GLASS_OMPT_TARGET_ON(target_data_op);
    op->device_num = device_num;
    op->kind = 0;
    op->target_id = 0; /* ompt_id_none */
}

struct glass_target_op *glass_target_op_current(void)
{
    return current_op;
}

uint64_t glass_host_op_current(void)
{
    return current_host_op;
}

static void new_host_op(struct glass_host_op *host_op)
{
    uint64_t id = glass_ompt_unique_id();
    for (int i = 0; i <= GLASS_OMPT_MAX_TOOLS; i++)
        host_op->host_op_id[i] = id;
    current_host_op = id;
}

void glass_data_op_begin(struct glass_target_op *op, struct glass_host_op *host_op, int optype, const void *src,
                         int src_device, const void *dest, int dest_device, size_t bytes)
{
    if (!op->watched)
        return;
    new_host_op(host_op);
    if (GLASS_OMPT_TARGET_ON(target_data_op))
        glass_ompt_emit_target_data_op(GLASS_SCOPE_BEGIN, op->target_task, op->target_data, op->target_id,
                                       host_op->host_op_id, optype, (void *)src, src_device, (void *)dest,
                                       dest_device, bytes, op->codeptr);
}

void glass_data_op_end(struct glass_target_op *op, struct glass_host_op *host_op, int optype, const void *src,
                       int src_device, const void *dest, int dest_device, size_t bytes)
{
    if (!op->watched)
        return;
    if (GLASS_OMPT_TARGET_ON(target_data_op))
        glass_ompt_emit_target_data_op(GLASS_SCOPE_END, op->target_task, op->target_data, op->target_id,
                                       host_op->host_op_id, optype, (void *)src, src_device, (void *)dest,
                                       dest_device, bytes, op->codeptr);
    current_host_op = 0;
}

void glass_submit_begin(struct glass_target_op *op, struct glass_host_op *host_op, unsigned requested_teams)
{
    if (!op->watched)
        return;
    new_host_op(host_op);
    if (GLASS_OMPT_TARGET_ON(target_submit))
        glass_ompt_emit_target_submit(GLASS_SCOPE_BEGIN, op->target_data, op->target_id, host_op->host_op_id,
                                      requested_teams);
}

void glass_submit_end(struct glass_target_op *op, struct glass_host_op *host_op, unsigned requested_teams)
{
    if (!op->watched)
        return;
    if (GLASS_OMPT_TARGET_ON(target_submit))
        glass_ompt_emit_target_submit(GLASS_SCOPE_END, op->target_data, op->target_id, host_op->host_op_id,
                                      requested_teams);
    current_host_op = 0;
}

void glass_target_map_report(struct glass_target_op *op, unsigned nitems, void **host_addr, void **device_addr,
                             size_t *bytes, unsigned *flags)
{
    if (op->watched && nitems && GLASS_OMPT_TARGET_ON(target_map))
        glass_ompt_emit_target_map(op->target_data, op->target_id, nitems, host_addr, device_addr, bytes, flags,
                                   op->codeptr);
}

/* A host device runs the program's own code: the image it "loads" is the
 * executable (its path, loaded at its own addresses; the size is not known
 * without reading the file, and a tool can open the file it is named). */
void glass_device_events_initialized(struct glass_device *device)
{
    device->module_id = glass_ompt_unique_id();
    if (!GLASS_OMPT_ACTIVE())
        return;
    if (GLASS_OMPT_ON(device_initialize))
        glass_ompt_emit_device_initialize(device->number, device->kind->type, device,
                                          "Glass host device: separate memory, runs the host code");
    if (GLASS_OMPT_ON(device_load)) {
        static char path[PATH_MAX];
        ssize_t len = readlink("/proc/self/exe", path, sizeof path - 1);
        path[len > 0 ? len : 0] = '\0';
        glass_ompt_emit_device_load(device->number, len > 0 ? path : NULL, 0, NULL, 0, NULL, NULL,
                                    device->module_id);
    }
}

void glass_device_events_finalizing(struct glass_device *device)
{
    if (!GLASS_OMPT_ACTIVE())
        return;
    if (GLASS_OMPT_ON(device_unload))
        glass_ompt_emit_device_unload(device->number, device->module_id);
    if (GLASS_OMPT_ON(device_finalize))
        glass_ompt_emit_device_finalize(device->number);
}
