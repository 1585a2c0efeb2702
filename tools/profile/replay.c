/* `glass report DIR`: the profile of a traced run, made after it ended from
 * what libglass-trace kept in DIR/events (tools/trace/events_dir.c): every
 * thread's events, merged in time order and fed to the profile's own
 * callbacks as the runtime would have called them, with the clock set to
 * each event's time. So the report and the page are the profile's, line for
 * line; addresses are named from the run's symbols.txt.
 *
 * What the callbacks found in ompt_data_t objects is stood in for: a
 * parallel region's object is found by its codeptr among the regions open at
 * the time (a worker's implicit task names only its region's codeptr), an
 * explicit task's by the id the tracer gave it. Target constructs and
 * device operations are not replayed: the report of a trace has no target
 * sections. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "profile.h"
#include "symbol_file.h"
#include "trace.h" /* struct trace_event and its types: the raw files' records */

struct run {
    int pid, cpus;
    long involuntary;
    unsigned threads;
    double load;
    unsigned long long start, end;
    char command[4096], runtime[256];
};

static int read_run(const char *path, struct run *run)
{
    FILE *in = fopen(path, "r");
    if (!in)
        return -1;
    char line[4200];
    int version = 0;
    memset(run, 0, sizeof *run);
    run->load = -1.0;
    while (fgets(line, sizeof line, in)) {
        line[strcspn(line, "\n")] = '\0';
        char *value = strchr(line, ' ');
        if (!value)
            continue;
        *value++ = '\0';
        if (!strcmp(line, "glass-run"))
            version = atoi(value);
        else if (!strcmp(line, "pid"))
            run->pid = atoi(value);
        else if (!strcmp(line, "command"))
            snprintf(run->command, sizeof run->command, "%s", value);
        else if (!strcmp(line, "runtime"))
            snprintf(run->runtime, sizeof run->runtime, "%s", value);
        else if (!strcmp(line, "start"))
            run->start = strtoull(value, NULL, 10);
        else if (!strcmp(line, "end"))
            run->end = strtoull(value, NULL, 10);
        else if (!strcmp(line, "cpus"))
            run->cpus = atoi(value);
        else if (!strcmp(line, "load"))
            run->load = atof(value);
        else if (!strcmp(line, "involuntary"))
            run->involuntary = atol(value);
        else if (!strcmp(line, "threads"))
            run->threads = (unsigned)atoi(value);
    }
    fclose(in);
    return version == 1 && run->start && run->end >= run->start ? 0 : -1;
}

/* ---- one thread's events ---- */

struct stream {
    struct trace_event *events;
    size_t count, next;
    ompt_data_t *parallel[PROFILE_STACK]; /* the regions it began, still open */
    int parallel_depth;
};

static int read_events(const char *path, struct stream *s)
{
    struct stat st;
    FILE *in = fopen(path, "rb");
    if (!in)
        return -1;
    if (fstat(fileno(in), &st) != 0 || st.st_size % sizeof(struct trace_event)) {
        fclose(in);
        return -1;
    }
    s->count = (size_t)st.st_size / sizeof(struct trace_event);
    s->events = malloc(s->count ? s->count * sizeof *s->events : 1);
    int failed = !s->events || fread(s->events, sizeof *s->events, s->count, in) != s->count;
    fclose(in);
    return failed ? -1 : 0;
}

/* ---- the regions open now, by codeptr ---- */

struct open_region {
    uint64_t codeptr, begin;
    ompt_data_t *data;
};
static struct open_region *open_regions;
static size_t open_count, open_size;

static void open_region(uint64_t codeptr, uint64_t begin, ompt_data_t *data)
{
    if (open_count == open_size) {
        open_size = open_size ? 2 * open_size : 64;
        struct open_region *grown = realloc(open_regions, open_size * sizeof *grown);
        if (!grown)
            abort();
        open_regions = grown;
    }
    open_regions[open_count++] = (struct open_region){codeptr, begin, data};
}

static void close_region(ompt_data_t *data)
{
    for (size_t i = 0; i < open_count; i++)
        if (open_regions[i].data == data) {
            open_regions[i] = open_regions[--open_count];
            return;
        }
}

/* The latest region of `codeptr` begun and not ended: the one a worker's
 * implicit task belongs to (two teams of one construct at once, in nested
 * parallelism, are told apart by that alone). */
static ompt_data_t *region_of(uint64_t codeptr)
{
    struct open_region *best = NULL;
    for (size_t i = 0; i < open_count; i++)
        if (open_regions[i].codeptr == codeptr && (!best || open_regions[i].begin > best->begin))
            best = &open_regions[i];
    return best ? best->data : NULL;
}

/* ---- explicit tasks, by the tracer's ids ---- */

struct task_entry {
    uint64_t id;
    ompt_data_t data;
};
static struct task_entry *tasks;
static size_t task_size, task_count;

static ompt_data_t *task_data(uint64_t id)
{
    if (!id)
        return NULL;
    if (2 * (task_count + 1) > task_size) {
        size_t size = task_size ? 2 * task_size : 4096;
        struct task_entry *grown = calloc(size, sizeof *grown);
        if (!grown)
            abort();
        for (size_t i = 0; i < task_size; i++)
            if (tasks[i].id)
                for (size_t h = tasks[i].id * 0x9E3779B97F4A7C15ull % size;; h = (h + 1) % size)
                    if (!grown[h].id) {
                        grown[h] = tasks[i];
                        break;
                    }
        free(tasks);
        tasks = grown;
        task_size = size;
    }
    for (size_t h = id * 0x9E3779B97F4A7C15ull % task_size;; h = (h + 1) % task_size) {
        if (tasks[h].id == id)
            return &tasks[h].data;
        if (!tasks[h].id) {
            tasks[h].id = id;
            task_count++;
            return &tasks[h].data;
        }
    }
}

/* ---- dispatch ---- */

static void replay(struct stream *s, const struct trace_event *e)
{
    const struct profile_callbacks *cb = &profile_callbacks;
    const void *code = (const void *)(uintptr_t)e->a;
    ompt_scope_endpoint_t endpoint = (ompt_scope_endpoint_t)e->endpoint;
    ompt_data_t scratch = ompt_data_none;
    switch ((enum trace_event_type)e->type) {
    case EV_THREAD_BEGIN: cb->thread_begin((ompt_thread_t)e->kind, &scratch); break;
    case EV_THREAD_END: cb->thread_end(&scratch); break;
    case EV_PARALLEL_BEGIN: {
        ompt_data_t *data = calloc(1, sizeof *data);
        if (!data)
            abort();
        if (s->parallel_depth < PROFILE_STACK)
            s->parallel[s->parallel_depth] = data;
        s->parallel_depth++;
        open_region(e->a, e->time, data);
        cb->parallel_begin(NULL, NULL, data, e->extra, e->kind, code);
        break;
    }
    case EV_PARALLEL_END: {
        if (!s->parallel_depth)
            break;
        s->parallel_depth--;
        ompt_data_t *data = s->parallel_depth < PROFILE_STACK ? s->parallel[s->parallel_depth] : NULL;
        cb->parallel_end(data, NULL, e->kind, code);
        if (data) {
            close_region(data);
            free(data);
        }
        break;
    }
    case EV_IMPLICIT_TASK: {
        ompt_data_t *parallel = NULL;
        if (endpoint == ompt_scope_begin) {
            /* The master's region is the one it began last; a worker's, by codeptr. */
            if (e->extra == 0 && s->parallel_depth > 0 && s->parallel_depth <= PROFILE_STACK)
                parallel = s->parallel[s->parallel_depth - 1];
            else
                parallel = region_of(e->a);
        }
        cb->implicit_task(endpoint, parallel, &scratch, (unsigned)e->b, e->extra, e->kind);
        break;
    }
    case EV_WORK: cb->work((ompt_work_t)e->kind, endpoint, NULL, NULL, e->b, code); break;
    case EV_MASKED: cb->masked(endpoint, NULL, NULL, code); break;
    case EV_SYNC_WAIT: cb->sync_region_wait((ompt_sync_region_t)e->kind, endpoint, NULL, NULL, code); break;
    case EV_REDUCTION: cb->reduction((ompt_sync_region_t)e->kind, endpoint, NULL, NULL, code); break;
    case EV_MUTEX_ACQUIRE: cb->mutex_acquire((ompt_mutex_t)e->kind, 0, 0, e->b, code); break;
    case EV_MUTEX_ACQUIRED: cb->mutex_acquired((ompt_mutex_t)e->kind, e->b, code); break;
    case EV_NEST_LOCK: cb->nest_lock(endpoint, e->b, code); break;
    case EV_TASK_CREATE:
        if (e->b)
            cb->task_create(NULL, NULL, task_data(e->b), (int)e->extra, e->kind, code);
        break;
    case EV_TASK_SCHEDULE: {
        ompt_data_t prior = ompt_data_none, next = ompt_data_none;
        cb->task_schedule(e->a ? task_data(e->a) : &prior, (ompt_task_status_t)e->kind,
                          e->b ? task_data(e->b) : &next);
        break;
    }
    default: break; /* not part of the profile: dispatch, releases, locks' life, dependences, flush, devices */
    }
}

/* A binary heap of the streams by their next event's time. */
static int earlier(struct stream *streams, unsigned a, unsigned b)
{
    return streams[a].events[streams[a].next].time < streams[b].events[streams[b].next].time;
}

static void sift_down(struct stream *streams, unsigned *heap, unsigned n, unsigned at)
{
    for (;;) {
        unsigned least = at, left = 2 * at + 1, right = left + 1;
        if (left < n && earlier(streams, heap[left], heap[least]))
            least = left;
        if (right < n && earlier(streams, heap[right], heap[least]))
            least = right;
        if (least == at)
            return;
        unsigned swap = heap[at];
        heap[at] = heap[least];
        heap[least] = swap;
        at = least;
    }
}

__attribute__((visibility("default"))) int glass_profile_report_trace(const char *dir, const char *output,
                                                                      const char *html)
{
    char path[4200];
    struct run run;
    snprintf(path, sizeof path, "%s/events/run.txt", dir);
    if (read_run(path, &run) != 0) {
        fprintf(stderr, "glass report: %s is not a trace of glass trace with its events (no readable %s; traces "
                        "made with GLASS_TRACE_EVENTS=off or by an older Glass have none)\n",
                dir, path);
        return -1;
    }
    snprintf(path, sizeof path, "%s/events/symbols.txt", dir);
    if (tool_symbol_file_read(path) != 0)
        fprintf(stderr, "glass report: cannot read %s: addresses are not named\n", path);
    unsigned threads = run.threads < PROFILE_MAX_THREADS ? run.threads : PROFILE_MAX_THREADS;
    struct stream *streams = calloc(threads ? threads : 1, sizeof *streams);
    unsigned *heap = calloc(threads ? threads : 1, sizeof *heap);
    if (!streams || !heap)
        abort();
    unsigned live = 0;
    for (unsigned i = 0; i < threads; i++) {
        snprintf(path, sizeof path, "%s/events/thread-%u.raw", dir, i);
        if (read_events(path, &streams[i]) != 0) {
            fprintf(stderr, "glass report: cannot read %s\n", path);
            return -1;
        }
        if (streams[i].count)
            heap[live++] = i;
    }
    profile_pid = run.pid;
    profile_set_command_line(run.command);
    snprintf(profile_runtime_version, sizeof profile_runtime_version, "%.127s", run.runtime);
    profile_machine_recorded(run.cpus, run.load, run.involuntary);
    profile_start_ns = run.start;
    profile_replay_clock = run.start;
    profile_keep_timeline = html && *html;
    for (unsigned i = 0; i < threads; i++)
        profile_replay_select(i); /* the records in the run's order */
    for (unsigned k = live / 2; k-- > 0;)
        sift_down(streams, heap, live, k);
    unsigned long long events = 0;
    while (live) {
        struct stream *s = &streams[heap[0]];
        const struct trace_event *e = &s->events[s->next++];
        if (e->time > profile_replay_clock)
            profile_replay_clock = e->time;
        profile_replay_select(heap[0]);
        replay(s, e);
        events++;
        if (s->next == s->count)
            heap[0] = heap[--live];
        sift_down(streams, heap, live, 0);
    }
    if (run.end > profile_replay_clock)
        profile_replay_clock = run.end;
    profile_replay_finish();
    int failed = profile_write_reports(output, stdout, html);
    for (unsigned i = 0; i < threads; i++)
        free(streams[i].events);
    free(streams);
    free(heap);
    fprintf(stderr, "glass report: %llu events of %u threads from %s/events%s%s\n", events, threads, dir,
            html && *html ? "; the page: " : "", html && *html ? html : "");
    return failed;
}
