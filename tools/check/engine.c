/* The rules of glass check (rules.h), applied event by event (engine.h). */
#include <stdatomic.h>
#include <string.h>

#include "engine.h"
#include "names.h"
#include "live.h"
#include "rules.h"
#include "device_tracing_rules.h"

struct check_queries check_queries;

static atomic_int finalized;
static atomic_int exited_inside_region; /* check_exit */
static atomic_uint thread_count;
static _Atomic(struct check_thread *) threads[CHECK_MAX_THREADS];
static atomic_uint_fast64_t unregistered_events;
static atomic_int devices[CHECK_MAX_DEVICES]; /* enum device_state */

enum device_state { DEVICE_UNKNOWN, DEVICE_INITIALIZED, DEVICE_FINALIZED };

#define VIOLATION(t, rule, event, codeptr, ...)                                                                        \
    check_violation(rule, (t)->number, event, (codeptr) ? (codeptr) : (t)->last_codeptr, __VA_ARGS__)

/* ---- stamps: the engine's marks in the runtime's ompt_data_t objects ----------
 *
 * The value of a task's, parallel region's or thread's ompt_data_t belongs to
 * the tool, so the engine keeps there what it knows of the object: a tag that
 * says the value is the engine's, a serial number unique in the process, and
 * the object's state. Threads other than the owner read and update it (a
 * task created on one thread runs on another), hence the atomics. */
#define STAMP_TAG 0xC7ull
#define STAMP_TAG_SHIFT 56
#define KIND_MASK 0x3ull
enum stamp_kind { KIND_TASK = 1, KIND_IMPLICIT = 2, KIND_PARALLEL = 3 };
enum stamp_state {
    STARTED = 0x04,       /* a task: scheduled at least once */
    DEPS_EXPECTED = 0x08, /* created with has_dependences */
    DEPS_SEEN = 0x10,     /* its dependences callback came */
    ENDED = 0x20,         /* completed (task), ended (parallel region) */
    DETACHED = 0x40,      /* finished executing, waits for its event */
    FULFILLED = 0x80      /* its detach event was fulfilled early */
};

static uint64_t load_value(ompt_data_t *data)
{
    return __atomic_load_n(&data->value, __ATOMIC_ACQUIRE);
}

static int stamped(uint64_t value)
{
    return value >> STAMP_TAG_SHIFT == STAMP_TAG;
}

static unsigned stamp_kind(uint64_t value)
{
    return stamped(value) ? (unsigned)(value & KIND_MASK) : 0;
}

static void stamp(struct check_thread *t, ompt_data_t *data, enum stamp_kind kind, unsigned state)
{
    uint64_t serial = ((uint64_t)(t->number & 0xFFFF) << 32 | (++t->serial & 0xFFFFFFFFu)) & 0xFFFFFFFFFFFFull;
    __atomic_store_n(&data->value, STAMP_TAG << STAMP_TAG_SHIFT | serial << 8 | state | kind, __ATOMIC_RELEASE);
}

static void mark(ompt_data_t *data, unsigned state)
{
    __atomic_fetch_or(&data->value, (uint64_t)state, __ATOMIC_ACQ_REL);
}

static const char *kind_name(unsigned kind)
{
    static const char *const names[] = {"an unknown object", "explicit task", "implicit task", "parallel region"};
    return names[kind & 3];
}

/* Adds a task's or region's object to the live set (id.unique). */
static void make_live(struct check_thread *t, ompt_data_t *data, const char *event, const void *codeptr)
{
    switch (live_add((uintptr_t)data)) {
    case LIVE_ALREADY: {
        unsigned kind = stamp_kind(load_value(data));
        VIOLATION(t, RULE_ID_UNIQUE, event, codeptr, "ompt_data_t %p is already the data of a live %s", (void *)data,
                  kind ? kind_name(kind) : "object (whose value the runtime has changed)");
        break;
    }
    case LIVE_FULL:
        VIOLATION(t, RULE_CHECKER_CAPACITY, event, codeptr, "live-object table full");
        break;
    case LIVE_ADDED:
        break;
    }
}

/* The object an end or a later event names must still carry the engine's
 * stamp of the right kind (id.data_kept). Returns the value, 0 if wrong. */
static uint64_t expect_stamp(struct check_thread *t, ompt_data_t *data, enum stamp_kind kind, const char *event,
                             const void *codeptr)
{
    uint64_t value = load_value(data);
    if (stamp_kind(value) == kind)
        return value;
    VIOLATION(t, RULE_ID_DATA_KEPT, event, codeptr, "%s data %p holds 0x%llx, not the value the tool stored",
              kind_name(kind), (void *)data, (unsigned long long)value);
    return 0;
}

/* ---- the thread's stack of open regions ------------------------------------ */

static const char *const scope_names[SCOPE_KINDS] = {
    [SCOPE_PARALLEL] = "parallel region",   [SCOPE_IMPLICIT_TASK] = "implicit task",
    [SCOPE_TASK] = "explicit task",         [SCOPE_SYNC_REGION] = "sync region",
    [SCOPE_SYNC_REGION_WAIT] = "sync region wait", [SCOPE_WORK] = "work region",
    [SCOPE_MASKED] = "masked region",       [SCOPE_REDUCTION] = "reduction",
    [SCOPE_TARGET] = "target region",       [SCOPE_TARGET_DATA_OP] = "target data op",
    [SCOPE_TARGET_SUBMIT] = "target submit",
};

static const enum check_rule scope_rules[SCOPE_KINDS] = {
    [SCOPE_PARALLEL] = RULE_PAIR_PARALLEL,     [SCOPE_IMPLICIT_TASK] = RULE_PAIR_IMPLICIT_TASK,
    [SCOPE_TASK] = RULE_PAIR_TASK,             [SCOPE_SYNC_REGION] = RULE_PAIR_SYNC_REGION,
    [SCOPE_SYNC_REGION_WAIT] = RULE_PAIR_SYNC_REGION_WAIT, [SCOPE_WORK] = RULE_PAIR_WORK,
    [SCOPE_MASKED] = RULE_PAIR_MASKED,         [SCOPE_REDUCTION] = RULE_PAIR_REDUCTION,
    [SCOPE_TARGET] = RULE_PAIR_TARGET,         [SCOPE_TARGET_DATA_OP] = RULE_PAIR_TARGET_DATA_OP,
    [SCOPE_TARGET_SUBMIT] = RULE_PAIR_TARGET_SUBMIT,
};

/* "barrier_implicit_parallel (9), ": a scope's kind of sync region or work,
 * by name and number; "" for scopes that have none. */
static const char *subkind_name(int scope, int subkind, char *buf, size_t size)
{
    if (scope == SCOPE_SYNC_REGION || scope == SCOPE_SYNC_REGION_WAIT || scope == SCOPE_REDUCTION)
        snprintf(buf, size, "%s (%d), ", check_sync_kind_name(subkind), subkind);
    else if (scope == SCOPE_WORK)
        snprintf(buf, size, "%s (%d), ", check_work_kind_name(subkind), subkind);
    else if (subkind)
        snprintf(buf, size, "kind %d, ", subkind);
    else
        buf[0] = '\0';
    return buf;
}

static struct check_scope *top(struct check_thread *t)
{
    return t->depth && !t->overflow ? &t->stack[t->depth - 1] : NULL;
}

/* The task the thread runs now, as its events told (NULL: not known). */
static ompt_data_t *current_task(struct check_thread *t)
{
    struct check_scope *s = top(t);
    return s ? s->task : NULL;
}

/* Who an object is by the engine's stamp in it (tag, serial and kind, not
 * the state bits that change): 0 if it has none or is no ompt_data_t. */
static uint64_t stamp_of(const void *object, int is_data)
{
    uint64_t value = is_data && object ? load_value((ompt_data_t *)object) : 0;
    return stamped(value) ? value & ~(uint64_t)0xFC : 0;
}

/* The same object for a tool: the same ompt_data_t, or two holding the same
 * stamp (see scope_matches). */
static int same_data(ompt_data_t *a, ompt_data_t *b)
{
    return a == b || (a && b && stamp_of(a, 1) && stamp_of(a, 1) == stamp_of(b, 1));
}

static void open_scope(struct check_thread *t, enum check_scope_kind kind, int subkind, const void *object,
                       int is_data, ompt_data_t *task, const void *codeptr, const char *event)
{
    if (t->depth == CHECK_STACK_DEPTH || t->overflow) {
        if (!t->overflow)
            VIOLATION(t, RULE_CHECKER_CAPACITY, event, codeptr, "more than %d regions open on one thread",
                      CHECK_STACK_DEPTH);
        t->overflow++;
        return;
    }
    t->stack[t->depth++] = (struct check_scope){kind, subkind, object, stamp_of(object, is_data), task, codeptr};
}

/* Begin and end name the same object when they give the same ompt_data_t,
 * or ompt_data_t objects holding the same stamp: a runtime may copy the
 * tool's value into another object between the two (libomp does, for the
 * parallel region and for a worker's implicit task), and a tool sees its
 * value either way. */
static int scope_matches(const struct check_scope *s, enum check_scope_kind kind, int subkind, const void *object,
                         uint64_t value)
{
    return s->kind == kind && s->subkind == subkind &&
           (!object || s->object == object || (value && s->value == value));
}

/* The end of a region: it must be the innermost one open. If it is open but
 * deeper, the regions above it lost their ends (each is charged to its own
 * rule, then dropped); if it is not open at all, the end has no begin.
 * `object` NULL matches any object (an end that does not name it). Returns
 * the object the region's begin named, NULL if it was not found. */
static const void *close_scope(struct check_thread *t, enum check_scope_kind kind, int subkind, const void *object,
                               int is_data, const char *event, const void *codeptr)
{
    if (t->overflow) {
        t->overflow--;
        return NULL;
    }
    uint64_t value = stamp_of(object, is_data);
    unsigned at = t->depth;
    while (at > 0 && !scope_matches(&t->stack[at - 1], kind, subkind, object, value))
        at--;
    if (at == 0) {
        char what[64];
        VIOLATION(t, scope_rules[kind], event, codeptr, "end of a %s (%s%p) that is not open on this thread",
                  scope_names[kind], subkind_name(kind, subkind, what, sizeof what), object);
        return NULL;
    }
    for (unsigned above = t->depth; above > at; above--) {
        struct check_scope *lost = &t->stack[above - 1];
        char what[64];
        VIOLATION(t, scope_rules[lost->kind], event, lost->codeptr,
                  "the %s (%s%p) begun on this thread has no end before this %s ends", scope_names[lost->kind],
                  subkind_name(lost->kind, lost->subkind, what, sizeof what), lost->object, scope_names[kind]);
    }
    t->depth = at - 1;
    return t->stack[at - 1].object;
}

/* ---- inquiries from inside the callbacks ------------------------------------- */

/* ompt_get_task_info(0) and ompt_get_parallel_info(0) must name the task and
 * region the callback names (either may be NULL: not checked). */
static void check_level0(struct check_thread *t, const char *event, const void *codeptr, ompt_data_t *task,
                         ompt_data_t *parallel)
{
    if (check_queries.get_task_info && (task || parallel)) {
        int flags = 0, thread_num = -1;
        ompt_data_t *task0 = NULL, *parallel0 = NULL;
        ompt_frame_t *frame = NULL;
        int found = check_queries.get_task_info(0, &flags, &task0, &frame, &parallel0, &thread_num);
        if (found != 2)
            VIOLATION(t, RULE_QUERY_TASK_INFO, event, codeptr, "ompt_get_task_info(0) finds no task (returns %d)",
                      found);
        else if (task && !same_data(task0, task))
            VIOLATION(t, RULE_QUERY_TASK_INFO, event, codeptr, "ompt_get_task_info(0) gives task %p, the event %p",
                      (void *)task0, (void *)task);
        else if (parallel && !same_data(parallel0, parallel))
            VIOLATION(t, RULE_QUERY_TASK_INFO, event, codeptr,
                      "ompt_get_task_info(0) gives parallel region %p, the event %p", (void *)parallel0,
                      (void *)parallel);
    }
    if (check_queries.get_parallel_info && parallel) {
        ompt_data_t *parallel0 = NULL;
        int size = 0;
        int found = check_queries.get_parallel_info(0, &parallel0, &size);
        if (found != 2 || !same_data(parallel0, parallel))
            VIOLATION(t, RULE_QUERY_PARALLEL_INFO, event, codeptr,
                      "ompt_get_parallel_info(0) gives %p (returns %d), the event %p", (void *)parallel0, found,
                      (void *)parallel);
    }
}

static int on_own_stack(const struct check_thread *t, const void *address)
{
    return t->stack_hi && (uintptr_t)address >= t->stack_lo && (uintptr_t)address < t->stack_hi;
}

static int valid_frame_flags(int flags)
{
    return (flags & ~0x31) == 0 && (flags & 0x30) != 0;
}

/* frame.flags and frame.nesting over every ancestor level. */
static void check_frames(struct check_thread *t, const char *event, const void *codeptr)
{
    if (!check_queries.get_task_info)
        return;
    uintptr_t below = 0; /* the last address on this stack, going outwards */
    int below_level = 0;
    for (int level = 0; level < CHECK_FRAME_LEVELS; level++) {
        int flags = 0;
        ompt_frame_t *frame = NULL;
        if (check_queries.get_task_info(level, &flags, NULL, &frame, NULL, NULL) != 2 || !frame)
            return;
        const void *addresses[2] = {frame->enter_frame.ptr, frame->exit_frame.ptr};
        const int address_flags[2] = {frame->enter_frame_flags, frame->exit_frame_flags};
        for (int i = 0; i < 2; i++) {
            if (!addresses[i])
                continue;
            if (!valid_frame_flags(address_flags[i]))
                VIOLATION(t, RULE_FRAME_FLAGS, event, codeptr, "level %d %s frame %p has flags 0x%x", level,
                          i ? "exit" : "enter", addresses[i], address_flags[i]);
            if (!on_own_stack(t, addresses[i]))
                continue;
            if ((uintptr_t)addresses[i] < below)
                VIOLATION(t, RULE_FRAME_NESTING, event, codeptr,
                          "level %d %s frame %p is inside level %d's frame %p (frames must nest outwards)", level,
                          i ? "exit" : "enter", addresses[i], below_level, (void *)below);
            below = (uintptr_t)addresses[i];
            below_level = level;
        }
    }
}

/* frame.enter_set: a task that calls into the runtime to start a parallel
 * region or create a task has its enter frame set. */
static void check_enter_frame(struct check_thread *t, const ompt_frame_t *frame, const char *event,
                              const void *codeptr)
{
    if (!frame)
        VIOLATION(t, RULE_FRAME_ENTER_SET, event, codeptr, "no encountering task frame");
    else if (!frame->enter_frame.ptr)
        VIOLATION(t, RULE_FRAME_ENTER_SET, event, codeptr, "the encountering task's enter_frame is NULL");
    else if (!valid_frame_flags(frame->enter_frame_flags))
        VIOLATION(t, RULE_FRAME_FLAGS, event, codeptr, "encountering task's enter frame has flags 0x%x",
                  frame->enter_frame_flags);
}

/* The thread states that are waits in a sync region of `kind`. */
static int wait_state_matches(ompt_sync_region_t kind, int state)
{
    switch ((int)kind) {
    case 1:  /* ompt_sync_region_barrier (deprecated) */
    case 2:  /* ompt_sync_region_barrier_implicit (deprecated) */
    case ompt_sync_region_barrier_explicit:
    case ompt_sync_region_barrier_implementation:
    case ompt_sync_region_barrier_implicit_workshare:
    case ompt_sync_region_barrier_implicit_parallel:
    case ompt_sync_region_barrier_teams:
        return state >= 0x010 && state <= 0x016; /* the wait_barrier states */
    case ompt_sync_region_taskwait:
        return state == ompt_state_wait_taskwait;
    case ompt_sync_region_taskgroup:
        return state == ompt_state_wait_taskgroup;
    default:
        return 1; /* reduction: no wait state of its own */
    }
}

/* ---- what every event checks ------------------------------------------------- */

void check_thread_init(struct check_thread *t)
{
    t->number = atomic_fetch_add(&thread_count, 1);
    if (t->number < CHECK_MAX_THREADS)
        atomic_store(&threads[t->number], t);
}

void check_event(struct check_thread *t, const char *event, const void *codeptr)
{
    if (t->number < CHECK_MAX_THREADS)
        t->events++;
    else
        atomic_fetch_add_explicit(&unregistered_events, 1, memory_order_relaxed);
    if (codeptr)
        t->last_codeptr = codeptr;
    if (atomic_load_explicit(&finalized, memory_order_relaxed))
        VIOLATION(t, RULE_ORDER_AFTER_FINALIZE, event, codeptr, "callback after the tool's finalize");
    if (!t->begun && !t->missing_begin_reported && strcmp(event, "thread_begin")) {
        t->missing_begin_reported = 1;
        VIOLATION(t, RULE_ORDER_THREAD_BEGIN_FIRST, event, codeptr, "event before the thread's thread_begin");
    }
    if (t->ended)
        VIOLATION(t, RULE_ORDER_THREAD_END_LAST, event, codeptr, "event after the thread's thread_end");
    /* A blocking acquire's next event on the thread is its acquired (or a
     * nest lock's nest_lock begin); a failed test has none. */
    if (t->acquiring && strcmp(event, "mutex_acquired") && strcmp(event, "nest_lock_begin")) {
        if (t->acquire_kind != ompt_mutex_test_lock && t->acquire_kind != ompt_mutex_test_nest_lock)
            VIOLATION(t, RULE_PAIR_MUTEX, event, codeptr,
                      "mutex_acquire of wait id 0x%llx (kind %s, %d) has no mutex_acquired before this event",
                      (unsigned long long)t->acquire_wait_id, check_mutex_kind_name(t->acquire_kind),
                      (int)t->acquire_kind);
        t->acquiring = 0;
    }
}

void check_thread_begin(struct check_thread *t, ompt_thread_t type, ompt_data_t *thread_data)
{
    check_event(t, "thread_begin", NULL);
    if (t->begun)
        VIOLATION(t, RULE_ORDER_THREAD_BEGIN_FIRST, "thread_begin", NULL, "a second thread_begin on the thread");
    t->begun = 1;
    t->type = type;
    t->thread_data = thread_data;
    if (check_queries.get_thread_data && check_queries.get_thread_data() != thread_data)
        VIOLATION(t, RULE_QUERY_THREAD_DATA, "thread_begin", NULL, "ompt_get_thread_data gives %p, the event %p",
                  (void *)check_queries.get_thread_data(), (void *)thread_data);
}

void check_thread_end(struct check_thread *t, ompt_data_t *thread_data)
{
    check_event(t, "thread_end", NULL);
    if (t->ended)
        VIOLATION(t, RULE_ORDER_THREAD_END_LAST, "thread_end", NULL, "a second thread_end on the thread");
    t->ended = 1;
    if (t->begun && thread_data != t->thread_data)
        VIOLATION(t, RULE_QUERY_THREAD_DATA, "thread_end", NULL, "thread_data %p, at thread_begin %p",
                  (void *)thread_data, (void *)t->thread_data);
    /* Only the initial task may still be open (its end may come at exit),
     * unless the program exited from inside a region. */
    for (unsigned i = 0; i < t->depth && !atomic_load(&exited_inside_region); i++) {
        struct check_scope *s = &t->stack[i];
        if (s->kind == SCOPE_IMPLICIT_TASK && s->subkind == ompt_task_initial)
            continue;
        VIOLATION(t, RULE_ORDER_THREAD_END_LAST, "thread_end", s->codeptr, "the thread ends inside a %s",
                  scope_names[s->kind]);
        break;
    }
    if (t->held_count)
        VIOLATION(t, RULE_PAIR_MUTEX, "thread_end", NULL, "the thread ends holding wait id 0x%llx",
                  (unsigned long long)t->held[0].wait_id);
}

/* ---- parallel regions and tasks ---------------------------------------------- */

void check_parallel_begin(struct check_thread *t, ompt_data_t *encountering_task, const ompt_frame_t *frame,
                          ompt_data_t *parallel_data, unsigned requested, int flags, const void *codeptr)
{
    (void)requested, (void)flags;
    const char *event = "parallel_begin";
    check_event(t, event, codeptr);
    check_level0(t, event, codeptr, encountering_task, NULL);
    check_enter_frame(t, frame, event, codeptr);
    check_frames(t, event, codeptr);
    make_live(t, parallel_data, event, codeptr);
    stamp(t, parallel_data, KIND_PARALLEL, 0);
    open_scope(t, SCOPE_PARALLEL, 0, parallel_data, 1, current_task(t), codeptr, event);
}

void check_parallel_end(struct check_thread *t, ompt_data_t *parallel_data, ompt_data_t *encountering_task, int flags,
                        const void *codeptr)
{
    (void)flags;
    const char *event = "parallel_end";
    check_event(t, event, codeptr);
    check_level0(t, event, codeptr, encountering_task, NULL);
    if (expect_stamp(t, parallel_data, KIND_PARALLEL, event, codeptr))
        mark(parallel_data, ENDED);
    live_remove((uintptr_t)parallel_data);
    const void *begun = close_scope(t, SCOPE_PARALLEL, 0, parallel_data, 1, event, codeptr);
    if (begun)
        live_remove((uintptr_t)begun);
}

void check_implicit_task(struct check_thread *t, ompt_scope_endpoint_t endpoint, ompt_data_t *parallel_data,
                         ompt_data_t *task_data, unsigned actual_parallelism, unsigned index, int flags)
{
    int initial = flags & ompt_task_initial;
    if (endpoint == ompt_scope_begin) {
        const char *event = "implicit_task_begin";
        check_event(t, event, NULL);
        if (!initial) {
            uint64_t region = parallel_data ? load_value(parallel_data) : 0;
            if (stamp_kind(region) != KIND_PARALLEL || (region & ENDED))
                VIOLATION(t, RULE_ORDER_IMPLICIT_AFTER_PARALLEL, event, NULL,
                          "parallel region %p has %s", (void *)parallel_data,
                          stamp_kind(region) != KIND_PARALLEL ? "had no parallel_begin" : "ended already");
        }
        make_live(t, task_data, event, NULL);
        stamp(t, task_data, KIND_IMPLICIT, STARTED);
        open_scope(t, SCOPE_IMPLICIT_TASK, initial ? ompt_task_initial : 0, task_data, 1, task_data, NULL, event);
        if (!initial && check_queries.get_parallel_info) {
            ompt_data_t *parallel0 = NULL;
            int size = -1;
            if (check_queries.get_parallel_info(0, &parallel0, &size) == 2 && parallel0 == parallel_data &&
                (unsigned)size != actual_parallelism)
                VIOLATION(t, RULE_QUERY_PARALLEL_INFO, event, NULL,
                          "ompt_get_parallel_info(0) gives team size %d, the event %u", size, actual_parallelism);
        }
        if (!initial && check_queries.get_task_info) {
            int task_flags = 0, thread_num = -1;
            if (check_queries.get_task_info(0, &task_flags, NULL, NULL, NULL, &thread_num) == 2 &&
                (!(task_flags & ompt_task_implicit) || (unsigned)thread_num != index))
                VIOLATION(t, RULE_QUERY_TASK_INFO, event, NULL,
                          "ompt_get_task_info(0) gives flags 0x%x, thread %d; the event index %u", task_flags,
                          thread_num, index);
        }
        check_level0(t, event, NULL, task_data, initial ? NULL : parallel_data);
        if (!initial)
            check_frames(t, event, NULL);
        return;
    }
    const char *event = "implicit_task_end";
    check_event(t, event, NULL);
    expect_stamp(t, task_data, KIND_IMPLICIT, event, NULL);
    mark(task_data, ENDED);
    live_remove((uintptr_t)task_data);
    const void *begun = close_scope(t, SCOPE_IMPLICIT_TASK, initial ? ompt_task_initial : 0, task_data, 1, event, NULL);
    if (begun)
        live_remove((uintptr_t)begun);
}

/* The stamp's tag, thread and serial; the low byte is kind and state. */
uint64_t check_task_key(uint64_t value)
{
    return value & ~(uint64_t)0xFF;
}

void check_task_create(struct check_thread *t, ompt_data_t *encountering_task, const ompt_frame_t *frame,
                       ompt_data_t *new_task, int flags, int has_dependences, const void *codeptr)
{
    const char *event = "task_create";
    check_event(t, event, codeptr);
    check_level0(t, event, codeptr, encountering_task, NULL);
    check_enter_frame(t, frame, event, codeptr);
    if (!new_task)
        return;
    if (flags & ompt_task_initial)
        return; /* a target region's initial task on the device side */
    make_live(t, new_task, event, codeptr);
    stamp(t, new_task, KIND_TASK, has_dependences ? DEPS_EXPECTED : 0);
    /* A traced device records a target task's creation with these values. */
    if ((flags & ompt_task_target) && check_trace_active())
        check_trace_note_task(check_task_key(load_value(new_task)),
                              encountering_task ? check_task_key(load_value(encountering_task)) : 0, flags,
                              has_dependences);
}

/* A task has completed: its data may be reused from now on. */
static void task_completed(ompt_data_t *task)
{
    mark(task, ENDED);
    live_remove((uintptr_t)task);
}

void check_task_schedule(struct check_thread *t, ompt_data_t *prior, ompt_task_status_t status, ompt_data_t *next)
{
    const char *event = "task_schedule";
    check_event(t, event, NULL);
    if (prior && (status == ompt_task_early_fulfill || status == ompt_task_late_fulfill)) {
        /* Fulfilling a detached task's event: any thread, no switch. */
        uint64_t value = expect_stamp(t, prior, KIND_TASK, event, NULL);
        if (status == ompt_task_early_fulfill)
            mark(prior, FULFILLED);
        else if (value && !(value & DETACHED))
            VIOLATION(t, RULE_PAIR_TASK, event, NULL, "late fulfill of task %p, which did not detach", (void *)prior);
        else
            task_completed(prior);
        return;
    }
    if (prior) {
        ompt_data_t *running = current_task(t);
        if (running && running != prior)
            VIOLATION(t, RULE_PAIR_TASK, event, NULL, "leaves task %p, but the thread runs task %p", (void *)prior,
                      (void *)running);
        uint64_t value = load_value(prior);
        unsigned kind = stamp_kind(value);
        if (!kind)
            VIOLATION(t, RULE_ID_DATA_KEPT, event, NULL, "prior task data %p holds 0x%llx, not the tool's value",
                      (void *)prior, (unsigned long long)value);
        int finished = status == ompt_task_complete || status == ompt_task_cancel || status == ompt_task_detach ||
                       status == ompt_taskwait_complete;
        if (kind == KIND_TASK && finished) {
            close_scope(t, SCOPE_TASK, 0, prior, 1, event, NULL);
            if (status != ompt_task_detach || (value & FULFILLED))
                task_completed(prior);
            else
                mark(prior, DETACHED);
        }
    }
    if (!next)
        return;
    uint64_t value = load_value(next);
    unsigned kind = stamp_kind(value);
    if (!kind) {
        VIOLATION(t, RULE_ORDER_TASK_CREATE_FIRST, event, NULL, "schedules task %p, which had no task_create",
                  (void *)next);
        return;
    }
    if (value & ENDED) {
        VIOLATION(t, RULE_PAIR_TASK, event, NULL, "schedules %s %p, which has completed", kind_name(kind),
                  (void *)next);
        return;
    }
    if (kind == KIND_TASK && !(value & STARTED)) {
        if ((value & DEPS_EXPECTED) && !(value & DEPS_SEEN))
            VIOLATION(t, RULE_ORDER_DEPENDENCES, event, NULL,
                      "task %p was created with dependences but none were reported before it ran", (void *)next);
        mark(next, STARTED);
    }
    /* The thread resumes a task whose regions are below (it returns to it)
     * or starts running one on top of what it does. */
    if (current_task(t) != next && kind == KIND_TASK)
        open_scope(t, SCOPE_TASK, 0, next, 1, next, NULL, event);
    else if (current_task(t) != next)
        VIOLATION(t, RULE_PAIR_TASK, event, NULL, "switches to implicit task %p, but the thread's task is %p",
                  (void *)next, (void *)current_task(t));
}

void check_dependences(struct check_thread *t, ompt_data_t *task_data, int ndeps)
{
    const char *event = "dependences";
    check_event(t, event, NULL);
    uint64_t value = load_value(task_data);
    unsigned kind = stamp_kind(value);
    if (kind == KIND_IMPLICIT)
        return; /* ordered depend(source/sink) in the implicit task */
    if (kind != KIND_TASK)
        VIOLATION(t, RULE_ORDER_DEPENDENCES, event, NULL, "dependences of task %p, which had no task_create",
                  (void *)task_data);
    else if (value & STARTED)
        VIOLATION(t, RULE_ORDER_DEPENDENCES, event, NULL, "dependences of task %p after it began to run",
                  (void *)task_data);
    else
        mark(task_data, DEPS_SEEN);
    if (kind == KIND_TASK && check_trace_active())
        check_trace_note_dependences(check_task_key(value), ndeps);
}

void check_task_dependence(struct check_thread *t, ompt_data_t *src, ompt_data_t *sink)
{
    const char *event = "task_dependence";
    check_event(t, event, NULL);
    /* The source was unfinished when the runtime found the edge, but may
     * complete on another thread before this callback: only its creation is
     * certain. The sink cannot run before the callback (it waits for src). */
    uint64_t source = load_value(src), target = load_value(sink);
    if (stamp_kind(source) != KIND_TASK)
        VIOLATION(t, RULE_ORDER_DEPENDENCES, event, NULL, "source task %p is not a created task", (void *)src);
    else if (stamp_kind(target) != KIND_TASK || (target & STARTED))
        VIOLATION(t, RULE_ORDER_DEPENDENCES, event, NULL, "sink task %p is %s", (void *)sink,
                  stamp_kind(target) != KIND_TASK ? "not a created task" : "running already");
}

void check_cancel(struct check_thread *t, ompt_data_t *task_data, int flags, const void *codeptr)
{
    check_event(t, "cancel", codeptr);
    /* A discarded task never runs: its data is free for reuse from here. */
    if ((flags & ompt_cancel_discarded_task) && task_data && stamp_kind(load_value(task_data)) == KIND_TASK)
        task_completed(task_data);
}

/* ---- regions inside tasks ----------------------------------------------------- */

/* Begin or end of a region that names its task and (not always at its end)
 * its parallel region. */
static void scoped(struct check_thread *t, enum check_scope_kind kind, int subkind, ompt_scope_endpoint_t endpoint,
                   ompt_data_t *parallel_data, ompt_data_t *task_data, const void *codeptr, const char *event)
{
    check_event(t, event, codeptr);
    /* At the end of a parallel region's closing barrier (parallel_data NULL)
     * a worker may have left the team: no inquiry then. */
    if (endpoint == ompt_scope_begin || parallel_data)
        check_level0(t, event, codeptr, task_data, parallel_data);
    if (endpoint == ompt_scope_begin)
        open_scope(t, kind, subkind, task_data, 1, current_task(t), codeptr, event);
    else if (endpoint == ompt_scope_end)
        close_scope(t, kind, subkind, task_data, 1, event, codeptr);
}

void check_sync_region(struct check_thread *t, ompt_sync_region_t kind, ompt_scope_endpoint_t endpoint,
                       ompt_data_t *parallel_data, ompt_data_t *task_data, const void *codeptr)
{
    scoped(t, SCOPE_SYNC_REGION, kind, endpoint, parallel_data, task_data, codeptr,
           endpoint == ompt_scope_begin ? "sync_region_begin" : "sync_region_end");
}

void check_sync_region_wait(struct check_thread *t, ompt_sync_region_t kind, ompt_scope_endpoint_t endpoint,
                            ompt_data_t *parallel_data, ompt_data_t *task_data, const void *codeptr)
{
    const char *event = endpoint == ompt_scope_begin ? "sync_region_wait_begin" : "sync_region_wait_end";
    struct check_scope *s = top(t);
    if (endpoint == ompt_scope_begin && s && !scope_matches(s, SCOPE_SYNC_REGION, kind, task_data, stamp_of(task_data, 1)))
        VIOLATION(t, RULE_PAIR_SYNC_REGION_WAIT, event, codeptr,
                  "wait of kind %s (%d) outside a sync region of that kind (the innermost open region is a %s)",
                  check_sync_kind_name(kind), (int)kind, scope_names[s->kind]);
    scoped(t, SCOPE_SYNC_REGION_WAIT, kind, endpoint, parallel_data, task_data, codeptr, event);
    if (check_queries.get_state) {
        ompt_wait_id_t wait_id = 0;
        int state = check_queries.get_state(&wait_id);
        if (!wait_state_matches(kind, state))
            VIOLATION(t, RULE_STATE_WAIT, event, codeptr, "ompt_get_state gives %s (0x%x) in a wait of kind %s (%d)",
                      check_state_name(state), state, check_sync_kind_name(kind), (int)kind);
    }
}

void check_reduction(struct check_thread *t, ompt_sync_region_t kind, ompt_scope_endpoint_t endpoint,
                     ompt_data_t *parallel_data, ompt_data_t *task_data, const void *codeptr)
{
    scoped(t, SCOPE_REDUCTION, kind, endpoint, parallel_data, task_data, codeptr,
           endpoint == ompt_scope_begin ? "reduction_begin" : "reduction_end");
}

void check_work(struct check_thread *t, ompt_work_t wstype, ompt_scope_endpoint_t endpoint, ompt_data_t *parallel_data,
                ompt_data_t *task_data, const void *codeptr)
{
    scoped(t, SCOPE_WORK, wstype, endpoint, parallel_data, task_data, codeptr,
           endpoint == ompt_scope_begin ? "work_begin" : "work_end");
}

void check_masked(struct check_thread *t, ompt_scope_endpoint_t endpoint, ompt_data_t *parallel_data,
                  ompt_data_t *task_data, const void *codeptr)
{
    scoped(t, SCOPE_MASKED, 0, endpoint, parallel_data, task_data, codeptr,
           endpoint == ompt_scope_begin ? "masked_begin" : "masked_end");
}

void check_dispatch(struct check_thread *t, ompt_data_t *parallel_data, ompt_data_t *task_data, ompt_dispatch_t kind)
{
    (void)parallel_data, (void)kind;
    const char *event = "dispatch";
    check_event(t, event, NULL);
    /* Inside a worksharing region of the thread; or, for taskloop, inside
     * one of the explicit tasks it generated (they may run elsewhere). */
    for (unsigned i = t->overflow ? 0 : t->depth; i > 0; i--) {
        struct check_scope *s = &t->stack[i - 1];
        if (s->kind == SCOPE_WORK && s->subkind != ompt_work_single_executor && s->subkind != ompt_work_single_other)
            return;
        if (s->kind == SCOPE_TASK)
            return;
        if (s->kind == SCOPE_IMPLICIT_TASK)
            break;
    }
    if (!t->overflow)
        VIOLATION(t, RULE_ORDER_DISPATCH_IN_WORK, event, NULL, "dispatch in task %p outside any loop or sections",
                  (void *)task_data);
}

/* ---- mutexes ------------------------------------------------------------------ */

static struct check_mutex *held(struct check_thread *t, uint64_t wait_id)
{
    for (unsigned i = 0; i < t->held_count; i++)
        if (t->held[i].wait_id == wait_id)
            return &t->held[i];
    return NULL;
}

void check_mutex_acquire(struct check_thread *t, ompt_mutex_t kind, ompt_wait_id_t wait_id, const void *codeptr)
{
    check_event(t, "mutex_acquire", codeptr);
    t->acquiring = 1;
    t->acquire_kind = kind;
    t->acquire_wait_id = wait_id;
}

void check_mutex_acquired(struct check_thread *t, ompt_mutex_t kind, ompt_wait_id_t wait_id, const void *codeptr)
{
    const char *event = "mutex_acquired";
    check_event(t, event, codeptr);
    if (!t->acquiring || t->acquire_wait_id != wait_id)
        VIOLATION(t, RULE_PAIR_MUTEX, event, codeptr, "mutex_acquired of wait id 0x%llx (kind %s, %d) without its "
                  "mutex_acquire", (unsigned long long)wait_id, check_mutex_kind_name(kind), (int)kind);
    t->acquiring = 0;
    if (held(t, wait_id)) {
        VIOLATION(t, RULE_PAIR_MUTEX, event, codeptr, "wait id 0x%llx acquired again without a release",
                  (unsigned long long)wait_id);
        return;
    }
    if (t->held_count == CHECK_HELD_MUTEXES) {
        VIOLATION(t, RULE_CHECKER_CAPACITY, event, codeptr, "more than %d mutexes held by one thread",
                  CHECK_HELD_MUTEXES);
        return;
    }
    t->held[t->held_count++] = (struct check_mutex){wait_id, 1};
}

void check_mutex_released(struct check_thread *t, ompt_mutex_t kind, ompt_wait_id_t wait_id, const void *codeptr)
{
    const char *event = "mutex_released";
    check_event(t, event, codeptr);
    struct check_mutex *m = held(t, wait_id);
    if (!m) {
        if (t->held_count < CHECK_HELD_MUTEXES) /* else it may be one the table could not keep */
            VIOLATION(t, RULE_PAIR_MUTEX, event, codeptr,
                      "mutex_released of wait id 0x%llx (kind %s, %d), which the thread did not acquire",
                      (unsigned long long)wait_id, check_mutex_kind_name(kind), (int)kind);
        return;
    }
    if (m->holds > 1)
        VIOLATION(t, RULE_PAIR_NEST_LOCK, event, codeptr,
                  "mutex_released of nest lock 0x%llx still held %u times (the release of an inner hold is "
                  "nest_lock end)", (unsigned long long)wait_id, m->holds);
    *m = t->held[--t->held_count];
}

void check_nest_lock(struct check_thread *t, ompt_scope_endpoint_t endpoint, ompt_wait_id_t wait_id,
                     const void *codeptr)
{
    const char *event = endpoint == ompt_scope_begin ? "nest_lock_begin" : "nest_lock_end";
    int was_acquiring = t->acquiring && t->acquire_wait_id == wait_id;
    check_event(t, event, codeptr);
    struct check_mutex *m = held(t, wait_id);
    if (endpoint == ompt_scope_begin) {
        t->acquiring = 0;
        if (!m)
            VIOLATION(t, RULE_PAIR_NEST_LOCK, event, codeptr, "nest lock 0x%llx is not owned by the thread",
                      (unsigned long long)wait_id);
        else if (!was_acquiring)
            VIOLATION(t, RULE_PAIR_NEST_LOCK, event, codeptr, "nest_lock begin of 0x%llx without its mutex_acquire",
                      (unsigned long long)wait_id);
        if (m)
            m->holds++;
        return;
    }
    if (!m || m->holds < 2)
        VIOLATION(t, RULE_PAIR_NEST_LOCK, event, codeptr, "nest_lock end of 0x%llx, held %u times", 
                  (unsigned long long)wait_id, m ? m->holds : 0);
    else
        m->holds--;
}

/* ---- threads' other events, targets, devices --------------------------------- */

void check_flush(struct check_thread *t, ompt_data_t *thread_data, const void *codeptr)
{
    check_event(t, "flush", codeptr);
    if (t->begun && thread_data != t->thread_data)
        VIOLATION(t, RULE_QUERY_THREAD_DATA, "flush", codeptr, "thread_data %p, at thread_begin %p",
                  (void *)thread_data, (void *)t->thread_data);
}

void check_target(struct check_thread *t, ompt_scope_endpoint_t endpoint, const void *target, const void *codeptr,
                  uint64_t id)
{
    const char *event = endpoint == ompt_scope_begin ? "target_begin" : "target_end";
    check_event(t, event, codeptr);
    if (endpoint == ompt_scope_begin && check_trace_active())
        check_trace_note_id(TRACE_TARGET, id, 0);
    if (endpoint == ompt_scope_begin)
        open_scope(t, SCOPE_TARGET, 0, target, 0, current_task(t), codeptr, event);
    else if (endpoint == ompt_scope_end)
        close_scope(t, SCOPE_TARGET, 0, target, 0, event, codeptr);
}

void check_target_data_op(struct check_thread *t, ompt_scope_endpoint_t endpoint, ompt_id_t *host_op_id,
                          const void *codeptr, uint64_t id)
{
    const char *event = endpoint == ompt_scope_begin ? "target_data_op_begin" : "target_data_op_end";
    check_event(t, event, codeptr);
    if (endpoint == ompt_scope_begin) {
        uint64_t runtime_id = id ? id : host_op_id ? *host_op_id : 0;
        if (host_op_id)
            *host_op_id = STAMP_TAG << STAMP_TAG_SHIFT | ++t->serial;
        if (check_trace_active())
            check_trace_note_id(TRACE_DATA_OP, runtime_id, host_op_id ? *host_op_id : 0);
        open_scope(t, SCOPE_TARGET_DATA_OP, 0, host_op_id, 0, current_task(t), codeptr, event);
    } else if (endpoint == ompt_scope_end) {
        if (host_op_id && *host_op_id >> STAMP_TAG_SHIFT != STAMP_TAG)
            VIOLATION(t, RULE_ID_DATA_KEPT, event, codeptr, "host_op_id holds 0x%llx, not the tool's value",
                      (unsigned long long)*host_op_id);
        close_scope(t, SCOPE_TARGET_DATA_OP, 0, host_op_id, 0, event, codeptr);
    }
}

void check_target_submit(struct check_thread *t, ompt_scope_endpoint_t endpoint, ompt_id_t *host_op_id, uint64_t id)
{
    const char *event = endpoint == ompt_scope_begin ? "target_submit_begin" : "target_submit_end";
    check_event(t, event, NULL);
    if (endpoint == ompt_scope_begin && check_trace_active())
        check_trace_note_id(TRACE_SUBMIT, id ? id : host_op_id ? *host_op_id : 0, 0);
    if (endpoint == ompt_scope_begin)
        open_scope(t, SCOPE_TARGET_SUBMIT, 0, host_op_id, 0, current_task(t), NULL, event);
    else if (endpoint == ompt_scope_end)
        close_scope(t, SCOPE_TARGET_SUBMIT, 0, host_op_id, 0, event, NULL);
}

void check_device(struct check_thread *t, const char *name, int device_num)
{
    /* The rule table keeps the event name: give it one that lives on. */
    static const char *const events[] = {"device_initialize", "device_finalize", "device_load", "device_unload"};
    const char *event = "device_event";
    for (unsigned i = 0; i < sizeof events / sizeof *events; i++)
        if (!strcmp(name, events[i]))
            event = events[i];
    check_event(t, event, NULL);
    if (device_num < 0 || device_num >= CHECK_MAX_DEVICES) {
        VIOLATION(t, RULE_CHECKER_CAPACITY, event, NULL, "device number %d beyond the %d the checker follows",
                  device_num, CHECK_MAX_DEVICES);
        return;
    }
    atomic_int *state = &devices[device_num];
    if (!strcmp(event, "device_initialize")) {
        if (atomic_exchange(state, DEVICE_INITIALIZED) == DEVICE_INITIALIZED)
            VIOLATION(t, RULE_DEVICE_LIFECYCLE, event, NULL, "device %d initialized twice without finalize",
                      device_num);
        return;
    }
    int now = atomic_load(state);
    if (now != DEVICE_INITIALIZED)
        VIOLATION(t, RULE_DEVICE_LIFECYCLE, event, NULL, "device %d is %s", device_num,
                  now == DEVICE_FINALIZED ? "finalized already" : "not initialized");
    if (!strcmp(event, "device_finalize")) {
        atomic_store(state, DEVICE_FINALIZED);
        check_trace_device_finalize(t, device_num);
    }
}

/* ---- the whole run ------------------------------------------------------------ */

void check_exit(struct check_thread *t)
{
    for (unsigned i = 0; i < t->depth; i++)
        if (t->stack[i].kind != SCOPE_IMPLICIT_TASK || t->stack[i].subkind != ompt_task_initial)
            atomic_store(&exited_inside_region, 1);
}

void check_finalize(void)
{
    check_trace_finalize();
    atomic_store(&finalized, 1);
}

uint64_t check_event_total(void)
{
    uint64_t total = atomic_load(&unregistered_events);
    unsigned count = atomic_load(&thread_count);
    for (unsigned i = 0; i < count && i < CHECK_MAX_THREADS; i++) {
        struct check_thread *t = atomic_load(&threads[i]);
        if (t)
            total += t->events;
    }
    return total;
}

unsigned check_thread_total(void)
{
    return atomic_load(&thread_count);
}

void check_reset(void)
{
    atomic_store(&finalized, 0);
    atomic_store(&exited_inside_region, 0);
    atomic_store(&thread_count, 0);
    atomic_store(&unregistered_events, 0);
    for (unsigned i = 0; i < CHECK_MAX_THREADS; i++)
        atomic_store(&threads[i], NULL);
    for (unsigned i = 0; i < CHECK_MAX_DEVICES; i++)
        atomic_store(&devices[i], DEVICE_UNKNOWN);
    live_reset();
    check_trace_reset();
    check_rules_reset();
}
