/* What the core needs from OMPT: the per-thread state values, tool-data and frame
 * storage, the values the core reports in events, and the flags every event
 * point tests.
 *
 * These are internal mirrors of the types of <omp-tools.h> (the core does not
 * include the public header); src/ompt/public_type_checks.c asserts that layouts and values
 * agree. Event points themselves are in events.h. */
#ifndef GLASS_OMPT_HOOKS_H
#define GLASS_OMPT_HOOKS_H

#include <stdatomic.h>
#include <stdbool.h>
#include <stdint.h>

#include "../core/export.h"
#include "state_list.h"

/* What an explicit task's task_schedule events save while it runs: the wait
 * interval of the thread that it suspended (events.h). */
struct glass_ompt_wait;
struct glass_ompt_switch {
    struct glass_ompt_wait *suspended_wait;
};

/* Values of ompt_state_t (OpenMP 5.1, 4.4.4.27), from the one state list. */
enum glass_state {
#define GLASS_STATE_VALUE(name, NAME, value) GLASS_STATE_##NAME = value,
#define GLASS_STATE_NOT_REPORTED(name, NAME, value)
    GLASS_OMPT_STATE_LIST(GLASS_STATE_VALUE, GLASS_STATE_NOT_REPORTED)
#undef GLASS_STATE_VALUE
#undef GLASS_STATE_NOT_REPORTED
};

/* Layout of ompt_data_t. */
typedef union glass_tool_data {
    uint64_t value;
    void *ptr;
} glass_tool_data;

/* Layout of ompt_frame_t: exit_frame is set when the runtime calls user code for
 * a task, enter_frame when that user code calls back into the runtime. */
struct glass_frame {
    glass_tool_data exit_frame;
    glass_tool_data enter_frame;
    int exit_frame_flags;
    int enter_frame_flags;
};

/* Values of ompt_frame_flag_t (4.4.4.29). */
enum glass_frame_flag {
    GLASS_FRAME_RUNTIME = 0x00,
    GLASS_FRAME_APPLICATION = 0x01,
    GLASS_FRAME_CFA = 0x10,
    GLASS_FRAME_FRAMEPOINTER = 0x20,
};

/* The only two flag values Glass reports, in every frame, set or NULL: what
 * LLVM's OMPT test tool asserts and tools modelled on it expect (a NULL frame
 * carries the runtime's value, as in libomp). Both addresses are canonical
 * frame addresses (events.h says which). */
#define GLASS_FRAME_FLAGS_RUNTIME (GLASS_FRAME_RUNTIME | GLASS_FRAME_CFA)
#define GLASS_FRAME_FLAGS_APPLICATION (GLASS_FRAME_APPLICATION | GLASS_FRAME_CFA)
/* A task's frame while neither address is set. */
#define GLASS_FRAME_UNSET \
    ((struct glass_frame){{0}, {0}, GLASS_FRAME_FLAGS_RUNTIME, GLASS_FRAME_FLAGS_RUNTIME})

/* Values of ompt_callbacks_t (4.4.2): one per event. */
enum glass_ompt_event {
    GLASS_OMPT_EV_thread_begin = 1,
    GLASS_OMPT_EV_thread_end = 2,
    GLASS_OMPT_EV_parallel_begin = 3,
    GLASS_OMPT_EV_parallel_end = 4,
    GLASS_OMPT_EV_task_create = 5,
    GLASS_OMPT_EV_task_schedule = 6,
    GLASS_OMPT_EV_implicit_task = 7,
    GLASS_OMPT_EV_target = 8,
    GLASS_OMPT_EV_target_data_op = 9,
    GLASS_OMPT_EV_target_submit = 10,
    GLASS_OMPT_EV_control_tool = 11,
    GLASS_OMPT_EV_device_initialize = 12,
    GLASS_OMPT_EV_device_finalize = 13,
    GLASS_OMPT_EV_device_load = 14,
    GLASS_OMPT_EV_device_unload = 15,
    GLASS_OMPT_EV_sync_region_wait = 16,
    GLASS_OMPT_EV_mutex_released = 17,
    GLASS_OMPT_EV_dependences = 18,
    GLASS_OMPT_EV_task_dependence = 19,
    GLASS_OMPT_EV_work = 20,
    GLASS_OMPT_EV_masked = 21,
    GLASS_OMPT_EV_target_map = 22,
    GLASS_OMPT_EV_sync_region = 23,
    GLASS_OMPT_EV_lock_init = 24,
    GLASS_OMPT_EV_lock_destroy = 25,
    GLASS_OMPT_EV_mutex_acquire = 26,
    GLASS_OMPT_EV_mutex_acquired = 27,
    GLASS_OMPT_EV_nest_lock = 28,
    GLASS_OMPT_EV_flush = 29,
    GLASS_OMPT_EV_cancel = 30,
    GLASS_OMPT_EV_reduction = 31,
    GLASS_OMPT_EV_dispatch = 32,
    GLASS_OMPT_EV_target_emi = 33,
    GLASS_OMPT_EV_target_data_op_emi = 34,
    GLASS_OMPT_EV_target_submit_emi = 35,
    GLASS_OMPT_EV_target_map_emi = 36,
    GLASS_OMPT_EV_error = 37,
    GLASS_OMPT_EVENT_LIMIT = 38,
};

/* Values of ompt_scope_endpoint_t (4.4.4.11). */
enum glass_scope_endpoint {
    GLASS_SCOPE_BEGIN = 1,
    GLASS_SCOPE_END = 2,
    GLASS_SCOPE_BEGINEND = 3,
};

/* Values of ompt_thread_t (4.4.4.10). */
enum glass_thread_type {
    GLASS_THREAD_INITIAL = 1,
    GLASS_THREAD_WORKER = 2,
    GLASS_THREAD_OTHER = 3,
};

/* Values of ompt_parallel_flag_t (4.4.4.21). */
enum glass_parallel_flag {
    GLASS_PARALLEL_INVOKER_PROGRAM = 0x1,
    GLASS_PARALLEL_INVOKER_RUNTIME = 0x2,
    GLASS_PARALLEL_LEAGUE = 0x40000000,
    GLASS_PARALLEL_TEAM = (int)0x80000000u,
};

/* Values of ompt_sync_region_t (4.4.4.13), without the deprecated ones. */
enum glass_sync_region {
    GLASS_SYNC_BARRIER_EXPLICIT = 3,
    GLASS_SYNC_BARRIER_IMPLEMENTATION = 4,
    GLASS_SYNC_TASKWAIT = 5,
    GLASS_SYNC_TASKGROUP = 6,
    GLASS_SYNC_REDUCTION = 7,
    GLASS_SYNC_BARRIER_IMPLICIT_WORKSHARE = 8,
    GLASS_SYNC_BARRIER_IMPLICIT_PARALLEL = 9,
    GLASS_SYNC_BARRIER_TEAMS = 10,
};

/* Values of ompt_work_t (4.4.4.15; the loop kinds by schedule are OpenMP 5.2). */
enum glass_work {
    GLASS_WORK_LOOP = 1,
    GLASS_WORK_SECTIONS = 2,
    GLASS_WORK_SINGLE_EXECUTOR = 3,
    GLASS_WORK_SINGLE_OTHER = 4,
    GLASS_WORK_WORKSHARE = 5,
    GLASS_WORK_DISTRIBUTE = 6,
    GLASS_WORK_TASKLOOP = 7,
    GLASS_WORK_SCOPE = 8,
    GLASS_WORK_LOOP_STATIC = 10,
    GLASS_WORK_LOOP_DYNAMIC = 11,
    GLASS_WORK_LOOP_GUIDED = 12,
    GLASS_WORK_LOOP_OTHER = 13,
};

/* Values of ompt_dispatch_t (4.4.4.12; the chunk kinds are OpenMP 5.2). */
enum glass_dispatch {
    GLASS_DISPATCH_ITERATION = 1,
    GLASS_DISPATCH_SECTION = 2,
    GLASS_DISPATCH_WS_LOOP_CHUNK = 3,
    GLASS_DISPATCH_TASKLOOP_CHUNK = 4,
    GLASS_DISPATCH_DISTRIBUTE_CHUNK = 5,
};

/* Layout of ompt_dispatch_chunk_t (OpenMP 5.2). */
struct glass_dispatch_chunk {
    uint64_t start;
    uint64_t iterations;
};

/* Values of ompt_mutex_t (4.4.4.16). */
enum glass_mutex {
    GLASS_MUTEX_LOCK = 1,
    GLASS_MUTEX_TEST_LOCK = 2,
    GLASS_MUTEX_NEST_LOCK = 3,
    GLASS_MUTEX_TEST_NEST_LOCK = 4,
    GLASS_MUTEX_CRITICAL = 5,
    GLASS_MUTEX_ATOMIC = 6,
    GLASS_MUTEX_ORDERED = 7,
};

/* The mutual exclusion mechanisms Glass reports as `impl` (enumerated by
 * ompt_enumerate_mutex_impls; 0 is ompt_mutex_impl_none). */
enum glass_mutex_impl {
    GLASS_MUTEX_IMPL_FUTEX = 1,   /* lock.h: locks, nest locks, critical, software atomics */
    GLASS_MUTEX_IMPL_ORDERED = 2, /* ordered.c: the turn passed chunk by chunk */
};

/* omp_sync_hint_none: what mutex events report when no hint was given. */
#define GLASS_SYNC_HINT_NONE 0u

/* Values of ompt_cancel_flag_t (4.4.4.25). */
enum glass_cancel_flag {
    GLASS_CANCEL_FLAG_PARALLEL = 0x01,
    GLASS_CANCEL_FLAG_SECTIONS = 0x02,
    GLASS_CANCEL_FLAG_LOOP = 0x04,
    GLASS_CANCEL_FLAG_TASKGROUP = 0x08,
    GLASS_CANCEL_FLAG_ACTIVATED = 0x10,
    GLASS_CANCEL_FLAG_DETECTED = 0x20,
    GLASS_CANCEL_FLAG_DISCARDED_TASK = 0x40,
};

/* Values of ompt_task_status_t (4.4.4.19). */
enum glass_task_status {
    GLASS_TASK_STATUS_COMPLETE = 1,
    GLASS_TASK_STATUS_YIELD = 2,
    GLASS_TASK_STATUS_CANCEL = 3,
    GLASS_TASK_STATUS_DETACH = 4,
    GLASS_TASK_STATUS_EARLY_FULFILL = 5,
    GLASS_TASK_STATUS_LATE_FULFILL = 6,
    GLASS_TASK_STATUS_SWITCH = 7,
    GLASS_TASK_STATUS_TASKWAIT_COMPLETE = 8,
};

/* Values of ompt_dependence_type_t (4.4.4.23). */
enum glass_dependence_type {
    GLASS_DEPENDENCE_IN = 1,
    GLASS_DEPENDENCE_OUT = 2,
    GLASS_DEPENDENCE_INOUT = 3,
    GLASS_DEPENDENCE_MUTEXINOUTSET = 4,
    GLASS_DEPENDENCE_SOURCE = 5,
    GLASS_DEPENDENCE_SINK = 6,
    GLASS_DEPENDENCE_INOUTSET = 7,
    GLASS_DEPENDENCE_OUT_ALL_MEMORY = 34, /* OpenMP 5.2 */
    GLASS_DEPENDENCE_INOUT_ALL_MEMORY = 35,
};

/* Layout of ompt_dependence_t. */
struct glass_dependence {
    glass_tool_data variable;
    int dependence_type; /* enum glass_dependence_type */
};

/* Values of ompt_severity_t (4.4.4.24). */
enum glass_severity {
    GLASS_SEVERITY_WARNING = 1,
    GLASS_SEVERITY_FATAL = 2,
};

/* How many tools can be active at once (GLASS_OMPT_ALL_TOOLS, tool_init.c).
 * Each thread, parallel region and task keeps one ompt_data_t per tool: the
 * first tool's in its `tool_data` field (the one event points pass and OMPD
 * reads), the others' in `later_tools_data`, at the end of the structure so
 * the core's layout is unchanged (tool_slots.h maps one to the other). */
#define GLASS_OMPT_MAX_TOOLS 4

/* True while a tool is active (its initializer returned non-zero and it has
 * not been finalized). Event points that keep OMPT bookkeeping (frames, tool
 * data) test it. */
extern GLASS_INTERNAL _Atomic bool glass_ompt_active;

/* Per event: non-zero while an active tool has a callback registered. Pure
 * callback event points test only their own flag. The dispatcher reads the
 * value: 1 when one tool is active (a direct call, as with one tool only), 2
 * when several are (a call to each tool in turn; callbacks.c). */
extern GLASS_INTERNAL _Atomic unsigned char glass_ompt_enabled[GLASS_OMPT_EVENT_LIMIT];

/* What entry points into the runtime test (events.h, GLASS_OMPT_ENTRY): true
 * while a tool is active, and also before tool discovery, which happens at
 * the program's first use of OpenMP, inside the first entry point. */
extern GLASS_INTERNAL _Atomic bool glass_ompt_entry_watch;

/* OMPD (src/ompd-support/): true when OMP_DEBUG=enabled asked the runtime to
 * keep what a debugger reads. */
extern GLASS_INTERNAL bool glass_ompd_enabled;

/* OMPD breakpoint functions (5.6, src/ompd-support/), called only when OMPD
 * is on: one branch otherwise. */
void ompd_bp_parallel_begin(void);
void ompd_bp_parallel_end(void);
void ompd_bp_task_begin(void);
void ompd_bp_task_end(void);
void ompd_bp_thread_begin(void);
void ompd_bp_thread_end(void);
#define GLASS_OMPD_BP(event)                         \
    do {                                             \
        if (__builtin_expect(glass_ompd_enabled, 0)) \
            ompd_bp_##event();                       \
    } while (0)

/* OMPD thread registry (src/ompd-support/): every thread descriptor, from the
 * thread itself at its start and at its end; a worker also from its creator,
 * before its OS thread runs. */
struct glass_thread;
void glass_ompd_thread_registers(struct glass_thread *thread);
void glass_ompd_thread_begins(struct glass_thread *self);
void glass_ompd_thread_ends(struct glass_thread *self);
/* Sets up OMPD once the environment is read (glass_initialize). */
void glass_ompd_initialize(void);

/* True while task frames must be kept: an OMPT tool is active or OMPD is on.
 * One flag, so the no-tool path stays one load and one branch. */
extern GLASS_INTERNAL _Atomic bool glass_frames_wanted;

#if defined(GLASS_OMPT_DISABLED) && GLASS_OMPT_DISABLED
/* Built with -DGLASS_OMPT=OFF: every event point and every piece of OMPT
 * bookkeeping folds to a constant false, so the cost of "no tool attached"
 * can be measured against a runtime that has no OMPT at all. A tool may still
 * be found and initialized, but it never sees an event. */
#define GLASS_OMPT_ACTIVE() 0
#define GLASS_OMPT_ENTRY_WATCH() 0
#define GLASS_OMPT_ON(event) 0
#define GLASS_OMPT_CACHED(flag) 0
#define GLASS_FRAMES_WANTED() 0
#else
/* An event flag a construct copied from GLASS_OMPT_ON when it started, tested
 * on its hot path (a field on a line that path reads anyway). */
#define GLASS_OMPT_CACHED(flag) __builtin_expect((flag), 0)
#define GLASS_FRAMES_WANTED() \
    __builtin_expect(atomic_load_explicit(&glass_frames_wanted, memory_order_relaxed), 0)
#define GLASS_OMPT_ACTIVE() \
    __builtin_expect(atomic_load_explicit(&glass_ompt_active, memory_order_relaxed), 0)
#define GLASS_OMPT_ENTRY_WATCH() \
    __builtin_expect(atomic_load_explicit(&glass_ompt_entry_watch, memory_order_relaxed), 0)
#define GLASS_OMPT_ON(event) \
    __builtin_expect(atomic_load_explicit(&glass_ompt_enabled[GLASS_OMPT_EV_##event], memory_order_relaxed), 0)
#endif

/* An event point: `event` is the ompt_callbacks_t name without its prefix; the
 * arguments are evaluated only when the tool registered the event. The
 * dispatcher glass_ompt_emit_<event> is in src/ompt/dispatch*.c. */
#define GLASS_OMPT_EMIT(event, ...)                   \
    do {                                              \
        if (GLASS_OMPT_ON(event))                     \
            glass_ompt_emit_##event(__VA_ARGS__);     \
    } while (0)

/* Dispatchers (callbacks.c): each calls the registered callback with the
 * public types. */
void glass_ompt_emit_thread_begin(int thread_type, glass_tool_data *thread_data);
void glass_ompt_emit_thread_end(glass_tool_data *thread_data);
void glass_ompt_emit_parallel_begin(glass_tool_data *encountering_task, const struct glass_frame *frame,
                                    glass_tool_data *parallel, unsigned requested, int flags,
                                    const void *codeptr);
void glass_ompt_emit_parallel_end(glass_tool_data *parallel, glass_tool_data *encountering_task, int flags,
                                  const void *codeptr);
void glass_ompt_emit_implicit_task(int endpoint, glass_tool_data *parallel, glass_tool_data *task,
                                   unsigned actual_parallelism, unsigned index, int flags);
void glass_ompt_emit_sync_region(int kind, int endpoint, glass_tool_data *parallel, glass_tool_data *task,
                                 const void *codeptr);
void glass_ompt_emit_sync_region_wait(int kind, int endpoint, glass_tool_data *parallel,
                                      glass_tool_data *task, const void *codeptr);
void glass_ompt_emit_reduction(int kind, int endpoint, glass_tool_data *parallel, glass_tool_data *task,
                               const void *codeptr);
void glass_ompt_emit_work(int work_type, int endpoint, glass_tool_data *parallel, glass_tool_data *task,
                          uint64_t count, const void *codeptr);
void glass_ompt_emit_dispatch(glass_tool_data *parallel, glass_tool_data *task, int kind,
                              glass_tool_data instance);
void glass_ompt_emit_masked(int endpoint, glass_tool_data *parallel, glass_tool_data *task,
                            const void *codeptr);
void glass_ompt_emit_lock_init(int kind, unsigned hint, unsigned impl, const void *wait_id,
                               const void *codeptr);
void glass_ompt_emit_lock_destroy(int kind, const void *wait_id, const void *codeptr);
void glass_ompt_emit_mutex_acquire(int kind, unsigned hint, unsigned impl, const void *wait_id,
                                   const void *codeptr);
void glass_ompt_emit_mutex_acquired(int kind, const void *wait_id, const void *codeptr);
void glass_ompt_emit_mutex_released(int kind, const void *wait_id, const void *codeptr);
void glass_ompt_emit_nest_lock(int endpoint, const void *wait_id, const void *codeptr);
void glass_ompt_emit_flush(glass_tool_data *thread_data, const void *codeptr);
void glass_ompt_emit_cancel(glass_tool_data *task, int flags, const void *codeptr);
void glass_ompt_emit_error(int severity, const char *message, uint64_t length, const void *codeptr);
void glass_ompt_emit_task_create(glass_tool_data *encountering_task, const struct glass_frame *frame,
                                 glass_tool_data *new_task, int flags, int has_dependences,
                                 const void *codeptr);
void glass_ompt_emit_task_schedule(glass_tool_data *prior_task, int prior_status, glass_tool_data *next_task);
void glass_ompt_emit_dependences(glass_tool_data *task, const struct glass_dependence *deps, int ndeps);
void glass_ompt_emit_task_dependence(glass_tool_data *src_task, glass_tool_data *sink_task);

/* omp_control_tool's side of the control_tool callback: its result, or -1
 * (omp_control_tool_nocallback) when the tool registered none. */
int glass_ompt_control_tool(uint64_t command, uint64_t modifier, void *arg, const void *codeptr);

/* Tool discovery and the tool's initializer (tool_init.c); called by
 * glass_initialize once the rest of the runtime is initialized. */
void glass_ompt_initialize(void);

#endif
