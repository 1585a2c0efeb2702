/* Trace records of target tasks (target_task_records.h). */
#include <omp-tools.h>

#include "../../ompt/events.h"
#include "../../ompt/tool_slots.h"
#include "device_tracing.h"
#include "target_task_records.h"

bool glass_target_task_traced(struct glass_device *device)
{
    return device && device->trace &&
           (glass_device_trace_wants(device, ompt_callback_task_create) ||
            glass_device_trace_wants(device, ompt_callback_dependences));
}

/* The tracing tool's value of a task's ompt_data_t (the task is the runtime's
 * and not changed here: the slot helper only finds the address). */
static uint64_t task_id(struct glass_device *device, const struct glass_task *task)
{
    if (!task)
        return ompt_id_none;
    glass_tool_data *first = (glass_tool_data *)&task->tool_data;
    return glass_task_slot(first, glass_device_trace_tool(device))->value;
}

static uint64_t device_now(struct glass_device *device)
{
    return device->kind->now(device);
}

void glass_target_task_record_create(struct glass_device *device, const struct glass_task *task,
                                     bool has_dependences, const void *codeptr)
{
    if (!glass_device_trace_wants(device, ompt_callback_task_create))
        return;
    struct glass_trace_event e = {.type = ompt_callback_task_create, .time = device_now(device),
                                  .target_id = ompt_id_none, .task_id = task_id(device, task->parent),
                                  .new_task_id = task_id(device, task), .task_flags = (int)task->flags,
                                  .has_dependences = has_dependences, .codeptr = codeptr};
    glass_device_trace_record(device, &e);
}

void glass_target_task_record_dependences(struct glass_device *device, const struct glass_task *task,
                                          const struct glass_depend *deps, size_t ndeps)
{
    if (!ndeps || !glass_device_trace_wants(device, ompt_callback_dependences))
        return;
    uint64_t id = task_id(device, task);
    for (size_t i = 0; i < ndeps; i++) {
        struct glass_trace_event e = {.type = ompt_callback_dependences, .time = device_now(device),
                                      .target_id = ompt_id_none, .task_id = id, .dep_variable = deps[i].addr,
                                      .dep_type = glass_ompt_dependence_type(deps[i].kind), .ndeps = (int)ndeps};
        glass_device_trace_record(device, &e);
    }
}
