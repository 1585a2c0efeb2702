/* A test tool meant to run beside other tools (GLASS_OMPT_ALL_TOOLS): it marks
 * every ompt_data_t it is handed with its own mark, checks in each later event
 * and through the inquiry entry points that the data it gets back is its own
 * (a tool sharing a slot with another would see the other's mark), and counts
 * the events it sees. Its finalizer prints one line:
 *   NAME: finalize: tool_data=T bad=B stable: ... varying: ...
 * T is its own tool_data (MARK*100, plus 1 from its initializer), B the
 * number of failed checks, "stable" the counts of events whose number does
 * not depend on scheduling, "varying" the others (sync_region_wait: a thread
 * runs tasks, and so ends and resumes its waits, as timing allows).
 *
 * Built once per name: -DTOOL_NAME='"a"' -DTOOL_MARK=1 (1 to 9).
 * Environment:
 *   MULTI_DECLINE=a,b  the tools named a and b return NULL from ompt_start_tool
 *   MULTI_INIT0=a      tool a registers its callbacks, then returns 0
 *   MULTI_END=a        tool a calls ompt_finalize_tool from its control_tool
 * control_tool returns MARK, so the program can tell whose answer it got.
 * Every event checks the frame-flag rule (frame_flags.h) on the frames it is
 * passed and on the current task's frames and its ancestors'. */
#include <inttypes.h>
#include <omp-tools.h>
#include <stdarg.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "frame_flags.h"

#ifndef TOOL_NAME
#define TOOL_NAME "multi"
#endif
#ifndef TOOL_MARK
#define TOOL_MARK 1
#endif

/* The mark in the top byte; the rest numbers the object. */
#define MARK_SHIFT 56
static _Atomic uint64_t serial;
static uint64_t new_value(void)
{
    return ((uint64_t)TOOL_MARK << MARK_SHIFT) | (atomic_fetch_add(&serial, 1) + 1);
}

static ompt_get_thread_data_t get_thread_data;
static ompt_get_task_info_t get_task_info;
static ompt_get_parallel_info_t get_parallel_info;
static ompt_finalize_tool_t finalize_tool;

enum counter {
    THREAD_BEGIN, THREAD_END, PARALLEL_BEGIN, PARALLEL_END, IMPLICIT_TASK, TASK_CREATE, TASK_SCHEDULE,
    SYNC_REGION, WORK, DISPATCH, MASKED, MUTEX_ACQUIRE, MUTEX_ACQUIRED, MUTEX_RELEASED, LOCK_INIT,
    LOCK_DESTROY, REDUCTION, CONTROL_TOOL, SYNC_REGION_WAIT, COUNTERS
};
static const char *const counter_names[COUNTERS] = {
    "thread_begin", "thread_end", "parallel_begin", "parallel_end", "implicit_task", "task_create",
    "task_schedule", "sync_region", "work", "dispatch", "masked", "mutex_acquire", "mutex_acquired",
    "mutex_released", "lock_init", "lock_destroy", "reduction", "control_tool", "sync_region_wait",
};
static _Atomic unsigned long counts[COUNTERS];
static _Atomic unsigned long bad;
/* The initializer returned 0: no callback may come. */
static int dropped;

static void say(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
static void say(const char *fmt, ...)
{
    char line[1024];
    va_list ap;
    va_start(ap, fmt);
    int n = vsnprintf(line, sizeof line - 1, fmt, ap);
    va_end(ap);
    if (n > (int)sizeof line - 2)
        n = (int)sizeof line - 2;
    line[n++] = '\n';
    if (write(1, line, (size_t)n) < 0)
        abort();
}

/* A failed check: counted, and the first few reported. */
static void fail(const char *event, const char *what, const ompt_data_t *data)
{
    if (atomic_fetch_add(&bad, 1) < 5)
        say("%s: BAD %s: %s (value %#" PRIx64 ")", TOOL_NAME, event, what, data ? data->value : 0);
}

/* `data` must carry this tool's mark. */
static void expect_mine(const char *event, const char *what, const ompt_data_t *data)
{
    if (!data || data->value >> MARK_SHIFT != TOOL_MARK)
        fail(event, what, data);
}

/* A new object's data: cleared (ompt_data_none) until this tool sets it. */
static void mark_new(const char *event, const char *what, ompt_data_t *data)
{
    if (!data || data->value != 0)
        fail(event, what, data);
    else
        data->value = new_value();
}

static void count(enum counter counter, const char *event)
{
    if (dropped)
        say("%s: BAD %s after the initializer returned 0", TOOL_NAME, event);
    atomic_fetch_add(&counts[counter], 1);
    expect_mine(event, "ompt_get_thread_data", get_thread_data());
    /* A thread has no current task at its begin and end. */
    if (counter != THREAD_BEGIN && counter != THREAD_END)
        frame_flags_check_tasks(TOOL_NAME, event);
}

/* Inside a region: the inquiry entry points hand this tool the very data the
 * event did. */
static void expect_current(const char *event, ompt_data_t *parallel_data, ompt_data_t *task_data)
{
    ompt_data_t *task = NULL, *parallel = NULL, *innermost = NULL;
    if (get_task_info(0, NULL, &task, NULL, &parallel, NULL) != 2 || task != task_data)
        fail(event, "ompt_get_task_info task_data", task);
    if (parallel_data && parallel != parallel_data)
        fail(event, "ompt_get_task_info parallel_data", parallel);
    if (parallel_data && (get_parallel_info(0, &innermost, NULL) != 2 || innermost != parallel_data))
        fail(event, "ompt_get_parallel_info", innermost);
}

static void on_thread_begin(ompt_thread_t type, ompt_data_t *thread_data)
{
    (void)type;
    mark_new("thread_begin", "thread_data", thread_data);
    count(THREAD_BEGIN, "thread_begin");
}

static void on_thread_end(ompt_data_t *thread_data)
{
    expect_mine("thread_end", "thread_data", thread_data);
    count(THREAD_END, "thread_end");
}

static void on_parallel_begin(ompt_data_t *encountering_task, const ompt_frame_t *frame, ompt_data_t *parallel_data,
                              unsigned requested, int flags, const void *codeptr)
{
    (void)requested, (void)flags, (void)codeptr;
    frame_flags_check(TOOL_NAME, "parallel_begin's frame", 0, frame);
    expect_mine("parallel_begin", "encountering task_data", encountering_task);
    mark_new("parallel_begin", "parallel_data", parallel_data);
    count(PARALLEL_BEGIN, "parallel_begin");
}

static void on_parallel_end(ompt_data_t *parallel_data, ompt_data_t *encountering_task, int flags,
                            const void *codeptr)
{
    (void)flags, (void)codeptr;
    expect_mine("parallel_end", "parallel_data", parallel_data);
    expect_mine("parallel_end", "encountering task_data", encountering_task);
    count(PARALLEL_END, "parallel_end");
}

static void on_implicit_task(ompt_scope_endpoint_t endpoint, ompt_data_t *parallel_data, ompt_data_t *task_data,
                             unsigned actual_parallelism, unsigned index, int flags)
{
    (void)actual_parallelism, (void)index;
    if (endpoint == ompt_scope_begin) {
        /* The initial task's implicit region has no parallel_begin. */
        if ((flags & ompt_task_initial) && parallel_data && parallel_data->value == 0)
            parallel_data->value = new_value();
        expect_mine("implicit_task begin", "parallel_data", parallel_data);
        mark_new("implicit_task begin", "task_data", task_data);
    } else {
        expect_mine("implicit_task end", "task_data", task_data);
    }
    count(IMPLICIT_TASK, "implicit_task");
}

static void on_task_create(ompt_data_t *encountering_task, const ompt_frame_t *frame, ompt_data_t *new_task,
                           int flags, int has_dependences, const void *codeptr)
{
    (void)flags, (void)has_dependences, (void)codeptr;
    frame_flags_check(TOOL_NAME, "task_create's frame", 0, frame);
    expect_mine("task_create", "encountering task_data", encountering_task);
    mark_new("task_create", "new task_data", new_task);
    count(TASK_CREATE, "task_create");
}

static void on_task_schedule(ompt_data_t *prior_task, ompt_task_status_t prior_status, ompt_data_t *next_task)
{
    (void)prior_status;
    expect_mine("task_schedule", "prior task_data", prior_task);
    if (next_task)
        expect_mine("task_schedule", "next task_data", next_task);
    count(TASK_SCHEDULE, "task_schedule");
}

/* sync_region, its wait and reduction: the task is the current one. */
static void check_sync(const char *event, ompt_data_t *parallel_data, ompt_data_t *task_data)
{
    if (parallel_data)
        expect_mine(event, "parallel_data", parallel_data);
    expect_mine(event, "task_data", task_data);
    expect_current(event, parallel_data, task_data);
}

static void on_sync_region(ompt_sync_region_t kind, ompt_scope_endpoint_t endpoint, ompt_data_t *parallel_data,
                           ompt_data_t *task_data, const void *codeptr)
{
    (void)kind, (void)endpoint, (void)codeptr;
    check_sync("sync_region", parallel_data, task_data);
    count(SYNC_REGION, "sync_region");
}

static void on_sync_region_wait(ompt_sync_region_t kind, ompt_scope_endpoint_t endpoint,
                                ompt_data_t *parallel_data, ompt_data_t *task_data, const void *codeptr)
{
    (void)kind, (void)endpoint, (void)codeptr;
    check_sync("sync_region_wait", parallel_data, task_data);
    count(SYNC_REGION_WAIT, "sync_region_wait");
}

static void on_reduction(ompt_sync_region_t kind, ompt_scope_endpoint_t endpoint, ompt_data_t *parallel_data,
                         ompt_data_t *task_data, const void *codeptr)
{
    (void)kind, (void)endpoint, (void)codeptr;
    check_sync("reduction", parallel_data, task_data);
    count(REDUCTION, "reduction");
}

static void on_work(ompt_work_t type, ompt_scope_endpoint_t endpoint, ompt_data_t *parallel_data,
                    ompt_data_t *task_data, uint64_t n, const void *codeptr)
{
    (void)type, (void)endpoint, (void)n, (void)codeptr;
    check_sync("work", parallel_data, task_data);
    count(WORK, "work");
}

static void on_dispatch(ompt_data_t *parallel_data, ompt_data_t *task_data, ompt_dispatch_t kind,
                        ompt_data_t instance)
{
    (void)kind, (void)instance;
    check_sync("dispatch", parallel_data, task_data);
    count(DISPATCH, "dispatch");
}

static void on_masked(ompt_scope_endpoint_t endpoint, ompt_data_t *parallel_data, ompt_data_t *task_data,
                      const void *codeptr)
{
    (void)endpoint, (void)codeptr;
    check_sync("masked", parallel_data, task_data);
    count(MASKED, "masked");
}

static void on_mutex_acquire(ompt_mutex_t kind, unsigned hint, unsigned impl, ompt_wait_id_t wait_id,
                             const void *codeptr)
{
    (void)kind, (void)hint, (void)impl, (void)wait_id, (void)codeptr;
    count(MUTEX_ACQUIRE, "mutex_acquire");
}

static void on_lock_init(ompt_mutex_t kind, unsigned hint, unsigned impl, ompt_wait_id_t wait_id,
                         const void *codeptr)
{
    (void)kind, (void)hint, (void)impl, (void)wait_id, (void)codeptr;
    count(LOCK_INIT, "lock_init");
}

static void on_mutex_acquired(ompt_mutex_t kind, ompt_wait_id_t wait_id, const void *codeptr)
{
    (void)kind, (void)wait_id, (void)codeptr;
    count(MUTEX_ACQUIRED, "mutex_acquired");
}

static void on_mutex_released(ompt_mutex_t kind, ompt_wait_id_t wait_id, const void *codeptr)
{
    (void)kind, (void)wait_id, (void)codeptr;
    count(MUTEX_RELEASED, "mutex_released");
}

static void on_lock_destroy(ompt_mutex_t kind, ompt_wait_id_t wait_id, const void *codeptr)
{
    (void)kind, (void)wait_id, (void)codeptr;
    count(LOCK_DESTROY, "lock_destroy");
}

static int named(const char *variable)
{
    const char *list = getenv(variable);
    if (!list)
        return 0;
    size_t len = strlen(TOOL_NAME);
    for (const char *p = list; (p = strstr(p, TOOL_NAME)) != NULL; p += len)
        if ((p == list || p[-1] == ',') && (p[len] == '\0' || p[len] == ','))
            return 1;
    return 0;
}

static int on_control_tool(uint64_t command, uint64_t modifier, void *arg, const void *codeptr)
{
    (void)command, (void)modifier, (void)arg, (void)codeptr;
    count(CONTROL_TOOL, "control_tool");
    if (named("MULTI_END")) {
        say("%s: calls ompt_finalize_tool", TOOL_NAME);
        finalize_tool();
        say("%s: ompt_finalize_tool returned", TOOL_NAME);
    }
    return TOOL_MARK;
}

#define REGISTER(event, callback)                                                                     \
    do {                                                                                              \
        if (set_callback(event, (ompt_callback_t)callback) == ompt_set_error)                         \
            say("%s: BAD set_callback %s", TOOL_NAME, #event);                                        \
        ompt_callback_t back = NULL;                                                                  \
        if (!get_callback(event, &back) || back != (ompt_callback_t)callback)                         \
            say("%s: BAD get_callback %s does not give back its own callback", TOOL_NAME, #event);    \
    } while (0)

static int initialize(ompt_function_lookup_t lookup, int initial_device, ompt_data_t *tool_data)
{
    (void)initial_device;
    ompt_set_callback_t set_callback = (ompt_set_callback_t)lookup("ompt_set_callback");
    ompt_get_callback_t get_callback = (ompt_get_callback_t)lookup("ompt_get_callback");
    get_thread_data = (ompt_get_thread_data_t)lookup("ompt_get_thread_data");
    get_task_info = (ompt_get_task_info_t)lookup("ompt_get_task_info");
    get_parallel_info = (ompt_get_parallel_info_t)lookup("ompt_get_parallel_info");
    finalize_tool = (ompt_finalize_tool_t)lookup("ompt_finalize_tool");
    frame_flags_init(lookup);
    if (!set_callback || !get_callback || !get_thread_data || !get_task_info || !get_parallel_info || !finalize_tool) {
        say("%s: BAD lookup", TOOL_NAME);
        return 0;
    }
    REGISTER(ompt_callback_thread_begin, on_thread_begin);
    REGISTER(ompt_callback_thread_end, on_thread_end);
    REGISTER(ompt_callback_parallel_begin, on_parallel_begin);
    REGISTER(ompt_callback_parallel_end, on_parallel_end);
    REGISTER(ompt_callback_implicit_task, on_implicit_task);
    REGISTER(ompt_callback_task_create, on_task_create);
    REGISTER(ompt_callback_task_schedule, on_task_schedule);
    REGISTER(ompt_callback_sync_region, on_sync_region);
    REGISTER(ompt_callback_sync_region_wait, on_sync_region_wait);
    REGISTER(ompt_callback_reduction, on_reduction);
    REGISTER(ompt_callback_work, on_work);
    REGISTER(ompt_callback_dispatch, on_dispatch);
    REGISTER(ompt_callback_masked, on_masked);
    REGISTER(ompt_callback_mutex_acquire, on_mutex_acquire);
    REGISTER(ompt_callback_mutex_acquired, on_mutex_acquired);
    REGISTER(ompt_callback_mutex_released, on_mutex_released);
    REGISTER(ompt_callback_lock_init, on_lock_init);
    REGISTER(ompt_callback_lock_destroy, on_lock_destroy);
    REGISTER(ompt_callback_control_tool, on_control_tool);
    int ok = !named("MULTI_INIT0");
    dropped = !ok;
    say("%s: initialize: tool_data=%" PRIu64 " returns %d", TOOL_NAME, tool_data->value, ok);
    tool_data->value += 1;
    return ok;
}

static void finalize(ompt_data_t *tool_data)
{
    char stable[768];
    int n = 0;
    for (int i = 0; i < SYNC_REGION_WAIT; i++)
        n += snprintf(stable + n, sizeof stable - (size_t)n, " %s=%lu", counter_names[i], counts[i]);
    say("%s: finalize: tool_data=%" PRIu64 " bad=%lu stable:%s varying: sync_region_wait=%lu", TOOL_NAME,
        tool_data->value, (unsigned long)bad, stable, (unsigned long)counts[SYNC_REGION_WAIT]);
}

ompt_start_tool_result_t *ompt_start_tool(unsigned int omp_version, const char *runtime_version)
{
    (void)omp_version, (void)runtime_version;
    static ompt_start_tool_result_t result = {initialize, finalize, {.value = TOOL_MARK * 100}};
    int decline = named("MULTI_DECLINE");
    say("%s: ompt_start_tool returns %s", TOOL_NAME, decline ? "NULL" : "tool");
    return decline ? NULL : &result;
}
