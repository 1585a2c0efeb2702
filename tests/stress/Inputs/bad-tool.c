/* A tool that misuses the OMPT interface, for tool-faults.test: callbacks for
 * event numbers that do not exist, and entry points called with NULL or
 * invalid arguments. Everything must be answered without a crash. */
#include <omp-tools.h>
#include <stdio.h>

static ompt_set_callback_t set_callback;
static ompt_get_task_info_t get_task_info;
static ompt_get_place_proc_ids_t get_place_proc_ids;
static ompt_get_thread_data_t get_thread_data;
static ompt_get_parallel_info_t get_parallel_info;

static void any_callback(void) {}

static int initialize(ompt_function_lookup_t lookup, int initial_device, ompt_data_t *tool_data)
{
    (void)initial_device;
    (void)tool_data;
    set_callback = (ompt_set_callback_t)lookup("ompt_set_callback");
    get_task_info = (ompt_get_task_info_t)lookup("ompt_get_task_info");
    get_place_proc_ids = (ompt_get_place_proc_ids_t)lookup("ompt_get_place_proc_ids");
    get_thread_data = (ompt_get_thread_data_t)lookup("ompt_get_thread_data");
    get_parallel_info = (ompt_get_parallel_info_t)lookup("ompt_get_parallel_info");
    printf("unknown entry point: %s\n", lookup("ompt_no_such_entry") ? "found" : "NULL");
    printf("empty name: %s\n", lookup("") ? "found" : "NULL");
    int events[] = {0, -1, 70, 1000, 1 << 30};
    for (unsigned i = 0; i < sizeof events / sizeof events[0]; i++)
        printf("set_callback(%d): %s\n", events[i],
               set_callback((ompt_callbacks_t)events[i], (ompt_callback_t)any_callback) == ompt_set_error
                   ? "ompt_set_error" : "accepted");
    return 1;
}

static void finalize(ompt_data_t *tool_data)
{
    (void)tool_data;
    int flags = 0, thread_num = 0, ids[4];
    ompt_data_t *task = NULL, *parallel = NULL;
    ompt_frame_t *frame = NULL;
    printf("task_info(-1): %d\n", get_task_info(-1, &flags, &task, &frame, &parallel, &thread_num));
    printf("task_info(1000): %d\n", get_task_info(1000, &flags, &task, &frame, &parallel, &thread_num));
    printf("task_info(0, NULLs): %d\n", get_task_info(0, NULL, NULL, NULL, NULL, NULL) >= 0);
    printf("parallel_info(-1): %d\n", get_parallel_info(-1, &parallel, &thread_num));
    printf("parallel_info(0, NULLs): %d\n", get_parallel_info(0, NULL, NULL) >= 0);
    printf("place_proc_ids(-1): %d\n", get_place_proc_ids(-1, 4, ids));
    printf("place_proc_ids(100000): %d\n", get_place_proc_ids(100000, 4, ids));
    printf("place_proc_ids(0, NULL): %d\n", get_place_proc_ids(0, 0, NULL) >= 0);
    printf("thread_data: %s\n", get_thread_data() ? "non-NULL" : "NULL");
    printf("bad tool finalized\n");
}

ompt_start_tool_result_t *ompt_start_tool(unsigned int omp_version, const char *runtime_version)
{
    (void)omp_version;
    (void)runtime_version;
    static ompt_start_tool_result_t result = {initialize, finalize, {0}};
    return &result;
}
