/* Perfetto's binary trace format (DIR/trace.pftrace, opened by ui.perfetto.dev
 * and trace_processor): a Trace message, that is a stream of TracePacket
 * fields, written with protobuf.c. It holds what the JSON writer's timeline
 * holds, in a fraction of the bytes:
 *
 * - one process track (pid, the program's name, its MPI rank) and one track
 *   per OpenMP thread (its kernel tid, "OpenMP thread N");
 * - a SLICE_BEGIN / SLICE_END pair per interval, an INSTANT for an interval
 *   of no length (task creation, flush, cancel);
 * - a flow per explicit task: its id on the creation instant (flow_ids) and
 *   on the first slice of its execution (terminating_flow_ids);
 * - a track per device lane ("device 0 (glass-host)") with a slice per
 *   kernel, transfer, allocation and deletion, its bytes, teams and
 *   construct in debug annotations, and a flow per target construct: from
 *   the construct's slice on its host thread through each of its device ops
 *   (flow_ids), the last one ending it (terminating_flow_ids).
 *
 * Each thread's events form one packet sequence (its own
 * trusted_packet_sequence_id), so per-sequence state keeps events small:
 * TracePacketDefaults give the thread's track and an incremental clock
 * (timestamps are nanosecond deltas from the previous event of the thread,
 * the clock's base tied to CLOCK_MONOTONIC and CLOCK_BOOTTIME by a
 * ClockSnapshot), and region names and categories are interned: sent once per
 * sequence in InternedData, then referred to by number. */
#ifndef _GNU_SOURCE
#define _GNU_SOURCE /* the writers' POSIX and GNU functions */
#endif
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "protobuf.h"
#include "trace.h"

/* Field numbers, from Perfetto's protos/perfetto/trace/ (the .proto named). */
enum {
    TRACE_PACKET = 1, /* Trace.packet */

    /* trace_packet.proto, TracePacket */
    PACKET_CLOCK_SNAPSHOT = 6,
    PACKET_TIMESTAMP = 8,
    PACKET_SEQUENCE_ID = 10, /* trusted_packet_sequence_id */
    PACKET_TRACK_EVENT = 11,
    PACKET_INTERNED_DATA = 12,
    PACKET_SEQUENCE_FLAGS = 13,
    PACKET_TIMESTAMP_CLOCK_ID = 58,
    PACKET_DEFAULTS = 59, /* trace_packet_defaults */
    PACKET_TRACK_DESCRIPTOR = 60,
    SEQ_INCREMENTAL_STATE_CLEARED = 1,
    SEQ_NEEDS_INCREMENTAL_STATE = 2,

    /* trace_packet_defaults.proto, TracePacketDefaults */
    DEFAULTS_TIMESTAMP_CLOCK_ID = 58,
    DEFAULTS_TRACK_EVENT = 11,
    /* track_event.proto, TrackEventDefaults */
    EVENT_DEFAULTS_TRACK_UUID = 11,

    /* clock_snapshot.proto, ClockSnapshot and ClockSnapshot.Clock */
    SNAPSHOT_CLOCKS = 1,
    CLOCK_ID = 1,
    CLOCK_TIMESTAMP = 2,
    CLOCK_IS_INCREMENTAL = 3,
    BUILTIN_CLOCK_MONOTONIC = 3,
    BUILTIN_CLOCK_BOOTTIME = 6,
    SEQUENCE_CLOCK = 64, /* the first id of the sequence-scoped clocks */

    /* track_descriptor.proto, TrackDescriptor */
    TRACK_UUID = 1,
    TRACK_NAME = 2,
    TRACK_PROCESS = 3,
    TRACK_THREAD = 4,
    TRACK_PARENT_UUID = 5,
    /* process_descriptor.proto, ProcessDescriptor */
    PROCESS_PID = 1,
    PROCESS_NAME = 6,
    /* thread_descriptor.proto, ThreadDescriptor */
    THREAD_PID = 1,
    THREAD_TID = 2,
    THREAD_NAME = 5,

    /* track_event.proto, TrackEvent */
    EVENT_DEBUG_ANNOTATIONS = 4,
    EVENT_CATEGORY_IIDS = 3,
    EVENT_TYPE = 9,
    EVENT_NAME_IID = 10,
    EVENT_CATEGORIES = 22,
    EVENT_NAME = 23,
    EVENT_FLOW_IDS = 47,
    EVENT_TERMINATING_FLOW_IDS = 48,
    TYPE_SLICE_BEGIN = 1,
    TYPE_SLICE_END = 2,
    TYPE_INSTANT = 3,

    /* interned_data.proto, InternedData; EventCategory and EventName (track_event.proto) */
    INTERNED_EVENT_CATEGORIES = 1,
    INTERNED_EVENT_NAMES = 2,
    INTERNED_IID = 1,
    INTERNED_NAME = 2,

    /* debug_annotation.proto, DebugAnnotation */
    ANNOTATION_UINT = 3,
    ANNOTATION_STRING = 6,
    ANNOTATION_NAME = 10,
};

#define MAX_CATEGORIES 64

/* A begin or instant not yet written: a flow that follows at the same time
 * (timeline.c reports it after the interval's enter) is added to it. */
struct pending {
    int type; /* 0: nothing pending */
    uint64_t time;
    const struct trace_region *region;
    uint64_t flow_out, flow_in; /* task ids, 0: none */
    int target;                 /* flow_out is a target construct's */
};

struct perfetto {
    FILE *out;
    int pid;
    uint64_t process_uuid;
    uint64_t boottime_offset; /* CLOCK_BOOTTIME - CLOCK_MONOTONIC */
    const char *categories[MAX_CATEGORIES]; /* category iid - 1 -> name */
    unsigned category_count;
    /* the sequence of the thread being written */
    uint32_t sequence;
    uint64_t last_time;
    unsigned char *sent_names; /* by region id: interned on this sequence */
    size_t sent_size;
    uint64_t sent_categories; /* bit (iid - 1) */
    struct pending pending;
    int failed;
};

static void write_packet(struct perfetto *p, const struct pb *packet)
{
    if (packet->overflow) {
        if (!p->failed)
            fprintf(stderr, "glass trace: a Perfetto packet did not fit its buffer\n");
        p->failed = 1;
        return;
    }
    uint8_t head[16];
    struct pb field = PB_BUFFER(head);
    pb_length_key(&field, TRACE_PACKET, packet->len); /* the Trace's packet field; the packet follows */
    fwrite(head, 1, field.len, p->out);
    fwrite(packet->data, 1, packet->len, p->out);
}

static uint64_t thread_uuid(const struct perfetto *p, unsigned thread)
{
    return p->process_uuid + 1 + thread;
}

static uint64_t clock_ns(clockid_t clock)
{
    struct timespec ts;
    clock_gettime(clock, &ts);
    return (uint64_t)ts.tv_sec * 1000000000u + (uint64_t)ts.tv_nsec;
}

static unsigned category_iid(struct perfetto *p, const char *category)
{
    for (unsigned i = 0; i < p->category_count; i++)
        if (!strcmp(p->categories[i], category))
            return i + 1;
    if (p->category_count == MAX_CATEGORIES)
        return 0; /* written as a string instead */
    p->categories[p->category_count++] = category;
    return p->category_count;
}

static int name_sent(struct perfetto *p, unsigned id)
{
    if (id >= p->sent_size) {
        size_t size = p->sent_size ? 2 * p->sent_size : 256;
        while (size <= id)
            size *= 2;
        unsigned char *grown = realloc(p->sent_names, size);
        if (!grown)
            abort();
        memset(grown + p->sent_size, 0, size - p->sent_size);
        p->sent_names = grown;
        p->sent_size = size;
    }
    int sent = p->sent_names[id];
    p->sent_names[id] = 1;
    return sent;
}

/* One interned string entry (EventName or EventCategory). */
static void intern(struct pb *interned, unsigned field, uint64_t iid, const char *name)
{
    uint8_t storage[512];
    struct pb entry = PB_BUFFER(storage);
    pb_uint(&entry, INTERNED_IID, iid);
    pb_string(&entry, INTERNED_NAME, name);
    pb_message(interned, field, &entry);
}

/* The packet's time (a delta on the sequence's incremental clock) and
 * sequence fields. */
static void stamp(struct perfetto *p, struct pb *packet, uint64_t time)
{
    if (time < p->last_time)
        time = p->last_time;
    pb_uint(packet, PACKET_TIMESTAMP, time - p->last_time);
    p->last_time = time;
    pb_uint(packet, PACKET_SEQUENCE_ID, p->sequence);
    pb_uint(packet, PACKET_SEQUENCE_FLAGS, SEQ_NEEDS_INCREMENTAL_STATE);
}

/* The event's category and name, interned on the sequence. */
static void name_event(struct perfetto *p, struct pb *event, struct pb *interned, const struct trace_region *region)
{
    unsigned category = category_iid(p, region->category);
    if (!category) {
        pb_string(event, EVENT_CATEGORIES, region->category);
    } else {
        if (!(p->sent_categories >> (category - 1) & 1))
            intern(interned, INTERNED_EVENT_CATEGORIES, category, region->category);
        p->sent_categories |= 1ull << (category - 1);
        pb_uint(event, EVENT_CATEGORY_IIDS, category);
    }
    if (!name_sent(p, region->id))
        intern(interned, INTERNED_EVENT_NAMES, region->id + 1, region->name);
    pb_uint(event, EVENT_NAME_IID, region->id + 1);
}

static void write_track_event(struct perfetto *p, struct pb *packet, const struct pb *event, const struct pb *interned)
{
    if (interned->len)
        pb_message(packet, PACKET_INTERNED_DATA, interned);
    pb_message(packet, PACKET_TRACK_EVENT, event);
    write_packet(p, packet);
}

static void write_event(struct perfetto *p, const struct pending *e)
{
    uint8_t packet_storage[1024], event_storage[128], interned_storage[768];
    struct pb packet = PB_BUFFER(packet_storage), event = PB_BUFFER(event_storage),
              interned = PB_BUFFER(interned_storage);
    stamp(p, &packet, e->time);
    pb_uint(&event, EVENT_TYPE, (uint64_t)e->type);
    if (e->type != TYPE_SLICE_END) {
        if (e->region) {
            name_event(p, &event, &interned, e->region);
        } else { /* a flow with no interval to carry it (see flow()) */
            pb_string(&event, EVENT_CATEGORIES, e->target ? "target-flow" : "task-flow");
            pb_string(&event, EVENT_NAME, e->target ? "target" : "task");
        }
        if (e->flow_out)
            pb_fixed64(&event, EVENT_FLOW_IDS, e->flow_out);
        if (e->flow_in)
            pb_fixed64(&event, EVENT_TERMINATING_FLOW_IDS, e->flow_in);
    }
    write_track_event(p, &packet, &event, &interned);
}

static void write_pending(struct perfetto *p)
{
    if (p->pending.type)
        write_event(p, &p->pending);
    p->pending.type = 0;
}

static void write_process_track(struct perfetto *p, int rank)
{
    uint8_t packet_storage[512], track_storage[400], process_storage[300];
    struct pb packet = PB_BUFFER(packet_storage), track = PB_BUFFER(track_storage),
              process = PB_BUFFER(process_storage);
    char name[256];
    if (rank >= 0)
        snprintf(name, sizeof name, "%.200s (rank %d)", trace_program, rank);
    else
        snprintf(name, sizeof name, "%s", trace_program);
    pb_uint(&process, PROCESS_PID, (uint64_t)p->pid);
    pb_string(&process, PROCESS_NAME, name);
    pb_uint(&track, TRACK_UUID, p->process_uuid);
    pb_message(&track, TRACK_PROCESS, &process);
    pb_uint(&packet, PACKET_SEQUENCE_ID, 1);
    pb_message(&packet, PACKET_TRACK_DESCRIPTOR, &track);
    write_packet(p, &packet);
}

/* A track's sequence starts with its incremental state: the defaults (its
 * track, the incremental clock) and the clock's base. */
static void begin_sequence(struct perfetto *p, uint32_t sequence, uint64_t track_uuid)
{
    p->sequence = sequence;
    p->last_time = trace_start;
    p->sent_categories = 0;
    if (p->sent_names)
        memset(p->sent_names, 0, p->sent_size);
    p->pending.type = 0;

    uint8_t packet_storage[256], defaults_storage[64], event_defaults_storage[32], snapshot_storage[128],
        clock_storage[3][32];
    struct pb packet = PB_BUFFER(packet_storage), defaults = PB_BUFFER(defaults_storage),
              event_defaults = PB_BUFFER(event_defaults_storage), snapshot = PB_BUFFER(snapshot_storage);
    pb_uint(&event_defaults, EVENT_DEFAULTS_TRACK_UUID, track_uuid);
    pb_uint(&defaults, DEFAULTS_TIMESTAMP_CLOCK_ID, SEQUENCE_CLOCK);
    pb_message(&defaults, DEFAULTS_TRACK_EVENT, &event_defaults);
    const struct {
        unsigned id;
        uint64_t time;
        int incremental;
    } clocks[3] = {
        {SEQUENCE_CLOCK, trace_start, 1},
        {BUILTIN_CLOCK_MONOTONIC, trace_start, 0},
        {BUILTIN_CLOCK_BOOTTIME, trace_start + p->boottime_offset, 0},
    };
    for (int i = 0; i < 3; i++) {
        struct pb clock = PB_BUFFER(clock_storage[i]);
        pb_uint(&clock, CLOCK_ID, clocks[i].id);
        pb_uint(&clock, CLOCK_TIMESTAMP, clocks[i].time);
        if (clocks[i].incremental)
            pb_uint(&clock, CLOCK_IS_INCREMENTAL, 1);
        pb_message(&snapshot, SNAPSHOT_CLOCKS, &clock);
    }
    /* The snapshot's own time is given on a builtin clock: the sequence's
     * clock is what it defines. */
    pb_uint(&packet, PACKET_TIMESTAMP, trace_start + p->boottime_offset);
    pb_uint(&packet, PACKET_TIMESTAMP_CLOCK_ID, BUILTIN_CLOCK_BOOTTIME);
    pb_uint(&packet, PACKET_SEQUENCE_ID, p->sequence);
    pb_uint(&packet, PACKET_SEQUENCE_FLAGS, SEQ_INCREMENTAL_STATE_CLEARED);
    pb_message(&packet, PACKET_DEFAULTS, &defaults);
    pb_message(&packet, PACKET_CLOCK_SNAPSHOT, &snapshot);
    write_packet(p, &packet);
}

/* A thread's sequence: its incremental state, then its track. */
static void thread_begin(void *state, unsigned thread)
{
    struct perfetto *p = state;
    begin_sequence(p, thread + 2, thread_uuid(p, thread)); /* 1 is the process track's; 0 is not a valid id */
    uint8_t packet_storage[256], track_storage[128], descriptor_storage[96];
    struct pb track = PB_BUFFER(track_storage), descriptor = PB_BUFFER(descriptor_storage);
    char name[64];
    snprintf(name, sizeof name, "OpenMP thread %u", thread);
    struct trace_thread *t = thread < TRACE_MAX_THREADS ? trace_threads[thread] : NULL;
    pb_uint(&descriptor, THREAD_PID, (uint64_t)p->pid);
    /* Without its kernel id (never expected), an id no kernel thread has:
     * a tid shared with another thread would merge their tracks. */
    pb_uint(&descriptor, THREAD_TID, t && t->tid > 0 ? (uint64_t)t->tid : (uint64_t)(0x40000000u + thread));
    pb_string(&descriptor, THREAD_NAME, name);
    pb_uint(&track, TRACK_UUID, thread_uuid(p, thread));
    pb_uint(&track, TRACK_PARENT_UUID, p->process_uuid);
    pb_string(&track, TRACK_NAME, name);
    pb_message(&track, TRACK_THREAD, &descriptor);
    struct pb packet = PB_BUFFER(packet_storage);
    pb_uint(&packet, PACKET_SEQUENCE_ID, p->sequence);
    pb_message(&packet, PACKET_TRACK_DESCRIPTOR, &track);
    write_packet(p, &packet);
}

static void enter(void *state, unsigned thread, uint64_t time, const struct trace_region *region)
{
    (void)thread;
    struct perfetto *p = state;
    write_pending(p);
    p->pending = (struct pending){TYPE_SLICE_BEGIN, time, region, 0, 0, 0};
}

static void leave(void *state, unsigned thread, uint64_t time, const struct trace_region *region, uint64_t entered)
{
    (void)thread;
    struct perfetto *p = state;
    if (p->pending.type == TYPE_SLICE_BEGIN && p->pending.region == region && entered == time) {
        p->pending.type = TYPE_INSTANT; /* entered and left at once, with nothing inside */
        return;
    }
    write_pending(p);
    write_event(p, &(struct pending){TYPE_SLICE_END, time, region, 0, 0, 0});
}

static void flow(void *state, unsigned thread, uint64_t time, uint64_t id, int start, int target)
{
    (void)thread;
    struct perfetto *p = state;
    if (!p->pending.type || p->pending.time != time || (start ? p->pending.flow_out : p->pending.flow_in)) {
        /* No interval of its own to carry it (the thread's nesting overflowed
         * timeline.c's stack): an instant of its own. */
        write_pending(p);
        p->pending = (struct pending){TYPE_INSTANT, time, NULL, 0, 0, target};
    }
    if (start)
        p->pending.flow_out = id;
    else
        p->pending.flow_in = id;
}

static void thread_end(void *state, unsigned thread)
{
    (void)thread;
    write_pending(state);
}

/* ---- device tracks ---- */

static uint64_t device_track_uuid(const struct perfetto *p, unsigned track)
{
    return p->process_uuid + 1 + TRACE_MAX_THREADS + track;
}

static void device_track_begin(void *state, unsigned track, const struct trace_device_track *device)
{
    struct perfetto *p = state;
    begin_sequence(p, TRACE_MAX_THREADS + 2 + track, device_track_uuid(p, track));
    uint8_t packet_storage[256], track_storage[192];
    struct pb packet = PB_BUFFER(packet_storage), descriptor = PB_BUFFER(track_storage);
    pb_uint(&descriptor, TRACK_UUID, device_track_uuid(p, track));
    pb_uint(&descriptor, TRACK_PARENT_UUID, p->process_uuid);
    pb_string(&descriptor, TRACK_NAME, device->name);
    pb_uint(&packet, PACKET_SEQUENCE_ID, p->sequence);
    pb_message(&packet, PACKET_TRACK_DESCRIPTOR, &descriptor);
    write_packet(p, &packet);
}

static void annotate(struct pb *event, const char *name, const char *text, uint64_t number)
{
    uint8_t storage[400];
    struct pb annotation = PB_BUFFER(storage);
    pb_string(&annotation, ANNOTATION_NAME, name);
    if (text)
        pb_string(&annotation, ANNOTATION_STRING, text);
    else
        pb_uint(&annotation, ANNOTATION_UINT, number);
    pb_message(event, EVENT_DEBUG_ANNOTATIONS, &annotation);
}

static void device_op(void *state, unsigned track, const struct trace_device_op *op)
{
    (void)track;
    struct perfetto *p = state;
    uint8_t packet_storage[2048], event_storage[1280], interned_storage[768];
    struct pb packet = PB_BUFFER(packet_storage), event = PB_BUFFER(event_storage),
              interned = PB_BUFFER(interned_storage);
    stamp(p, &packet, op->start);
    pb_uint(&event, EVENT_TYPE, TYPE_SLICE_BEGIN);
    name_event(p, &event, &interned, op->region);
    if (op->what == OP_KERNEL) {
        annotate(&event, "requested_teams", NULL, op->requested_teams);
        if (op->granted_teams)
            annotate(&event, "granted_teams", NULL, op->granted_teams);
    } else {
        annotate(&event, "bytes", NULL, op->bytes);
        if (op->what == OP_TO_DEVICE || op->what == OP_FROM_DEVICE)
            annotate(&event, "direction", op->what == OP_TO_DEVICE ? "to device" : "from device", 0);
    }
    if (op->construct)
        annotate(&event, "construct_id", NULL, op->construct);
    if (op->target)
        annotate(&event, "construct", op->target->name, 0);
    annotate(&event, "timed_by", op->measured_on_device ? "device trace records" : "host callbacks", 0);
    if (op->flow)
        pb_fixed64(&event, op->flow_ends ? EVENT_TERMINATING_FLOW_IDS : EVENT_FLOW_IDS, op->flow);
    write_track_event(p, &packet, &event, &interned);
    write_event(p, &(struct pending){TYPE_SLICE_END, op->end, op->region, 0, 0, 0});
}

static void device_track_end(void *state, unsigned track)
{
    (void)state, (void)track;
}

void *perfetto_writer_open(struct trace_writer *w, const char *path, int pid, int rank)
{
    struct perfetto *p = calloc(1, sizeof *p);
    if (!p || !(p->out = fopen(path, "wb"))) {
        fprintf(stderr, "glass trace: cannot write %s: %s\n", path, strerror(errno));
        free(p);
        return NULL;
    }
    p->pid = pid;
    /* Track uuids are global to a trace: keep each process's apart, should
     * traces of several ranks be merged. */
    p->process_uuid = (uint64_t)(unsigned)pid << 24;
    uint64_t monotonic = clock_ns(CLOCK_MONOTONIC), boottime = clock_ns(CLOCK_BOOTTIME);
    p->boottime_offset = boottime > monotonic ? boottime - monotonic : 0;
    write_process_track(p, rank);
    *w = (struct trace_writer){p, thread_begin, enter, leave, flow, thread_end,
                               device_track_begin, device_op, device_track_end};
    return p;
}

int perfetto_writer_close(void *state)
{
    struct perfetto *p = state;
    int failed = p->failed | ferror(p->out) | (fclose(p->out) != 0);
    free(p->sent_names);
    free(p);
    return failed ? -1 : 0;
}
