/* nowait target regions on devices whose kind has queues (device.h: a CUDA
 * stream per region in flight). The whole region happens inside its target
 * task, on the OpenMP thread that runs the task, as OpenMP wants it: the
 * target task's region encloses the target region (5.2, 13.8), so its
 * target end comes from that thread, in that task, like its begin.
 *
 * The task's body maps the data (allocations and present-table updates at
 * once, copies to the device queued), queues the launch and a notification,
 * then waits for the queue while running other tasks: a target task is
 * untied (5.1, 1.2.5), so the wait is a task scheduling point at which the
 * thread may take up any task the constraint of the tasks below it allows
 * (glass_task_wait_untied), up to a bound of such waits nested on one thread
 * (async_target.c). The kind's notification (a driver thread, never
 * an OpenMP one) only sets a flag and wakes the thread if it sleeps. Back in
 * the task, the thread writes the trace records with the device's times,
 * copies back and unmaps, exactly as a synchronous region's end does, raises
 * the target end, and the task returns and completes as any task does:
 * `depend` successors, taskwait, barriers and the end of a parallel region
 * wait for it with nothing special.
 *
 * Why the unmapping waits for the device (as libgomp's unmap of a finished
 * target task): a reference count that dropped, or storage freed, while the
 * kernel still ran would let another construct map the same data anew and
 * copy stale host values in. */
#ifndef GLASS_DEVICE_ASYNC_TARGET_H
#define GLASS_DEVICE_ASYNC_TARGET_H

#include <stdbool.h>
#include <stddef.h>

#include "device.h"
#include "tracing/device_tracing.h"
#include "map_item.h"

struct glass_async_region;

/* Whether the region whose host version is `fn` would run on `device` with
 * a queue (the kind has queues and code for it). */
bool glass_async_target_possible(struct glass_device *device, void (*fn)(void *));

/* A nowait target region, in its target task's body, from its begin to its
 * end: true once it has ended; false when no queue was to be had (nothing
 * was done: run it synchronously). */
bool glass_async_target_region(struct glass_device *device, void (*fn)(void *), size_t mapnum,
                               struct glass_map_item *items, const struct glass_launch *launch, const void *codeptr);

/* A trace record of a queued transfer or kernel, written once the device has
 * measured the kind's timed operation `timed`. */
void glass_async_defer_record(struct glass_async_region *region, const struct glass_trace_event *event, int timed);

#endif
