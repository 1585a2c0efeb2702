/* nowait target regions on device queues (async_target.h). */
#include <stdatomic.h>
#include <stdlib.h>

#include "../core/runtime.h"
#include "../core/tasks/tasking.h"
#include "async_target.h"
#include "tracing/device_events.h"
#include "mapping.h"

/* Regions whose target tasks wait on this thread, one inside the other (a
 * waiting task runs another target task, which waits in turn). Beyond the
 * limit a waiting task runs nothing else: that bounds the thread's stack
 * (with the task throttle off, a thread's queue of ready target tasks is
 * unbounded) and the nesting tools see on one thread, and a few regions in
 * flight per thread keep a device's queues busy; the team's other threads
 * take the rest. */
#define MAX_NESTED_WAITS 8
static __thread unsigned nested_waits __attribute__((tls_model("initial-exec")));

/* A trace record waiting for the device's times of its operation. */
struct deferred_record {
    struct glass_trace_event event;
    int timed;
};

/* A region in flight, on its target task's stack. */
struct glass_async_region {
    struct glass_target_op op; /* the construct, from its begin to its end */
    struct glass_device *device;
    void *queue;
    struct deferred_record *records;
    size_t nrecords, cap;
    struct glass_team *team; /* the team whose sleepers the notification wakes */
    _Atomic bool finished;   /* the queue has done everything queued before the notification */
};

bool glass_async_target_possible(struct glass_device *device, void (*fn)(void *))
{
    const struct glass_device_kind *kind = device ? device->kind : NULL;
    return kind && kind->queue_open && kind->to_device_async && kind->run_async && kind->queue_notify &&
           kind->queue_times && kind->queue_close && (!kind->can_run || kind->can_run(device, fn));
}

void glass_async_defer_record(struct glass_async_region *region, const struct glass_trace_event *event, int timed)
{
    if (region->nrecords == region->cap) {
        size_t cap = region->cap ? 2 * region->cap : 8;
        struct deferred_record *grown = realloc(region->records, cap * sizeof *grown);
        if (!grown)
            return; /* the record is lost, the region is not */
        region->records = grown;
        region->cap = cap;
    }
    region->records[region->nrecords++] = (struct deferred_record){*event, timed};
}

/* The kind's notification, on the driver's thread: the flag, then the wake
 * (task_wait.c's protocol: a sequentially consistent store before it). It
 * calls neither the kind nor anything of OpenMP's that could block; the
 * kind's queue_close returns only after it has returned, so the region on
 * the waiting task's stack outlives it. */
static void queue_finished(void *arg)
{
    struct glass_async_region *r = arg;
    struct glass_team *team = r->team;
    atomic_store_explicit(&r->finished, true, memory_order_seq_cst);
    glass_task_wake_waiters(team);
}

static bool region_finished(void *arg)
{
    struct glass_async_region *r = arg;
    return atomic_load_explicit(&r->finished, memory_order_acquire);
}

/* The records of the queued transfers and kernels, with the device's times
 * (the host's when the device measured none). */
static void write_deferred_records(struct glass_async_region *r)
{
    struct glass_device *device = r->device;
    for (size_t i = 0; i < r->nrecords; i++) {
        struct glass_trace_event *e = &r->records[i].event;
        uint64_t start, end;
        if (device->kind->queue_times(device, r->queue, r->records[i].timed, &start, &end))
            e->time = start, e->end_time = end;
        glass_device_trace_record(device, e);
    }
    free(r->records);
}

bool glass_async_target_region(struct glass_device *device, void (*fn)(void *), size_t mapnum,
                               struct glass_map_item *items, const struct glass_launch *launch, const void *codeptr)
{
    const struct glass_device_kind *kind = device->kind;
    void *queue = kind->queue_open(device);
    if (!queue)
        return false;
    struct glass_thread *self = glass_self();
    struct glass_async_region r = {.device = device, .queue = queue, .team = self->team};
    glass_target_op_begin(&r.op, GLASS_TARGET | GLASS_TARGET_NOWAIT_FLAG, device, device->number, codeptr);
    r.op.queue = queue;
    r.op.async = &r;

    int saved = atomic_load_explicit(&self->state, memory_order_relaxed);
    glass_set_state(self, GLASS_STATE_WAIT_TARGET_MAP);
    struct glass_mapping *mapping = glass_map_enter(device, &r.op, mapnum, items, GLASS_MAP_FOR_TARGET);
    glass_set_state(self, saved);

    struct glass_host_op submit;
    glass_submit_begin(&r.op, &submit, launch->num_teams);
    r.op.queued_timed = -1;
    unsigned granted = kind->run_async(device, queue, fn, mapping->args, launch,
                                       device->trace ? &r.op.queued_timed : NULL);
    if (!granted)
        glass_fatal("device %d (%s): a nowait target region could not be launched", device->number, kind->name);
    glass_submit_end(&r.op, &submit, launch->num_teams, granted);
    r.op.queue = NULL; /* the copies back are synchronous, after the queue's work */

    if (kind->queue_notify(device, queue, queue_finished, &r) != 0)
        glass_fatal("device %d (%s): cannot learn when a nowait target region ends", device->number, kind->name);
    /* The tasks this thread runs meanwhile are not inside the construct
     * (ompt_get_target_info, their own target regions). */
    glass_target_op_leave(&r.op);
    nested_waits++;
    glass_task_wait_untied(self, region_finished, &r, GLASS_STATE_WAIT_TARGET, nested_waits > MAX_NESTED_WAITS);
    nested_waits--;
    glass_target_op_resume(&r.op);

    write_deferred_records(&r);
    const char *why = NULL;
    if (kind->queue_close(device, queue, &why) != 0)
        glass_fatal("device %d (%s): a nowait target region failed on the device: %s", device->number, kind->name,
                    why ? why : "no reason given");
    /* As a synchronous region's end: copies back, references, frees. */
    glass_set_state(self, GLASS_STATE_WAIT_TARGET_MAP);
    glass_map_exit(mapping, &r.op);
    glass_set_state(self, saved);
    glass_target_op_end(&r.op);
    return true;
}
