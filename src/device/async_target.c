/* nowait target regions on device queues (async_target.h). */
#include <pthread.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>

#include "../core/runtime.h"
#include "../core/tasking.h"
#include "async_target.h"
#include "device_events.h"
#include "mapping.h"

/* A trace record waiting for the device's times of its operation. */
struct deferred_record {
    struct glass_trace_event event;
    int timed;
};

struct glass_async_region {
    struct glass_target_op op; /* first: the construct, from its begin on the task to its end here */
    struct glass_device *device;
    void *queue;
    struct glass_mapping *mapping;
    uintptr_t event;
    struct deferred_record *records;
    size_t nrecords, cap;
    struct glass_async_region *next; /* in the device's list of finished regions */
};

/* Per device: its regions in flight, those the device finished, and the
 * thread that ends them. */
struct glass_async_device {
    pthread_mutex_t lock;
    pthread_cond_t work;    /* a region finished, or the thread is to stop */
    pthread_cond_t drained; /* no region in flight */
    struct glass_async_region *finished, **finished_tail;
    unsigned in_flight;
    bool stopping;
    pthread_t thread;
};

/* Devices with a completion thread, for the wait at the program's end. */
static pthread_mutex_t devices_lock = PTHREAD_MUTEX_INITIALIZER;
static struct glass_device *async_devices[64];
static int nasync_devices;

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

/* ---- The end of a region, on the completion thread ------------------------------ */

static void end_region(struct glass_async_region *r)
{
    struct glass_device *device = r->device;
    /* A tool sees this thread begin before any event it raises (as for
     * omp_fulfill_event from a thread of the program's). */
    if (GLASS_OMPT_ACTIVE())
        (void)glass_self();
    glass_target_op_resume(&r->op);
    for (size_t i = 0; i < r->nrecords; i++) {
        struct glass_trace_event *e = &r->records[i].event;
        uint64_t start, end;
        if (device->kind->queue_times(device, r->queue, r->records[i].timed, &start, &end))
            e->time = start, e->end_time = end;
        glass_device_trace_record(device, e);
    }
    const char *why = NULL;
    if (device->kind->queue_close(device, r->queue, &why) != 0)
        glass_fatal("device %d (%s): a nowait target region failed on the device: %s", device->number,
                    device->kind->name, why ? why : "no reason given");
    /* As a synchronous region's end: copies back, references, frees. */
    glass_map_exit(r->mapping, &r->op);
    glass_target_op_end(&r->op);
    uintptr_t event = r->event;
    free(r->records);
    free(r);
    glass_task_fulfill(event); /* from here on, the task may be complete and gone */
}

static void *completion_thread(void *arg)
{
    struct glass_async_device *ad = arg;
    pthread_mutex_lock(&ad->lock);
    for (;;) {
        while (!ad->finished && !ad->stopping)
            pthread_cond_wait(&ad->work, &ad->lock);
        struct glass_async_region *r = ad->finished;
        if (!r)
            break; /* stopping, and nothing left */
        ad->finished = r->next;
        if (!ad->finished)
            ad->finished_tail = &ad->finished;
        pthread_mutex_unlock(&ad->lock);
        end_region(r);
        pthread_mutex_lock(&ad->lock);
        if (--ad->in_flight == 0)
            pthread_cond_broadcast(&ad->drained);
    }
    pthread_mutex_unlock(&ad->lock);
    return NULL;
}

/* The kind's callback: the queue has finished. Not an OpenMP thread, and it
 * must not call the device: it hands the region over and returns. */
static void region_done(void *arg)
{
    struct glass_async_region *r = arg;
    struct glass_async_device *ad = r->device->async;
    pthread_mutex_lock(&ad->lock);
    r->next = NULL;
    *ad->finished_tail = r;
    ad->finished_tail = &r->next;
    pthread_cond_signal(&ad->work);
    pthread_mutex_unlock(&ad->lock);
}

static void wait_drained(struct glass_async_device *ad)
{
    pthread_mutex_lock(&ad->lock);
    while (ad->in_flight)
        pthread_cond_wait(&ad->drained, &ad->lock);
    pthread_mutex_unlock(&ad->lock);
}

/* The program's end waits for the regions still in flight (their copies
 * back, their events), as it waits for the program's other tasks. */
static void drain_at_exit(void)
{
    pthread_mutex_lock(&devices_lock);
    for (int i = 0; i < nasync_devices; i++)
        if (async_devices[i]->async)
            wait_drained(async_devices[i]->async);
    pthread_mutex_unlock(&devices_lock);
}

/* The device's completion state, made at its first nowait region. */
static struct glass_async_device *async_device(struct glass_device *device)
{
    pthread_mutex_lock(&devices_lock);
    struct glass_async_device *ad = device->async;
    if (ad) {
        pthread_mutex_unlock(&devices_lock);
        return ad;
    }
    if (nasync_devices == (int)(sizeof async_devices / sizeof *async_devices))
        glass_fatal("more than %d devices with nowait target regions", nasync_devices);
    if (!(ad = calloc(1, sizeof *ad)))
        glass_fatal("out of memory for device %d's nowait target regions", device->number);
    pthread_mutex_init(&ad->lock, NULL);
    pthread_cond_init(&ad->work, NULL);
    pthread_cond_init(&ad->drained, NULL);
    ad->finished_tail = &ad->finished;
    /* Its own thread, never an OpenMP one: it may wait on the device. */
    int status = pthread_create(&ad->thread, NULL, completion_thread, ad);
    if (status != 0)
        glass_fatal("device %d: cannot start the thread that completes nowait target regions (%s)", device->number,
                    strerror(status));
    if (nasync_devices == 0)
        atexit(drain_at_exit);
    async_devices[nasync_devices++] = device;
    device->async = ad;
    pthread_mutex_unlock(&devices_lock);
    return ad;
}

void glass_async_device_end(struct glass_device *device)
{
    pthread_mutex_lock(&devices_lock);
    struct glass_async_device *ad = device->async;
    pthread_mutex_unlock(&devices_lock);
    if (!ad)
        return;
    wait_drained(ad);
    pthread_mutex_lock(&ad->lock);
    ad->stopping = true;
    pthread_cond_signal(&ad->work);
    pthread_mutex_unlock(&ad->lock);
    pthread_join(ad->thread, NULL);
    pthread_mutex_lock(&devices_lock);
    device->async = NULL;
    pthread_mutex_unlock(&devices_lock);
    pthread_mutex_destroy(&ad->lock);
    pthread_cond_destroy(&ad->work);
    pthread_cond_destroy(&ad->drained);
    free(ad);
}

/* ---- The start of a region, in its target task ------------------------------------ */

bool glass_async_target_region(struct glass_device *device, void (*fn)(void *), size_t mapnum, void **hostaddrs,
                               size_t *sizes, unsigned short *kinds, const struct glass_launch *launch,
                               uintptr_t event, const void *codeptr)
{
    void *queue = device->kind->queue_open(device);
    if (!queue)
        return false;
    struct glass_async_device *ad = async_device(device);
    struct glass_async_region *r = calloc(1, sizeof *r);
    if (!r)
        glass_fatal("out of memory for a nowait target region");
    r->device = device;
    r->queue = queue;
    r->event = event;
    struct glass_thread *self = glass_self();
    glass_target_op_begin(&r->op, GLASS_TARGET | GLASS_TARGET_NOWAIT_FLAG, device, device->number, codeptr);
    r->op.queue = queue;
    r->op.async = r;

    int saved = atomic_load_explicit(&self->state, memory_order_relaxed);
    glass_set_state(self, GLASS_STATE_WAIT_TARGET_MAP);
    r->mapping = glass_map_enter(device, &r->op, mapnum, hostaddrs, sizes, kinds, GLASS_MAP_FOR_TARGET);
    glass_set_state(self, saved);

    struct glass_host_op submit;
    glass_submit_begin(&r->op, &submit, launch->num_teams);
    r->op.queued_timed = -1;
    unsigned granted = device->kind->run_async(device, queue, fn, r->mapping->args, launch,
                                               device->trace ? &r->op.queued_timed : NULL);
    if (!granted)
        glass_fatal("device %d (%s): a nowait target region could not be launched", device->number,
                    device->kind->name);
    glass_submit_end(&r->op, &submit, launch->num_teams, granted);
    r->op.queue = NULL; /* what follows (the copies back) is the completion thread's */
    glass_target_op_leave(&r->op);

    pthread_mutex_lock(&ad->lock);
    ad->in_flight++;
    pthread_mutex_unlock(&ad->lock);
    /* From here on the region belongs to the completion thread. */
    if (device->kind->queue_notify(device, queue, region_done, r) != 0)
        glass_fatal("device %d (%s): cannot learn when a nowait target region ends", device->number,
                    device->kind->name);
    return true;
}
