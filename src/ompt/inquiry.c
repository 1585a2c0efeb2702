/* The inquiry entry points (OpenMP 5.1, 4.6.1.5 - 4.6.1.18). All of them are
 * async-signal-safe: a sampling tool calls them from a signal handler that may
 * have interrupted the runtime anywhere. So they take no lock, allocate
 * nothing, never create a thread descriptor (glass_self_ptr, not glass_self),
 * and only follow pointers that the core publishes after the structure behind
 * them is complete (thread.h, team.h, task.h).
 *
 * ompt_get_thread_data, ompt_get_parallel_info, ompt_get_task_info and
 * ompt_finalize_tool act for the calling tool: each tool's lookup hands out
 * its own copies (one per tool index), which return that tool's ompt_data_t
 * (tool_slots.h). The others are the same for every tool. */
#include <sched.h>
#include <string.h>

#include "../core/globals.h"
#include "../core/places/places.h"
#include "../core/threads/team.h"
#include "ompt_internal.h"
#include "../device/device.h"
#include "../device/tracing/device_events.h"
#include "tool_slots.h"

static inline struct glass_thread *current_thread(void)
{
    return glass_self_ptr;
}

static bool is_mutex_wait(int state)
{
    return state >= GLASS_STATE_WAIT_MUTEX && state <= GLASS_STATE_WAIT_ORDERED;
}

static int get_state(ompt_wait_id_t *wait_id)
{
    struct glass_thread *self = current_thread();
    int state = self ? atomic_load_explicit(&self->state, memory_order_relaxed) : ompt_state_undefined;
    if (wait_id) {
        /* The core stores the wait id before it enters a wait state (with a
         * signal fence), so a wait state read here has its id in place. */
        atomic_signal_fence(memory_order_acquire);
        *wait_id = self && is_mutex_wait(state) ? (ompt_wait_id_t)(uintptr_t)self->wait_id
                                                : ompt_wait_id_none;
    }
    return state;
}

/* The entry points that act for a tool answer nothing when that tool's
 * initializer returned 0: the OMPT interface is inactive (4.2.3) and no
 * data is kept for it, as libomp answers (LLVM's test
 * api_calls_without_ompt). Its initializer, until it returns, and its
 * finalizer get answers. */
static inline bool acting_for(int tool)
{
    return glass_ompt_tool_started(tool);
}

/* The calling tool's own ompt_data_t (tool_slots.h): `tool` is the index of
 * the tool whose copy of the entry point was called. */
static ompt_data_t *get_thread_data(int tool)
{
    struct glass_thread *self = current_thread();
    return self && acting_for(tool) ? (ompt_data_t *)glass_thread_slot(&self->tool_data, tool) : NULL;
}

/* The innermost team of the calling thread, then its ancestors. The implicit
 * team of the initial task counts as the outermost parallel region. */
static int get_parallel_info(int tool, int ancestor_level, ompt_data_t **parallel_data, int *team_size)
{
    struct glass_thread *self = current_thread();
    if (!self || ancestor_level < 0 || !acting_for(tool))
        return 0;
    struct glass_task *task = self->task;
    struct glass_team *team = task ? task->team : NULL;
    for (int level = 0; team && level < ancestor_level; level++)
        team = team->parent;
    if (!team)
        return 0;
    if (parallel_data)
        *parallel_data = (ompt_data_t *)glass_team_slot(&team->tool_data, tool);
    if (team_size)
        *team_size = (int)team->nthreads;
    return 2;
}

/* The task one level out from `task` on the calling thread. For an explicit
 * task (target and taskwait stand-ins too) that is the task this thread
 * suspended to run it (its scheduling task), whose frames are the next ones
 * down this thread's stack, which is what ompt_frame_t serves (4.4.4.28: a
 * tool tells the runtime's frames from the program's on the thread's stack):
 * its generating task may be running user code on another thread, its
 * frames meaningless here. libomp and LLVM's OMPT tests walk tasks the same
 * way. An implicit task's is the task that encountered its parallel
 * construct, as in the specification's task hierarchy. The scheduling task
 * is set before the task becomes current (task.c, run_begins), so the chain
 * is complete whenever a signal handler reads it. */
static struct glass_task *outer_task(const struct glass_task *task)
{
    if (task->flags & (GLASS_TASK_EXPLICIT | GLASS_TASK_TARGET | GLASS_TASK_TASKWAIT))
        return task->scheduler;
    return task->parent;
}

static int get_task_info(int tool, int ancestor_level, int *flags, ompt_data_t **task_data,
                         ompt_frame_t **task_frame, ompt_data_t **parallel_data, int *thread_num)
{
    struct glass_thread *self = current_thread();
    if (!self || ancestor_level < 0 || !acting_for(tool))
        return 0;
    struct glass_task *task = self->task;
    for (int level = 0; task && level < ancestor_level; level++)
        task = outer_task(task);
    if (!task)
        return 0;
    /* An implicit task is undeferred (its encountering thread runs it at
     * once); libomp reports it so here, though not in implicit_task events. */
    if (flags)
        *flags = (int)task->flags | ((task->flags & GLASS_TASK_IMPLICIT) ? GLASS_TASK_UNDEFERRED : 0);
    if (task_data)
        *task_data = (ompt_data_t *)glass_task_slot(&task->tool_data, tool);
    if (task_frame)
        *task_frame = (ompt_frame_t *)&task->frame;
    if (parallel_data)
        *parallel_data = task->team ? (ompt_data_t *)glass_team_slot(&task->team->tool_data, tool) : NULL;
    if (thread_num)
        *thread_num = (int)task->thread_num;
    return 2;
}

/* The memory blocks holding the current task's data environment (5.1
 * 4.6.1.13): an explicit task's private and firstprivate values live in its
 * argument block, its only block; implicit and initial tasks have none the
 * runtime allocated. Returns whether more blocks follow: never. */
static int get_task_memory(void **addr, size_t *size, int block)
{
    struct glass_thread *self = current_thread();
    struct glass_task *task = self ? self->task : NULL;
    bool explicit_task = task && (task->flags & (GLASS_TASK_EXPLICIT | GLASS_TASK_TARGET));
    bool has_block = explicit_task && block == 0 && task->arg_size;
    if (addr)
        *addr = has_block ? task->fn_data : NULL;
    if (size)
        *size = has_block ? task->arg_size : 0;
    return 0;
}

static int get_num_procs(void)
{
    return (int)glass_globals.num_procs;
}

static int get_num_places(void)
{
    return (int)glass_places.count;
}

static int get_place_proc_ids(int place_num, int ids_size, int *ids)
{
    const int *cpus;
    if (place_num < 0)
        return 0;
    unsigned count = glass_place_cpus((unsigned)place_num, &cpus);
    if (ids && ids_size >= (int)count)
        for (unsigned i = 0; i < count; i++)
            ids[i] = cpus[i];
    return (int)count;
}

static int get_place_num(void)
{
    struct glass_thread *self = current_thread();
    return self ? self->place : -1;
}

static int get_partition_place_nums(int place_nums_size, int *place_nums)
{
    struct glass_thread *self = current_thread();
    struct glass_task *task = self ? self->task : NULL;
    if (!task)
        return 0;
    int len = task->icv.place_partition_len, first = task->icv.place_partition_first;
    if (place_nums && place_nums_size >= len)
        for (int i = 0; i < len; i++)
            place_nums[i] = first + i;
    return len;
}

/* 4.6.1.11: the processor of the calling OpenMP thread; -1 (a defined
 * identifier is non-negative) for a thread the runtime does not know, with
 * the interface inactive (the initializer returned 0) and where the system
 * cannot tell. */
static int get_proc_id(void)
{
    if (!current_thread() || !glass_ompt_interface_started())
        return -1;
    int cpu = sched_getcpu();
    return cpu >= 0 ? cpu : -1;
}

/* 4.6.1.13: the devices the program sees (device_table.c). */
static int get_num_devices(void)
{
    return glass_device_initial_number();
}

/* 4.6.1.12: the target construct this thread is processing (from its
 * target begin to its end), and the data operation or submission in
 * progress (0 between them). */
static int get_target_info(uint64_t *device_num, ompt_id_t *target_id, ompt_id_t *host_op_id)
{
    struct glass_target_op *op = glass_target_op_current();
    if (!op)
        return 0;
    if (device_num)
        *device_num = (uint64_t)op->device_num;
    if (target_id)
        *target_id = op->watched ? op->target_id : ompt_id_none;
    if (host_op_id)
        *host_op_id = glass_host_op_current();
    return 1;
}

static uint64_t get_unique_id(void)
{
    return glass_ompt_unique_id();
}

/* Each tool's copies of the entry points that act for the calling tool. */
#define TOOL_ENTRY_POINTS(tool)                                                                       \
    static ompt_data_t *get_thread_data_##tool(void)                                                  \
    {                                                                                                 \
        return get_thread_data(tool);                                                                 \
    }                                                                                                 \
    static int get_parallel_info_##tool(int ancestor_level, ompt_data_t **parallel_data, int *team_size) \
    {                                                                                                 \
        return get_parallel_info(tool, ancestor_level, parallel_data, team_size);                     \
    }                                                                                                 \
    static int get_task_info_##tool(int ancestor_level, int *flags, ompt_data_t **task_data,          \
                                    ompt_frame_t **task_frame, ompt_data_t **parallel_data, int *thread_num) \
    {                                                                                                 \
        return get_task_info(tool, ancestor_level, flags, task_data, task_frame, parallel_data, thread_num); \
    }                                                                                                 \
    static void finalize_tool_##tool(void)                                                            \
    {                                                                                                 \
        glass_ompt_finalize_tool(tool);                                                               \
    }
GLASS_FOR_EACH_TOOL_INDEX(TOOL_ENTRY_POINTS)
#undef TOOL_ENTRY_POINTS

struct entry_point {
    const char *name;
    ompt_interface_fn_t fn;
};

#define ENTRY(name, fn) {name, (ompt_interface_fn_t)fn}

/* The same for every tool. */
static const struct entry_point inquiry_entry_points[] = {
    ENTRY("ompt_get_state", get_state),
    ENTRY("ompt_get_task_memory", get_task_memory),
    ENTRY("ompt_get_num_procs", get_num_procs),
    ENTRY("ompt_get_num_places", get_num_places),
    ENTRY("ompt_get_place_proc_ids", get_place_proc_ids),
    ENTRY("ompt_get_place_num", get_place_num),
    ENTRY("ompt_get_partition_place_nums", get_partition_place_nums),
    ENTRY("ompt_get_proc_id", get_proc_id),
    ENTRY("ompt_get_num_devices", get_num_devices),
    ENTRY("ompt_get_target_info", get_target_info),
    ENTRY("ompt_get_unique_id", get_unique_id),
};

/* Per tool: row `tool` holds that tool's copies. */
#define TOOL_ROW(tool)                                                                               \
    {ENTRY("ompt_get_thread_data", get_thread_data_##tool), ENTRY("ompt_get_parallel_info", get_parallel_info_##tool), \
     ENTRY("ompt_get_task_info", get_task_info_##tool), ENTRY("ompt_finalize_tool", finalize_tool_##tool)},
static const struct entry_point tool_entry_points[GLASS_OMPT_MAX_TOOLS][4] = {GLASS_FOR_EACH_TOOL_INDEX(TOOL_ROW)};
#undef TOOL_ROW

#define COUNT(array) (sizeof(array) / sizeof *(array))

ompt_interface_fn_t glass_ompt_lookup_inquiry(int tool, const char *name)
{
    for (size_t i = 0; i < COUNT(tool_entry_points[tool]); i++)
        if (strcmp(tool_entry_points[tool][i].name, name) == 0)
            return tool_entry_points[tool][i].fn;
    for (size_t i = 0; i < COUNT(inquiry_entry_points); i++)
        if (strcmp(inquiry_entry_points[i].name, name) == 0)
            return inquiry_entry_points[i].fn;
    return NULL;
}
