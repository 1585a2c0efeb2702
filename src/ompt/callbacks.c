/* The callback tables: what each tool registered, the per-event flags the
 * event points test, ompt_set_callback / ompt_get_callback (OpenMP 5.1,
 * 4.6.1.3 and 4.6.1.4), and the dispatchers that call the registered
 * callbacks with the public types: directly when one tool is active, each
 * tool in turn, with its own ompt_data_t, when several are. */
#include <link.h>
#include <omp-tools.h>
#include <pthread.h>
#include <stdint.h>

#include "hooks.h"
#include "../core/threads/thread_id.h"
#include "ompt_internal.h"
#include "tool_slots.h"
#include "dispatch.h"
#include "mutex_dispatch.h"

_Atomic bool glass_ompt_active;
_Atomic bool glass_ompt_entry_watch = true;
_Atomic unsigned char glass_ompt_enabled[GLASS_OMPT_EVENT_LIMIT];
_Atomic(glass_ompt_callback) glass_ompt_direct[GLASS_OMPT_EVENT_LIMIT];

/* What each tool registered, by tool index (tool_list.c), active or not. */
_Atomic(ompt_callback_t) glass_ompt_registered[GLASS_OMPT_MAX_TOOLS][GLASS_OMPT_EVENT_LIMIT];

/* Whether events go to the tools one by one (several tools, or a single
 * active tool whose index is not 0). */
static bool fan_out;

/* Registration and the flags computed from it change together: a tool may
 * register on one thread while another tool ends itself on another. */
static pthread_mutex_t table_lock = PTHREAD_MUTEX_INITIALIZER;

/* What ompt_set_callback answers for each event: whether Glass dispatches it
 * on every occurrence (5.1 4.4.4.2, Tables 4.2 and 4.3), whichever compiler
 * built the program (the GCC and the Clang ABI may be mixed in one process).
 * - always, for the target and device events too: every target construct
 *   raises its target events, on a device or on the host; a device raises
 *   data-op, submit and map events for each operation and its device events
 *   when it starts and ends (src/device/). Dependences too: every task with
 *   dependences reports them when it is submitted (the stand-in task of a
 *   taskwait with depend clauses too), and every ordered depend(source) or
 *   depend(sink) vector of a doacross loop, whatever the team size. Sync
 *   regions too: every barrier (teams of one included), taskwait and
 *   taskgroup region reaches the runtime and is reported; GCC ends the
 *   worksharing constructs it expands inline (schedule(static) loops,
 *   single) with GOMP_barrier, reported with the explicit barrier's kind,
 *   the one the runtime can tell.
 * - sometimes: one compiler inlines some or all occurrences (GCC: flush,
 *   master/masked, the work events of schedule(static) loops, and every
 *   reduction; both: atomic regions done in hardware). Reductions are
 *   reported only where the runtime orders the combination (Clang's
 *   __kmpc_reduce* with a critical section or in a team of one), not around
 *   atomic updates (src/abi/kmp/reduce.c). */
static const unsigned char set_results[GLASS_OMPT_EVENT_LIMIT] = {
    [ompt_callback_thread_begin] = ompt_set_always,
    [ompt_callback_thread_end] = ompt_set_always,
    [ompt_callback_parallel_begin] = ompt_set_always,
    [ompt_callback_parallel_end] = ompt_set_always,
    [ompt_callback_task_create] = ompt_set_always,
    [ompt_callback_task_schedule] = ompt_set_always,
    [ompt_callback_implicit_task] = ompt_set_always,
    [ompt_callback_target] = ompt_set_always,
    [ompt_callback_target_data_op] = ompt_set_always,
    [ompt_callback_target_submit] = ompt_set_always,
    [ompt_callback_control_tool] = ompt_set_always,
    [ompt_callback_device_initialize] = ompt_set_always,
    [ompt_callback_device_finalize] = ompt_set_always,
    [ompt_callback_device_load] = ompt_set_always,
    [ompt_callback_device_unload] = ompt_set_always,
    [ompt_callback_sync_region_wait] = ompt_set_sometimes,
    [ompt_callback_mutex_released] = ompt_set_sometimes,
    [ompt_callback_dependences] = ompt_set_always,
    [ompt_callback_task_dependence] = ompt_set_always,
    [ompt_callback_work] = ompt_set_sometimes,
    [ompt_callback_masked] = ompt_set_sometimes,
    [ompt_callback_target_map] = ompt_set_always,
    [ompt_callback_sync_region] = ompt_set_always,
    [ompt_callback_lock_init] = ompt_set_always,
    [ompt_callback_lock_destroy] = ompt_set_always,
    [ompt_callback_mutex_acquire] = ompt_set_sometimes,
    [ompt_callback_mutex_acquired] = ompt_set_sometimes,
    [ompt_callback_nest_lock] = ompt_set_always,
    [ompt_callback_flush] = ompt_set_sometimes,
    [ompt_callback_cancel] = ompt_set_always,
    [ompt_callback_reduction] = ompt_set_sometimes,
    [ompt_callback_dispatch] = ompt_set_sometimes,
    [ompt_callback_target_emi] = ompt_set_always,
    [ompt_callback_target_data_op_emi] = ompt_set_always,
    [ompt_callback_target_submit_emi] = ompt_set_always,
    [ompt_callback_target_map_emi] = ompt_set_always,
    [ompt_callback_error] = ompt_set_always,
};

/* The EMI and non-EMI forms of a target event must not both be registered
 * (5.1 4.5.2.25 - 4.5.2.28): the other form of `event`, or 0. */
static int emi_partner(int event)
{
    switch (event) {
    case ompt_callback_target: return ompt_callback_target_emi;
    case ompt_callback_target_emi: return ompt_callback_target;
    case ompt_callback_target_data_op: return ompt_callback_target_data_op_emi;
    case ompt_callback_target_data_op_emi: return ompt_callback_target_data_op;
    case ompt_callback_target_submit: return ompt_callback_target_submit_emi;
    case ompt_callback_target_submit_emi: return ompt_callback_target_submit;
    case ompt_callback_target_map: return ompt_callback_target_map_emi;
    case ompt_callback_target_map_emi: return ompt_callback_target_map;
    }
    return 0;
}

static bool valid_event(int event)
{
    return event > 0 && event < GLASS_OMPT_EVENT_LIMIT && set_results[event] != ompt_set_error;
}

/* The flag of `event` from the tables; table_lock held (or only one thread). */
static unsigned char flag_for(int event)
{
    if (set_results[event] == ompt_set_never || !atomic_load_explicit(&glass_ompt_active, memory_order_relaxed))
        return DISPATCH_NONE;
    /* Where every dispatch needs its own fence (dispatch_fence.h), no event
     * is dispatched directly: the inline one-tool paths that open their
     * window without the fence (dispatch_enter_direct) then find no direct
     * callback and leave the event to its dispatcher, which fences. */
    if (!fan_out && glass_ompt_dispatch_fenced)
        return callback_of(0, event) ? DISPATCH_FAN_OUT : DISPATCH_NONE;
    if (!fan_out)
        return callback_of(0, event) ? DISPATCH_DIRECT : DISPATCH_NONE;
    /* Every new task goes through its dispatcher, which clears the task's
     * later tools' slots before any tool can see them. */
    if (event == ompt_callback_task_create)
        return DISPATCH_FAN_OUT;
    for (int tool = 0; tool < glass_ompt_tool_count(); tool++)
        if (glass_ompt_tool_is_active(tool) && callback_of(tool, event))
            return DISPATCH_FAN_OUT;
    return DISPATCH_NONE;
}

/* An event's flag and, with it, its direct callback (dispatch_core.h). */
static void update_flag(int event)
{
    unsigned char flag = flag_for(event);
    atomic_store_explicit(&glass_ompt_direct[event], flag == DISPATCH_DIRECT ? callback_of(0, event) : NULL,
                          memory_order_release);
    glass_mutex_calls_update(event, flag, callback_of(0, event));
    atomic_store_explicit(&glass_ompt_enabled[event], flag, memory_order_relaxed);
}

static void update_flags(void)
{
    fan_out = !(glass_ompt_active_tools() == 1 && glass_ompt_tool_is_active(0));
    for (int event = 1; event < GLASS_OMPT_EVENT_LIMIT; event++)
        update_flag(event);
}

/* Registration is accepted at any time, not only in the initializer (5.1
 * allows either); a later registration takes effect at once. A NULL callback
 * unregisters the event. A tool that was dropped or has ended registers
 * nothing. */
static ompt_set_result_t set_callback(int tool, ompt_callbacks_t event, ompt_callback_t callback)
{
    if (!valid_event((int)event) || !glass_ompt_tool_is_active(tool))
        return ompt_set_error;
    pthread_mutex_lock(&table_lock);
    int partner = emi_partner((int)event);
    ompt_set_result_t result = (ompt_set_result_t)set_results[event];
    if (callback && partner && callback_of(tool, partner)) {
        result = ompt_set_error;
    } else {
        atomic_store_explicit(&glass_ompt_registered[tool][event], callback, memory_order_release);
        update_flag((int)event);
    }
    pthread_mutex_unlock(&table_lock);
    return result;
}

static int get_callback(int tool, ompt_callbacks_t event, ompt_callback_t *callback)
{
    if (!valid_event((int)event))
        return 0;
    ompt_callback_t registered_callback = callback_of(tool, (int)event);
    if (!registered_callback)
        return 0;
    if (callback)
        *callback = registered_callback;
    return 1;
}

/* Each tool's own copies, so that the tool is known from the entry point. */
#define TOOL_ENTRY_POINTS(tool)                                                                \
    static ompt_set_result_t set_callback_##tool(ompt_callbacks_t event, ompt_callback_t callback) \
    {                                                                                          \
        return set_callback(tool, event, callback);                                            \
    }                                                                                          \
    static int get_callback_##tool(ompt_callbacks_t event, ompt_callback_t *callback)          \
    {                                                                                          \
        return get_callback(tool, event, callback);                                            \
    }
GLASS_FOR_EACH_TOOL_INDEX(TOOL_ENTRY_POINTS)
#undef TOOL_ENTRY_POINTS

#define SET_CALLBACK_ENTRY(tool) (ompt_interface_fn_t) set_callback_##tool,
#define GET_CALLBACK_ENTRY(tool) (ompt_interface_fn_t) get_callback_##tool,
static const ompt_interface_fn_t set_callback_entries[] = {GLASS_FOR_EACH_TOOL_INDEX(SET_CALLBACK_ENTRY)};
static const ompt_interface_fn_t get_callback_entries[] = {GLASS_FOR_EACH_TOOL_INDEX(GET_CALLBACK_ENTRY)};
#undef SET_CALLBACK_ENTRY
#undef GET_CALLBACK_ENTRY

ompt_interface_fn_t glass_ompt_set_callback_entry(int tool)
{
    return set_callback_entries[tool];
}

ompt_interface_fn_t glass_ompt_get_callback_entry(int tool)
{
    return get_callback_entries[tool];
}

/* The runtime's own code, runtime_code_size bytes from runtime_code_start. GCC may end
 * an outlined region with a tail call into the runtime (a barrier as its last
 * statement); the return address an entry point sees is then in the runtime
 * (the caller of the outlined function), not in the program, and no call
 * site is known: such a codeptr_ra is reported as NULL (5.1 4.5.2.3 allows
 * it when attribution is impossible). */
uintptr_t glass_ompt_runtime_code_start, glass_ompt_runtime_code_size;

static int find_runtime_code(struct dl_phdr_info *info, size_t size, void *arg)
{
    (void)size, (void)arg;
    uintptr_t probe = (uintptr_t)find_runtime_code;
    for (int i = 0; i < info->dlpi_phnum; i++) {
        const ElfW(Phdr) *segment = &info->dlpi_phdr[i];
        if (segment->p_type != PT_LOAD || !(segment->p_flags & PF_X))
            continue;
        uintptr_t start = info->dlpi_addr + segment->p_vaddr;
        if (probe >= start && probe < start + segment->p_memsz) {
            glass_ompt_runtime_code_start = start;
            glass_ompt_runtime_code_size = segment->p_memsz;
            return 1;
        }
    }
    return 0;
}

void glass_ompt_enable_registered(void)
{
    dl_iterate_phdr(find_runtime_code, NULL);
    /* Watch first: entry points that see no watch skip every event point
     * (GLASS_OMPT_ENTRY_SPLIT), so the tool flag must never be on alone. */
    atomic_store_explicit(&glass_frames_wanted, true, memory_order_relaxed);
    atomic_store_explicit(&glass_ompt_entry_watch, true, memory_order_relaxed);
    atomic_store_explicit(&glass_ompt_active, true, memory_order_release);
    pthread_mutex_lock(&table_lock);
    update_flags();
    pthread_mutex_unlock(&table_lock);
}

void glass_ompt_disable_all(bool forget)
{
    for (int event = 1; event < GLASS_OMPT_EVENT_LIMIT; event++) {
        atomic_store_explicit(&glass_ompt_enabled[event], 0, memory_order_relaxed);
        atomic_store_explicit(&glass_ompt_direct[event], NULL, memory_order_relaxed);
        glass_mutex_calls_update(event, DISPATCH_NONE, NULL);
        if (forget)
            for (int tool = 0; tool < GLASS_OMPT_MAX_TOOLS; tool++)
                atomic_store_explicit(&glass_ompt_registered[tool][event], NULL, memory_order_relaxed);
    }
    atomic_store_explicit(&glass_ompt_active, false, memory_order_seq_cst);
    atomic_store_explicit(&glass_frames_wanted, glass_ompd_enabled, memory_order_relaxed); /* OMPD keeps them */
    atomic_store_explicit(&glass_ompt_entry_watch, glass_ompd_enabled, memory_order_relaxed);
}

void glass_ompt_forget_callbacks(int tool)
{
    pthread_mutex_lock(&table_lock);
    for (int event = 1; event < GLASS_OMPT_EVENT_LIMIT; event++)
        atomic_store_explicit(&glass_ompt_registered[tool][event], NULL, memory_order_relaxed);
    update_flags();
    pthread_mutex_unlock(&table_lock);
    atomic_thread_fence(memory_order_seq_cst);
}

DISPATCHER(thread_begin, ompt_callback_thread_begin_t, (int thread_type, glass_tool_data *thread_data),
           (thread_type, thread_data), (ompt_thread_t)thread_type, THREAD(thread_data))

DISPATCHER(thread_end, ompt_callback_thread_end_t, (glass_tool_data *thread_data), (thread_data),
           THREAD(thread_data))

DISPATCHER(parallel_begin, ompt_callback_parallel_begin_t,
           (glass_tool_data *encountering_task, const struct glass_frame *frame, glass_tool_data *parallel,
            unsigned requested, int flags, const void *codeptr),
           (encountering_task, frame, parallel, requested, flags, codeptr), TASK(encountering_task),
           (const ompt_frame_t *)frame, TEAM(parallel), requested, flags, user_site(codeptr))

DISPATCHER(parallel_end, ompt_callback_parallel_end_t,
           (glass_tool_data *parallel, glass_tool_data *encountering_task, int flags, const void *codeptr),
           (parallel, encountering_task, flags, codeptr), TEAM(parallel), TASK(encountering_task), flags,
           user_site(codeptr))

/* An implicit task's end names no region (5.1 4.5.2.11): an initial task's
 * end is given its region all the same, which goes only to a tool that needs
 * it (LLVM's Archer, archer.c); the others get NULL. */
#define ENDING_REGION(endpoint, parallel)                                                           \
    ((endpoint) == GLASS_SCOPE_END && !glass_ompt_tool_initial_region_at_end(tool) ? NULL : TEAM(parallel))

DISPATCHER(implicit_task, ompt_callback_implicit_task_t,
           (int endpoint, glass_tool_data *parallel, glass_tool_data *task, unsigned actual_parallelism,
            unsigned index, int flags),
           (endpoint, parallel, task, actual_parallelism, index, flags), (ompt_scope_endpoint_t)endpoint,
           ENDING_REGION(endpoint, parallel), TASK(task), actual_parallelism, index, flags)

DISPATCHER(sync_region, ompt_callback_sync_region_t,
           (int kind, int endpoint, glass_tool_data *parallel, glass_tool_data *task, const void *codeptr),
           (kind, endpoint, parallel, task, codeptr), (ompt_sync_region_t)kind, (ompt_scope_endpoint_t)endpoint,
           TEAM(parallel), TASK(task), user_site(codeptr))

DISPATCHER(sync_region_wait, ompt_callback_sync_region_t,
           (int kind, int endpoint, glass_tool_data *parallel, glass_tool_data *task, const void *codeptr),
           (kind, endpoint, parallel, task, codeptr), (ompt_sync_region_t)kind, (ompt_scope_endpoint_t)endpoint,
           TEAM(parallel), TASK(task), user_site(codeptr))

DISPATCHER(reduction, ompt_callback_sync_region_t,
           (int kind, int endpoint, glass_tool_data *parallel, glass_tool_data *task, const void *codeptr),
           (kind, endpoint, parallel, task, codeptr), (ompt_sync_region_t)kind, (ompt_scope_endpoint_t)endpoint,
           TEAM(parallel), TASK(task), user_site(codeptr))

DISPATCHER(work, ompt_callback_work_t,
           (int work_type, int endpoint, glass_tool_data *parallel, glass_tool_data *task, uint64_t count,
            const void *codeptr),
           (work_type, endpoint, parallel, task, count, codeptr), (ompt_work_t)work_type,
           (ompt_scope_endpoint_t)endpoint, TEAM(parallel), TASK(task), count, user_site(codeptr))

/* A section's instance is its code address, a call site like codeptr_ra. */
static inline ompt_data_t public_instance(int kind, glass_tool_data instance)
{
    ompt_data_t result = {.value = instance.value};
    if (kind == ompt_dispatch_section)
        result.ptr = (void *)user_site(instance.ptr);
    return result;
}

DISPATCHER(dispatch, ompt_callback_dispatch_t,
           (glass_tool_data *parallel, glass_tool_data *task, int kind, glass_tool_data instance),
           (parallel, task, kind, instance), TEAM(parallel), TASK(task), (ompt_dispatch_t)kind,
           public_instance(kind, instance))

DISPATCHER(masked, ompt_callback_masked_t,
           (int endpoint, glass_tool_data *parallel, glass_tool_data *task, const void *codeptr),
           (endpoint, parallel, task, codeptr), (ompt_scope_endpoint_t)endpoint, TEAM(parallel), TASK(task),
           user_site(codeptr))

DISPATCHER(lock_init, ompt_callback_mutex_acquire_t,
           (int kind, unsigned hint, unsigned impl, const void *wait_id, const void *codeptr),
           (kind, hint, impl, wait_id, codeptr), (ompt_mutex_t)kind, hint, impl,
           (ompt_wait_id_t)(uintptr_t)wait_id, user_site(codeptr))

DISPATCHER(lock_destroy, ompt_callback_mutex_t, (int kind, const void *wait_id, const void *codeptr),
           (kind, wait_id, codeptr), (ompt_mutex_t)kind, (ompt_wait_id_t)(uintptr_t)wait_id, user_site(codeptr))

DISPATCHER(mutex_acquire, ompt_callback_mutex_acquire_t,
           (int kind, unsigned hint, unsigned impl, const void *wait_id, const void *codeptr),
           (kind, hint, impl, wait_id, codeptr), (ompt_mutex_t)kind, hint, impl,
           (ompt_wait_id_t)(uintptr_t)wait_id, user_site(codeptr))

DISPATCHER(mutex_acquired, ompt_callback_mutex_t, (int kind, const void *wait_id, const void *codeptr),
           (kind, wait_id, codeptr), (ompt_mutex_t)kind, (ompt_wait_id_t)(uintptr_t)wait_id, user_site(codeptr))

DISPATCHER(mutex_released, ompt_callback_mutex_t, (int kind, const void *wait_id, const void *codeptr),
           (kind, wait_id, codeptr), (ompt_mutex_t)kind, (ompt_wait_id_t)(uintptr_t)wait_id, user_site(codeptr))

DISPATCHER(nest_lock, ompt_callback_nest_lock_t, (int endpoint, const void *wait_id, const void *codeptr),
           (endpoint, wait_id, codeptr), (ompt_scope_endpoint_t)endpoint, (ompt_wait_id_t)(uintptr_t)wait_id,
           user_site(codeptr))

DISPATCHER(flush, ompt_callback_flush_t, (glass_tool_data *thread_data, const void *codeptr),
           (thread_data, codeptr), THREAD(thread_data), user_site(codeptr))

DISPATCHER(cancel, ompt_callback_cancel_t, (glass_tool_data *task, int flags, const void *codeptr),
           (task, flags, codeptr), TASK(task), flags, user_site(codeptr))

DISPATCHER(error, ompt_callback_error_t,
           (int severity, const char *message, uint64_t length, const void *codeptr),
           (severity, message, length, codeptr), (ompt_severity_t)severity, message, (size_t)length,
           user_site(codeptr))

/* The task's first event: with several tools, the later tools' slots of a
 * descriptor that may be recycled are cleared here (the core clears the
 * first tool's as it sets the task up; flag_for keeps this event on). */
static void clear_later_slots(glass_tool_data *new_task)
{
    for (int tool = 1; tool < GLASS_OMPT_MAX_TOOLS; tool++)
        glass_task_slot(new_task, tool)->value = 0;
}

DISPATCHER_PREPARED(task_create, ompt_callback_task_create_t, clear_later_slots(new_task),
                    (glass_tool_data *encountering_task, const struct glass_frame *frame, glass_tool_data *new_task,
                     int flags, int has_dependences, const void *codeptr),
                    (encountering_task, frame, new_task, flags, has_dependences, codeptr), TASK(encountering_task),
                    (const ompt_frame_t *)frame, TASK(new_task), flags, has_dependences, user_site(codeptr))

DISPATCHER(task_schedule, ompt_callback_task_schedule_t,
           (glass_tool_data *prior_task, int prior_status, glass_tool_data *next_task),
           (prior_task, prior_status, next_task), TASK(prior_task), (ompt_task_status_t)prior_status,
           TASK(next_task))

DISPATCHER(dependences, ompt_callback_dependences_t,
           (glass_tool_data *task, const struct glass_dependence *deps, int ndeps), (task, deps, ndeps),
           TASK(task), (const ompt_dependence_t *)deps, ndeps)

DISPATCHER(task_dependence, ompt_callback_task_dependence_t, (glass_tool_data *src_task, glass_tool_data *sink_task),
           (src_task, sink_task), TASK(src_task), TASK(sink_task))

/* Control tool: not a plain event point, since its result goes back to the
 * application. -1 (omp_control_tool_nocallback) without a callback. With
 * several tools each one that registered it is called, in list order, and
 * the first one's result is the answer. */
int glass_ompt_control_tool(uint64_t command, uint64_t modifier, void *arg, const void *codeptr)
{
    unsigned char mode =
        atomic_load_explicit(&glass_ompt_enabled[ompt_callback_control_tool], memory_order_relaxed);
    if (mode == DISPATCH_DIRECT) {
        ompt_callback_control_tool_t callback =
            (ompt_callback_control_tool_t)callback_of(0, ompt_callback_control_tool);
        return callback ? callback(command, modifier, arg, user_site(codeptr)) : -1;
    }
    if (mode != DISPATCH_FAN_OUT)
        return -1;
    int answer = -1;
    bool answered = false;
    for (int tool = 0, tools = glass_ompt_tool_count(); tool < tools; tool++) {
        ompt_callback_control_tool_t callback =
            (ompt_callback_control_tool_t)callback_of(tool, ompt_callback_control_tool);
        if (!callback)
            continue;
        int result = callback(command, modifier, arg, user_site(codeptr));
        if (!answered)
            answer = result, answered = true;
    }
    return answer;
}
