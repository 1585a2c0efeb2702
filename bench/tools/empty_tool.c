/* An OMPT tool that registers every host callback of <omp-tools.h> with an
 * empty body: what it costs is the price of dispatching events, the floor
 * for any real tool. Load it with OMP_TOOL_LIBRARIES=/path/libempty_tool.so.
 *
 * Its initializer prints one line to stderr, "empty_tool: registered=N
 * dispatched=M requested=K", so the benchmark driver can tell that the
 * runtime loaded it (M counts the callbacks the runtime says it may
 * dispatch: ompt_set_sometimes or better). Device callbacks (target, data
 * operations, device load and initialisation) are left out: the benchmarks
 * have no target regions. */
#include <omp-tools.h>
#include <stdio.h>

static void on_thread_begin(ompt_thread_t type, ompt_data_t *thread)
{
    (void)type, (void)thread;
}

static void on_thread_end(ompt_data_t *thread)
{
    (void)thread;
}

static void on_parallel_begin(ompt_data_t *task, const ompt_frame_t *frame, ompt_data_t *parallel,
                              unsigned int requested, int flags, const void *codeptr)
{
    (void)task, (void)frame, (void)parallel, (void)requested, (void)flags, (void)codeptr;
}

static void on_parallel_end(ompt_data_t *parallel, ompt_data_t *task, int flags, const void *codeptr)
{
    (void)parallel, (void)task, (void)flags, (void)codeptr;
}

static void on_task_create(ompt_data_t *task, const ompt_frame_t *frame, ompt_data_t *new_task,
                           int flags, int has_dependences, const void *codeptr)
{
    (void)task, (void)frame, (void)new_task, (void)flags, (void)has_dependences, (void)codeptr;
}

static void on_task_schedule(ompt_data_t *prior, ompt_task_status_t status, ompt_data_t *next)
{
    (void)prior, (void)status, (void)next;
}

static void on_implicit_task(ompt_scope_endpoint_t endpoint, ompt_data_t *parallel, ompt_data_t *task,
                             unsigned int parallelism, unsigned int index, int flags)
{
    (void)endpoint, (void)parallel, (void)task, (void)parallelism, (void)index, (void)flags;
}

static int on_control_tool(uint64_t command, uint64_t modifier, void *arg, const void *codeptr)
{
    (void)command, (void)modifier, (void)arg, (void)codeptr;
    return 0;
}

/* For sync_region, sync_region_wait and reduction (one signature). */
static void on_sync_region(ompt_sync_region_t kind, ompt_scope_endpoint_t endpoint,
                           ompt_data_t *parallel, ompt_data_t *task, const void *codeptr)
{
    (void)kind, (void)endpoint, (void)parallel, (void)task, (void)codeptr;
}

/* For mutex_acquire and lock_init (one signature). */
static void on_mutex_acquire(ompt_mutex_t kind, unsigned int hint, unsigned int impl,
                             ompt_wait_id_t wait_id, const void *codeptr)
{
    (void)kind, (void)hint, (void)impl, (void)wait_id, (void)codeptr;
}

/* For mutex_acquired, mutex_released and lock_destroy (one signature). */
static void on_mutex(ompt_mutex_t kind, ompt_wait_id_t wait_id, const void *codeptr)
{
    (void)kind, (void)wait_id, (void)codeptr;
}

static void on_dependences(ompt_data_t *task, const ompt_dependence_t *deps, int ndeps)
{
    (void)task, (void)deps, (void)ndeps;
}

static void on_task_dependence(ompt_data_t *source, ompt_data_t *sink)
{
    (void)source, (void)sink;
}

static void on_work(ompt_work_t kind, ompt_scope_endpoint_t endpoint, ompt_data_t *parallel,
                    ompt_data_t *task, uint64_t count, const void *codeptr)
{
    (void)kind, (void)endpoint, (void)parallel, (void)task, (void)count, (void)codeptr;
}

static void on_masked(ompt_scope_endpoint_t endpoint, ompt_data_t *parallel, ompt_data_t *task,
                      const void *codeptr)
{
    (void)endpoint, (void)parallel, (void)task, (void)codeptr;
}

static void on_nest_lock(ompt_scope_endpoint_t endpoint, ompt_wait_id_t wait_id, const void *codeptr)
{
    (void)endpoint, (void)wait_id, (void)codeptr;
}

static void on_flush(ompt_data_t *thread, const void *codeptr)
{
    (void)thread, (void)codeptr;
}

static void on_cancel(ompt_data_t *task, int flags, const void *codeptr)
{
    (void)task, (void)flags, (void)codeptr;
}

static void on_dispatch(ompt_data_t *parallel, ompt_data_t *task, ompt_dispatch_t kind,
                        ompt_data_t instance)
{
    (void)parallel, (void)task, (void)kind, (void)instance;
}

static void on_error(ompt_severity_t severity, const char *message, size_t length,
                     const void *codeptr)
{
    (void)severity, (void)message, (void)length, (void)codeptr;
}

/* Every host event of the header, with a handler of the event's type. */
static const struct {
    ompt_callbacks_t event;
    ompt_callback_t handler;
} host_callbacks[] = {
    {ompt_callback_thread_begin, (ompt_callback_t)on_thread_begin},
    {ompt_callback_thread_end, (ompt_callback_t)on_thread_end},
    {ompt_callback_parallel_begin, (ompt_callback_t)on_parallel_begin},
    {ompt_callback_parallel_end, (ompt_callback_t)on_parallel_end},
    {ompt_callback_task_create, (ompt_callback_t)on_task_create},
    {ompt_callback_task_schedule, (ompt_callback_t)on_task_schedule},
    {ompt_callback_implicit_task, (ompt_callback_t)on_implicit_task},
    {ompt_callback_control_tool, (ompt_callback_t)on_control_tool},
    {ompt_callback_sync_region_wait, (ompt_callback_t)on_sync_region},
    {ompt_callback_mutex_released, (ompt_callback_t)on_mutex},
    {ompt_callback_dependences, (ompt_callback_t)on_dependences},
    {ompt_callback_task_dependence, (ompt_callback_t)on_task_dependence},
    {ompt_callback_work, (ompt_callback_t)on_work},
    {ompt_callback_masked, (ompt_callback_t)on_masked},
    {ompt_callback_sync_region, (ompt_callback_t)on_sync_region},
    {ompt_callback_lock_init, (ompt_callback_t)on_mutex_acquire},
    {ompt_callback_lock_destroy, (ompt_callback_t)on_mutex},
    {ompt_callback_mutex_acquire, (ompt_callback_t)on_mutex_acquire},
    {ompt_callback_mutex_acquired, (ompt_callback_t)on_mutex},
    {ompt_callback_nest_lock, (ompt_callback_t)on_nest_lock},
    {ompt_callback_flush, (ompt_callback_t)on_flush},
    {ompt_callback_cancel, (ompt_callback_t)on_cancel},
    {ompt_callback_reduction, (ompt_callback_t)on_sync_region},
    {ompt_callback_dispatch, (ompt_callback_t)on_dispatch},
    {ompt_callback_error, (ompt_callback_t)on_error},
};
#define HOST_CALLBACK_COUNT (int)(sizeof host_callbacks / sizeof host_callbacks[0])

static int initialize(ompt_function_lookup_t lookup, int initial_device, ompt_data_t *tool_data)
{
    (void)initial_device, (void)tool_data;
    ompt_set_callback_t set_callback = (ompt_set_callback_t)lookup("ompt_set_callback");
    int registered = 0, dispatched = 0;
    for (int i = 0; set_callback && i < HOST_CALLBACK_COUNT; i++) {
        ompt_set_result_t result = set_callback(host_callbacks[i].event, host_callbacks[i].handler);
        registered += result != ompt_set_error;
        dispatched += result >= ompt_set_sometimes;
    }
    fprintf(stderr, "empty_tool: registered=%d dispatched=%d requested=%d\n", registered, dispatched,
            HOST_CALLBACK_COUNT);
    return 1; /* non-zero keeps the tool active */
}

static void finalize(ompt_data_t *tool_data)
{
    (void)tool_data;
}

ompt_start_tool_result_t *ompt_start_tool(unsigned int omp_version, const char *runtime_version)
{
    (void)omp_version, (void)runtime_version;
    static ompt_start_tool_result_t result = {initialize, finalize, {.value = 0}};
    return &result;
}
