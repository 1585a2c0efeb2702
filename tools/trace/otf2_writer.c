/* The OTF2 archive (DIR/traces.otf2, DIR/traces.def, DIR/traces/): one
 * location per OpenMP thread in one process location group, a region per
 * named region of the timeline, and Enter/Leave events. Each device lane is
 * a location of its own (an accelerator stream, in an accelerator location
 * group per device) with an Enter/Leave per op; a transfer's or
 * allocation's Enter carries its bytes, every op's its construct's id, in
 * attributes. Timestamps are CLOCK_MONOTONIC nanoseconds. */
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <omp-tools.h>
#include <otf2/otf2.h>

#include "trace.h"

/* A device lane's location. */
struct device_location {
    struct trace_device_track track;
    uint64_t events;
};

/* Attributes of device ops' Enter events. */
enum { ATTRIBUTE_BYTES, ATTRIBUTE_CONSTRUCT };

struct otf2 {
    OTF2_Archive *archive;
    OTF2_EvtWriter *writer; /* of the thread being replayed */
    uint64_t *events;       /* per location */
    unsigned locations;
    struct device_location *devices; /* per device track */
    unsigned device_tracks;
    OTF2_AttributeList *attributes;
    int failed;
};

/* Device lanes' locations come after every thread's. */
static OTF2_LocationRef device_location(unsigned track)
{
    return TRACE_MAX_THREADS + track;
}

static OTF2_FlushType pre_flush(void *user, OTF2_FileType type, OTF2_LocationRef location, void *caller, bool final)
{
    (void)user, (void)type, (void)location, (void)caller, (void)final;
    return OTF2_FLUSH;
}

static OTF2_TimeStamp post_flush(void *user, OTF2_FileType type, OTF2_LocationRef location)
{
    (void)user, (void)type, (void)location;
    return trace_now();
}

static const OTF2_FlushCallbacks flush_callbacks = {.otf2_pre_flush = pre_flush, .otf2_post_flush = post_flush};

static void check(struct otf2 *o, OTF2_ErrorCode status, const char *what)
{
    if (status != OTF2_SUCCESS && !o->failed) {
        fprintf(stderr, "glass trace: OTF2 %s: %s\n", what, OTF2_Error_GetDescription(status));
        o->failed = 1;
    }
}

static void thread_begin(void *state, unsigned thread)
{
    struct otf2 *o = state;
    o->writer = OTF2_Archive_GetEvtWriter(o->archive, thread);
    if (!o->writer)
        check(o, OTF2_ERROR_INVALID, "event writer");
}

static void enter(void *state, unsigned thread, uint64_t time, const struct trace_region *region)
{
    (void)thread;
    struct otf2 *o = state;
    if (o->writer)
        check(o, OTF2_EvtWriter_Enter(o->writer, NULL, time, region->id), "enter");
}

static void leave(void *state, unsigned thread, uint64_t time, const struct trace_region *region, uint64_t entered)
{
    (void)thread, (void)entered;
    struct otf2 *o = state;
    if (o->writer)
        check(o, OTF2_EvtWriter_Leave(o->writer, NULL, time, region->id), "leave");
}

static void thread_end(void *state, unsigned thread)
{
    struct otf2 *o = state;
    if (!o->writer)
        return;
    if (thread >= o->locations) {
        uint64_t *grown = realloc(o->events, (thread + 1) * sizeof *grown);
        if (!grown)
            abort();
        memset(grown + o->locations, 0, (thread + 1 - o->locations) * sizeof *grown);
        o->events = grown;
        o->locations = thread + 1;
    }
    uint64_t count = 0;
    OTF2_EvtWriter_GetNumberOfEvents(o->writer, &count);
    o->events[thread] = count;
    check(o, OTF2_Archive_CloseEvtWriter(o->archive, o->writer), "close event writer");
    o->writer = NULL;
}

static void device_track_begin(void *state, unsigned track, const struct trace_device_track *device)
{
    struct otf2 *o = state;
    if (track >= o->device_tracks) {
        struct device_location *grown = realloc(o->devices, (track + 1) * sizeof *grown);
        if (!grown)
            abort();
        memset(grown + o->device_tracks, 0, (track + 1 - o->device_tracks) * sizeof *grown);
        o->devices = grown;
        o->device_tracks = track + 1;
    }
    o->devices[track].track = *device;
    o->writer = OTF2_Archive_GetEvtWriter(o->archive, device_location(track));
    if (!o->writer)
        check(o, OTF2_ERROR_INVALID, "event writer");
}

static void device_op(void *state, unsigned track, const struct trace_device_op *op)
{
    (void)track;
    struct otf2 *o = state;
    if (!o->writer)
        return;
    if (!o->attributes)
        o->attributes = OTF2_AttributeList_New();
    if (o->attributes) {
        if (op->what != OP_KERNEL)
            OTF2_AttributeList_AddUint64(o->attributes, ATTRIBUTE_BYTES, op->bytes);
        if (op->construct)
            OTF2_AttributeList_AddUint64(o->attributes, ATTRIBUTE_CONSTRUCT, op->construct);
    }
    /* Writing the event empties the list for the next. */
    check(o, OTF2_EvtWriter_Enter(o->writer, o->attributes, op->start, op->region->id), "enter");
    check(o, OTF2_EvtWriter_Leave(o->writer, NULL, op->end, op->region->id), "leave");
}

static void device_track_end(void *state, unsigned track)
{
    struct otf2 *o = state;
    if (!o->writer)
        return;
    OTF2_EvtWriter_GetNumberOfEvents(o->writer, &o->devices[track].events);
    check(o, OTF2_Archive_CloseEvtWriter(o->archive, o->writer), "close event writer");
    o->writer = NULL;
}

/* OTF2 will not write over an archive: remove the one an earlier run left in
 * the directory (its anchor, definitions and per-location files only). */
static void remove_old_archive(const char *dir)
{
    char path[4096 + 64];
    snprintf(path, sizeof path, "%s/traces.otf2", dir);
    unlink(path);
    snprintf(path, sizeof path, "%s/traces.def", dir);
    unlink(path);
    snprintf(path, sizeof path, "%s/traces", dir);
    DIR *locations = opendir(path);
    if (!locations)
        return;
    for (struct dirent *entry; (entry = readdir(locations));) {
        const char *dot = strrchr(entry->d_name, '.');
        if (dot && (!strcmp(dot, ".evt") || !strcmp(dot, ".def"))) {
            char file[sizeof path + 256];
            snprintf(file, sizeof file, "%s/%s", path, entry->d_name);
            unlink(file);
        }
    }
    closedir(locations);
    rmdir(path);
}

void *otf2_writer_open(struct trace_writer *w, const char *dir)
{
    remove_old_archive(dir);
    struct otf2 *o = calloc(1, sizeof *o);
    if (!o)
        return NULL;
    o->archive = OTF2_Archive_Open(dir, "traces", OTF2_FILEMODE_WRITE, 1024 * 1024, 4 * 1024 * 1024,
                                   OTF2_SUBSTRATE_POSIX, OTF2_COMPRESSION_NONE);
    if (!o->archive) {
        fprintf(stderr, "glass trace: cannot create the OTF2 archive in %s\n", dir);
        free(o);
        return NULL;
    }
    check(o, OTF2_Archive_SetFlushCallbacks(o->archive, &flush_callbacks, NULL), "flush callbacks");
    check(o, OTF2_Archive_SetSerialCollectiveCallbacks(o->archive), "collective callbacks");
    check(o, OTF2_Archive_SetCreator(o->archive, "glass trace"), "creator");
    check(o, OTF2_Archive_OpenEvtFiles(o->archive), "open event files");
    *w = (struct trace_writer){o, thread_begin, enter, leave, NULL, thread_end,
                               device_track_begin, device_op, device_track_end};
    return o;
}

static OTF2_RegionRole role(const struct trace_region *r)
{
    switch (r->kind) {
    case R_PARALLEL: return OTF2_REGION_ROLE_PARALLEL;
    case R_IMPLICIT_TASK: return OTF2_REGION_ROLE_TASK; /* OTF2 3.0 has no implicit-task role */
    case R_TASK: return OTF2_REGION_ROLE_TASK;
    case R_TASK_CREATE: return OTF2_REGION_ROLE_TASK_CREATE;
    case R_SYNC:
    case R_SYNC_WAIT:
        switch (r->subkind) {
        case ompt_sync_region_taskwait:
        case ompt_sync_region_taskgroup: return OTF2_REGION_ROLE_TASK_WAIT;
        case ompt_sync_region_barrier_implicit:
        case ompt_sync_region_barrier_implicit_workshare:
        case ompt_sync_region_barrier_implicit_parallel: return OTF2_REGION_ROLE_IMPLICIT_BARRIER;
        default: return OTF2_REGION_ROLE_BARRIER;
        }
    case R_LOCK_WAIT:
        return r->subkind == ompt_mutex_critical ? OTF2_REGION_ROLE_CRITICAL
               : r->subkind == ompt_mutex_atomic ? OTF2_REGION_ROLE_ATOMIC
               : r->subkind == ompt_mutex_ordered ? OTF2_REGION_ROLE_ORDERED
                                                   : OTF2_REGION_ROLE_FUNCTION;
    case R_WORK:
        switch (r->subkind) {
        case ompt_work_sections: return OTF2_REGION_ROLE_SECTIONS;
        case ompt_work_single_executor:
        case ompt_work_single_other: return OTF2_REGION_ROLE_SINGLE;
        case ompt_work_workshare: return OTF2_REGION_ROLE_WORKSHARE;
        default: return OTF2_REGION_ROLE_LOOP;
        }
    case R_MASKED: return OTF2_REGION_ROLE_MASTER;
    case R_FLUSH: return OTF2_REGION_ROLE_FLUSH;
    case R_DEVICE_OP:
        switch ((enum trace_op)r->subkind) {
        case OP_TO_DEVICE:
        case OP_FROM_DEVICE: return OTF2_REGION_ROLE_DATA_TRANSFER;
        case OP_ALLOC: return OTF2_REGION_ROLE_ALLOCATE;
        case OP_DELETE: return OTF2_REGION_ROLE_DEALLOCATE;
        default: return OTF2_REGION_ROLE_FUNCTION;
        }
    default: return OTF2_REGION_ROLE_FUNCTION;
    }
}

int otf2_writer_close(void *state, uint64_t start, uint64_t end)
{
    struct otf2 *o = state;
    check(o, OTF2_Archive_CloseEvtFiles(o->archive), "close event files");
    /* Local definitions: empty, but otf2-print expects a file per location. */
    check(o, OTF2_Archive_OpenDefFiles(o->archive), "open definition files");
    for (unsigned l = 0; l < o->locations; l++) {
        OTF2_DefWriter *d = OTF2_Archive_GetDefWriter(o->archive, l);
        if (d)
            OTF2_Archive_CloseDefWriter(o->archive, d);
    }
    for (unsigned t = 0; t < o->device_tracks; t++) {
        OTF2_DefWriter *d = OTF2_Archive_GetDefWriter(o->archive, device_location(t));
        if (d)
            OTF2_Archive_CloseDefWriter(o->archive, d);
    }
    check(o, OTF2_Archive_CloseDefFiles(o->archive), "close definition files");

    OTF2_GlobalDefWriter *g = OTF2_Archive_GetGlobalDefWriter(o->archive);
    if (!g) {
        check(o, OTF2_ERROR_INVALID, "global definition writer");
    } else {
        check(o, OTF2_GlobalDefWriter_WriteClockProperties(g, 1000000000, start, end - start, OTF2_UNDEFINED_TIMESTAMP),
              "clock");
        /* Strings: 0 "", 1 "OpenMP", 2 the process, 3 "machine", 4 "node",
         * then one per location, then one per region. */
        uint32_t next = 0;
        OTF2_GlobalDefWriter_WriteString(g, next++, "");
        OTF2_GlobalDefWriter_WriteString(g, next++, "OpenMP");
        char name[64];
        snprintf(name, sizeof name, "process %d", trace_pid);
        OTF2_GlobalDefWriter_WriteString(g, next++, name);
        OTF2_GlobalDefWriter_WriteString(g, next++, "machine");
        OTF2_GlobalDefWriter_WriteString(g, next++, "node");
        OTF2_GlobalDefWriter_WriteParadigm(g, OTF2_PARADIGM_OPENMP, 1, OTF2_PARADIGM_CLASS_THREAD_FORK_JOIN);
        OTF2_GlobalDefWriter_WriteSystemTreeNode(g, 0, 3, 4, OTF2_UNDEFINED_SYSTEM_TREE_NODE);
        OTF2_GlobalDefWriter_WriteLocationGroup(g, 0, 2, OTF2_LOCATION_GROUP_TYPE_PROCESS, 0,
                                                OTF2_UNDEFINED_LOCATION_GROUP);
        for (unsigned l = 0; l < o->locations; l++) {
            snprintf(name, sizeof name, "OpenMP thread %u", l);
            uint32_t string = next++;
            OTF2_GlobalDefWriter_WriteString(g, string, name);
            check(o, OTF2_GlobalDefWriter_WriteLocation(g, l, string, OTF2_LOCATION_TYPE_CPU_THREAD, o->events[l], 0),
                  "location");
        }
        /* A device's lanes: an accelerator location group per device, in the
         * process's (its creating group). */
        int group_device = -1;
        uint32_t group = 0;
        for (unsigned t = 0; t < o->device_tracks; t++) {
            const struct device_location *d = &o->devices[t];
            if (d->track.device != group_device) {
                group_device = d->track.device;
                snprintf(name, sizeof name, "device %d", group_device);
                uint32_t string = next++;
                OTF2_GlobalDefWriter_WriteString(g, string, name);
                check(o, OTF2_GlobalDefWriter_WriteLocationGroup(g, ++group, string,
                                                                 OTF2_LOCATION_GROUP_TYPE_ACCELERATOR, 0, 0),
                      "device location group");
            }
            uint32_t string = next++;
            OTF2_GlobalDefWriter_WriteString(g, string, d->track.name);
            check(o, OTF2_GlobalDefWriter_WriteLocation(g, device_location(t), string,
                                                        OTF2_LOCATION_TYPE_ACCELERATOR_STREAM, d->events, group),
                  "device location");
        }
        if (o->device_tracks) {
            uint32_t bytes = next++, construct = next++, empty = 0;
            OTF2_GlobalDefWriter_WriteString(g, bytes, "bytes");
            OTF2_GlobalDefWriter_WriteString(g, construct, "construct_id");
            check(o, OTF2_GlobalDefWriter_WriteAttribute(g, ATTRIBUTE_BYTES, bytes, empty, OTF2_TYPE_UINT64),
                  "attribute");
            check(o, OTF2_GlobalDefWriter_WriteAttribute(g, ATTRIBUTE_CONSTRUCT, construct, empty, OTF2_TYPE_UINT64),
                  "attribute");
        }
        for (unsigned i = 0; i < trace_region_count; i++) {
            const struct trace_region *r = trace_regions[i];
            uint32_t string = next++;
            OTF2_GlobalDefWriter_WriteString(g, string, r->name);
            check(o, OTF2_GlobalDefWriter_WriteRegion(g, r->id, string, string, 0, role(r), OTF2_PARADIGM_OPENMP,
                                                      OTF2_REGION_FLAG_NONE, 0, 0, 0),
                  "region");
        }
        OTF2_Archive_CloseGlobalDefWriter(o->archive, g);
    }
    check(o, OTF2_Archive_Close(o->archive), "close archive");
    int failed = o->failed;
    if (o->attributes)
        OTF2_AttributeList_Delete(o->attributes);
    free(o->devices);
    free(o->events);
    free(o);
    return failed ? -1 : 0;
}
