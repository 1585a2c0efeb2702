/* The Chrome/Perfetto JSON timeline ("Trace Event Format"): one track per
 * thread (pid, tid = thread number), an "X" slice per interval, and a flow
 * ("s" at creation, "f" at first start, same id) per explicit task. Device
 * lanes are tracks too (tid = TRACE_MAX_THREADS + the lane's number, named
 * "device N (type)"): an "X" slice per op with its bytes, direction, teams
 * and construct in "args", and a flow per target construct ("s" on the host
 * construct's slice, "t" on each of its ops, "f" on the last). Times are
 * microseconds from the tool's start. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "trace.h"

struct json {
    FILE *out;
    int pid, rank;
    uint64_t origin;
    int first; /* no comma before the first event */
};

static void separator(struct json *j)
{
    fputs(j->first ? "\n" : ",\n", j->out);
    j->first = 0;
}

static void string(FILE *out, const char *s)
{
    fputc('"', out);
    for (; *s; s++) {
        if (*s == '"' || *s == '\\')
            fprintf(out, "\\%c", *s);
        else if ((unsigned char)*s < 0x20)
            fprintf(out, "\\u%04x", *s);
        else
            fputc(*s, out);
    }
    fputc('"', out);
}

static double us(struct json *j, uint64_t time)
{
    return time > j->origin ? (double)(time - j->origin) / 1000.0 : 0.0;
}

static void thread_begin(void *state, unsigned thread)
{
    struct json *j = state;
    separator(j);
    fprintf(j->out, "{\"ph\":\"M\",\"name\":\"thread_name\",\"pid\":%d,\"tid\":%u,\"args\":{\"name\":\"OpenMP thread %u\"}}",
            j->pid, thread, thread);
}

static void enter(void *state, unsigned thread, uint64_t time, const struct trace_region *region)
{
    (void)state, (void)thread, (void)time, (void)region; /* the slice is written whole at its end */
}

static void leave(void *state, unsigned thread, uint64_t time, const struct trace_region *region, uint64_t entered)
{
    struct json *j = state;
    separator(j);
    fputs("{\"ph\":\"X\",\"name\":", j->out);
    string(j->out, region->name);
    fprintf(j->out, ",\"cat\":\"%s\",\"pid\":%d,\"tid\":%u,\"ts\":%.3f,\"dur\":%.3f}", region->category, j->pid, thread,
            us(j, entered), (double)(time - entered) / 1000.0);
}

static void flow_event(struct json *j, const char *phase, int target, uint64_t id, unsigned tid, uint64_t time)
{
    separator(j);
    fprintf(j->out, "{\"ph\":\"%s\",\"name\":\"%s\",\"cat\":\"%s\",\"id\":\"0x%llx\",\"pid\":%d,\"tid\":%u,\"ts\":%.3f%s}",
            phase, target ? "target" : "task", target ? "target-flow" : "task-flow", (unsigned long long)id, j->pid,
            tid, us(j, time), phase[0] == 's' ? "" : ",\"bp\":\"e\"");
}

static void flow(void *state, unsigned thread, uint64_t time, uint64_t id, int start, int target)
{
    flow_event(state, start ? "s" : "f", target, id, thread, time);
}

static void thread_end(void *state, unsigned thread)
{
    (void)state, (void)thread;
}

/* ---- device tracks ---- */

static unsigned device_tid(unsigned track)
{
    return TRACE_MAX_THREADS + track;
}

static void device_track_begin(void *state, unsigned track, const struct trace_device_track *device)
{
    struct json *j = state;
    separator(j);
    fprintf(j->out, "{\"ph\":\"M\",\"name\":\"thread_name\",\"pid\":%d,\"tid\":%u,\"args\":{\"name\":", j->pid,
            device_tid(track));
    string(j->out, device->name);
    fputs("}}", j->out);
    separator(j);
    fprintf(j->out, "{\"ph\":\"M\",\"name\":\"thread_sort_index\",\"pid\":%d,\"tid\":%u,\"args\":{\"sort_index\":%u}}",
            j->pid, device_tid(track), device_tid(track));
}

static void device_op(void *state, unsigned track, const struct trace_device_op *op)
{
    struct json *j = state;
    separator(j);
    fputs("{\"ph\":\"X\",\"name\":", j->out);
    string(j->out, op->region->name);
    fprintf(j->out, ",\"cat\":\"%s\",\"pid\":%d,\"tid\":%u,\"ts\":%.3f,\"dur\":%.3f,\"args\":{\"device\":%d",
            op->region->category, j->pid, device_tid(track), us(j, op->start), (double)(op->end - op->start) / 1000.0,
            op->device);
    if (op->what == OP_KERNEL) {
        fprintf(j->out, ",\"requested_teams\":%u", op->requested_teams);
        if (op->granted_teams)
            fprintf(j->out, ",\"granted_teams\":%u", op->granted_teams);
    } else {
        fprintf(j->out, ",\"bytes\":%llu", (unsigned long long)op->bytes);
        if (op->what == OP_TO_DEVICE || op->what == OP_FROM_DEVICE)
            fprintf(j->out, ",\"direction\":\"%s\"", op->what == OP_TO_DEVICE ? "to device" : "from device");
    }
    if (op->construct)
        fprintf(j->out, ",\"construct_id\":\"0x%llx\"", (unsigned long long)op->construct);
    if (op->target) {
        fputs(",\"construct\":", j->out);
        string(j->out, op->target->name);
    }
    fprintf(j->out, ",\"timed_by\":\"%s\"}}", op->measured_on_device ? "device trace records" : "host callbacks");
    if (op->flow)
        flow_event(j, op->flow_ends ? "f" : "t", 1, op->flow, device_tid(track), op->start);
}

static void device_track_end(void *state, unsigned track)
{
    (void)state, (void)track;
}

void *json_writer_open(struct trace_writer *w, const char *path, int pid, int rank)
{
    struct json *j = calloc(1, sizeof *j);
    if (!j || !(j->out = fopen(path, "w"))) {
        fprintf(stderr, "glass trace: cannot write %s: %s\n", path, strerror(errno));
        free(j);
        return NULL;
    }
    j->pid = pid;
    j->rank = rank;
    j->first = 1;
    j->origin = trace_start;
    fputs("{\"displayTimeUnit\":\"ns\",\"traceEvents\":[", j->out);
    separator(j);
    fprintf(j->out, "{\"ph\":\"M\",\"name\":\"process_name\",\"pid\":%d,\"args\":{\"name\":", pid);
    char name[64];
    if (rank >= 0)
        snprintf(name, sizeof name, "rank %d (pid %d)", rank, pid);
    else
        snprintf(name, sizeof name, "pid %d", pid);
    string(j->out, name);
    fputs("}}", j->out);
    *w = (struct trace_writer){j, thread_begin, enter, leave, flow, thread_end,
                               device_track_begin, device_op, device_track_end};
    return j;
}

int json_writer_close(void *state)
{
    struct json *j = state;
    fputs("\n]}\n", j->out);
    int failed = ferror(j->out) | (fclose(j->out) != 0);
    free(j);
    return failed ? -1 : 0;
}
