/* Names for glass check's messages (names.h). The tags are those of the
 * OMPT checklist the rules were written from: C- a callback, E- an entry
 * point, O- an ordering rule, K- a constant, T- the tool's start and end. */
#include <ctype.h>
#include <string.h>

#include <omp-tools.h>

#include "names.h"

const char *check_state_name(int state)
{
    switch (state) {
#define STATE_NAME(name, value) \
    case value: return #name;
        FOREACH_OMPT_STATE(STATE_NAME)
#undef STATE_NAME
    default: return "an unknown state";
    }
}

const char *check_sync_kind_name(int kind)
{
    static const char *const names[] = {
        [ompt_sync_region_barrier] = "barrier",
        [ompt_sync_region_barrier_implicit] = "barrier_implicit",
        [ompt_sync_region_barrier_explicit] = "barrier_explicit",
        [ompt_sync_region_barrier_implementation] = "barrier_implementation",
        [ompt_sync_region_taskwait] = "taskwait",
        [ompt_sync_region_taskgroup] = "taskgroup",
        [ompt_sync_region_reduction] = "reduction",
        [ompt_sync_region_barrier_implicit_workshare] = "barrier_implicit_workshare",
        [ompt_sync_region_barrier_implicit_parallel] = "barrier_implicit_parallel",
        [ompt_sync_region_barrier_teams] = "barrier_teams",
    };
    return kind > 0 && (size_t)kind < sizeof names / sizeof *names && names[kind] ? names[kind] : "unknown";
}

const char *check_work_kind_name(int kind)
{
    static const char *const names[] = {
        [ompt_work_loop] = "loop",
        [ompt_work_sections] = "sections",
        [ompt_work_single_executor] = "single_executor",
        [ompt_work_single_other] = "single_other",
        [ompt_work_workshare] = "workshare",
        [ompt_work_distribute] = "distribute",
        [ompt_work_taskloop] = "taskloop",
        [ompt_work_scope] = "scope",
    };
    return kind > 0 && (size_t)kind < sizeof names / sizeof *names && names[kind] ? names[kind] : "unknown";
}

const char *check_mutex_kind_name(int kind)
{
    switch (kind) {
    case ompt_mutex_lock: return "lock";
    case ompt_mutex_test_lock: return "test_lock";
    case ompt_mutex_nest_lock: return "nest_lock";
    case ompt_mutex_test_nest_lock: return "test_nest_lock";
    case ompt_mutex_critical: return "critical";
    case ompt_mutex_atomic: return "atomic";
    case ompt_mutex_ordered: return "ordered";
    default: return "unknown";
    }
}

static const struct {
    const char *tag, *meaning;
} tags[] = {
    {"C-01", "the thread_begin callback: a thread's first event"},
    {"C-02", "the thread_end callback: a thread's last event"},
    {"C-03", "the parallel_begin callback, on the thread that encounters the region"},
    {"C-04", "the parallel_end callback, on the same thread"},
    {"C-05", "the task_create callback, for every task made"},
    {"C-06", "the task_schedule callback, at every switch between tasks"},
    {"C-07", "the implicit_task callback, begin and end of each thread's implicit task"},
    {"C-08", "the target callback, around a target construct on the host"},
    {"C-12", "the device_initialize callback"},
    {"C-13", "the device_finalize callback, after the device's tracing has been flushed"},
    {"C-15", "the device_unload callback"},
    {"C-16", "the sync_region_wait callback: the waiting part of a barrier, taskwait or taskgroup"},
    {"C-17", "the mutex_released callback"},
    {"C-18", "the dependences callback, a task's depend clauses"},
    {"C-19", "the task_dependence callback, one task waiting for another"},
    {"C-20", "the work callback, begin and end of a worksharing construct"},
    {"C-21", "the masked (formerly master) callback"},
    {"C-23", "the sync_region callback: a barrier, taskwait, taskgroup or reduction as a whole"},
    {"C-26", "the mutex_acquire callback: a thread starts waiting for a lock, critical, atomic or ordered"},
    {"C-27", "the mutex_acquired callback: it got it"},
    {"C-28", "the nest_lock callback: a nestable lock taken or let go again by its owner"},
    {"C-31", "the reduction callback, around combining a reduction's values"},
    {"C-32", "the dispatch callback: a loop chunk or section given to a thread"},
    {"C-33", "the target_emi callback (the target callback with tool data for the construct)"},
    {"C-34", "the target_data_op_emi callback: an allocation, copy or deletion on a device"},
    {"C-35", "the target_submit_emi callback: a kernel started on a device"},
    {"C-41", "the buffer_complete callback that hands a device trace buffer back to the tool"},
    {"E-05", "the ompt_get_thread_data entry point: the calling thread's tool data"},
    {"E-11", "the ompt_get_state entry point: the calling thread's state and what it waits for"},
    {"E-12", "the ompt_get_parallel_info entry point: a parallel region around the thread, and its team size"},
    {"E-13", "the ompt_get_task_info entry point: a task around the thread, its flags, frame, region and number"},
    {"K-13", "the ompt_frame_flag_t constants: who owns a frame (runtime or application) and what its address is"},
    {"O-02", "ordering: thread_begin first and thread_end last on each thread"},
    {"O-03", "ordering: the tool's initializer before every event, its finalizer after all of them"},
    {"O-04", "ordering of a parallel region: parallel_begin, each implicit task, the barrier, parallel_end"},
    {"O-06", "ordering: task_create before the task runs; its dependences between the two"},
    {"O-07", "ordering: every explicit task that completes says so before its data is reused"},
    {"O-08", "ordering: a sync region's waits inside its begin and end"},
    {"O-09", "ordering of a lock's life: init, then acquire, acquired, released any number of times, then destroy"},
    {"O-10", "ordering: a worksharing construct's dispatches inside its work begin and end"},
    {"O-11", "ordering: every begin has its end, in cancelled and serialized regions too"},
    {"O-12", "ordering: device_initialize before a device is used, device_finalize after its tracing is flushed"},
    {"O-13", "ordering: each device trace buffer handed out comes back exactly once"},
    {"O-14", "ordering of a target region: target begin, its maps, copies and kernels, target end"},
    {"T-19", "the tool's finalizer: called once, at the end, and no callback after it"},
};

const char *check_tag_meaning(const char *tag)
{
    for (size_t i = 0; i < sizeof tags / sizeof *tags; i++)
        if (!strncmp(tags[i].tag, tag, 4))
            return tags[i].meaning;
    return NULL;
}

void check_explain_tags(FILE *out, const char *text)
{
    for (const char *p = text; *p; p++) {
        if (!(isupper((unsigned char)p[0]) && p[1] == '-' && isdigit((unsigned char)p[2]) &&
              isdigit((unsigned char)p[3]) && (p == text || !isalnum((unsigned char)p[-1]))))
            continue;
        const char *before = strstr(text, (char[5]){p[0], p[1], p[2], p[3], 0});
        if (before != p)
            continue; /* explained at its first mention */
        const char *meaning = check_tag_meaning(p);
        fprintf(out, "    %.4s: %s\n", p, meaning ? meaning : "(an item of the OMPT checklist)");
    }
}
