/* The test tool's interface for test programs that link it in (tool.c).
 * Everything is printed one line per event or call, each line tagged with the
 * calling thread's number ("T<n>: "), written with a single write(2) so that
 * lines of different threads never mix. */
#ifndef GLASS_TEST_TOOL_H
#define GLASS_TEST_TOOL_H

#include <omp-tools.h>

/* The entry points the tool looked up in its initializer (NULL if the lookup
 * failed or no tool is active). */
struct tool_entry_points {
    ompt_set_callback_t set_callback;
    ompt_get_callback_t get_callback;
    ompt_get_state_t get_state;
    ompt_get_thread_data_t get_thread_data;
    ompt_get_parallel_info_t get_parallel_info;
    ompt_get_task_info_t get_task_info;
    ompt_get_task_memory_t get_task_memory;
    ompt_get_unique_id_t get_unique_id;
    ompt_get_num_procs_t get_num_procs;
    ompt_get_num_places_t get_num_places;
    ompt_get_place_proc_ids_t get_place_proc_ids;
    ompt_get_place_num_t get_place_num;
    ompt_get_partition_place_nums_t get_partition_place_nums;
    ompt_get_proc_id_t get_proc_id;
    ompt_get_num_devices_t get_num_devices;
    ompt_get_target_info_t get_target_info;
    ompt_enumerate_states_t enumerate_states;
    ompt_enumerate_mutex_impls_t enumerate_mutex_impls;
    ompt_finalize_tool_t finalize_tool;
};
extern struct tool_entry_points tool_entry;

/* printf-like, tagged with the calling thread like the events. */
void tool_log(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

/* The id the tool gave a task / parallel region (0: none). */
unsigned long tool_task_id(int ancestor_level);
unsigned long tool_parallel_id(int ancestor_level);

/* Prints ompt_get_task_info and ompt_get_parallel_info for levels 0 .. until
 * there is none: ids, flags, team size, thread number, frames. */
void tool_print_tasks(const char *tag);

/* Checks the frame table of the calling task and its ancestors and prints one
 * line per level and a verdict: exit and enter frames alternate down the
 * stack (exit(n) > enter(n) > exit(n-1), level 0 innermost), the innermost
 * task has its exit frame set and no enter frame, and that exit frame is the
 * frame pointer of the runtime function that called the task's code
 * (`caller_frame`: __builtin_frame_address(1) in the outlined body compiled
 * with frame pointers), above `own_frame` (__builtin_frame_address(0)). */
void tool_check_frames(const char *tag, const void *own_frame, const void *caller_frame);
/* The same where `caller_frame` must match even when it is NULL (a caller
 * without a frame-pointer chain gives 0 or garbage there). */
void tool_check_task_frames(const char *tag, const void *own_frame, const void *caller_frame);

/* Whether the instruction before `codeptr` is a call that resolves to the
 * function `symbol` (through the PLT or a GOT slot). */
int tool_codeptr_calls(const void *codeptr, const char *symbol);

/* The codeptr_ra of the last event of `event` kind ("parallel_begin",
 * "sync_region_begin", ...) on the calling thread. */
const void *tool_last_codeptr(const char *event);

/* task_schedule events with status detach seen so far (all threads): a test
 * that wants a late fulfillment waits for the detach before fulfilling. */
unsigned long tool_detach_events(void);

/* The wait id of the last mutex event on the calling thread. */
ompt_wait_id_t tool_last_wait_id(void);

/* The runtime entry point a construct's call site calls: GCC's or Clang's,
 * as the compiler of the program (tool_codeptr_calls checks it by name). */
#ifdef __clang__
#define ENTRY_NAME(gcc, clang) clang
#else
#define ENTRY_NAME(gcc, clang) gcc
#endif

#endif
