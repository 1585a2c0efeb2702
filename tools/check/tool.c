/* libglass-check: the OMPT tool behind `glass check`. It registers every
 * callback of the host interface, hands each event to the rule engine
 * (engine.h) with the calling thread's state, and reports at finalize.
 * Uses only the public <omp-tools.h>, so it runs on any OMPT runtime.
 *
 * Environment (set by `glass check`, usable without it):
 *   GLASS_CHECK_OUTPUT=FILE  the report goes to FILE instead of stderr
 *   GLASS_CHECK_RESULT=FILE  one line "glass-check violations=N events=E
 *                            threads=T" is appended to FILE at finalize, so
 *                            that the command can set its exit status while
 *                            the program's own status stays intact.
 *   GLASS_CHECK_VERBOSE=N    also print the first N violations of each rule
 *                            as they happen (default 0).
 *   GLASS_CHECK_DEVICE_TRACING=off  do not start device tracing (by default
 *                            the checker traces every device, from its
 *                            device_initialize, and checks the buffers and
 *                            records: device_tracing_rules.h). */
#ifndef _GNU_SOURCE
#define _GNU_SOURCE /* pthread_getattr_np */
#endif
#include <fcntl.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <omp-tools.h>

#include "engine.h"
#include "rules.h"
#include "symbolize.h"
#include "device_tracing_rules.h"

/* The trace buffers the checker hands out: small enough that a run with a
 * few target regions fills several (so their hand-over is exercised). */
#define TRACE_BUFFER_BYTES 4096

static __thread struct check_thread *current;
static atomic_int tool_finalized;
static ompt_get_target_info_t get_target_info;

static void find_own_stack(struct check_thread *t)
{
    pthread_attr_t attr;
    if (pthread_getattr_np(pthread_self(), &attr) != 0)
        return;
    void *base = NULL;
    size_t size = 0;
    if (pthread_attr_getstack(&attr, &base, &size) == 0 && base) {
        t->stack_lo = (uintptr_t)base;
        t->stack_hi = (uintptr_t)base + size;
    }
    pthread_attr_destroy(&attr);
}

static void append_result(uint64_t violations);

/* An event after finalize cannot reach the report any more: it is said at
 * once and added to the result file. */
static void late_event(const char *event)
{
    static atomic_int said;
    if (!atomic_exchange(&said, 1))
        fprintf(stderr, "glass check: %s: %s callback after the tool's finalize\n",
                check_rule_info[RULE_ORDER_AFTER_FINALIZE].id, event);
    append_result(1);
}

/* The calling thread's state, made at its first event. NULL after finalize
 * (the event is reported by late_event) or if memory ran out. */
static struct check_thread *self(const char *event)
{
    if (atomic_load_explicit(&tool_finalized, memory_order_relaxed)) {
        late_event(event);
        return NULL;
    }
    if (current)
        return current;
    struct check_thread *t = calloc(1, sizeof *t);
    if (!t) {
        static atomic_int said;
        if (!atomic_exchange(&said, 1))
            fputs("glass check: out of memory for a thread's state; its events are not checked\n", stderr);
        return NULL;
    }
    check_thread_init(t);
    find_own_stack(t);
    current = t;
    return t;
}

#define SELF(event)                                                                                                    \
    struct check_thread *t = self(event);                                                                              \
    if (!t)                                                                                                            \
    return

/* ---- callbacks --------------------------------------------------------------- */

static void on_thread_begin(ompt_thread_t type, ompt_data_t *thread_data)
{
    SELF("thread_begin");
    check_thread_begin(t, type, thread_data);
}

static void on_thread_end(ompt_data_t *thread_data)
{
    SELF("thread_end");
    check_thread_end(t, thread_data);
}

static void on_parallel_begin(ompt_data_t *task, const ompt_frame_t *frame, ompt_data_t *parallel,
                              unsigned int requested, int flags, const void *codeptr)
{
    SELF("parallel_begin");
    check_parallel_begin(t, task, frame, parallel, requested, flags, codeptr);
}

static void on_parallel_end(ompt_data_t *parallel, ompt_data_t *task, int flags, const void *codeptr)
{
    SELF("parallel_end");
    check_parallel_end(t, parallel, task, flags, codeptr);
}

static void on_implicit_task(ompt_scope_endpoint_t endpoint, ompt_data_t *parallel, ompt_data_t *task,
                             unsigned int actual, unsigned int index, int flags)
{
    SELF("implicit_task");
    check_implicit_task(t, endpoint, parallel, task, actual, index, flags);
}

static void on_task_create(ompt_data_t *task, const ompt_frame_t *frame, ompt_data_t *new_task, int flags,
                           int has_dependences, const void *codeptr)
{
    SELF("task_create");
    check_task_create(t, task, frame, new_task, flags, has_dependences, codeptr);
}

static void on_task_schedule(ompt_data_t *prior, ompt_task_status_t status, ompt_data_t *next)
{
    SELF("task_schedule");
    check_task_schedule(t, prior, status, next);
}

static void on_dependences(ompt_data_t *task, const ompt_dependence_t *deps, int ndeps)
{
    (void)deps;
    SELF("dependences");
    check_dependences(t, task, ndeps);
}

static void on_task_dependence(ompt_data_t *src, ompt_data_t *sink)
{
    SELF("task_dependence");
    check_task_dependence(t, src, sink);
}

static void on_sync_region(ompt_sync_region_t kind, ompt_scope_endpoint_t endpoint, ompt_data_t *parallel,
                           ompt_data_t *task, const void *codeptr)
{
    SELF("sync_region");
    check_sync_region(t, kind, endpoint, parallel, task, codeptr);
}

static void on_sync_region_wait(ompt_sync_region_t kind, ompt_scope_endpoint_t endpoint, ompt_data_t *parallel,
                                ompt_data_t *task, const void *codeptr)
{
    SELF("sync_region_wait");
    check_sync_region_wait(t, kind, endpoint, parallel, task, codeptr);
}

static void on_reduction(ompt_sync_region_t kind, ompt_scope_endpoint_t endpoint, ompt_data_t *parallel,
                         ompt_data_t *task, const void *codeptr)
{
    SELF("reduction");
    check_reduction(t, kind, endpoint, parallel, task, codeptr);
}

static void on_work(ompt_work_t wstype, ompt_scope_endpoint_t endpoint, ompt_data_t *parallel, ompt_data_t *task,
                    uint64_t count, const void *codeptr)
{
    (void)count;
    SELF("work");
    check_work(t, wstype, endpoint, parallel, task, codeptr);
}

static void on_dispatch(ompt_data_t *parallel, ompt_data_t *task, ompt_dispatch_t kind, ompt_data_t instance)
{
    (void)instance;
    SELF("dispatch");
    check_dispatch(t, parallel, task, kind);
}

static void on_masked(ompt_scope_endpoint_t endpoint, ompt_data_t *parallel, ompt_data_t *task, const void *codeptr)
{
    SELF("masked");
    check_masked(t, endpoint, parallel, task, codeptr);
}

static void on_mutex_acquire(ompt_mutex_t kind, unsigned int hint, unsigned int impl, ompt_wait_id_t wait_id,
                             const void *codeptr)
{
    (void)hint, (void)impl;
    SELF("mutex_acquire");
    check_mutex_acquire(t, kind, wait_id, codeptr);
}

static void on_mutex_acquired(ompt_mutex_t kind, ompt_wait_id_t wait_id, const void *codeptr)
{
    SELF("mutex_acquired");
    check_mutex_acquired(t, kind, wait_id, codeptr);
}

static void on_mutex_released(ompt_mutex_t kind, ompt_wait_id_t wait_id, const void *codeptr)
{
    SELF("mutex_released");
    check_mutex_released(t, kind, wait_id, codeptr);
}

static void on_nest_lock(ompt_scope_endpoint_t endpoint, ompt_wait_id_t wait_id, const void *codeptr)
{
    SELF("nest_lock");
    check_nest_lock(t, endpoint, wait_id, codeptr);
}

static void on_lock_init(ompt_mutex_t kind, unsigned int hint, unsigned int impl, ompt_wait_id_t wait_id,
                         const void *codeptr)
{
    (void)kind, (void)hint, (void)impl, (void)wait_id;
    SELF("lock_init");
    check_event(t, "lock_init", codeptr);
}

static void on_lock_destroy(ompt_mutex_t kind, ompt_wait_id_t wait_id, const void *codeptr)
{
    (void)kind, (void)wait_id;
    SELF("lock_destroy");
    check_event(t, "lock_destroy", codeptr);
}

static void on_flush(ompt_data_t *thread_data, const void *codeptr)
{
    SELF("flush");
    check_flush(t, thread_data, codeptr);
}

static void on_cancel(ompt_data_t *task, int flags, const void *codeptr)
{
    SELF("cancel");
    check_cancel(t, task, flags, codeptr);
}

static int on_control_tool(uint64_t command, uint64_t modifier, void *arg, const void *codeptr)
{
    (void)command, (void)modifier, (void)arg;
    struct check_thread *t = self("control_tool");
    if (t)
        check_event(t, "control_tool", codeptr);
    return 0; /* glass check has no commands */
}

static void on_error(ompt_severity_t severity, const char *message, size_t length, const void *codeptr)
{
    (void)severity, (void)message, (void)length;
    SELF("error");
    check_event(t, "error", codeptr);
}

/* The runtime's ids of the thread's target region and operation (4.6.1
 * ompt_get_target_info), which its trace records carry; 0 where unknown. */
struct runtime_ids {
    ompt_id_t target_id, host_op_id;
};

static struct runtime_ids runtime_ids(void)
{
    struct runtime_ids ids = {0, 0};
    uint64_t device_num;
    if (get_target_info && check_trace_active() && !get_target_info(&device_num, &ids.target_id, &ids.host_op_id))
        ids.target_id = ids.host_op_id = 0;
    return ids;
}

static void on_target_emi(ompt_target_t kind, ompt_scope_endpoint_t endpoint, int device_num, ompt_data_t *task,
                          ompt_data_t *target_task, ompt_data_t *target_data, const void *codeptr)
{
    (void)kind, (void)device_num, (void)task, (void)target_task;
    SELF("target_emi");
    check_target(t, endpoint, target_data, codeptr, endpoint == ompt_scope_begin ? runtime_ids().target_id : 0);
}

static void on_target(ompt_target_t kind, ompt_scope_endpoint_t endpoint, int device_num, ompt_data_t *task,
                      ompt_id_t target_id, const void *codeptr)
{
    (void)kind, (void)device_num, (void)task;
    SELF("target");
    check_target(t, endpoint, (const void *)(uintptr_t)target_id, codeptr, target_id);
}

static void on_target_data_op_emi(ompt_scope_endpoint_t endpoint, ompt_data_t *target_task,
                                  ompt_data_t *target_data, ompt_id_t *host_op_id, ompt_target_data_op_t optype,
                                  void *src, int src_device, void *dest, int dest_device, size_t bytes,
                                  const void *codeptr)
{
    (void)target_task, (void)target_data, (void)optype, (void)src, (void)src_device, (void)dest, (void)dest_device,
        (void)bytes;
    SELF("target_data_op_emi");
    check_target_data_op(t, endpoint, host_op_id, codeptr, endpoint == ompt_scope_begin ? runtime_ids().host_op_id : 0);
}

static void on_target_submit_emi(ompt_scope_endpoint_t endpoint, ompt_data_t *target_data, ompt_id_t *host_op_id,
                                 unsigned int requested_num_teams)
{
    (void)target_data, (void)requested_num_teams;
    SELF("target_submit_emi");
    check_target_submit(t, endpoint, host_op_id, endpoint == ompt_scope_begin ? runtime_ids().host_op_id : 0);
}

static void on_buffer_request(int device_num, ompt_buffer_t **buffer, size_t *bytes)
{
    *buffer = NULL;
    *bytes = 0; /* no buffer: the device stops recording (4.5.2.23) */
    SELF("buffer_request");
    void *memory = calloc(1, TRACE_BUFFER_BYTES);
    if (!memory)
        return;
    if (!check_trace_buffer_given(t, device_num, memory, TRACE_BUFFER_BYTES)) {
        free(memory);
        return;
    }
    *buffer = memory;
    *bytes = TRACE_BUFFER_BYTES;
}

static void on_buffer_complete(int device_num, ompt_buffer_t *buffer, size_t bytes, ompt_buffer_cursor_t begin,
                               int buffer_owned)
{
    SELF("buffer_complete");
    if (check_trace_buffer_complete(t, device_num, buffer, bytes, begin, buffer_owned))
        free(buffer);
}

/* Device tracing (4.2.5): every record type of the device, into the
 * checker's buffers, unless GLASS_CHECK_DEVICE_TRACING=off. A device that
 * another tool traces already (Glass's several-tools extension: tracing is
 * the device's, not a tool's) refuses start_trace: it is left to that tool. */
static void start_tracing(int device_num, ompt_device_t *device, ompt_function_lookup_t lookup)
{
    const char *setting = getenv("GLASS_CHECK_DEVICE_TRACING");
    if (setting && !strcmp(setting, "off"))
        return;
    if (setting && *setting && strcmp(setting, "on")) {
        static atomic_int said;
        if (!atomic_exchange(&said, 1))
            fprintf(stderr, "glass check: GLASS_CHECK_DEVICE_TRACING=\"%s\" is neither on nor off; tracing "
                            "devices\n", setting);
    }
    if (!lookup || !device)
        return;
    ompt_start_trace_t start = (ompt_start_trace_t)lookup("ompt_start_trace");
    ompt_set_trace_ompt_t set_trace_ompt = (ompt_set_trace_ompt_t)lookup("ompt_set_trace_ompt");
    struct check_trace_device entry = {
        device, (ompt_advance_buffer_cursor_t)lookup("ompt_advance_buffer_cursor"),
        (ompt_get_record_type_t)lookup("ompt_get_record_type"), (ompt_get_record_ompt_t)lookup("ompt_get_record_ompt")};
    if (!start || !set_trace_ompt || !entry.advance_cursor || !entry.get_record_ompt)
        return; /* the device cannot be traced: nothing to check */
    if (!start(device, on_buffer_request, on_buffer_complete))
        return;
    check_trace_started(device_num, &entry);
    set_trace_ompt(device, 1, 0); /* 4.6.2.4: event type 0 is every type */
}

static void on_device_initialize(int device_num, const char *type, ompt_device_t *device,
                                 ompt_function_lookup_t lookup, const char *documentation)
{
    (void)type, (void)documentation;
    SELF("device_initialize");
    check_device(t, "device_initialize", device_num);
    start_tracing(device_num, device, lookup);
}

static void on_device_finalize(int device_num)
{
    SELF("device_finalize");
    check_device(t, "device_finalize", device_num);
}

static void on_device_load(int device_num, const char *filename, int64_t offset, void *vma, size_t bytes,
                           void *host_addr, void *device_addr, uint64_t module_id)
{
    (void)filename, (void)offset, (void)vma, (void)bytes, (void)host_addr, (void)device_addr, (void)module_id;
    SELF("device_load");
    check_device(t, "device_load", device_num);
}

static void on_device_unload(int device_num, uint64_t module_id)
{
    (void)module_id;
    SELF("device_unload");
    check_device(t, "device_unload", device_num);
}

/* ---- start-up and finalize ----------------------------------------------------- */

/* The program's exit, on the thread that calls exit(): an atexit handler of
 * the tool (registered at initialize, so it runs before the runtime's own
 * end, which dispatches the last thread_end callbacks). */
static void on_exit_called(void)
{
    if (current && !atomic_load(&tool_finalized))
        check_exit(current);
}

static int initialize(ompt_function_lookup_t lookup, int initial_device_num, ompt_data_t *tool_data)
{
    (void)initial_device_num, (void)tool_data;
    ompt_set_callback_t set_callback = (ompt_set_callback_t)lookup("ompt_set_callback");
    if (!set_callback) {
        fputs("glass check: the runtime gives no ompt_set_callback; nothing is checked\n", stderr);
        return 0;
    }
    const char *verbose = getenv("GLASS_CHECK_VERBOSE");
    check_verbose = verbose ? atoi(verbose) : 0;
    check_queries.get_task_info = (ompt_get_task_info_t)lookup("ompt_get_task_info");
    check_queries.get_parallel_info = (ompt_get_parallel_info_t)lookup("ompt_get_parallel_info");
    check_queries.get_state = (ompt_get_state_t)lookup("ompt_get_state");
    check_queries.get_thread_data = (ompt_get_thread_data_t)lookup("ompt_get_thread_data");
    get_target_info = (ompt_get_target_info_t)lookup("ompt_get_target_info");
#define REGISTER(event, function) set_callback(event, (ompt_callback_t)function)
    REGISTER(ompt_callback_thread_begin, on_thread_begin);
    REGISTER(ompt_callback_thread_end, on_thread_end);
    REGISTER(ompt_callback_parallel_begin, on_parallel_begin);
    REGISTER(ompt_callback_parallel_end, on_parallel_end);
    REGISTER(ompt_callback_implicit_task, on_implicit_task);
    REGISTER(ompt_callback_task_create, on_task_create);
    REGISTER(ompt_callback_task_schedule, on_task_schedule);
    REGISTER(ompt_callback_dependences, on_dependences);
    REGISTER(ompt_callback_task_dependence, on_task_dependence);
    REGISTER(ompt_callback_sync_region, on_sync_region);
    REGISTER(ompt_callback_sync_region_wait, on_sync_region_wait);
    REGISTER(ompt_callback_reduction, on_reduction);
    REGISTER(ompt_callback_work, on_work);
    REGISTER(ompt_callback_dispatch, on_dispatch);
    REGISTER(ompt_callback_masked, on_masked);
    REGISTER(ompt_callback_mutex_acquire, on_mutex_acquire);
    REGISTER(ompt_callback_mutex_acquired, on_mutex_acquired);
    REGISTER(ompt_callback_mutex_released, on_mutex_released);
    REGISTER(ompt_callback_nest_lock, on_nest_lock);
    REGISTER(ompt_callback_lock_init, on_lock_init);
    REGISTER(ompt_callback_lock_destroy, on_lock_destroy);
    REGISTER(ompt_callback_flush, on_flush);
    REGISTER(ompt_callback_cancel, on_cancel);
    REGISTER(ompt_callback_control_tool, on_control_tool);
    REGISTER(ompt_callback_error, on_error);
    REGISTER(ompt_callback_device_initialize, on_device_initialize);
    REGISTER(ompt_callback_device_finalize, on_device_finalize);
    REGISTER(ompt_callback_device_load, on_device_load);
    REGISTER(ompt_callback_device_unload, on_device_unload);
    /* A tool registers the EMI or the plain form of the target callbacks,
     * never both (C-38): EMI where the runtime has it. */
    int emi = REGISTER(ompt_callback_target_emi, on_target_emi);
    if (emi == ompt_set_error || emi == ompt_set_never)
        REGISTER(ompt_callback_target, on_target);
    else {
        REGISTER(ompt_callback_target_data_op_emi, on_target_data_op_emi);
        REGISTER(ompt_callback_target_submit_emi, on_target_submit_emi);
    }
#undef REGISTER
    self("initialize"); /* the initial thread is number 0 */
    atexit(on_exit_called);
    return 1;
}

static void append_result(uint64_t violations)
{
    const char *path = getenv("GLASS_CHECK_RESULT");
    if (!path || !*path)
        return;
    int fd = open(path, O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC, 0600);
    if (fd < 0) {
        fprintf(stderr, "glass check: cannot write the result file %s\n", path);
        return;
    }
    char line[128];
    int length = snprintf(line, sizeof line, "glass-check violations=%llu events=%llu threads=%u\n",
                          (unsigned long long)violations, (unsigned long long)check_event_total(),
                          check_thread_total());
    if (write(fd, line, (size_t)length) != length)
        fprintf(stderr, "glass check: cannot write the result file %s\n", path);
    close(fd);
}

static void finalize(ompt_data_t *tool_data)
{
    (void)tool_data;
    check_finalize();
    atomic_store(&tool_finalized, 1);
    const char *path = getenv("GLASS_CHECK_OUTPUT");
    FILE *out = stderr;
    if (path && *path && !(out = fopen(path, "w"))) {
        fprintf(stderr, "glass check: cannot write %s, reporting to stderr\n", path);
        out = stderr;
    }
    check_report(out, check_event_total(), check_thread_total(), tool_symbolize);
    check_trace_report(out);
    if (out != stderr)
        fclose(out);
    else
        fflush(out);
    append_result(check_violation_total());
    tool_symbolize_end();
}

__attribute__((visibility("default"))) ompt_start_tool_result_t *ompt_start_tool(unsigned int omp_version,
                                                                                const char *runtime_version)
{
    (void)omp_version, (void)runtime_version;
    static ompt_start_tool_result_t result = {initialize, finalize, {0}};
    return &result;
}
