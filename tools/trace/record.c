/* The OMPT callbacks of libglass-trace: each appends one event to the calling
 * thread's buffer (trace.h); start-up, the output directory and finalize. */
#ifndef _GNU_SOURCE
#define _GNU_SOURCE /* program_invocation_short_name */
#endif
#include <errno.h>
#include <fcntl.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <pthread.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include <omp-tools.h>

#include "clock.h"
#include "events_dir.h"
#include "finish_signals.h"
#include "formats.h"
#include "output_claim.h"
#include "symbolize.h"
#include "spill.h"
#include "trace.h"
#include "trace_dir.h"

struct trace_thread *trace_threads[TRACE_MAX_THREADS];
_Atomic unsigned trace_thread_count;
char trace_dir[4096];
int trace_pid, trace_rank = -1;
char trace_program[256];

static size_t buffer_events = (1u << 20) / sizeof(struct trace_event); /* 1 MiB per thread */
uint64_t trace_start;
/* Set when finalize starts: events after it (exit() inside a region leaves
 * other threads running) are not recorded, so the buffers stay still while
 * they are written out. */
static _Atomic int finalizing;
static __thread struct trace_thread *current;

uint64_t trace_now(void)
{
    return tool_now_ns();
}

static struct trace_thread *self(void)
{
    if (current)
        return current;
    unsigned number = atomic_fetch_add(&trace_thread_count, 1);
    struct trace_thread *t = calloc(1, sizeof *t);
    if (!t || !(t->events = malloc(buffer_events * sizeof *t->events))) {
        fprintf(stderr, "glass trace: out of memory\n");
        abort();
    }
    t->number = number;
    t->tid = (int)gettid();
    t->capacity = buffer_events;
    t->fd = -1;
    t->next_task = (uint64_t)(number + 1) << 40;
    if (number < TRACE_MAX_THREADS)
        __atomic_store_n(&trace_threads[number], t, __ATOMIC_RELEASE); /* read at finalize */
    current = t;
    return t;
}

/* Appends the buffer to the thread's raw file and empties it. */
void trace_flush(struct trace_thread *t)
{
    size_t count = atomic_load_explicit(&t->count, memory_order_relaxed);
    if (t->fd < 0) {
        char path[sizeof trace_dir + 32];
        snprintf(path, sizeof path, "%s/thread-%u.raw", trace_dir, t->number);
        t->fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
        if (t->fd < 0) {
            fprintf(stderr, "glass trace: cannot write %s: %s\n", path, strerror(errno));
            abort();
        }
    }
    const char *bytes = (const char *)t->events;
    size_t left = count * sizeof *t->events;
    while (left) {
        ssize_t n = write(t->fd, bytes, left);
        if (n < 0 && errno == EINTR)
            continue;
        if (n <= 0) {
            fprintf(stderr, "glass trace: cannot write thread %u's events: %s\n", t->number, strerror(errno));
            abort();
        }
        bytes += n;
        left -= (size_t)n;
    }
    t->flushed += count;
    atomic_store_explicit(&t->count, 0, memory_order_release);
    trace_spill_maps_refresh(); /* a library loaded since may be in the spilled events */
}

static void record(uint8_t type, uint8_t endpoint, uint16_t kind, uint32_t extra, uint64_t a, uint64_t b)
{
    if (atomic_load_explicit(&finalizing, memory_order_relaxed))
        return;
    struct trace_thread *t = self();
    size_t count = atomic_load_explicit(&t->count, memory_order_relaxed);
    if (count == t->capacity) {
        trace_flush(t);
        count = 0;
    }
    t->events[count] = (struct trace_event){trace_now(), type, endpoint, kind, extra, a, b};
    atomic_store_explicit(&t->count, count + 1, memory_order_release);
}

int trace_replay(struct trace_thread *t, void (*visit)(const struct trace_event *, void *), void *arg)
{
    if (t->flushed) {
        char path[sizeof trace_dir + 32];
        snprintf(path, sizeof path, "%s/thread-%u.raw", trace_dir, t->number);
        FILE *raw = fopen(path, "rb");
        if (!raw)
            return -1;
        struct trace_event chunk[1024];
        size_t n;
        while ((n = fread(chunk, sizeof *chunk, sizeof chunk / sizeof *chunk, raw)) > 0)
            for (size_t i = 0; i < n; i++)
                visit(&chunk[i], arg);
        fclose(raw);
    }
    size_t count = atomic_load_explicit(&t->count, memory_order_acquire);
    for (size_t i = 0; i < count; i++)
        visit(&t->events[i], arg);
    return 0;
}

#define CODE(p) ((uint64_t)(uintptr_t)(p))

/* ---- callbacks ---------------------------------------------------------------- */

static void on_thread_begin(ompt_thread_t type, ompt_data_t *thread_data)
{
    (void)thread_data;
    record(EV_THREAD_BEGIN, 0, (uint16_t)type, 0, 0, 0);
}

static void on_thread_end(ompt_data_t *thread_data)
{
    (void)thread_data;
    record(EV_THREAD_END, 0, 0, 0, 0, 0);
}

static void on_parallel_begin(ompt_data_t *encountering_task_data, const ompt_frame_t *encountering_task_frame,
                              ompt_data_t *parallel_data, unsigned int requested_parallelism, int flags,
                              const void *codeptr_ra)
{
    (void)encountering_task_data, (void)encountering_task_frame;
    /* The workers' implicit_task events carry parallel_data, not codeptr_ra. */
    parallel_data->ptr = (void *)codeptr_ra;
    record(EV_PARALLEL_BEGIN, 0, (uint16_t)flags, requested_parallelism, CODE(codeptr_ra), 0);
}

static void on_parallel_end(ompt_data_t *parallel_data, ompt_data_t *encountering_task_data, int flags,
                            const void *codeptr_ra)
{
    (void)encountering_task_data;
    record(EV_PARALLEL_END, 0, (uint16_t)flags, 0, CODE(codeptr_ra ? codeptr_ra : parallel_data->ptr), 0);
}

static void on_implicit_task(ompt_scope_endpoint_t endpoint, ompt_data_t *parallel_data, ompt_data_t *task_data,
                             unsigned int actual_parallelism, unsigned int index, int flags)
{
    task_data->value = 0; /* not an explicit task: task_schedule tells them apart by it */
    record(EV_IMPLICIT_TASK, (uint8_t)endpoint, (uint16_t)flags, index, parallel_data ? CODE(parallel_data->ptr) : 0,
           actual_parallelism);
}

static void on_work(ompt_work_t work_type, ompt_scope_endpoint_t endpoint, ompt_data_t *parallel_data,
                    ompt_data_t *task_data, uint64_t count, const void *codeptr_ra)
{
    (void)parallel_data, (void)task_data;
    record(EV_WORK, (uint8_t)endpoint, (uint16_t)work_type, 0, CODE(codeptr_ra), count);
}

static void on_dispatch(ompt_data_t *parallel_data, ompt_data_t *task_data, ompt_dispatch_t kind,
                        ompt_data_t instance)
{
    (void)parallel_data, (void)task_data;
    record(EV_DISPATCH, 0, (uint16_t)kind, 0, 0, instance.value);
}

static void on_sync_region(ompt_sync_region_t kind, ompt_scope_endpoint_t endpoint, ompt_data_t *parallel_data,
                           ompt_data_t *task_data, const void *codeptr_ra)
{
    (void)parallel_data, (void)task_data;
    record(EV_SYNC_REGION, (uint8_t)endpoint, (uint16_t)kind, 0, CODE(codeptr_ra), 0);
}

static void on_sync_region_wait(ompt_sync_region_t kind, ompt_scope_endpoint_t endpoint, ompt_data_t *parallel_data,
                                ompt_data_t *task_data, const void *codeptr_ra)
{
    (void)parallel_data, (void)task_data;
    record(EV_SYNC_WAIT, (uint8_t)endpoint, (uint16_t)kind, 0, CODE(codeptr_ra), 0);
}

static void on_mutex_acquire(ompt_mutex_t kind, unsigned int hint, unsigned int impl, ompt_wait_id_t wait_id,
                             const void *codeptr_ra)
{
    (void)impl;
    record(EV_MUTEX_ACQUIRE, 0, (uint16_t)kind, hint, CODE(codeptr_ra), wait_id);
}

static void on_mutex_acquired(ompt_mutex_t kind, ompt_wait_id_t wait_id, const void *codeptr_ra)
{
    record(EV_MUTEX_ACQUIRED, 0, (uint16_t)kind, 0, CODE(codeptr_ra), wait_id);
}

static void on_mutex_released(ompt_mutex_t kind, ompt_wait_id_t wait_id, const void *codeptr_ra)
{
    record(EV_MUTEX_RELEASED, 0, (uint16_t)kind, 0, CODE(codeptr_ra), wait_id);
}

static void on_nest_lock(ompt_scope_endpoint_t endpoint, ompt_wait_id_t wait_id, const void *codeptr_ra)
{
    record(EV_NEST_LOCK, (uint8_t)endpoint, 0, 0, CODE(codeptr_ra), wait_id);
}

static void on_lock_init(ompt_mutex_t kind, unsigned int hint, unsigned int impl, ompt_wait_id_t wait_id,
                         const void *codeptr_ra)
{
    (void)impl;
    record(EV_LOCK_INIT, 0, (uint16_t)kind, hint, CODE(codeptr_ra), wait_id);
}

static void on_lock_destroy(ompt_mutex_t kind, ompt_wait_id_t wait_id, const void *codeptr_ra)
{
    record(EV_LOCK_DESTROY, 0, (uint16_t)kind, 0, CODE(codeptr_ra), wait_id);
}

static void on_task_create(ompt_data_t *encountering_task_data, const ompt_frame_t *encountering_task_frame,
                           ompt_data_t *new_task_data, int flags, int has_dependences, const void *codeptr_ra)
{
    (void)encountering_task_data, (void)encountering_task_frame;
    uint64_t id = 0;
    if ((flags & ompt_task_explicit) && new_task_data) {
        if (atomic_load_explicit(&finalizing, memory_order_relaxed))
            return;
        id = ++self()->next_task;
        new_task_data->value = id;
    }
    record(EV_TASK_CREATE, 0, (uint16_t)has_dependences, (uint32_t)flags, CODE(codeptr_ra), id);
}

static void on_task_schedule(ompt_data_t *prior_task_data, ompt_task_status_t prior_task_status,
                             ompt_data_t *next_task_data)
{
    record(EV_TASK_SCHEDULE, 0, (uint16_t)prior_task_status, 0, prior_task_data ? prior_task_data->value : 0,
           next_task_data ? next_task_data->value : 0);
}

static void on_dependences(ompt_data_t *task_data, const ompt_dependence_t *deps, int ndeps)
{
    (void)deps;
    record(EV_DEPENDENCES, 0, 0, (uint32_t)ndeps, 0, task_data ? task_data->value : 0);
}

static void on_task_dependence(ompt_data_t *src_task_data, ompt_data_t *sink_task_data)
{
    record(EV_TASK_DEPENDENCE, 0, 0, 0, src_task_data ? src_task_data->value : 0,
           sink_task_data ? sink_task_data->value : 0);
}

static void on_masked(ompt_scope_endpoint_t endpoint, ompt_data_t *parallel_data, ompt_data_t *task_data,
                      const void *codeptr_ra)
{
    (void)parallel_data, (void)task_data;
    record(EV_MASKED, (uint8_t)endpoint, 0, 0, CODE(codeptr_ra), 0);
}

static void on_cancel(ompt_data_t *task_data, int flags, const void *codeptr_ra)
{
    (void)task_data;
    record(EV_CANCEL, 0, 0, (uint32_t)flags, CODE(codeptr_ra), 0);
}

static void on_reduction(ompt_sync_region_t kind, ompt_scope_endpoint_t endpoint, ompt_data_t *parallel_data,
                         ompt_data_t *task_data, const void *codeptr_ra)
{
    (void)parallel_data, (void)task_data;
    record(EV_REDUCTION, (uint8_t)endpoint, (uint16_t)kind, 0, CODE(codeptr_ra), 0);
}

static void on_flush(ompt_data_t *thread_data, const void *codeptr_ra)
{
    (void)thread_data;
    record(EV_FLUSH, 0, 0, 0, CODE(codeptr_ra), 0);
}

static int initial_device;
static ompt_get_target_info_t get_target_info;

/* A construct's id: the runtime's target_id, which its device's trace
 * records carry too, else one of the tool's own. */
static uint64_t construct_id(struct trace_thread *t)
{
    uint64_t device;
    ompt_id_t target_id, host_op_id;
    if (get_target_info && get_target_info(&device, &target_id, &host_op_id) && target_id)
        return target_id;
    return ++t->next_task; /* the task ids' space: unique in the process */
}

static void target_event(int kind, int endpoint, int device_num, uint64_t id, const void *codeptr_ra)
{
    record(EV_TARGET, (uint8_t)endpoint, (uint16_t)kind, (uint32_t)device_num, CODE(codeptr_ra), id);
}

/* Without the EMI form: the runtime's target_id comes with the callback. */
static void on_target(ompt_target_t kind, ompt_scope_endpoint_t endpoint, int device_num, ompt_data_t *task_data,
                      ompt_id_t target_id, const void *codeptr_ra)
{
    (void)task_data;
    target_event(kind, endpoint, device_num, target_id, codeptr_ra);
}

/* The construct's id and device stay in the thread's state for its data
 * operations and submits (all on the thread that began it). */
static void on_target_emi(ompt_target_t kind, ompt_scope_endpoint_t endpoint, int device_num,
                          ompt_data_t *task_data, ompt_data_t *target_task_data, ompt_data_t *target_data,
                          const void *codeptr_ra)
{
    (void)task_data, (void)target_task_data;
    if (atomic_load_explicit(&finalizing, memory_order_relaxed))
        return;
    struct trace_thread *t = self();
    if (endpoint == ompt_scope_begin) {
        target_data->value = construct_id(t);
        if (t->target_depth < TRACE_TARGET_NESTING)
            t->target_device[t->target_depth] = device_num;
        t->target_depth++;
    } else if (t->target_depth) {
        t->target_depth--;
    }
    target_event(kind, endpoint, device_num, target_data->value, codeptr_ra);
}

/* The device of the construct open on the thread, else -1. */
static int construct_device(struct trace_thread *t)
{
    int depth = t->target_depth;
    return depth && depth <= TRACE_TARGET_NESTING ? t->target_device[depth - 1] : -1;
}

/* Data operations and submits make a device's track only when the device
 * does not trace (devices.c): its records are better timed. A data
 * operation belongs to its construct's device; outside a construct
 * (omp_target_memcpy and the like) to whichever side is not the host. */
static void on_data_op_emi(ompt_scope_endpoint_t endpoint, ompt_data_t *target_task_data, ompt_data_t *target_data,
                           ompt_id_t *host_op_id, ompt_target_data_op_t optype, void *src_addr, int src_device_num,
                           void *dest_addr, int dest_device_num, size_t bytes, const void *codeptr_ra)
{
    (void)target_task_data, (void)host_op_id, (void)src_addr, (void)dest_addr, (void)codeptr_ra;
    if (atomic_load_explicit(&finalizing, memory_order_relaxed))
        return;
    int device = construct_device(self());
    if (device < 0)
        device = src_device_num != initial_device ? src_device_num : dest_device_num;
    if (trace_device_traced(device))
        return;
    record(EV_DEVICE_OP, (uint8_t)endpoint, (uint16_t)optype, (uint32_t)device, bytes,
           target_data ? target_data->value : 0);
}

static void on_submit_emi(ompt_scope_endpoint_t endpoint, ompt_data_t *target_data, ompt_id_t *host_op_id,
                          unsigned int requested_num_teams)
{
    (void)host_op_id;
    if (atomic_load_explicit(&finalizing, memory_order_relaxed))
        return;
    int device = construct_device(self());
    if (device < 0 || trace_device_traced(device))
        return; /* outside any construct the tool saw begin: no device to put it on */
    record(EV_DEVICE_OP, (uint8_t)endpoint, TRACE_OP_KERNEL, (uint32_t)device, requested_num_teams,
           target_data ? target_data->value : 0);
}

/* ---- the output directory (made by trace_dir.c) ----------------------------------- */

/* An id shared by the ranks of one MPI job, for the default directory name. */
static const char *mpi_job(void)
{
    static const char *const variables[] = {"OMPI_MCA_ess_base_jobid", "PMIX_NAMESPACE", "PMI_JOBID", "SLURM_JOB_ID"};
    for (size_t i = 0; i < sizeof variables / sizeof *variables; i++) {
        const char *value = getenv(variables[i]);
        if (value && *value)
            return value;
    }
    return NULL;
}

/* The MPI launcher's process (shared by the ranks on a node): the parent,
 * or, when the `glass` command sits between them and waits for the
 * program, the parent it names. */
static int launcher_pid(void)
{
    const char *named = getenv("GLASS_LAUNCHER_PID");
    return named && *named ? atoi(named) : (int)getppid();
}

/* GLASS_TRACE_DIR, else glass-trace-<program>-<pid> (under MPI -<job id>, the
 * same for all ranks); under MPI each rank writes into its own rank-N below
 * it. Made absolute now: the program may change directory before the end. */
static int choose_directory(void)
{
    const char *dir = getenv("GLASS_TRACE_DIR");
    int rank = tool_mpi_rank();
    const char *job = rank >= 0 ? mpi_job() : NULL;
    char fallback[512], cwd[2048] = "";
    if (!dir || !*dir) {
        if (job)
            snprintf(fallback, sizeof fallback, "glass-trace-%s-%s", program_invocation_short_name, job);
        else
            snprintf(fallback, sizeof fallback, "glass-trace-%s-%d", program_invocation_short_name,
                     rank >= 0 ? launcher_pid() : (int)getpid());
        dir = fallback;
    }
    if (dir[0] != '/' && !getcwd(cwd, sizeof cwd - 1))
        cwd[0] = '\0';
    if (cwd[0])
        strcat(cwd, "/");
    char asked[sizeof trace_dir];
    int n = rank >= 0 ? snprintf(asked, sizeof asked, "%s%s/rank-%d", cwd, dir, rank)
                      : snprintf(asked, sizeof asked, "%s%s", cwd, dir);
    /* Another process of the same glass command may have it (output_claim.h). */
    if (n > 0 && (size_t)n < sizeof asked && tool_output_claim("trace", asked, trace_dir, sizeof trace_dir))
        fprintf(stderr, "glass trace: %s is another process's trace; this one's (%s, pid %d) is %s\n", asked,
                program_invocation_short_name, (int)getpid(), trace_dir);
    if (n <= 0 || (size_t)n >= sizeof trace_dir || trace_make_directories(trace_dir) != 0) {
        fprintf(stderr, "glass trace: cannot create the trace directory %s: %s\n", trace_dir, strerror(errno));
        return -1;
    }
    return 0;
}

/* GLASS_TRACE_BUFFER: bytes per thread buffer (and per device trace buffer,
 * at least 256), with an optional k/M suffix. */
static void choose_buffer_size(void)
{
    const char *value = getenv("GLASS_TRACE_BUFFER");
    if (!value || !*value)
        return;
    char *end;
    unsigned long long bytes = strtoull(value, &end, 10);
    if (*end == 'k' || *end == 'K')
        bytes <<= 10, end++;
    else if (*end == 'm' || *end == 'M')
        bytes <<= 20, end++;
    if (*end || end == value) {
        fprintf(stderr, "glass trace: GLASS_TRACE_BUFFER=\"%s\" is invalid: expected bytes (e.g. 4096, 64k, 1M); "
                        "using 1M\n", value);
        return;
    }
    buffer_events = bytes / sizeof(struct trace_event);
    trace_devices_buffer(bytes);
    if (buffer_events < 1)
        buffer_events = 1;
}

/* GLASS_TRACE_FORMAT (formats.h; `glass trace --format` sets it), else the
 * default. Says on stderr what will be written, and where: the user learns
 * it now, not at the end of a long run. */
static unsigned formats;
/* DIR/events for `glass report` (GLASS_TRACE_EVENTS=off: not kept). */
static int keep_events = 1;

static void choose_formats(void)
{
    const char *value = getenv("GLASS_TRACE_FORMAT");
    const char *events = getenv("GLASS_TRACE_EVENTS");
    keep_events = !(events && !strcmp(events, "off"));
    formats = trace_formats_default();
    if (value && *value) {
        char bad[64];
        unsigned asked = trace_formats_parse(value, bad, sizeof bad);
        if (!asked)
            fprintf(stderr, "glass trace: GLASS_TRACE_FORMAT=\"%s\" is invalid (%s%s%s): expected a comma list of "
                            "perfetto, json and otf2 (both = otf2,perfetto); writing the default\n",
                    value, bad[0] ? "unknown format \"" : "an empty name", bad, bad[0] ? "\"" : "");
        if (asked & TRACE_OTF2 && !trace_formats_have_otf2()) {
            fprintf(stderr, "glass trace: GLASS_TRACE_FORMAT=\"%s\" asks for OTF2, but %s; not writing it\n", value,
                    TRACE_OTF2_MISSING);
            asked &= ~(unsigned)TRACE_OTF2;
        }
        if (asked)
            formats = asked;
    }
    char what[3 * sizeof trace_dir + 128];
    trace_formats_describe(formats, trace_dir, what, sizeof what);
    fprintf(stderr, "glass trace: writing %s to %s%s\n", what, trace_dir,
            trace_formats_have_otf2() ? "" : " (no OTF2: Glass was built without the OTF2 library)");
}

/* ---- start-up and finalize ------------------------------------------------------ */

static void finish(void);
static void write_trace(void);
static _Atomic int written;
static int write_failed;

static void stop_in_child(void)
{
    atomic_store(&finalizing, 1);
    atomic_store(&written, 2);
}

static int initialize(ompt_function_lookup_t lookup, int initial_device_num, ompt_data_t *tool_data)
{
    (void)tool_data;
    initial_device = initial_device_num;
    get_target_info = (ompt_get_target_info_t)lookup("ompt_get_target_info");
    ompt_set_callback_t set_callback = (ompt_set_callback_t)lookup("ompt_set_callback");
    trace_pid = (int)getpid();
    trace_rank = tool_mpi_rank();
    snprintf(trace_program, sizeof trace_program, "%s", program_invocation_short_name);
    if (!set_callback || choose_directory() != 0)
        return 0;
    tool_output_started("trace");
    choose_buffer_size();
    choose_formats();
    trace_start = trace_now();
    trace_spill_begin(trace_start, formats);
    self();
#define REGISTER(event, function) set_callback(event, (ompt_callback_t)function)
    REGISTER(ompt_callback_thread_begin, on_thread_begin);
    REGISTER(ompt_callback_thread_end, on_thread_end);
    REGISTER(ompt_callback_parallel_begin, on_parallel_begin);
    REGISTER(ompt_callback_parallel_end, on_parallel_end);
    REGISTER(ompt_callback_implicit_task, on_implicit_task);
    REGISTER(ompt_callback_work, on_work);
    REGISTER(ompt_callback_dispatch, on_dispatch);
    REGISTER(ompt_callback_sync_region, on_sync_region);
    REGISTER(ompt_callback_sync_region_wait, on_sync_region_wait);
    REGISTER(ompt_callback_mutex_acquire, on_mutex_acquire);
    REGISTER(ompt_callback_mutex_acquired, on_mutex_acquired);
    REGISTER(ompt_callback_mutex_released, on_mutex_released);
    REGISTER(ompt_callback_nest_lock, on_nest_lock);
    REGISTER(ompt_callback_lock_init, on_lock_init);
    REGISTER(ompt_callback_lock_destroy, on_lock_destroy);
    REGISTER(ompt_callback_task_create, on_task_create);
    REGISTER(ompt_callback_task_schedule, on_task_schedule);
    REGISTER(ompt_callback_dependences, on_dependences);
    REGISTER(ompt_callback_task_dependence, on_task_dependence);
    REGISTER(ompt_callback_masked, on_masked);
    REGISTER(ompt_callback_cancel, on_cancel);
    REGISTER(ompt_callback_reduction, on_reduction);
    REGISTER(ompt_callback_flush, on_flush);
    /* The EMI forms give the operations' durations; a runtime without them
     * still shows its constructs on the host threads. */
    if (REGISTER(ompt_callback_target_emi, on_target_emi) < ompt_set_sometimes)
        REGISTER(ompt_callback_target, on_target);
    REGISTER(ompt_callback_target_data_op_emi, on_data_op_emi);
    REGISTER(ompt_callback_target_submit_emi, on_submit_emi);
#undef REGISTER
    trace_devices_register(set_callback);
    /* A runtime that does not finalize tools at exit (or an exit() it does
     * not see) still gets its trace written. */
    atexit(finish);
    /* A job stopped at its time limit keeps its trace; a crash keeps the
     * events in memory beside the spilled ones, for --recover. */
    tool_finish_on_signals("glass trace", write_trace);
    trace_crash_handlers();
    /* A forked child shares the buffers' copies and the raw files: it
     * records nothing (its own trace would mix the parent's events). */
    pthread_atfork(NULL, NULL, stop_in_child);
    return 1;
}

/* The writers of the formats chosen, in the order the summary names them. */
struct output {
    unsigned format;
    const char *file;
    void *state;
};

/* Writes the trace, once, whoever calls first (ompt finalize or atexit). */
static void write_trace(void)
{
    atomic_store(&finalizing, 1);
    if (!tool_finish_begin(&written))
        return;
    uint64_t end_time = trace_recovering ? trace_spill_end_time() : trace_now();
    struct output outputs[] = {
        {TRACE_PERFETTO, "trace.pftrace", NULL},
        {TRACE_OTF2, "traces.otf2", NULL},
        {TRACE_JSON, "trace.json", NULL},
    };
    enum { OUTPUTS = sizeof outputs / sizeof *outputs };
    char paths[OUTPUTS][sizeof trace_dir + 32];
    struct trace_writer writers[OUTPUTS];
    int count = 0, rank = trace_rank;
    for (int i = 0; i < OUTPUTS; i++) {
        snprintf(paths[i], sizeof paths[i], "%s/%s", trace_dir, outputs[i].file);
        if (!(formats & outputs[i].format))
            continue;
        switch (outputs[i].format) {
        case TRACE_PERFETTO: outputs[i].state = perfetto_writer_open(&writers[count], paths[i], trace_pid, rank); break;
#ifdef GLASS_TRACE_OTF2
        case TRACE_OTF2: outputs[i].state = otf2_writer_open(&writers[count], trace_dir); break;
#endif
        case TRACE_JSON: outputs[i].state = json_writer_open(&writers[count], paths[i], trace_pid, rank); break;
        }
        count += outputs[i].state != NULL;
    }
    long long events = trace_timeline(writers, count);
    int failed = events < 0;
    for (int i = 0; i < OUTPUTS; i++) {
        if (!outputs[i].state)
            continue;
        switch (outputs[i].format) {
        case TRACE_PERFETTO: failed |= perfetto_writer_close(outputs[i].state) != 0; break;
#ifdef GLASS_TRACE_OTF2
        case TRACE_OTF2: failed |= otf2_writer_close(outputs[i].state, trace_start, end_time) != 0; break;
#endif
        case TRACE_JSON: failed |= json_writer_close(outputs[i].state) != 0; break;
        }
    }
    unsigned threads = atomic_load(&trace_thread_count);
    unsigned long long spilled = 0;
    for (unsigned i = 0; i < threads && i < TRACE_MAX_THREADS; i++)
        if (trace_threads[i])
            spilled += trace_threads[i]->flushed;
    /* The events themselves, for `glass report DIR` (the raw files moved
     * there); else, once the trace is written, the raw files go. A trace
     * that failed keeps them in place for glass trace --recover. */
    int kept = keep_events && !failed && !trace_recovering && events >= 0 && trace_events_keep(end_time) == 0;
    if (keep_events && !failed && !trace_recovering && !kept)
        fprintf(stderr, "glass trace: cannot keep the events in %s/events for glass report\n", trace_dir);
    tool_symbolize_end();
    for (unsigned i = 0; i < threads && i < TRACE_MAX_THREADS; i++) {
        struct trace_thread *t = trace_threads[i];
        if (t && (t->fd >= 0 || t->flushed) && !failed) {
            char path[sizeof trace_dir + 32];
            snprintf(path, sizeof path, "%s/thread-%u.raw", trace_dir, t->number);
            if (t->fd >= 0)
                close(t->fd);
            t->fd = -1;
            if (!kept) /* kept: moved into DIR/events already */
                unlink(path);
        }
    }
    unsigned written_formats = 0;
    for (int i = 0; i < OUTPUTS; i++)
        written_formats |= outputs[i].state ? outputs[i].format : 0;
    failed |= written_formats != formats; /* a file that could not be opened (said when it was tried) */
    char what[3 * sizeof trace_dir + 128];
    trace_formats_describe(written_formats, trace_dir, what, sizeof what);
    trace_devices_report(stderr);
    fprintf(stderr, "glass trace: %s%s: %lld events (%llu through the raw files), %u threads%s%s%s%s\n",
            failed ? "FAILED writing " : "wrote ", trace_dir, events < 0 ? 0 : events, spilled, threads,
            written_formats ? ": " : ", no trace file could be opened", what,
            kept ? "; its profile, offline: glass report " : "", kept ? trace_dir : "");
    write_failed = failed;
    if (!failed) {
        trace_spill_remove(); /* only the trace is left */
        tool_output_done("trace", trace_dir);
    } else if (spilled) {
        fprintf(stderr, "glass trace: the raw events stay in %s: glass trace --recover %s tries again\n", trace_dir,
                trace_dir);
    }
    tool_finish_done(&written);
}

int trace_write_recovered(unsigned recovered_formats)
{
    formats = recovered_formats;
    write_trace();
    return write_failed;
}

/* At exit, before the runtime's own end: a device still tracing hands its
 * last records over when the runtime finalizes it, just before the tools'
 * finalize, so the trace is written then. The threads' events stop here as
 * they would otherwise. */
static void finish(void)
{
    if (trace_devices_pending()) {
        atomic_store(&finalizing, 1);
        return;
    }
    write_trace();
}

static void finalize(ompt_data_t *tool_data)
{
    (void)tool_data;
    write_trace();
}

__attribute__((visibility("default"))) ompt_start_tool_result_t *ompt_start_tool(unsigned int omp_version,
                                                                                const char *runtime_version)
{
    (void)omp_version;
    trace_events_start(runtime_version);
    static ompt_start_tool_result_t result = {initialize, finalize, {0}};
    return &result;
}
