/* DIR/events: what `glass report DIR` needs to make the profile of a traced
 * run after it has ended: each thread's events as recorded (thread-N.raw,
 * struct trace_event), the names of every code and lock address they hold
 * (symbols.txt, made now, while the run's objects are mapped), and the
 * facts of the run the profile states (run.txt: the program, the runtime,
 * the clock at start and end, the CPUs and the load). */
#ifndef _GNU_SOURCE
#define _GNU_SOURCE /* sched_getaffinity */
#endif
#include <errno.h>
#include <sched.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <unistd.h>

#include "events_dir.h"
#include "symbol_file.h"
#include "trace.h"

static char runtime_version[128];
static int cpus;
static double load_at_start = -1.0;

void trace_events_start(const char *runtime)
{
    snprintf(runtime_version, sizeof runtime_version, "%s", runtime ? runtime : "");
    cpu_set_t set;
    cpus = sched_getaffinity(0, sizeof set, &set) == 0 ? CPU_COUNT(&set) : (int)sysconf(_SC_NPROCESSORS_ONLN);
    double load[1];
    if (getloadavg(load, 1) == 1)
        load_at_start = load[0];
}

/* ---- the addresses the events hold ---- */

struct address_set {
    uint64_t *slots;
    size_t size, count;
};

static void add(struct address_set *set, uint64_t address)
{
    if (address <= 1)
        return;
    if (2 * (set->count + 1) > set->size) {
        size_t size = set->size ? 2 * set->size : 1024;
        uint64_t *slots = calloc(size, sizeof *slots);
        if (!slots)
            abort();
        for (size_t i = 0; i < set->size; i++)
            if (set->slots[i])
                for (size_t h = set->slots[i] * 0x9E3779B97F4A7C15ull % size;; h = (h + 1) % size)
                    if (!slots[h]) {
                        slots[h] = set->slots[i];
                        break;
                    }
        free(set->slots);
        set->slots = slots;
        set->size = size;
    }
    for (size_t h = address * 0x9E3779B97F4A7C15ull % set->size;; h = (h + 1) % set->size) {
        if (set->slots[h] == address)
            return;
        if (!set->slots[h]) {
            set->slots[h] = address;
            set->count++;
            return;
        }
    }
}

/* The set's addresses, packed at its start. */
static size_t packed(struct address_set *set)
{
    size_t n = 0;
    for (size_t i = 0; i < set->size; i++)
        if (set->slots[i])
            set->slots[n++] = set->slots[i];
    return n;
}

struct addresses {
    struct address_set code, data;
};

static void collect(const struct trace_event *e, void *arg)
{
    struct addresses *all = arg;
    switch ((enum trace_event_type)e->type) {
    case EV_MUTEX_ACQUIRE:
    case EV_MUTEX_ACQUIRED:
    case EV_MUTEX_RELEASED:
    case EV_LOCK_INIT:
    case EV_LOCK_DESTROY:
        add(&all->data, e->b);
        add(&all->code, e->a);
        break;
    case EV_THREAD_BEGIN:
    case EV_THREAD_END:
    case EV_DISPATCH:
    case EV_TASK_SCHEDULE:
    case EV_DEPENDENCES:
    case EV_TASK_DEPENDENCE:
    case EV_DEVICE_OP: break;
    default: add(&all->code, e->a); break;
    }
}

static int write_symbols(const char *path)
{
    struct addresses all = {{0}, {0}};
    unsigned threads = atomic_load(&trace_thread_count);
    for (unsigned i = 0; i < threads && i < TRACE_MAX_THREADS; i++)
        if (trace_threads[i] && trace_replay(trace_threads[i], collect, &all) != 0)
            return -1;
    size_t code = packed(&all.code), data = packed(&all.data);
    FILE *out = fopen(path, "w");
    if (!out)
        return -1;
    int failed = tool_symbol_file_write(out, all.code.slots, code, all.data.slots, data) != 0;
    failed |= fclose(out) != 0;
    free(all.code.slots);
    free(all.data.slots);
    return failed ? -1 : 0;
}

static int write_run(const char *path, uint64_t end)
{
    FILE *out = fopen(path, "w");
    if (!out)
        return -1;
    char command[4096] = "";
    FILE *cmdline = fopen("/proc/self/cmdline", "r");
    size_t length = cmdline ? fread(command, 1, sizeof command - 1, cmdline) : 0;
    if (cmdline)
        fclose(cmdline);
    for (size_t i = 0; i < length; i++)
        if (command[i] == '\0' || command[i] == '\n')
            command[i] = ' ';
    while (length && command[length - 1] == ' ')
        length--;
    command[length] = '\0';
    struct rusage usage;
    long involuntary = getrusage(RUSAGE_SELF, &usage) == 0 ? usage.ru_nivcsw : -1;
    fprintf(out, "glass-run 1\npid %d\ncommand %s\nruntime %s\nstart %llu\nend %llu\ncpus %d\nload %.2f\n"
                 "involuntary %ld\nthreads %u\n",
            (int)getpid(), command, runtime_version, (unsigned long long)trace_start, (unsigned long long)end, cpus,
            load_at_start, involuntary, atomic_load(&trace_thread_count));
    int failed = ferror(out);
    return fclose(out) != 0 || failed ? -1 : 0;
}

int trace_events_keep(uint64_t end)
{
    char dir[sizeof trace_dir + 16], path[sizeof trace_dir + 64];
    snprintf(dir, sizeof dir, "%s/events", trace_dir);
    if (mkdir(dir, 0755) != 0 && errno != EEXIST)
        return -1;
    snprintf(path, sizeof path, "%s/symbols.txt", dir);
    if (write_symbols(path) != 0)
        return -1;
    snprintf(path, sizeof path, "%s/run.txt", dir);
    if (write_run(path, end) != 0)
        return -1;
    /* Each thread's events, whole: what was spilled to its raw file and what
     * is still in its buffer. */
    unsigned threads = atomic_load(&trace_thread_count);
    int failed = 0;
    for (unsigned i = 0; i < threads && i < TRACE_MAX_THREADS; i++) {
        struct trace_thread *t = trace_threads[i];
        if (!t)
            continue;
        trace_flush(t);
        char from[sizeof trace_dir + 32];
        snprintf(from, sizeof from, "%s/thread-%u.raw", trace_dir, t->number);
        snprintf(path, sizeof path, "%s/thread-%u.raw", dir, t->number);
        failed |= rename(from, path) != 0;
    }
    return failed ? -1 : 0;
}
