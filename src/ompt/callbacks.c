/* The callback table: what the tool registered, the per-event flags the event
 * points test, ompt_set_callback / ompt_get_callback (OpenMP 5.1, 4.6.1.3 and
 * 4.6.1.4), and the dispatchers that call a registered callback with the public
 * types. */
#include <link.h>
#include <omp-tools.h>
#include <stdint.h>

#include "hooks.h"
#include "../core/thread_id.h"
#include "ompt_internal.h"

_Atomic bool glass_ompt_active;
_Atomic bool glass_ompt_entry_watch = true;
_Atomic unsigned char glass_ompt_enabled[GLASS_OMPT_EVENT_LIMIT];

/* What the tool registered, active or not. */
static _Atomic(ompt_callback_t) registered[GLASS_OMPT_EVENT_LIMIT];

/* What ompt_set_callback answers for each event: whether Glass dispatches it
 * on every occurrence (5.1 4.4.4.2, Tables 4.2 and 4.3), whichever compiler
 * built the program (the GCC and the Clang ABI may be mixed in one process).
 * - never: Glass is host-only and has no device, so device, data-mapping and
 *   kernel events cannot occur.
 * - sometimes: one compiler inlines some or all occurrences (GCC: flush,
 *   master/masked, loops with schedule(static) and their implicit barrier,
 *   which then reaches the runtime as GOMP_barrier, and every reduction,
 *   which only the Clang ABI's __kmpc_reduce* report; both: atomic regions
 *   done in hardware), or the event has kinds Glass does not
 *   report yet: the barrier ending a host teams region (sync_region and its
 *   waits), the dependences of ordered depend(source/sink). */
static const unsigned char set_results[GLASS_OMPT_EVENT_LIMIT] = {
    [ompt_callback_thread_begin] = ompt_set_always,
    [ompt_callback_thread_end] = ompt_set_always,
    [ompt_callback_parallel_begin] = ompt_set_always,
    [ompt_callback_parallel_end] = ompt_set_always,
    [ompt_callback_task_create] = ompt_set_always,
    [ompt_callback_task_schedule] = ompt_set_always,
    [ompt_callback_implicit_task] = ompt_set_always,
    [ompt_callback_target] = ompt_set_never,
    [ompt_callback_target_data_op] = ompt_set_never,
    [ompt_callback_target_submit] = ompt_set_never,
    [ompt_callback_control_tool] = ompt_set_always,
    [ompt_callback_device_initialize] = ompt_set_never,
    [ompt_callback_device_finalize] = ompt_set_never,
    [ompt_callback_device_load] = ompt_set_never,
    [ompt_callback_device_unload] = ompt_set_never,
    [ompt_callback_sync_region_wait] = ompt_set_sometimes,
    [ompt_callback_mutex_released] = ompt_set_sometimes,
    [ompt_callback_dependences] = ompt_set_sometimes,
    [ompt_callback_task_dependence] = ompt_set_always,
    [ompt_callback_work] = ompt_set_sometimes,
    [ompt_callback_masked] = ompt_set_sometimes,
    [ompt_callback_target_map] = ompt_set_never,
    [ompt_callback_sync_region] = ompt_set_sometimes,
    [ompt_callback_lock_init] = ompt_set_always,
    [ompt_callback_lock_destroy] = ompt_set_always,
    [ompt_callback_mutex_acquire] = ompt_set_sometimes,
    [ompt_callback_mutex_acquired] = ompt_set_sometimes,
    [ompt_callback_nest_lock] = ompt_set_always,
    [ompt_callback_flush] = ompt_set_sometimes,
    [ompt_callback_cancel] = ompt_set_always,
    [ompt_callback_reduction] = ompt_set_sometimes,
    [ompt_callback_dispatch] = ompt_set_sometimes,
    [ompt_callback_target_emi] = ompt_set_never,
    [ompt_callback_target_data_op_emi] = ompt_set_never,
    [ompt_callback_target_submit_emi] = ompt_set_never,
    [ompt_callback_target_map_emi] = ompt_set_never,
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

static ompt_callback_t callback_of(int event)
{
    return atomic_load_explicit(&registered[event], memory_order_acquire);
}

/* Registration is accepted at any time, not only in the initializer (5.1
 * allows either); a later registration takes effect at once. A NULL callback
 * unregisters the event. */
static ompt_set_result_t set_callback(ompt_callbacks_t event, ompt_callback_t callback)
{
    if (!valid_event((int)event))
        return ompt_set_error;
    int partner = emi_partner((int)event);
    if (callback && partner && callback_of(partner))
        return ompt_set_error;
    atomic_store_explicit(&registered[event], callback, memory_order_release);
    bool dispatch = callback && set_results[event] != ompt_set_never &&
                    atomic_load_explicit(&glass_ompt_active, memory_order_relaxed);
    atomic_store_explicit(&glass_ompt_enabled[event], dispatch, memory_order_relaxed);
    return (ompt_set_result_t)set_results[event];
}

static int get_callback(ompt_callbacks_t event, ompt_callback_t *callback)
{
    if (!valid_event((int)event))
        return 0;
    ompt_callback_t registered_callback = callback_of((int)event);
    if (!registered_callback)
        return 0;
    if (callback)
        *callback = registered_callback;
    return 1;
}

ompt_interface_fn_t glass_ompt_set_callback_entry(void)
{
    return (ompt_interface_fn_t)set_callback;
}

ompt_interface_fn_t glass_ompt_get_callback_entry(void)
{
    return (ompt_interface_fn_t)get_callback;
}

/* The runtime's own code, [runtime_code_start, runtime_code_end). GCC may end
 * an outlined region with a tail call into the runtime (a barrier as its last
 * statement); the return address an entry point sees is then in the runtime
 * (the caller of the outlined function), not in the program, and no call
 * site is known: such a codeptr_ra is reported as NULL (5.1 4.5.2.3 allows
 * it when attribution is impossible). */
static uintptr_t runtime_code_start, runtime_code_end;

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
            runtime_code_start = start;
            runtime_code_end = start + segment->p_memsz;
            return 1;
        }
    }
    return 0;
}

static inline const void *user_site(const void *codeptr)
{
    uintptr_t address = (uintptr_t)codeptr;
    return address >= runtime_code_start && address < runtime_code_end ? NULL : codeptr;
}

void glass_ompt_enable_registered(void)
{
    dl_iterate_phdr(find_runtime_code, NULL);
    /* Watch first: entry points that see no watch skip every event point
     * (GLASS_OMPT_ENTRY_SPLIT), so the tool flag must never be on alone. */
    atomic_store_explicit(&glass_frames_wanted, true, memory_order_relaxed);
    atomic_store_explicit(&glass_ompt_entry_watch, true, memory_order_relaxed);
    atomic_store_explicit(&glass_ompt_active, true, memory_order_release);
    for (int event = 1; event < GLASS_OMPT_EVENT_LIMIT; event++)
        if (callback_of(event) && set_results[event] != ompt_set_never)
            atomic_store_explicit(&glass_ompt_enabled[event], 1, memory_order_relaxed);
}

void glass_ompt_disable_all(bool forget)
{
    for (int event = 1; event < GLASS_OMPT_EVENT_LIMIT; event++) {
        atomic_store_explicit(&glass_ompt_enabled[event], 0, memory_order_relaxed);
        if (forget)
            atomic_store_explicit(&registered[event], NULL, memory_order_relaxed);
    }
    atomic_store_explicit(&glass_ompt_active, false, memory_order_seq_cst);
    atomic_store_explicit(&glass_frames_wanted, glass_ompd_enabled, memory_order_relaxed); /* OMPD keeps them */
    atomic_store_explicit(&glass_ompt_entry_watch, glass_ompd_enabled, memory_order_relaxed);
}

ompt_callback_t glass_ompt_callback(int event)
{
    return callback_of(event);
}

/* Dispatchers. The flag an event point tested may have been cleared since
 * by a finalization on another thread (or the event point tested none, for
 * the second half of a pair): the flag is read again, and the callback
 * pointer is read once and checked. */

/* A dispatch announces itself before it looks at the flags (and finalization
 * clears the flags before it looks at the announcements), each side with a
 * full fence: either the dispatcher sees the cleared flag, or finalization
 * sees the dispatcher and waits for it (finalize.c). The announcement ends
 * when the dispatcher's scope does, early returns included. */
static struct glass_thread *dispatch_enter(void)
{
    struct glass_thread *self = glass_self_ptr;
    if (self) {
        glass_thread_gtid(self); /* registered, so finalization can find it */
        atomic_store_explicit(&self->ompt_dispatching, true, memory_order_relaxed);
        atomic_thread_fence(memory_order_seq_cst);
    }
    return self;
}

static void dispatch_leave(struct glass_thread **self)
{
    if (*self)
        atomic_store_explicit(&(*self)->ompt_dispatching, false, memory_order_release);
}

#define CALLBACK(event, type)                                                                          \
    struct glass_thread *dispatcher __attribute__((cleanup(dispatch_leave), unused)) = dispatch_enter(); \
    type callback = (type)callback_of(ompt_callback_##event);                                          \
    if (!callback || !atomic_load_explicit(&glass_ompt_enabled[ompt_callback_##event], memory_order_relaxed)) \
        return

void glass_ompt_emit_thread_begin(int thread_type, glass_tool_data *thread_data)
{
    CALLBACK(thread_begin, ompt_callback_thread_begin_t);
    callback((ompt_thread_t)thread_type, (ompt_data_t *)thread_data);
}

void glass_ompt_emit_thread_end(glass_tool_data *thread_data)
{
    CALLBACK(thread_end, ompt_callback_thread_end_t);
    callback((ompt_data_t *)thread_data);
}

void glass_ompt_emit_parallel_begin(glass_tool_data *encountering_task, const struct glass_frame *frame,
                                    glass_tool_data *parallel, unsigned requested, int flags,
                                    const void *codeptr)
{
    CALLBACK(parallel_begin, ompt_callback_parallel_begin_t);
    callback((ompt_data_t *)encountering_task, (const ompt_frame_t *)frame, (ompt_data_t *)parallel,
             requested, flags, user_site(codeptr));
}

void glass_ompt_emit_parallel_end(glass_tool_data *parallel, glass_tool_data *encountering_task, int flags,
                                  const void *codeptr)
{
    CALLBACK(parallel_end, ompt_callback_parallel_end_t);
    callback((ompt_data_t *)parallel, (ompt_data_t *)encountering_task, flags, user_site(codeptr));
}

void glass_ompt_emit_implicit_task(int endpoint, glass_tool_data *parallel, glass_tool_data *task,
                                   unsigned actual_parallelism, unsigned index, int flags)
{
    CALLBACK(implicit_task, ompt_callback_implicit_task_t);
    callback((ompt_scope_endpoint_t)endpoint, (ompt_data_t *)parallel, (ompt_data_t *)task,
             actual_parallelism, index, flags);
}

void glass_ompt_emit_sync_region(int kind, int endpoint, glass_tool_data *parallel, glass_tool_data *task,
                                 const void *codeptr)
{
    CALLBACK(sync_region, ompt_callback_sync_region_t);
    callback((ompt_sync_region_t)kind, (ompt_scope_endpoint_t)endpoint, (ompt_data_t *)parallel,
             (ompt_data_t *)task, user_site(codeptr));
}

void glass_ompt_emit_sync_region_wait(int kind, int endpoint, glass_tool_data *parallel,
                                      glass_tool_data *task, const void *codeptr)
{
    CALLBACK(sync_region_wait, ompt_callback_sync_region_t);
    callback((ompt_sync_region_t)kind, (ompt_scope_endpoint_t)endpoint, (ompt_data_t *)parallel,
             (ompt_data_t *)task, user_site(codeptr));
}

void glass_ompt_emit_reduction(int kind, int endpoint, glass_tool_data *parallel, glass_tool_data *task,
                               const void *codeptr)
{
    CALLBACK(reduction, ompt_callback_sync_region_t);
    callback((ompt_sync_region_t)kind, (ompt_scope_endpoint_t)endpoint, (ompt_data_t *)parallel,
             (ompt_data_t *)task, user_site(codeptr));
}

void glass_ompt_emit_work(int work_type, int endpoint, glass_tool_data *parallel, glass_tool_data *task,
                          uint64_t count, const void *codeptr)
{
    CALLBACK(work, ompt_callback_work_t);
    callback((ompt_work_t)work_type, (ompt_scope_endpoint_t)endpoint, (ompt_data_t *)parallel,
             (ompt_data_t *)task, count, user_site(codeptr));
}

void glass_ompt_emit_dispatch(glass_tool_data *parallel, glass_tool_data *task, int kind,
                              glass_tool_data instance)
{
    CALLBACK(dispatch, ompt_callback_dispatch_t);
    ompt_data_t public_instance = {.value = instance.value};
    if (kind == ompt_dispatch_section)
        public_instance.ptr = (void *)user_site(instance.ptr);
    callback((ompt_data_t *)parallel, (ompt_data_t *)task, (ompt_dispatch_t)kind, public_instance);
}

void glass_ompt_emit_masked(int endpoint, glass_tool_data *parallel, glass_tool_data *task,
                            const void *codeptr)
{
    CALLBACK(masked, ompt_callback_masked_t);
    callback((ompt_scope_endpoint_t)endpoint, (ompt_data_t *)parallel, (ompt_data_t *)task, user_site(codeptr));
}

void glass_ompt_emit_lock_init(int kind, unsigned hint, unsigned impl, const void *wait_id,
                               const void *codeptr)
{
    CALLBACK(lock_init, ompt_callback_mutex_acquire_t);
    callback((ompt_mutex_t)kind, hint, impl, (ompt_wait_id_t)(uintptr_t)wait_id, user_site(codeptr));
}

void glass_ompt_emit_lock_destroy(int kind, const void *wait_id, const void *codeptr)
{
    CALLBACK(lock_destroy, ompt_callback_mutex_t);
    callback((ompt_mutex_t)kind, (ompt_wait_id_t)(uintptr_t)wait_id, user_site(codeptr));
}

void glass_ompt_emit_mutex_acquire(int kind, unsigned hint, unsigned impl, const void *wait_id,
                                   const void *codeptr)
{
    CALLBACK(mutex_acquire, ompt_callback_mutex_acquire_t);
    callback((ompt_mutex_t)kind, hint, impl, (ompt_wait_id_t)(uintptr_t)wait_id, user_site(codeptr));
}

void glass_ompt_emit_mutex_acquired(int kind, const void *wait_id, const void *codeptr)
{
    CALLBACK(mutex_acquired, ompt_callback_mutex_t);
    callback((ompt_mutex_t)kind, (ompt_wait_id_t)(uintptr_t)wait_id, user_site(codeptr));
}

void glass_ompt_emit_mutex_released(int kind, const void *wait_id, const void *codeptr)
{
    CALLBACK(mutex_released, ompt_callback_mutex_t);
    callback((ompt_mutex_t)kind, (ompt_wait_id_t)(uintptr_t)wait_id, user_site(codeptr));
}

void glass_ompt_emit_nest_lock(int endpoint, const void *wait_id, const void *codeptr)
{
    CALLBACK(nest_lock, ompt_callback_nest_lock_t);
    callback((ompt_scope_endpoint_t)endpoint, (ompt_wait_id_t)(uintptr_t)wait_id, user_site(codeptr));
}

void glass_ompt_emit_flush(glass_tool_data *thread_data, const void *codeptr)
{
    CALLBACK(flush, ompt_callback_flush_t);
    callback((ompt_data_t *)thread_data, user_site(codeptr));
}

void glass_ompt_emit_cancel(glass_tool_data *task, int flags, const void *codeptr)
{
    CALLBACK(cancel, ompt_callback_cancel_t);
    callback((ompt_data_t *)task, flags, user_site(codeptr));
}

void glass_ompt_emit_error(int severity, const char *message, uint64_t length, const void *codeptr)
{
    CALLBACK(error, ompt_callback_error_t);
    callback((ompt_severity_t)severity, message, (size_t)length, user_site(codeptr));
}

void glass_ompt_emit_task_create(glass_tool_data *encountering_task, const struct glass_frame *frame,
                                 glass_tool_data *new_task, int flags, int has_dependences,
                                 const void *codeptr)
{
    CALLBACK(task_create, ompt_callback_task_create_t);
    callback((ompt_data_t *)encountering_task, (const ompt_frame_t *)frame, (ompt_data_t *)new_task, flags,
             has_dependences, user_site(codeptr));
}

void glass_ompt_emit_task_schedule(glass_tool_data *prior_task, int prior_status, glass_tool_data *next_task)
{
    CALLBACK(task_schedule, ompt_callback_task_schedule_t);
    callback((ompt_data_t *)prior_task, (ompt_task_status_t)prior_status, (ompt_data_t *)next_task);
}

void glass_ompt_emit_dependences(glass_tool_data *task, const struct glass_dependence *deps, int ndeps)
{
    CALLBACK(dependences, ompt_callback_dependences_t);
    callback((ompt_data_t *)task, (const ompt_dependence_t *)deps, ndeps);
}

void glass_ompt_emit_task_dependence(glass_tool_data *src_task, glass_tool_data *sink_task)
{
    CALLBACK(task_dependence, ompt_callback_task_dependence_t);
    callback((ompt_data_t *)src_task, (ompt_data_t *)sink_task);
}

/* Control tool: not a plain event point, since its result goes back to the
 * application. -1 (omp_control_tool_nocallback) without a callback. */
int glass_ompt_control_tool(uint64_t command, uint64_t modifier, void *arg, const void *codeptr)
{
    if (!atomic_load_explicit(&glass_ompt_enabled[ompt_callback_control_tool], memory_order_relaxed))
        return -1;
    ompt_callback_control_tool_t callback =
        (ompt_callback_control_tool_t)callback_of(ompt_callback_control_tool);
    if (!callback)
        return -1;
    return callback(command, modifier, arg, user_site(codeptr));
}
