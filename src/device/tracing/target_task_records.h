/* Trace records of target tasks (OpenMP 5.1, 4.5.2.7 ompt_record_task_create_t
 * and 4.5.2.8 ompt_record_dependences_t, in the device tracing of 4.6.2): a
 * target task generated for a construct on a traced device gets a
 * task_create record and, with depend clauses, one dependences record per
 * dependence, in that device's buffers, each timed by the device's clock
 * when it is written. The host is not a traced device (it has no
 * device_initialize and no tracing entry points), so a target task whose
 * construct runs on the host (no devices, if(false), the host's number)
 * has no records; neither has a target task that only LLVM's libomptarget
 * knows the device of.
 *
 * Ids. The records' task ids are the values of the tasks' ompt_data_t that
 * belong to the tool tracing the device (whose ompt_start_trace started it,
 * device_tracing.h), read once its callbacks have returned: what the tool
 * stored in new_task_data at task_create is the record's new_task_id, and
 * its encountering task's value the encountering_task_id, as a target
 * record's task_id is the encountering task's value. No OMPT entry point
 * tells a tool a runtime id of a task (unlike a target region's target_id
 * or an operation's host_op_id, which the non-EMI callbacks pass and
 * ompt_get_target_info gives), so a runtime id could never be matched to a
 * callback; a tool that stores ids in its task data finds them in the
 * records. The header's target_id is ompt_id_none: the task exists before
 * its construct's target region begins (inside it). */
#ifndef GLASS_DEVICE_TARGET_TASK_TRACE_H
#define GLASS_DEVICE_TARGET_TASK_TRACE_H

#include <stdbool.h>
#include <stddef.h>

#include "../../core/tasks/tasking.h"
#include "../device.h"

/* Whether `device` records task_create or dependences events now: the
 * caller makes the records below only then. */
bool glass_target_task_traced(struct glass_device *device);

/* After the task's task_create event (glass_task_new), before it can run. */
void glass_target_task_record_create(struct glass_device *device, const struct glass_task *task,
                                     bool has_dependences, const void *codeptr);

/* After the task's dependences event, before glass_task_submit_reported. */
void glass_target_task_record_dependences(struct glass_device *device, const struct glass_task *task,
                                          const struct glass_depend *deps, size_t ndeps);

#endif
