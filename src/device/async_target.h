/* nowait target regions on devices whose kind has queues (device.h: a CUDA
 * stream per region in flight). The region's target task is detachable
 * (src/abi/gomp/target.c): its body maps the data (allocations and present
 * table updates at once, copies to the device queued), queues the launch and
 * returns; the task completes when the device has finished. Then the
 * device's completion thread (not an OpenMP thread: it may block on the
 * device) copies back and unmaps, exactly as a synchronous region's end
 * does, raises the target end, and fulfills the task's event, so `depend`
 * successors, taskwait, barriers and the program's end wait for all of it.
 *
 * Why a completion thread rather than polling at scheduling points: the kind
 * tells it the moment a queue finishes (the driver calls back), so nothing
 * polls, an idle or busy OpenMP thread is never needed for a region to
 * complete, and the task system needs nothing new (omp_fulfill_event from a
 * foreign thread already works). Why the unmapping waits for the device
 * (as libgomp's unmap of a finished target task): a reference count that
 * dropped, or storage freed, while the kernel still ran would let another
 * construct map the same data anew and copy stale host values in. */
#ifndef GLASS_DEVICE_ASYNC_TARGET_H
#define GLASS_DEVICE_ASYNC_TARGET_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "device.h"
#include "device_trace.h"

struct glass_async_region;

/* Whether the region whose host version is `fn` would run on `device` with
 * a queue (the kind has queues and code for it). */
bool glass_async_target_possible(struct glass_device *device, void (*fn)(void *));

/* The first half of a nowait target region, in its target task's body: true
 * when the region is on its way and `event` (the task's detach event) will be
 * fulfilled once it has ended; false when no queue was to be had (nothing was
 * done: run it synchronously). */
bool glass_async_target_region(struct glass_device *device, void (*fn)(void *), size_t mapnum, void **hostaddrs,
                               size_t *sizes, unsigned short *kinds, const struct glass_launch *launch,
                               uintptr_t event, const void *codeptr);

/* A trace record of a queued transfer or kernel, written once the device has
 * measured the kind's timed operation `timed`. */
void glass_async_defer_record(struct glass_async_region *region, const struct glass_trace_event *event, int timed);

/* Waits until no region is in flight on the device and ends its completion
 * thread (the device is ending; called without the device's lock). */
void glass_async_device_end(struct glass_device *device);

#endif
