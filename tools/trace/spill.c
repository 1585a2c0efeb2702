/* The files that make a trace directory recoverable (spill.h). */
#ifndef _GNU_SOURCE
#define _GNU_SOURCE /* gettid */
#endif
#include "spill.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "trace.h"

int trace_recovering;
static uint64_t last_event_time;
static atomic_int spill_active;

int trace_spill_active(void)
{
    return atomic_load(&spill_active);
}

static void path_in_dir(char *path, size_t size, const char *name)
{
    snprintf(path, size, "%s/%s", trace_dir, name);
}

/* Copies /proc/self/maps under a temporary name, then renames it: a reader
 * never sees half a file, and two threads spilling at once do not mix. */
void trace_spill_maps(void)
{
    char path[sizeof trace_dir + 64], temporary[sizeof path + 16];
    path_in_dir(path, sizeof path, TRACE_SPILL_MAPS);
    snprintf(temporary, sizeof temporary, "%s.%d", path, (int)gettid());
    int in = open("/proc/self/maps", O_RDONLY | O_CLOEXEC);
    int out = in >= 0 ? open(temporary, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644) : -1;
    char buffer[16384];
    ssize_t n = 0;
    while (out >= 0 && (n = read(in, buffer, sizeof buffer)) > 0)
        if (write(out, buffer, (size_t)n) != n) {
            n = -1;
            break;
        }
    if (in >= 0)
        close(in);
    if (out >= 0) {
        close(out);
        if (n < 0 || rename(temporary, path) != 0)
            unlink(temporary);
    }
}

void trace_spill_maps_refresh(void)
{
    static _Atomic uint64_t last;
    uint64_t now = trace_now(), then = atomic_load(&last);
    if (now - then >= 1000000000u && atomic_compare_exchange_strong(&last, &then, now))
        trace_spill_maps();
}

void trace_spill_begin(uint64_t start, unsigned formats)
{
    char path[sizeof trace_dir + 64];
    path_in_dir(path, sizeof path, TRACE_SPILL_INFO);
    FILE *info = fopen(path, "w");
    if (!info) {
        fprintf(stderr, "glass trace: cannot write %s (%s): a crash would leave its raw events unrecoverable\n", path,
                strerror(errno));
        return;
    }
    fprintf(info, "# The raw events of a glass trace still being recorded, or cut short (a crash,\n"
                  "# SIGKILL): if the program has ended, glass trace --recover %s\n"
                  "# writes them as a trace.\npid=%d\nrank=%d\nstart=%" PRIu64 "\nformats=%u\nevent_size=%zu\nprogram=%s\n",
            trace_dir, trace_pid, trace_rank, start, formats, sizeof(struct trace_event), trace_program);
    fclose(info);
    trace_spill_maps();
    atomic_store(&spill_active, 1);
}

void trace_spill_remove(void)
{
    atomic_store(&spill_active, 0);
    char path[sizeof trace_dir + 64];
    path_in_dir(path, sizeof path, TRACE_SPILL_INFO);
    unlink(path);
    path_in_dir(path, sizeof path, TRACE_SPILL_MAPS);
    unlink(path);
}

/* One thread-N.raw file: a thread whose events are all in it. */
static int load_thread(unsigned number, off_t size)
{
    if (number >= TRACE_MAX_THREADS || trace_threads[number])
        return 0;
    struct trace_thread *t = calloc(1, sizeof *t);
    if (!t)
        return -1;
    t->number = number;
    t->fd = -1;
    t->flushed = (uint64_t)size / sizeof(struct trace_event);
    trace_threads[number] = t;
    if (number + 1 > trace_thread_count)
        trace_thread_count = number + 1;
    /* Its last event: the latest of them ends the trace. */
    char path[sizeof trace_dir + 32];
    snprintf(path, sizeof path, "%s/thread-%u.raw", trace_dir, number);
    int fd = open(path, O_RDONLY | O_CLOEXEC);
    struct trace_event last;
    if (fd >= 0 && t->flushed &&
        pread(fd, &last, sizeof last, (off_t)((t->flushed - 1) * sizeof last)) == (ssize_t)sizeof last &&
        last.time > last_event_time)
        last_event_time = last.time;
    if (fd >= 0)
        close(fd);
    return 0;
}

unsigned trace_spill_load(void)
{
    char path[sizeof trace_dir + 64];
    path_in_dir(path, sizeof path, TRACE_SPILL_INFO);
    FILE *info = fopen(path, "r");
    if (!info) {
        fprintf(stderr, "glass trace: %s has no %s (%s): it is not the directory of a trace that was cut short\n",
                trace_dir, TRACE_SPILL_INFO, strerror(errno));
        return 0;
    }
    unsigned formats = 0;
    size_t event_size = 0;
    char line[512];
    while (fgets(line, sizeof line, info)) {
        sscanf(line, "pid=%d", &trace_pid);
        sscanf(line, "start=%" SCNu64, &trace_start);
        sscanf(line, "formats=%u", &formats);
        sscanf(line, "event_size=%zu", &event_size);
        sscanf(line, "rank=%d", &trace_rank);
        if (!strncmp(line, "program=", 8)) {
            line[strcspn(line, "\n")] = '\0';
            snprintf(trace_program, sizeof trace_program, "%.*s", (int)sizeof trace_program - 1, line + 8);
        }
    }
    fclose(info);
    if (event_size != sizeof(struct trace_event)) {
        fprintf(stderr, "glass trace: %s was written by another version of glass (events of %zu bytes, not %zu)\n",
                trace_dir, event_size, sizeof(struct trace_event));
        return 0;
    }
    DIR *dir = opendir(trace_dir);
    struct dirent *entry;
    while (dir && (entry = readdir(dir))) {
        unsigned number;
        char end;
        struct stat st;
        char raw[sizeof trace_dir + 300];
        if (sscanf(entry->d_name, "thread-%u.ra%c", &number, &end) != 2 || end != 'w')
            continue;
        snprintf(raw, sizeof raw, "%s/%s", trace_dir, entry->d_name);
        if (stat(raw, &st) == 0 && load_thread(number, st.st_size) != 0) {
            fprintf(stderr, "glass trace: out of memory\n");
            closedir(dir);
            return 0;
        }
    }
    if (dir)
        closedir(dir);
    if (!trace_thread_count) {
        fprintf(stderr, "glass trace: %s holds no raw events (thread-N.raw): the program ended before its first "
                        "spill, with its events in memory\n", trace_dir);
        return 0;
    }
    return formats;
}

uint64_t trace_spill_end_time(void)
{
    return last_event_time;
}
