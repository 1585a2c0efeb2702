/* The OMPT test tool: registers every callback and prints each event with its
 * fields, one line per event, tagged with the thread ("T<n>: "). Built into a
 * shared object for OMP_TOOL_LIBRARIES, or linked into a test program (which
 * then uses tool.h). Written against the public <omp-tools.h> only, so it also
 * runs on LLVM's libomp.
 *
 * Ids: threads are numbered 1, 2, ... in the order of their thread_begin;
 * parallel regions and tasks get ompt_get_unique_id() values in their
 * ompt_data_t.
 *
 * Environment (for the loading tests):
 *   TOOL_START=null   ompt_start_tool returns NULL
 *   TOOL_DECLINE=a,b  so does it in the tools named a and b
 *   TOOL_SKIP=x,y     events not to register (names without ompt_callback_)
 *   TOOL_INIT=0       the initializer returns 0
 *   TOOL_QUIET=1      no event lines (initializer and finalizer lines stay)
 *   TOOL_FRAME_FLAGS=report  a frame flag that breaks the rule (see
 *                     frame_flags.h) is printed, not fatal
 * TOOL_NAME (a macro, default "tool") names the tool in its lines. */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <inttypes.h>
#include <pthread.h>
#include <stdarg.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "frame_flags.h"
#include "tool.h"

#ifndef TOOL_NAME
#define TOOL_NAME "tool"
#endif

struct tool_entry_points tool_entry;

static _Atomic unsigned long threads_begun;
static _Atomic unsigned long events_seen;
static int quiet;

/* ---- output ------------------------------------------------------------------ */

static unsigned long thread_tag(void)
{
    ompt_data_t *data = tool_entry.get_thread_data ? tool_entry.get_thread_data() : NULL;
    return data ? (unsigned long)data->value : 0;
}

static void vline(int is_event, const char *fmt, va_list ap)
{
    if (is_event) {
        atomic_fetch_add(&events_seen, 1);
        if (quiet)
            return;
    }
    char line[1024];
    int n = snprintf(line, sizeof line, "T%lu: ", thread_tag());
    n += vsnprintf(line + n, sizeof line - (size_t)n - 1, fmt, ap);
    if (n > (int)sizeof line - 2)
        n = (int)sizeof line - 2;
    line[n++] = '\n';
    if (write(1, line, (size_t)n) < 0)
        abort();
}

static void assert_task_frame_flags(const char *where);
static void event(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
static void event(const char *fmt, ...)
{
    assert_task_frame_flags(fmt);
    va_list ap;
    va_start(ap, fmt);
    vline(1, fmt, ap);
    va_end(ap);
}

void tool_log(const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vline(0, fmt, ap);
    va_end(ap);
}

static unsigned long id_of(const ompt_data_t *data)
{
    return data ? (unsigned long)data->value : 0;
}

/* ---- names --------------------------------------------------------------------- */

static const char *endpoint_name(ompt_scope_endpoint_t endpoint)
{
    switch ((int)endpoint) {
    case ompt_scope_begin: return "begin";
    case ompt_scope_end: return "end";
    case ompt_scope_beginend: return "beginend";
    }
    return "?";
}

static const char *thread_type_name(ompt_thread_t type)
{
    switch ((int)type) {
    case ompt_thread_initial: return "initial";
    case ompt_thread_worker: return "worker";
    case ompt_thread_other: return "other";
    case ompt_thread_unknown: return "unknown";
    }
    return "?";
}

static const char *sync_name(ompt_sync_region_t kind)
{
    switch ((int)kind) {
    case 1: return "barrier";
    case 2: return "barrier_implicit";
    case ompt_sync_region_barrier_explicit: return "barrier_explicit";
    case ompt_sync_region_barrier_implementation: return "barrier_implementation";
    case ompt_sync_region_taskwait: return "taskwait";
    case ompt_sync_region_taskgroup: return "taskgroup";
    case ompt_sync_region_reduction: return "reduction";
    case ompt_sync_region_barrier_implicit_workshare: return "barrier_implicit_workshare";
    case ompt_sync_region_barrier_implicit_parallel: return "barrier_implicit_parallel";
    case ompt_sync_region_barrier_teams: return "barrier_teams";
    }
    return "?";
}

/* The OpenMP 5.2 values are numbers here: LLVM 14's header lacks them. */
static const char *work_name(ompt_work_t type)
{
    switch ((int)type) {
    case ompt_work_loop: return "loop";
    case ompt_work_sections: return "sections";
    case ompt_work_single_executor: return "single_executor";
    case ompt_work_single_other: return "single_other";
    case ompt_work_workshare: return "workshare";
    case ompt_work_distribute: return "distribute";
    case ompt_work_taskloop: return "taskloop";
    case ompt_work_scope: return "scope";
    case 10: return "loop_static";
    case 11: return "loop_dynamic";
    case 12: return "loop_guided";
    case 13: return "loop_other";
    }
    return "?";
}

static const char *mutex_name(ompt_mutex_t kind)
{
    switch ((int)kind) {
    case ompt_mutex_lock: return "lock";
    case ompt_mutex_test_lock: return "test_lock";
    case ompt_mutex_nest_lock: return "nest_lock";
    case ompt_mutex_test_nest_lock: return "test_nest_lock";
    case ompt_mutex_critical: return "critical";
    case ompt_mutex_atomic: return "atomic";
    case ompt_mutex_ordered: return "ordered";
    }
    return "?";
}

static const char *status_name(ompt_task_status_t status)
{
    switch ((int)status) {
    case ompt_task_complete: return "complete";
    case ompt_task_yield: return "yield";
    case ompt_task_cancel: return "cancel";
    case ompt_task_detach: return "detach";
    case ompt_task_early_fulfill: return "early_fulfill";
    case ompt_task_late_fulfill: return "late_fulfill";
    case ompt_task_switch: return "switch";
    case ompt_taskwait_complete: return "taskwait_complete";
    }
    return "?";
}

static const char *dependence_name(ompt_dependence_type_t type)
{
    switch ((int)type) {
    case ompt_dependence_type_in: return "in";
    case ompt_dependence_type_out: return "out";
    case ompt_dependence_type_inout: return "inout";
    case ompt_dependence_type_mutexinoutset: return "mutexinoutset";
    case ompt_dependence_type_source: return "source";
    case ompt_dependence_type_sink: return "sink";
    case ompt_dependence_type_inoutset: return "inoutset";
    case 34: return "out_all_memory";
    case 35: return "inout_all_memory";
    }
    return "?";
}

static const char *set_result_name(ompt_set_result_t result)
{
    switch ((int)result) {
    case ompt_set_error: return "error";
    case ompt_set_never: return "never";
    case ompt_set_impossible: return "impossible";
    case ompt_set_sometimes: return "sometimes";
    case ompt_set_sometimes_paired: return "sometimes_paired";
    case ompt_set_always: return "always";
    }
    return "?";
}

/* Flag words as "a|b|c". */
struct flag_name {
    unsigned long bit;
    const char *name;
};

static const char *flags_text(char *buffer, size_t size, unsigned long flags, const struct flag_name *names)
{
    size_t used = 0;
    buffer[0] = '\0';
    for (; names->name; names++)
        if (flags & names->bit) {
            used += (size_t)snprintf(buffer + used, size - used, "%s%s", used ? "|" : "", names->name);
            flags &= ~names->bit;
            if (used >= size)
                break;
        }
    if (flags && used < size)
        snprintf(buffer + used, size - used, "%s0x%lx", used ? "|" : "", flags);
    else if (!used)
        snprintf(buffer, size, "0");
    return buffer;
}

static const struct flag_name task_flags[] = {
    {ompt_task_initial, "initial"},         {ompt_task_implicit, "implicit"},
    {ompt_task_explicit, "explicit"},       {ompt_task_target, "target"},
    {ompt_task_taskwait, "taskwait"},       {ompt_task_undeferred, "undeferred"},
    {ompt_task_untied, "untied"},           {ompt_task_final, "final"},
    {ompt_task_mergeable, "mergeable"},     {ompt_task_merged, "merged"},
    {0, NULL},
};

static const struct flag_name parallel_flags[] = {
    {ompt_parallel_invoker_program, "invoker_program"},
    {ompt_parallel_invoker_runtime, "invoker_runtime"},
    {ompt_parallel_league, "league"},
    {ompt_parallel_team, "team"},
    {0, NULL},
};

static const struct flag_name cancel_flags[] = {
    {ompt_cancel_parallel, "parallel"},   {ompt_cancel_sections, "sections"},
    {ompt_cancel_loop, "loop"},           {ompt_cancel_taskgroup, "taskgroup"},
    {ompt_cancel_activated, "activated"}, {ompt_cancel_detected, "detected"},
    {ompt_cancel_discarded_task, "discarded_task"},
    {0, NULL},
};

static const char *frame_flags_text(char *buffer, size_t size, int flags)
{
    const char *owner = (flags & ompt_frame_application) ? "application" : "runtime";
    const char *kind = NULL;
    switch (flags & ~ompt_frame_application) {
    case ompt_frame_cfa: kind = "cfa"; break;
    case ompt_frame_framepointer: kind = "framepointer"; break;
    case ompt_frame_stackaddress: kind = "stackaddress"; break;
    }
    if (kind)
        snprintf(buffer, size, "%s|%s", owner, kind);
    else
        snprintf(buffer, size, "0x%x", (unsigned)flags);
    return buffer;
}

/* The frame-flag rule (frame_flags.h), checked on every frame the tool is
 * given or asks for, at every event; the WRONG line names the thread (the
 * tag is made only then: this runs at every event). */
static void assert_frame_flags(const char *where, int level, const ompt_frame_t *frame)
{
    if (frame_flags_frame_ok(frame))
        return;
    char tag[32];
    snprintf(tag, sizeof tag, "T%lu", thread_tag());
    frame_flags_check(tag, where, level, frame);
}

/* Every task frame of the calling thread's current task and its ancestors.
 * Not at a thread's begin and end, where its task has not begun or has ended
 * (libomp's initial task has no initialized frame at thread_begin). */
static void assert_task_frame_flags(const char *where)
{
    if (!tool_entry.get_task_info || strncmp(where, "thread_", 7) == 0)
        return;
    for (int level = 0;; level++) {
        ompt_frame_t *frame = NULL;
        if (tool_entry.get_task_info(level, NULL, NULL, &frame, NULL, NULL) != 2)
            break;
        assert_frame_flags(where, level, frame);
    }
}

/* ---- codeptr bookkeeping ------------------------------------------------------ */

enum recorded { R_PARALLEL_BEGIN, R_PARALLEL_END, R_SYNC_BEGIN, R_SYNC_END, R_WORK_BEGIN, R_WORK_END,
                R_MUTEX_ACQUIRE, R_MUTEX_ACQUIRED, R_MUTEX_RELEASED, R_LOCK_INIT, R_LOCK_DESTROY,
                R_NEST_LOCK, R_CANCEL, R_CONTROL, R_ERROR, R_TASK_CREATE, R_REDUCTION_BEGIN, R_REDUCTION_END,
                R_COUNT };
static const char *recorded_names[R_COUNT] = {
    "parallel_begin", "parallel_end", "sync_region_begin", "sync_region_end", "work_begin", "work_end",
    "mutex_acquire", "mutex_acquired", "mutex_released", "lock_init", "lock_destroy", "nest_lock",
    "cancel", "control_tool", "error", "task_create", "reduction_begin", "reduction_end",
};
static __thread const void *last_codeptr[R_COUNT];
static __thread ompt_wait_id_t last_wait_id;

ompt_wait_id_t tool_last_wait_id(void)
{
    return last_wait_id;
}

const void *tool_last_codeptr(const char *name)
{
    for (int i = 0; i < R_COUNT; i++)
        if (strcmp(recorded_names[i], name) == 0)
            return last_codeptr[i];
    return NULL;
}

/* ---- callbacks ---------------------------------------------------------------- */

static void on_thread_begin(ompt_thread_t type, ompt_data_t *thread)
{
    thread->value = atomic_fetch_add(&threads_begun, 1) + 1;
    event("thread_begin: type=%s thread=%lu", thread_type_name(type), id_of(thread));
}

static void on_thread_end(ompt_data_t *thread)
{
    event("thread_end: thread=%lu", id_of(thread));
}

static void on_parallel_begin(ompt_data_t *task, const ompt_frame_t *frame, ompt_data_t *parallel,
                              unsigned int requested, int flags, const void *codeptr)
{
    char text[128], exit_flags[40], enter_flags[40];
    assert_frame_flags("parallel_begin's frame", 0, frame);
    parallel->value = tool_entry.get_unique_id();
    last_codeptr[R_PARALLEL_BEGIN] = codeptr;
    event("parallel_begin: encountering_task=%lu frame.exit=%p frame.enter=%p frame.enter_flags=%s "
          "parallel=%lu requested=%u flags=%s codeptr=%p",
          id_of(task), frame->exit_frame.ptr, frame->enter_frame.ptr,
          frame->enter_frame.ptr ? frame_flags_text(enter_flags, sizeof enter_flags, frame->enter_frame_flags)
                                 : "none",
          id_of(parallel), requested, flags_text(text, sizeof text, (unsigned)flags, parallel_flags), codeptr);
    (void)exit_flags;
}

static void on_parallel_end(ompt_data_t *parallel, ompt_data_t *task, int flags, const void *codeptr)
{
    char text[128];
    last_codeptr[R_PARALLEL_END] = codeptr;
    event("parallel_end: parallel=%lu encountering_task=%lu flags=%s codeptr=%p", id_of(parallel), id_of(task),
          flags_text(text, sizeof text, (unsigned)flags, parallel_flags), codeptr);
}

static void on_implicit_task(ompt_scope_endpoint_t endpoint, ompt_data_t *parallel, ompt_data_t *task,
                             unsigned int actual, unsigned int index, int flags)
{
    char text[128];
    if (endpoint == ompt_scope_begin) {
        task->value = tool_entry.get_unique_id();
        /* No parallel_begin names the initial task's implicit region. */
        if ((flags & ompt_task_initial) && parallel && !parallel->value)
            parallel->value = tool_entry.get_unique_id();
    }
    if (parallel)
        event("implicit_task_%s: parallel=%lu task=%lu actual_parallelism=%u index=%u flags=%s",
              endpoint_name(endpoint), id_of(parallel), id_of(task), actual, index,
              flags_text(text, sizeof text, (unsigned)flags, task_flags));
    else
        event("implicit_task_%s: parallel=none task=%lu actual_parallelism=%u index=%u flags=%s",
              endpoint_name(endpoint), id_of(task), actual, index,
              flags_text(text, sizeof text, (unsigned)flags, task_flags));
}

static void sync_event(const char *what, ompt_sync_region_t kind, ompt_scope_endpoint_t endpoint,
                       ompt_data_t *parallel, ompt_data_t *task, const void *codeptr, const char *extra)
{
    char parallel_text[32] = "none";
    if (parallel)
        snprintf(parallel_text, sizeof parallel_text, "%lu", id_of(parallel));
    event("%s_%s: kind=%s parallel=%s task=%lu codeptr=%p%s", what, endpoint_name(endpoint), sync_name(kind),
          parallel_text, id_of(task), codeptr, extra);
}

/* The current task's frames while the runtime reports a sync region: a task
 * that called into the runtime has its enter frame set. */
static void on_sync_region(ompt_sync_region_t kind, ompt_scope_endpoint_t endpoint, ompt_data_t *parallel,
                           ompt_data_t *task, const void *codeptr)
{
    ompt_frame_t *frame = NULL;
    char frames[64] = "";
    if (tool_entry.get_task_info(0, NULL, NULL, &frame, NULL, NULL) == 2)
        snprintf(frames, sizeof frames, " task_frame.exit=%s task_frame.enter=%s",
                 frame->exit_frame.ptr ? "set" : "none", frame->enter_frame.ptr ? "set" : "none");
    last_codeptr[endpoint == ompt_scope_begin ? R_SYNC_BEGIN : R_SYNC_END] = codeptr;
    sync_event("sync_region", kind, endpoint, parallel, task, codeptr, frames);
}

/* Inside a wait the thread's state is the matching wait state. */
static const char *state_name(int state)
{
    static __thread char unknown[16];
    for (int current = ompt_state_undefined, next; ; current = next) {
        const char *name;
        if (current == state && current == ompt_state_undefined)
            return "ompt_state_undefined";
        if (!tool_entry.enumerate_states || !tool_entry.enumerate_states(current, &next, &name))
            break;
        if (next == state)
            return name;
    }
    snprintf(unknown, sizeof unknown, "0x%x", state);
    return unknown;
}

/* Wait intervals open on this thread: a task must not start inside one
 * (the runtime ends the interval first, 5.1 4.5.2.13). */
static __thread int open_waits;

static void on_sync_region_wait(ompt_sync_region_t kind, ompt_scope_endpoint_t endpoint, ompt_data_t *parallel,
                                ompt_data_t *task, const void *codeptr)
{
    open_waits += endpoint == ompt_scope_begin ? 1 : -1;
    char state[64];
    snprintf(state, sizeof state, " state=%s", state_name(tool_entry.get_state(NULL)));
    sync_event("sync_region_wait", kind, endpoint, parallel, task, codeptr, state);
}

static void on_reduction(ompt_sync_region_t kind, ompt_scope_endpoint_t endpoint, ompt_data_t *parallel,
                         ompt_data_t *task, const void *codeptr)
{
    last_codeptr[endpoint == ompt_scope_begin ? R_REDUCTION_BEGIN : R_REDUCTION_END] = codeptr;
    sync_event("reduction", kind, endpoint, parallel, task, codeptr, "");
}

static void on_work(ompt_work_t type, ompt_scope_endpoint_t endpoint, ompt_data_t *parallel, ompt_data_t *task,
                    uint64_t count, const void *codeptr)
{
    last_codeptr[endpoint == ompt_scope_begin ? R_WORK_BEGIN : R_WORK_END] = codeptr;
    event("work_%s: type=%s parallel=%lu task=%lu count=%" PRIu64 " codeptr=%p", endpoint_name(endpoint),
          work_name(type), id_of(parallel), id_of(task), count, codeptr);
}

/* ompt_dispatch_chunk_t (OpenMP 5.2), spelled out for LLVM 14's header. */
struct dispatch_chunk {
    uint64_t start;
    uint64_t iterations;
};

static void on_dispatch(ompt_data_t *parallel, ompt_data_t *task, ompt_dispatch_t kind, ompt_data_t instance)
{
    switch ((int)kind) {
    case ompt_dispatch_iteration:
        event("dispatch: kind=iteration parallel=%lu task=%lu iteration=%" PRIu64, id_of(parallel), id_of(task),
              instance.value);
        break;
    case ompt_dispatch_section:
        event("dispatch: kind=section parallel=%lu task=%lu section=%p", id_of(parallel), id_of(task),
              instance.ptr);
        break;
    case 3: case 4: case 5: {
        const struct dispatch_chunk *chunk = instance.ptr;
        static const char *names[] = {"ws_loop_chunk", "taskloop_chunk", "distribute_chunk"};
        event("dispatch: kind=%s parallel=%lu task=%lu start=%" PRIu64 " iterations=%" PRIu64,
              names[(int)kind - 3], id_of(parallel), id_of(task), chunk->start, chunk->iterations);
        break;
    }
    default:
        event("dispatch: kind=%d", (int)kind);
    }
}

static void on_masked(ompt_scope_endpoint_t endpoint, ompt_data_t *parallel, ompt_data_t *task,
                      const void *codeptr)
{
    event("masked_%s: parallel=%lu task=%lu codeptr=%p", endpoint_name(endpoint), id_of(parallel), id_of(task),
          codeptr);
}

static void on_mutex_acquire(ompt_mutex_t kind, unsigned int hint, unsigned int impl, ompt_wait_id_t wait_id,
                             const void *codeptr)
{
    last_wait_id = wait_id;
    last_codeptr[R_MUTEX_ACQUIRE] = codeptr;
    event("mutex_acquire: kind=%s hint=%u impl=%u wait_id=0x%" PRIx64 " codeptr=%p", mutex_name(kind), hint,
          impl, wait_id, codeptr);
}

static void on_lock_init(ompt_mutex_t kind, unsigned int hint, unsigned int impl, ompt_wait_id_t wait_id,
                         const void *codeptr)
{
    last_wait_id = wait_id;
    last_codeptr[R_LOCK_INIT] = codeptr;
    event("lock_init: kind=%s hint=%u impl=%u wait_id=0x%" PRIx64 " codeptr=%p", mutex_name(kind), hint, impl,
          wait_id, codeptr);
}

static void on_mutex_acquired(ompt_mutex_t kind, ompt_wait_id_t wait_id, const void *codeptr)
{
    last_wait_id = wait_id;
    last_codeptr[R_MUTEX_ACQUIRED] = codeptr;
    event("mutex_acquired: kind=%s wait_id=0x%" PRIx64 " codeptr=%p", mutex_name(kind), wait_id, codeptr);
}

static void on_mutex_released(ompt_mutex_t kind, ompt_wait_id_t wait_id, const void *codeptr)
{
    last_wait_id = wait_id;
    last_codeptr[R_MUTEX_RELEASED] = codeptr;
    event("mutex_released: kind=%s wait_id=0x%" PRIx64 " codeptr=%p", mutex_name(kind), wait_id, codeptr);
}

static void on_lock_destroy(ompt_mutex_t kind, ompt_wait_id_t wait_id, const void *codeptr)
{
    last_wait_id = wait_id;
    last_codeptr[R_LOCK_DESTROY] = codeptr;
    event("lock_destroy: kind=%s wait_id=0x%" PRIx64 " codeptr=%p", mutex_name(kind), wait_id, codeptr);
}

static void on_nest_lock(ompt_scope_endpoint_t endpoint, ompt_wait_id_t wait_id, const void *codeptr)
{
    last_wait_id = wait_id;
    last_codeptr[R_NEST_LOCK] = codeptr;
    event("nest_lock_%s: wait_id=0x%" PRIx64 " codeptr=%p", endpoint_name(endpoint), wait_id, codeptr);
}

static void on_flush(ompt_data_t *thread, const void *codeptr)
{
    event("flush: thread=%lu codeptr=%p", id_of(thread), codeptr);
}

static void on_cancel(ompt_data_t *task, int flags, const void *codeptr)
{
    char text[128];
    last_codeptr[R_CANCEL] = codeptr;
    event("cancel: task=%lu flags=%s codeptr=%p", id_of(task),
          flags_text(text, sizeof text, (unsigned)flags, cancel_flags), codeptr);
}

/* Returns what the application gets back: the modifier for tool-specific
 * commands (64 and up), 0 (omp_control_tool_success) otherwise. */
static int on_control_tool(uint64_t command, uint64_t modifier, void *arg, const void *codeptr)
{
    last_codeptr[R_CONTROL] = codeptr;
    event("control_tool: command=%" PRIu64 " modifier=%" PRIu64 " arg=%s codeptr=%p", command, modifier,
          arg ? "set" : "none", codeptr);
    return command >= 64 ? (int)modifier : 0;
}

static void on_error(ompt_severity_t severity, const char *message, size_t length, const void *codeptr)
{
    last_codeptr[R_ERROR] = codeptr;
    event("error: severity=%s message=\"%.*s\" length=%zu codeptr=%p",
          severity == ompt_fatal ? "fatal" : severity == ompt_warning ? "warning" : "?", (int)length,
          message ? message : "", length, codeptr);
}

static void on_task_create(ompt_data_t *task, const ompt_frame_t *frame, ompt_data_t *new_task, int flags,
                           int has_dependences, const void *codeptr)
{
    char text[128];
    assert_frame_flags("task_create's frame", 0, frame);
    new_task->value = tool_entry.get_unique_id();
    last_codeptr[R_TASK_CREATE] = codeptr;
    event("task_create: encountering_task=%lu frame.enter=%s new_task=%lu flags=%s has_dependences=%d codeptr=%p",
          id_of(task), frame && frame->enter_frame.ptr ? "set" : "none", id_of(new_task),
          flags_text(text, sizeof text, (unsigned)flags, task_flags), has_dependences, codeptr);
}

static _Atomic unsigned long detach_events;

unsigned long tool_detach_events(void)
{
    return atomic_load(&detach_events);
}

static void on_task_schedule(ompt_data_t *prior, ompt_task_status_t status, ompt_data_t *next)
{
    if (open_waits && (status == ompt_task_switch || status == ompt_task_yield))
        event("WRONG: task_schedule inside an open wait interval");
    if (next)
        event("task_schedule: prior=%lu status=%s next=%lu", id_of(prior), status_name(status), id_of(next));
    else
        event("task_schedule: prior=%lu status=%s next=none", id_of(prior), status_name(status));
    if (status == ompt_task_detach)
        atomic_fetch_add(&detach_events, 1); /* after the event line: a waiter sees it logged */
}

static void on_dependences(ompt_data_t *task, const ompt_dependence_t *deps, int ndeps)
{
    char text[512];
    size_t used = 0;
    text[0] = '\0';
    for (int i = 0; i < ndeps && used < sizeof text; i++)
        used += (size_t)snprintf(text + used, sizeof text - used, "%s%s:%p", i ? "," : "",
                                 dependence_name(deps[i].dependence_type), deps[i].variable.ptr);
    event("dependences: task=%lu ndeps=%d deps=[%s]", id_of(task), ndeps, text);
}

static void on_task_dependence(ompt_data_t *src, ompt_data_t *sink)
{
    event("task_dependence: src=%lu sink=%lu", id_of(src), id_of(sink));
}

/* Device and target events cannot happen on a host-only runtime; they are
 * registered all the same, and print their kind if they ever occur. */
static void on_target(ompt_target_t kind, ompt_scope_endpoint_t endpoint, int device, ompt_data_t *task,
                      ompt_id_t target_id, const void *codeptr)
{
    event("target_%s: kind=%d device=%d task=%lu target_id=%" PRIu64 " codeptr=%p", endpoint_name(endpoint),
          (int)kind, device, id_of(task), target_id, codeptr);
}

static void on_target_data_op(ompt_id_t target_id, ompt_id_t host_op_id, ompt_target_data_op_t optype,
                              void *src, int src_device, void *dest, int dest_device, size_t bytes,
                              const void *codeptr)
{
    (void)target_id, (void)host_op_id, (void)src, (void)src_device, (void)dest, (void)dest_device;
    event("target_data_op: optype=%d bytes=%zu codeptr=%p", (int)optype, bytes, codeptr);
}

static void on_target_submit(ompt_id_t target_id, ompt_id_t host_op_id, unsigned int teams)
{
    (void)host_op_id;
    event("target_submit: target_id=%" PRIu64 " teams=%u", target_id, teams);
}

static void on_target_map(ompt_id_t target_id, unsigned int nitems, void **host, void **device, size_t *bytes,
                          unsigned int *flags, const void *codeptr)
{
    (void)host, (void)device, (void)bytes, (void)flags;
    event("target_map: target_id=%" PRIu64 " nitems=%u codeptr=%p", target_id, nitems, codeptr);
}

static void on_device_initialize(int device, const char *type, ompt_device_t *handle,
                                 ompt_function_lookup_t lookup, const char *documentation)
{
    (void)handle, (void)lookup, (void)documentation;
    event("device_initialize: device=%d type=%s", device, type ? type : "");
}

static void on_device_finalize(int device)
{
    event("device_finalize: device=%d", device);
}

static void on_device_load(int device, const char *file, int64_t offset, void *vma, size_t bytes, void *host,
                           void *dev, uint64_t module)
{
    (void)file, (void)offset, (void)vma, (void)host, (void)dev;
    event("device_load: device=%d bytes=%zu module=%" PRIu64, device, bytes, module);
}

static void on_device_unload(int device, uint64_t module)
{
    event("device_unload: device=%d module=%" PRIu64, device, module);
}

/* ---- start-up and finalization -------------------------------------------------- */

static const char *entry_point_names[] = {
    "ompt_enumerate_states", "ompt_enumerate_mutex_impls", "ompt_set_callback", "ompt_get_callback",
    "ompt_get_thread_data", "ompt_get_num_places", "ompt_get_place_proc_ids", "ompt_get_place_num",
    "ompt_get_partition_place_nums", "ompt_get_proc_id", "ompt_get_state", "ompt_get_parallel_info",
    "ompt_get_task_info", "ompt_get_task_memory", "ompt_get_num_devices", "ompt_get_num_procs",
    "ompt_get_target_info", "ompt_get_unique_id", "ompt_finalize_tool",
};

/* Whether the comma-separated list in environment variable `variable` holds
 * `name`. */
static int skipped_name(const char *variable, const char *name)
{
    const char *list = getenv(variable);
    size_t len = strlen(name);
    for (const char *at = list; at && (at = strstr(at, name)) != NULL; at += len)
        if ((at == list || at[-1] == ',') && (at[len] == ',' || at[len] == '\0'))
            return 1;
    return 0;
}

/* TOOL_SKIP: a comma-separated list of events (without ompt_callback_) not
 * to register. */
static int skipped(const char *event)
{
    return skipped_name("TOOL_SKIP", event);
}

#define REGISTER(event, function)                                                                   \
    do {                                                                                            \
        if (skipped(&(#event)[sizeof "ompt_callback_" - 1]))                                      \
            break;                                                                                  \
        ompt_set_result_t result = tool_entry.set_callback(event, (ompt_callback_t)function);       \
        if (!quiet)                                                                                 \
            tool_log("%s: set_callback %s: %s", TOOL_NAME, #event, set_result_name(result));        \
    } while (0)

static int initialize(ompt_function_lookup_t lookup, int initial_device, ompt_data_t *tool_data)
{
    quiet = getenv("TOOL_QUIET") && strcmp(getenv("TOOL_QUIET"), "1") == 0;
    frame_flags_init(lookup);
    tool_log("%s: initialize: initial_device=%d tool_data=%" PRIu64, TOOL_NAME, initial_device, tool_data->value);
    for (size_t i = 0; i < sizeof entry_point_names / sizeof *entry_point_names; i++)
        if (!lookup(entry_point_names[i]))
            tool_log("%s: lookup %s: NULL", TOOL_NAME, entry_point_names[i]);
    tool_log("%s: lookup of %zu entry points done; ompt_no_such_entry_point: %s", TOOL_NAME,
             sizeof entry_point_names / sizeof *entry_point_names,
             lookup("ompt_no_such_entry_point") ? "found" : "NULL");

#define LOOKUP(field, name) tool_entry.field = (void *)lookup(name)
    LOOKUP(set_callback, "ompt_set_callback");
    LOOKUP(get_callback, "ompt_get_callback");
    LOOKUP(get_state, "ompt_get_state");
    LOOKUP(get_thread_data, "ompt_get_thread_data");
    LOOKUP(get_parallel_info, "ompt_get_parallel_info");
    LOOKUP(get_task_info, "ompt_get_task_info");
    LOOKUP(get_task_memory, "ompt_get_task_memory");
    LOOKUP(get_unique_id, "ompt_get_unique_id");
    LOOKUP(get_num_procs, "ompt_get_num_procs");
    LOOKUP(get_num_places, "ompt_get_num_places");
    LOOKUP(get_place_proc_ids, "ompt_get_place_proc_ids");
    LOOKUP(get_place_num, "ompt_get_place_num");
    LOOKUP(get_partition_place_nums, "ompt_get_partition_place_nums");
    LOOKUP(get_proc_id, "ompt_get_proc_id");
    LOOKUP(get_num_devices, "ompt_get_num_devices");
    LOOKUP(get_target_info, "ompt_get_target_info");
    LOOKUP(enumerate_states, "ompt_enumerate_states");
    LOOKUP(enumerate_mutex_impls, "ompt_enumerate_mutex_impls");
    LOOKUP(finalize_tool, "ompt_finalize_tool");
#undef LOOKUP

    REGISTER(ompt_callback_thread_begin, on_thread_begin);
    REGISTER(ompt_callback_thread_end, on_thread_end);
    REGISTER(ompt_callback_parallel_begin, on_parallel_begin);
    REGISTER(ompt_callback_parallel_end, on_parallel_end);
    REGISTER(ompt_callback_task_create, on_task_create);
    REGISTER(ompt_callback_task_schedule, on_task_schedule);
    REGISTER(ompt_callback_implicit_task, on_implicit_task);
    REGISTER(ompt_callback_target, on_target);
    REGISTER(ompt_callback_target_data_op, on_target_data_op);
    REGISTER(ompt_callback_target_submit, on_target_submit);
    REGISTER(ompt_callback_control_tool, on_control_tool);
    REGISTER(ompt_callback_device_initialize, on_device_initialize);
    REGISTER(ompt_callback_device_finalize, on_device_finalize);
    REGISTER(ompt_callback_device_load, on_device_load);
    REGISTER(ompt_callback_device_unload, on_device_unload);
    REGISTER(ompt_callback_sync_region_wait, on_sync_region_wait);
    REGISTER(ompt_callback_mutex_released, on_mutex_released);
    REGISTER(ompt_callback_dependences, on_dependences);
    REGISTER(ompt_callback_task_dependence, on_task_dependence);
    REGISTER(ompt_callback_work, on_work);
    REGISTER(ompt_callback_masked, on_masked);
    REGISTER(ompt_callback_target_map, on_target_map);
    REGISTER(ompt_callback_sync_region, on_sync_region);
    REGISTER(ompt_callback_lock_init, on_lock_init);
    REGISTER(ompt_callback_lock_destroy, on_lock_destroy);
    REGISTER(ompt_callback_mutex_acquire, on_mutex_acquire);
    REGISTER(ompt_callback_mutex_acquired, on_mutex_acquired);
    REGISTER(ompt_callback_nest_lock, on_nest_lock);
    REGISTER(ompt_callback_flush, on_flush);
    REGISTER(ompt_callback_cancel, on_cancel);
    REGISTER(ompt_callback_reduction, on_reduction);
    REGISTER(ompt_callback_dispatch, on_dispatch);
    REGISTER(ompt_callback_error, on_error);

    const char *result = getenv("TOOL_INIT");
    int ok = !(result && strcmp(result, "0") == 0);
    tool_log("%s: initialize returns %d", TOOL_NAME, ok);
    return ok;
}

static void finalize(ompt_data_t *tool_data)
{
    tool_log("%s: finalize: tool_data=%" PRIu64 " threads=%lu events=%lu", TOOL_NAME, tool_data->value,
             atomic_load(&threads_begun), atomic_load(&events_seen));
}

ompt_start_tool_result_t *ompt_start_tool(unsigned int omp_version, const char *runtime_version)
{
    static ompt_start_tool_result_t result = {initialize, finalize, {.value = 42}};
    const char *start = getenv("TOOL_START");
    int decline = (start && strcmp(start, "null") == 0) || skipped_name("TOOL_DECLINE", TOOL_NAME);
    char line[512];
    int n = snprintf(line, sizeof line, "%s: ompt_start_tool: omp_version=%u runtime=%s returns %s\n", TOOL_NAME,
                     omp_version, runtime_version ? runtime_version : "(null)", decline ? "NULL" : "tool");
    if (write(1, line, (size_t)n) < 0)
        abort();
    return decline ? NULL : &result;
}

/* ---- helpers for test programs -------------------------------------------------- */

unsigned long tool_task_id(int level)
{
    ompt_data_t *data = NULL;
    if (!tool_entry.get_task_info || tool_entry.get_task_info(level, NULL, &data, NULL, NULL, NULL) != 2)
        return 0;
    return id_of(data);
}

unsigned long tool_parallel_id(int level)
{
    ompt_data_t *data = NULL;
    if (!tool_entry.get_parallel_info || tool_entry.get_parallel_info(level, &data, NULL) != 2)
        return 0;
    return id_of(data);
}

void tool_print_tasks(const char *tag)
{
    for (int level = 0;; level++) {
        int flags = 0, thread_num = -1, team_size = -1;
        ompt_data_t *task = NULL, *parallel = NULL, *team_parallel = NULL;
        ompt_frame_t *frame = NULL;
        if (tool_entry.get_task_info(level, &flags, &task, &frame, &parallel, &thread_num) != 2) {
            tool_log("%s: task level %d: none", tag, level);
            break;
        }
        char text[128];
        tool_log("%s: task level %d: task=%lu flags=%s parallel=%lu thread_num=%d exit=%s enter=%s", tag, level,
                 id_of(task), flags_text(text, sizeof text, (unsigned)flags, task_flags), id_of(parallel),
                 thread_num, frame->exit_frame.ptr ? "set" : "none", frame->enter_frame.ptr ? "set" : "none");
        if (tool_entry.get_parallel_info(level, &team_parallel, &team_size) == 2)
            tool_log("%s: parallel level %d: parallel=%lu team_size=%d", tag, level, id_of(team_parallel),
                     team_size);
        else
            tool_log("%s: parallel level %d: none", tag, level);
    }
}

/* The calling thread's stack: ancestors of a task may run on other threads
 * (the encountering task of a worker's implicit task), whose frames cannot be
 * ordered against ours. */
static int on_own_stack(const void *address)
{
    pthread_attr_t attr;
    void *base;
    size_t size;
    if (pthread_getattr_np(pthread_self(), &attr) != 0)
        return 0;
    int got = pthread_attr_getstack(&attr, &base, &size) == 0;
    pthread_attr_destroy(&attr);
    return got && (const char *)address >= (const char *)base && (const char *)address < (const char *)base + size;
}

/* Whether the calling thread runs a teams region of a league of more than one
 * team: the runtime calls each team's region, so the initial task running it
 * has an exit frame too. The tool is not linked with the OpenMP library. */
static int in_league(void)
{
    int (*num_teams)(void) = (int (*)(void))dlsym(RTLD_DEFAULT, "omp_get_num_teams");
    return num_teams && num_teams() > 1;
}

static void check_frames(const char *tag, const void *own_frame, const void *caller_frame, int exit_is_caller);

void tool_check_frames(const char *tag, const void *own_frame, const void *caller_frame)
{
    check_frames(tag, own_frame, caller_frame, caller_frame != NULL);
}

void tool_check_task_frames(const char *tag, const void *own_frame, const void *caller_frame)
{
    check_frames(tag, own_frame, caller_frame, 1);
}

static void check_frames(const char *tag, const void *own_frame, const void *caller_frame, int exit_is_caller)
{
    int ok = 1;
    const char *below = own_frame; /* the last bound, going outwards (upwards) */
    for (int level = 0;; level++) {
        int flags = 0;
        ompt_frame_t *frame = NULL;
        if (tool_entry.get_task_info(level, &flags, NULL, &frame, NULL, NULL) != 2)
            break;
        const char *exit = __atomic_load_n(&frame->exit_frame.ptr, __ATOMIC_RELAXED);
        const char *enter = __atomic_load_n(&frame->enter_frame.ptr, __ATOMIC_RELAXED);
        int own = (!exit || on_own_stack(exit)) && (!enter || on_own_stack(enter));
        char exit_flags[40], enter_flags[40];
        tool_log("%s: frame level %d: exit=%s enter=%s%s", tag, level,
                 exit ? frame_flags_text(exit_flags, sizeof exit_flags,
                                         __atomic_load_n(&frame->exit_frame_flags, __ATOMIC_RELAXED))
                      : "none",
                 enter ? frame_flags_text(enter_flags, sizeof enter_flags,
                                          __atomic_load_n(&frame->enter_frame_flags, __ATOMIC_RELAXED))
                       : "none",
                 own ? "" : " (another thread's stack)");
        if (level == 0 && enter) {
            tool_log("%s: level 0 runs user code but has an enter frame", tag);
            ok = 0;
        }
        /* An ancestor on another thread's stack (the creator of a task
         * this thread took) may be running its own code. */
        if (level > 0 && !enter && own) {
            tool_log("%s: level %d is suspended in the runtime but has no enter frame", tag, level);
            ok = 0;
        }
        if ((flags & ompt_task_initial) ? exit != NULL && !in_league() : exit == NULL) {
            tool_log("%s: level %d: an exit frame belongs to every task but the initial one", tag, level);
            ok = 0;
        }
        if (level == 0 && exit && exit_is_caller && exit != caller_frame) {
            tool_log("%s: level 0 exit frame %p is not the runtime caller's frame %p", tag, (void *)exit,
                     caller_frame);
            ok = 0;
        }
        if (!own) {
            below = NULL;
            continue;
        }
        /* Going outwards the addresses grow: exit(n) above enter(n), enter(n)
         * above exit(n-1). */
        if (enter) {
            if (below && enter < below) {
                tool_log("%s: level %d enter frame %p is not above %p", tag, level, (void *)enter, (void *)below);
                ok = 0;
            }
            below = enter;
        }
        if (exit) {
            if (below && exit < below) {
                tool_log("%s: level %d exit frame %p is not above %p", tag, level, (void *)exit, (void *)below);
                ok = 0;
            }
            below = exit;
        }
    }
    tool_log("%s: frame table %s", tag, ok ? "ok" : "WRONG");
}

/* x86-64: `call rel32` (e8) or `call *disp32(%rip)` (ff 15) just before the
 * return address; a PLT entry is `endbr64`? then `jmp *disp32(%rip)`
 * (ff 25, maybe after a bnd prefix f2). */
static const void *call_target(const unsigned char *ret)
{
    if (ret[-5] == 0xe8) {
        int32_t rel;
        memcpy(&rel, ret - 4, 4);
        const unsigned char *target = ret + rel;
        if (memcmp(target, "\xf3\x0f\x1e\xfa", 4) == 0)
            target += 4;
        if (target[0] == 0xf2)
            target++;
        if (target[0] == 0xff && target[1] == 0x25) {
            memcpy(&rel, target + 2, 4);
            return *(const void *const *)(target + 6 + rel);
        }
        return target;
    }
    if (ret[-6] == 0xff && ret[-5] == 0x15) {
        int32_t rel;
        memcpy(&rel, ret - 4, 4);
        return *(const void *const *)(ret + rel);
    }
    return NULL;
}

int tool_codeptr_calls(const void *codeptr, const char *symbol)
{
    if (!codeptr)
        return 0;
    const void *expected = dlsym(RTLD_DEFAULT, symbol);
    return expected && call_target(codeptr) == expected;
}
