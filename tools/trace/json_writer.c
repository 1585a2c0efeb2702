/* The Chrome/Perfetto JSON timeline ("Trace Event Format"): one track per
 * thread (pid, tid = thread number), an "X" slice per interval, and a flow
 * ("s" at creation, "f" at first start, same id) per explicit task. Times are
 * microseconds from the first thread's first event. */
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

static void flow(void *state, unsigned thread, uint64_t time, uint64_t task, int start)
{
    struct json *j = state;
    separator(j);
    fprintf(j->out,
            "{\"ph\":\"%s\",\"name\":\"task\",\"cat\":\"task-flow\",\"id\":\"0x%llx\",\"pid\":%d,\"tid\":%u,\"ts\":%.3f%s}",
            start ? "s" : "f", (unsigned long long)task, j->pid, thread, us(j, time), start ? "" : ",\"bp\":\"e\"");
}

static void thread_end(void *state, unsigned thread)
{
    (void)state, (void)thread;
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
    *w = (struct trace_writer){j, thread_begin, enter, leave, flow, thread_end};
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
