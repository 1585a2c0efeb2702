/* The rule engine of glass check: one entry point per OMPT event, each taking
 * the state of the thread the event happened on. The OMPT tool (tool.c) calls
 * it from its callbacks with the calling thread's state; the replay driver
 * (replay.c) calls it from a written event stream with the state of the
 * thread each line names. Nothing here knows which: the runtime's inquiry
 * entry points are reached through check_queries, which the driver may fake.
 *
 * Per-thread state is owned by its thread (no locks); what threads share is
 * the live-object set (live.h), the marks the engine leaves in the runtime's
 * ompt_data_t objects (see stamp in engine.c) and the rule table (rules.h). */
#ifndef GLASS_CHECK_ENGINE_H
#define GLASS_CHECK_ENGINE_H

#include <stdint.h>

#include <omp-tools.h>

#define CHECK_STACK_DEPTH 64   /* open regions per thread */
#define CHECK_HELD_MUTEXES 16  /* mutexes one thread holds at once */
#define CHECK_FRAME_LEVELS 32  /* ancestor levels the frame rule walks */
#define CHECK_MAX_THREADS 4096 /* threads whose event counts the report sums */
#define CHECK_MAX_DEVICES 64

/* The runtime's inquiry entry points; any may be NULL (its rules are skipped). */
struct check_queries {
    ompt_get_task_info_t get_task_info;
    ompt_get_parallel_info_t get_parallel_info;
    ompt_get_state_t get_state;
    ompt_get_thread_data_t get_thread_data;
};
extern struct check_queries check_queries;

enum check_scope_kind {
    SCOPE_PARALLEL,
    SCOPE_IMPLICIT_TASK,
    SCOPE_TASK, /* an explicit task the thread runs (from task_schedule) */
    SCOPE_SYNC_REGION,
    SCOPE_SYNC_REGION_WAIT,
    SCOPE_WORK,
    SCOPE_MASKED,
    SCOPE_REDUCTION,
    SCOPE_TARGET,
    SCOPE_TARGET_DATA_OP,
    SCOPE_TARGET_SUBMIT,
    SCOPE_KINDS
};

/* A region open on a thread: begun, its end not seen yet. */
struct check_scope {
    enum check_scope_kind kind;
    int subkind;          /* the sync region's or work's kind */
    const void *object;   /* what begin and end must both name */
    uint64_t value;       /* the engine's stamp in it at begin (0: none) */
    ompt_data_t *task;    /* the task the thread runs inside it */
    const void *codeptr;  /* where it began */
};

struct check_mutex {
    uint64_t wait_id;
    unsigned holds; /* > 1 only for a nest lock */
};

struct check_thread {
    unsigned number;       /* 0, 1, ... in order of first event */
    int begun, ended;      /* thread_begin / thread_end seen */
    ompt_thread_t type;    /* from thread_begin */
    int missing_begin_reported;
    ompt_data_t *thread_data;
    uintptr_t stack_lo, stack_hi; /* the thread's own stack; 0, 0 if unknown */
    uint64_t events;
    uint64_t serial;       /* for the stamps this thread gives */
    const void *last_codeptr; /* where the thread last was, for events without one */
    unsigned depth, overflow;
    struct check_scope stack[CHECK_STACK_DEPTH];
    /* A mutex_acquire whose mutex_acquired (or nest_lock begin) is due. */
    int acquiring;
    ompt_mutex_t acquire_kind;
    uint64_t acquire_wait_id;
    unsigned held_count;
    struct check_mutex held[CHECK_HELD_MUTEXES];
};

/* Sets up a thread's state (zeroed memory) and gives it its number. */
void check_thread_init(struct check_thread *t);

/* Every event, before its own checks: counts it and checks what all events
 * share (thread_begin first, thread_end last, nothing after finalize, no
 * unfinished mutex_acquire). Called by the entry points below. */
void check_event(struct check_thread *t, const char *event, const void *codeptr);

void check_thread_begin(struct check_thread *t, ompt_thread_t type, ompt_data_t *thread_data);
void check_thread_end(struct check_thread *t, ompt_data_t *thread_data);
void check_parallel_begin(struct check_thread *t, ompt_data_t *encountering_task, const ompt_frame_t *frame,
                          ompt_data_t *parallel_data, unsigned requested, int flags, const void *codeptr);
void check_parallel_end(struct check_thread *t, ompt_data_t *parallel_data, ompt_data_t *encountering_task, int flags,
                        const void *codeptr);
void check_implicit_task(struct check_thread *t, ompt_scope_endpoint_t endpoint, ompt_data_t *parallel_data,
                         ompt_data_t *task_data, unsigned actual_parallelism, unsigned index, int flags);
void check_task_create(struct check_thread *t, ompt_data_t *encountering_task, const ompt_frame_t *frame,
                       ompt_data_t *new_task, int flags, int has_dependences, const void *codeptr);
void check_task_schedule(struct check_thread *t, ompt_data_t *prior, ompt_task_status_t status, ompt_data_t *next);
void check_dependences(struct check_thread *t, ompt_data_t *task_data, int ndeps);
/* A task's identity in the value the checker stores in its ompt_data_t
 * (the state bits the checker adds later left out): device trace records
 * name target tasks by that value (device_tracing_rules.h). */
uint64_t check_task_key(uint64_t value);
void check_task_dependence(struct check_thread *t, ompt_data_t *src, ompt_data_t *sink);
void check_sync_region(struct check_thread *t, ompt_sync_region_t kind, ompt_scope_endpoint_t endpoint,
                       ompt_data_t *parallel_data, ompt_data_t *task_data, const void *codeptr);
void check_sync_region_wait(struct check_thread *t, ompt_sync_region_t kind, ompt_scope_endpoint_t endpoint,
                            ompt_data_t *parallel_data, ompt_data_t *task_data, const void *codeptr);
void check_reduction(struct check_thread *t, ompt_sync_region_t kind, ompt_scope_endpoint_t endpoint,
                     ompt_data_t *parallel_data, ompt_data_t *task_data, const void *codeptr);
void check_work(struct check_thread *t, ompt_work_t wstype, ompt_scope_endpoint_t endpoint, ompt_data_t *parallel_data,
                ompt_data_t *task_data, const void *codeptr);
void check_dispatch(struct check_thread *t, ompt_data_t *parallel_data, ompt_data_t *task_data, ompt_dispatch_t kind);
void check_masked(struct check_thread *t, ompt_scope_endpoint_t endpoint, ompt_data_t *parallel_data,
                  ompt_data_t *task_data, const void *codeptr);
void check_mutex_acquire(struct check_thread *t, ompt_mutex_t kind, ompt_wait_id_t wait_id, const void *codeptr);
void check_mutex_acquired(struct check_thread *t, ompt_mutex_t kind, ompt_wait_id_t wait_id, const void *codeptr);
void check_mutex_released(struct check_thread *t, ompt_mutex_t kind, ompt_wait_id_t wait_id, const void *codeptr);
void check_nest_lock(struct check_thread *t, ompt_scope_endpoint_t endpoint, ompt_wait_id_t wait_id,
                     const void *codeptr);
void check_flush(struct check_thread *t, ompt_data_t *thread_data, const void *codeptr);
void check_cancel(struct check_thread *t, ompt_data_t *task_data, int flags, const void *codeptr);
/* The target callbacks. `id` is the runtime's id of the target region
 * (target_id) or operation (host_op_id) when the tool could learn it
 * (ompt_get_target_info, or the plain callback's argument), else 0: device
 * trace records are matched against it (device_tracing_rules.h). A data operation's or
 * submit's host_op_id location holds the runtime's id at begin, before the
 * tool writes its own value there; that serves when `id` is 0. */
void check_target(struct check_thread *t, ompt_scope_endpoint_t endpoint, const void *target, const void *codeptr,
                  uint64_t id);
void check_target_data_op(struct check_thread *t, ompt_scope_endpoint_t endpoint, ompt_id_t *host_op_id,
                          const void *codeptr, uint64_t id);
void check_target_submit(struct check_thread *t, ompt_scope_endpoint_t endpoint, ompt_id_t *host_op_id, uint64_t id);
/* event: "device_initialize", "device_finalize", "device_load" or "device_unload". */
void check_device(struct check_thread *t, const char *event, int device_num);

/* The process exits (exit(), or the return from main), on the thread that
 * called it. When that thread was inside a region (other than the initial
 * task), the program left regions that never end: threads may then get
 * their thread_end with regions open, which is no fault of the runtime
 * (5.1 does not dispatch the ends of regions that never finish). */
void check_exit(struct check_thread *t);

/* The tool's finalize: from now on every event is a violation. */
void check_finalize(void);

/* Events and threads seen so far (the threads that registered). */
uint64_t check_event_total(void);
unsigned check_thread_total(void);

/* Forgets everything (the replay driver runs several streams). */
void check_reset(void);

#endif
