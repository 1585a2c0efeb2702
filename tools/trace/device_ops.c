/* The ops of each device (kernels, transfers, allocations, deletions) and
 * their tracks. Ops come from the device's trace records during the run
 * (devices.c, on the runtime's thread) or from the callbacks at finalize
 * (timeline.c); each device keeps a growing array of them under its lock.
 *
 * At the end the ops of a device are sorted by start and dealt to lanes: an
 * op goes to the first lane whose last op has ended, so the slices of one
 * track never overlap (ops of constructs that host threads run at once do).
 * Each op is named after its construct's source location and carries the
 * construct's flow: the construct's last op (in time) ends it. */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "trace.h"

#define MAX_LANES 32

static struct device_ops {
    pthread_mutex_t lock;
    struct trace_device_op *ops;
    size_t count, capacity;
} devices[TRACE_MAX_DEVICES];

static pthread_once_t locks_made = PTHREAD_ONCE_INIT;

static void make_locks(void)
{
    for (int i = 0; i < TRACE_MAX_DEVICES; i++)
        pthread_mutex_init(&devices[i].lock, NULL);
}

void trace_device_add(const struct trace_device_op *op)
{
    if (op->device < 0 || op->device >= TRACE_MAX_DEVICES)
        return;
    pthread_once(&locks_made, make_locks);
    struct device_ops *d = &devices[op->device];
    pthread_mutex_lock(&d->lock);
    if (d->count == d->capacity) {
        size_t capacity = d->capacity ? 2 * d->capacity : 1024;
        struct trace_device_op *grown = realloc(d->ops, capacity * sizeof *grown);
        if (!grown) {
            pthread_mutex_unlock(&d->lock);
            fprintf(stderr, "glass trace: out of memory for device %d's ops\n", op->device);
            abort();
        }
        d->ops = grown;
        d->capacity = capacity;
    }
    d->ops[d->count++] = *op;
    pthread_mutex_unlock(&d->lock);
}

void trace_devices_each(void (*visit)(struct trace_device_op *, void *), void *arg)
{
    for (int i = 0; i < TRACE_MAX_DEVICES; i++)
        for (size_t k = 0; k < devices[i].count; k++)
            visit(&devices[i].ops[k], arg);
}

static int by_start(const void *a, const void *b)
{
    const struct trace_device_op *x = a, *y = b;
    if (x->start != y->start)
        return x->start < y->start ? -1 : 1;
    return (x->end > y->end) - (x->end < y->end);
}

/* Sorts the device's ops, names them, gives them lanes and flow roles.
 * Returns the number of lanes used; ops that find none (more than MAX_LANES
 * at once) get lane MAX_LANES and are not written. */
static unsigned prepare(struct device_ops *d, size_t *dropped)
{
    qsort(d->ops, d->count, sizeof *d->ops, by_start);
    uint64_t lane_end[MAX_LANES];
    unsigned lanes = 0;
    for (size_t k = 0; k < d->count; k++) {
        struct trace_device_op *op = &d->ops[k];
        struct trace_construct *c = op->construct ? trace_construct_of(op->construct, 0) : NULL;
        op->target = c ? c->region : NULL;
        op->region = trace_region_of(R_DEVICE_OP, op->what, op->target ? op->target->codeptr : NULL);
        op->flow = 0;
        op->flow_ends = 0;
        if (c && c->region) {
            op->flow = trace_target_flow(op->construct);
            op->flow_ends = ++c->written == c->ops;
        }
        unsigned lane = 0;
        while (lane < lanes && lane_end[lane] > op->start)
            lane++;
        if (lane == MAX_LANES) {
            op->lane = MAX_LANES;
            (*dropped)++;
            continue;
        }
        if (lane == lanes)
            lanes++;
        lane_end[lane] = op->end;
        op->lane = (uint8_t)lane;
    }
    return lanes;
}

long long trace_devices_write(struct trace_writer *writers, int count)
{
    long long written = 0;
    unsigned track = 0;
    for (int i = 0; i < TRACE_MAX_DEVICES; i++) {
        struct device_ops *d = &devices[i];
        if (!d->count)
            continue;
        size_t dropped = 0;
        unsigned lanes = prepare(d, &dropped);
        const char *type = trace_device_type(i);
        for (unsigned lane = 0; lane < lanes; lane++, track++) {
            struct trace_device_track t = {.device = i, .lane = lane};
            if (lane)
                snprintf(t.name, sizeof t.name, "device %d (%s) #%u", i, type ? type : "device", lane + 1);
            else
                snprintf(t.name, sizeof t.name, "device %d (%s)", i, type ? type : "device");
            for (int w = 0; w < count; w++)
                if (writers[w].device_track_begin)
                    writers[w].device_track_begin(writers[w].state, track, &t);
            for (size_t k = 0; k < d->count; k++) {
                if (d->ops[k].lane != lane)
                    continue;
                written++;
                for (int w = 0; w < count; w++)
                    if (writers[w].device_op)
                        writers[w].device_op(writers[w].state, track, &d->ops[k]);
            }
            for (int w = 0; w < count; w++)
                if (writers[w].device_track_end)
                    writers[w].device_track_end(writers[w].state, track);
        }
        if (dropped)
            fprintf(stderr, "glass trace: device %d: %zu ops overlapped %d others and are not shown\n", i, dropped,
                    MAX_LANES);
    }
    return written;
}
