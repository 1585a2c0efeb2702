/* Replays each thread's events into properly nested intervals (enter/leave)
 * of named regions and hands them to the writers. Runs once, at finalize, on
 * one thread. */
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <omp-tools.h>

#include "symbolize.h"
#include "trace.h"

struct trace_region **trace_regions;
unsigned trace_region_count;

/* ---- regions by (kind, subkind, codeptr) ---- */

static const char *sync_name(int kind)
{
    switch (kind) {
    case ompt_sync_region_barrier: return "barrier";
    case ompt_sync_region_barrier_implicit: return "implicit barrier";
    case ompt_sync_region_barrier_explicit: return "barrier";
    case ompt_sync_region_barrier_implementation: return "barrier (runtime)";
    case ompt_sync_region_taskwait: return "taskwait";
    case ompt_sync_region_taskgroup: return "taskgroup";
    case ompt_sync_region_reduction: return "reduction";
    case ompt_sync_region_barrier_implicit_workshare: return "implicit barrier (worksharing)";
    case ompt_sync_region_barrier_implicit_parallel: return "implicit barrier (parallel)";
    case ompt_sync_region_barrier_teams: return "barrier (teams)";
    default: return "sync";
    }
}

static const char *sync_category(int kind)
{
    return kind == ompt_sync_region_taskwait ? "taskwait" : kind == ompt_sync_region_taskgroup ? "taskgroup"
                                                                                              : "barrier";
}

static const char *work_name(int kind)
{
    switch (kind) {
    case ompt_work_loop: return "loop";
    case ompt_work_sections: return "sections";
    case ompt_work_single_executor: return "single";
    case ompt_work_single_other: return "single (other)";
    case ompt_work_workshare: return "workshare";
    case ompt_work_distribute: return "distribute";
    case ompt_work_taskloop: return "taskloop";
    case ompt_work_scope: return "scope";
    default: return "worksharing";
    }
}

static const char *mutex_name(int kind)
{
    switch (kind) {
    case ompt_mutex_lock: return "lock wait";
    case ompt_mutex_test_lock: return "lock wait (test)";
    case ompt_mutex_nest_lock: return "nest lock wait";
    case ompt_mutex_test_nest_lock: return "nest lock wait (test)";
    case ompt_mutex_critical: return "critical wait";
    case ompt_mutex_atomic: return "atomic wait";
    case ompt_mutex_ordered: return "ordered wait";
    default: return "mutex wait";
    }
}

static const char *target_name(int kind)
{
    switch (kind) {
    case ompt_target: return "target";
    case ompt_target_enter_data: return "target enter data";
    case ompt_target_exit_data: return "target exit data";
    case ompt_target_update: return "target update";
    case ompt_target_nowait: return "target nowait";
    case ompt_target_enter_data_nowait: return "target enter data nowait";
    case ompt_target_exit_data_nowait: return "target exit data nowait";
    case ompt_target_update_nowait: return "target update nowait";
    default: return "target construct";
    }
}

/* A device op's name and category (the JSON "cat"; the tests count by it). */
static const char *op_name(int op, const char **category)
{
    switch ((enum trace_op)op) {
    case OP_KERNEL: *category = "kernel"; return "kernel";
    case OP_TO_DEVICE: *category = "copy-to-device"; return "copy to device";
    case OP_FROM_DEVICE: *category = "copy-from-device"; return "copy from device";
    case OP_ALLOC: *category = "alloc"; return "alloc";
    case OP_DELETE: *category = "delete"; return "delete";
    case OP_ASSOCIATE: *category = "associate"; return "associate";
    case OP_DISASSOCIATE: *category = "disassociate"; return "disassociate";
    case OP_OTHER: break;
    }
    *category = "device-op";
    return "device op";
}

static void describe(struct trace_region *r)
{
    const char *what = "?", *category = "?";
    char wait_name[64];
    switch (r->kind) {
    case R_PARALLEL: what = "parallel", category = "parallel"; break;
    case R_IMPLICIT_TASK: what = "implicit task", category = "implicit-task"; break;
    case R_TASK: what = "task", category = "task"; break;
    case R_TASK_CREATE: what = "task create", category = "task-create"; break;
    case R_SYNC: what = sync_name(r->subkind), category = sync_category(r->subkind); break;
    case R_SYNC_WAIT:
        snprintf(wait_name, sizeof wait_name, "%s wait", sync_name(r->subkind));
        what = wait_name, category = "wait";
        break;
    case R_LOCK_WAIT: what = mutex_name(r->subkind), category = "lock-wait"; break;
    case R_WORK: what = work_name(r->subkind), category = "worksharing"; break;
    case R_MASKED: what = "masked", category = "masked"; break;
    case R_REDUCTION: what = "reduction", category = "reduction"; break;
    case R_FLUSH: what = "flush", category = "flush"; break;
    case R_CANCEL: what = "cancel", category = "cancel"; break;
    case R_TARGET: what = target_name(r->subkind), category = "target"; break;
    case R_DEVICE_OP: what = op_name(r->subkind, &category); break;
    case R_KIND_COUNT: break;
    }
    char where[256];
    if (r->codeptr)
        snprintf(r->name, sizeof r->name, "%s @ %s", what, tool_symbolize(r->codeptr, where, sizeof where));
    else
        snprintf(r->name, sizeof r->name, "%s", what);
    r->category = category;
}

static size_t region_hash(int kind, int subkind, const void *codeptr)
{
    return ((uintptr_t)codeptr >> 2) * 0x9E3779B97F4A7C15ull ^ (size_t)kind * 131 ^ (size_t)subkind * 7919;
}

/* (kind, subkind, codeptr) -> its region. Each call site is a region of its
 * own, even where the line table gives two sites one line (gcc -O2 can, a
 * macro does): a site whose name another site of the same kind already has
 * is named with its column and discriminator, and then its address. */
struct region_key {
    enum trace_region_kind kind;
    int subkind;
    const void *codeptr;
    const struct trace_region *region; /* NULL: a free slot */
};

static struct region_key *keys;
static size_t key_size, key_count;

static int name_taken(const struct trace_region *fresh)
{
    for (unsigned i = 0; i < trace_region_count; i++) {
        const struct trace_region *r = trace_regions[i];
        if (r->kind == fresh->kind && r->subkind == fresh->subkind && !strcmp(r->name, fresh->name))
            return 1;
    }
    return 0;
}

static const struct trace_region *named(struct trace_region *fresh)
{
    if (fresh->codeptr && name_taken(fresh)) {
        char where[256];
        char plain[sizeof fresh->name];
        snprintf(plain, sizeof plain, "%s", fresh->name);
        const char *at = strstr(plain, " @ ");
        tool_symbolize_detailed(fresh->codeptr, where, sizeof where, 1);
        snprintf(fresh->name, sizeof fresh->name, "%.*s @ %s", at ? (int)(at - plain) : (int)strlen(plain), plain,
                 where);
        if (name_taken(fresh)) {
            size_t used = strlen(fresh->name);
            snprintf(fresh->name + used, sizeof fresh->name - used, " [call site %p]", fresh->codeptr);
        }
    }
    struct trace_region **all = realloc(trace_regions, (trace_region_count + 1) * sizeof *all);
    if (!all)
        abort();
    trace_regions = all;
    fresh->id = trace_region_count;
    trace_regions[trace_region_count++] = fresh;
    return fresh;
}

static const struct trace_region *region(enum trace_region_kind kind, int subkind, const void *codeptr)
{
    if (2 * (key_count + 1) > key_size) {
        size_t size = key_size ? 2 * key_size : 256;
        struct region_key *table = calloc(size, sizeof *table);
        if (!table)
            abort();
        for (size_t i = 0; i < key_size; i++) {
            if (!keys[i].region)
                continue;
            size_t h = region_hash(keys[i].kind, keys[i].subkind, keys[i].codeptr) % size;
            while (table[h].region)
                h = (h + 1) % size;
            table[h] = keys[i];
        }
        free(keys);
        keys = table;
        key_size = size;
    }
    size_t h = region_hash(kind, subkind, codeptr) % key_size;
    for (; keys[h].region; h = (h + 1) % key_size)
        if (keys[h].kind == kind && keys[h].subkind == subkind && keys[h].codeptr == codeptr)
            return keys[h].region;
    struct trace_region *fresh = calloc(1, sizeof *fresh);
    if (!fresh)
        abort();
    *fresh = (struct trace_region){.kind = kind, .subkind = subkind, .codeptr = codeptr};
    describe(fresh);
    keys[h] = (struct region_key){kind, subkind, codeptr, named(fresh)};
    key_count++;
    return keys[h].region;
}

const struct trace_region *trace_region_of(enum trace_region_kind kind, int subkind, const void *codeptr)
{
    return region(kind, subkind, codeptr);
}

/* ---- target constructs: id -> their region, their device ops ---- */

static struct trace_construct *constructs;
static size_t construct_size, construct_count;

struct trace_construct *trace_construct_of(uint64_t id, int add)
{
    if (!id)
        return NULL;
    if (add && 2 * (construct_count + 1) > construct_size) {
        size_t size = construct_size ? 2 * construct_size : 1024;
        struct trace_construct *grown = calloc(size, sizeof *grown);
        if (!grown)
            abort();
        for (size_t i = 0; i < construct_size; i++) {
            if (!constructs[i].id)
                continue;
            size_t h = (constructs[i].id * 0x9E3779B97F4A7C15ull) % size;
            while (grown[h].id)
                h = (h + 1) % size;
            grown[h] = constructs[i];
        }
        free(constructs);
        constructs = grown;
        construct_size = size;
    }
    if (!construct_size)
        return NULL;
    for (size_t h = (id * 0x9E3779B97F4A7C15ull) % construct_size;; h = (h + 1) % construct_size) {
        if (constructs[h].id == id)
            return &constructs[h];
        if (!constructs[h].id) {
            if (!add)
                return NULL;
            constructs[h].id = id;
            construct_count++;
            return &constructs[h];
        }
    }
}

static void count_op(struct trace_device_op *op, void *arg)
{
    (void)arg;
    struct trace_construct *c = trace_construct_of(op->construct, 1);
    if (c)
        c->ops++;
}

/* ---- explicit tasks: id -> where they were created, whether started ---- */

struct task_entry {
    uint64_t id;
    const void *codeptr;
    int started;
};

static struct task_entry *tasks;
static size_t task_size, task_count;

static struct task_entry *task(uint64_t id, int add)
{
    if (add && 2 * (task_count + 1) > task_size) {
        size_t size = task_size ? 2 * task_size : 1024;
        struct task_entry *grown = calloc(size, sizeof *grown);
        if (!grown)
            abort();
        for (size_t i = 0; i < task_size; i++) {
            if (!tasks[i].id)
                continue;
            size_t h = (tasks[i].id * 0x9E3779B97F4A7C15ull) % size;
            while (grown[h].id)
                h = (h + 1) % size;
            grown[h] = tasks[i];
        }
        free(tasks);
        tasks = grown;
        task_size = size;
    }
    if (!task_size)
        return NULL;
    for (size_t h = (id * 0x9E3779B97F4A7C15ull) % task_size;; h = (h + 1) % task_size) {
        if (tasks[h].id == id)
            return &tasks[h];
        if (!tasks[h].id) {
            if (!add)
                return NULL;
            tasks[h].id = id;
            task_count++;
            return &tasks[h];
        }
    }
}

/* The first pass: where tasks were created, how many device ops each
 * construct has from the callbacks. */
static void note_event(const struct trace_event *e, void *arg)
{
    (void)arg;
    if (e->type == EV_TASK_CREATE && e->b)
        task(e->b, 1)->codeptr = (const void *)(uintptr_t)e->a;
    if (e->type == EV_DEVICE_OP && e->endpoint == ompt_scope_end && e->b)
        trace_construct_of(e->b, 1)->ops++;
}

/* ---- one thread's replay ---- */

#define STACK 256

struct replay {
    unsigned thread;
    struct trace_writer *writers;
    int writer_count;
    struct {
        const struct trace_region *region;
        uint64_t entered;
        uint64_t key; /* explicit task id, or lock wait id */
    } stack[STACK];
    int depth, overflow;
    uint64_t last;
    uint64_t op_start; /* the begin of the thread's device op under way (EV_DEVICE_OP) */
    long long events;
};

static void enter(struct replay *p, uint64_t time, const struct trace_region *r, uint64_t key)
{
    if (p->depth == STACK) {
        p->overflow++;
        return;
    }
    p->stack[p->depth].region = r;
    p->stack[p->depth].entered = time;
    p->stack[p->depth].key = key;
    p->depth++;
    for (int w = 0; w < p->writer_count; w++)
        p->writers[w].enter(p->writers[w].state, p->thread, time, r);
}

static void leave_top(struct replay *p, uint64_t time)
{
    p->depth--;
    for (int w = 0; w < p->writer_count; w++)
        p->writers[w].leave(p->writers[w].state, p->thread, time, p->stack[p->depth].region,
                            p->stack[p->depth].entered);
}

/* Leaves the innermost open region of `kind` (and key, if nonzero), and any
 * opened inside it and not closed (a runtime that reports ends out of order).
 * Nothing if none is open. */
static void leave(struct replay *p, uint64_t time, enum trace_region_kind kind, uint64_t key)
{
    if (p->overflow) {
        p->overflow--;
        return;
    }
    int at = p->depth - 1;
    while (at >= 0 && !(p->stack[at].region->kind == kind && (!key || p->stack[at].key == key)))
        at--;
    if (at < 0)
        return;
    while (p->depth > at)
        leave_top(p, time);
}

static void point(struct replay *p, uint64_t time, enum trace_region_kind kind, int subkind, uint64_t codeptr)
{
    enter(p, time, region(kind, subkind, (const void *)(uintptr_t)codeptr), 0);
    leave(p, time, kind, 0);
}

static void flow(struct replay *p, uint64_t time, uint64_t id, int start, int target)
{
    for (int w = 0; w < p->writer_count; w++)
        if (p->writers[w].flow)
            p->writers[w].flow(p->writers[w].state, p->thread, time, id, start, target);
}

/* A device op timed by the callbacks (its device does not trace). */
static void device_op(struct replay *p, const struct trace_event *e)
{
    if (e->endpoint == ompt_scope_begin) {
        p->op_start = e->time;
        return;
    }
    struct trace_device_op op = {.start = p->op_start && p->op_start <= e->time ? p->op_start : e->time,
                                 .end = e->time, .construct = e->b, .what = trace_op_of(e->kind),
                                 .device = (int)e->extra};
    if (op.what == OP_KERNEL)
        op.requested_teams = (unsigned)e->a;
    else
        op.bytes = e->a;
    p->op_start = 0;
    trace_device_add(&op);
}

static void replay_event(const struct trace_event *e, void *arg)
{
    struct replay *p = arg;
    uint64_t t = e->time;
    const void *code = (const void *)(uintptr_t)e->a;
    int begin = e->endpoint == ompt_scope_begin;
    p->events++;
    p->last = t;
    /* A lock wait without mutex_acquired: a failed omp_test_lock (5.1
     * 4.5.2.14). It ends at the thread's next event. */
    if (p->depth && p->stack[p->depth - 1].region->kind == R_LOCK_WAIT &&
        !((e->type == EV_MUTEX_ACQUIRED || (e->type == EV_NEST_LOCK && begin)) && e->b == p->stack[p->depth - 1].key))
        leave(p, t, R_LOCK_WAIT, 0);
    switch ((enum trace_event_type)e->type) {
    case EV_PARALLEL_BEGIN: enter(p, t, region(R_PARALLEL, 0, code), 0); break;
    case EV_PARALLEL_END: leave(p, t, R_PARALLEL, 0); break;
    case EV_IMPLICIT_TASK:
        if (e->kind & ompt_task_initial)
            break; /* the initial task spans the whole thread */
        if (begin)
            enter(p, t, region(R_IMPLICIT_TASK, 0, code), 0);
        else
            leave(p, t, R_IMPLICIT_TASK, 0);
        break;
    case EV_WORK:
        if (begin)
            enter(p, t, region(R_WORK, e->kind, code), 0);
        else
            leave(p, t, R_WORK, 0);
        break;
    case EV_SYNC_REGION:
        if (begin)
            enter(p, t, region(R_SYNC, e->kind, code), 0);
        else
            leave(p, t, R_SYNC, 0);
        break;
    case EV_SYNC_WAIT:
        if (begin)
            enter(p, t, region(R_SYNC_WAIT, e->kind, code), 0);
        else
            leave(p, t, R_SYNC_WAIT, 0);
        break;
    case EV_MUTEX_ACQUIRE: enter(p, t, region(R_LOCK_WAIT, e->kind, code), e->b); break;
    case EV_MUTEX_ACQUIRED: leave(p, t, R_LOCK_WAIT, e->b); break;
    case EV_NEST_LOCK:
        if (begin)
            leave(p, t, R_LOCK_WAIT, e->b); /* the owner took its nestable lock again */
        break;
    case EV_MASKED:
        if (begin)
            enter(p, t, region(R_MASKED, 0, code), 0);
        else
            leave(p, t, R_MASKED, 0);
        break;
    case EV_REDUCTION:
        if (begin)
            enter(p, t, region(R_REDUCTION, 0, code), 0);
        else
            leave(p, t, R_REDUCTION, 0);
        break;
    case EV_TASK_CREATE:
        if (e->b) {
            point(p, t, R_TASK_CREATE, 0, e->a);
            flow(p, t, e->b, 1, 0);
        }
        break;
    case EV_TASK_SCHEDULE:
        if (e->a)
            leave(p, t, R_TASK, e->a); /* completed, or suspended (resumes with a new slice) */
        if (e->b) {
            struct task_entry *entry = task(e->b, 0);
            enter(p, t, region(R_TASK, 0, entry ? entry->codeptr : NULL), e->b);
            if (entry && !entry->started) {
                entry->started = 1;
                flow(p, t, e->b, 0, 0);
            }
        }
        break;
    case EV_FLUSH: point(p, t, R_FLUSH, 0, e->a); break;
    case EV_CANCEL: point(p, t, R_CANCEL, 0, e->a); break;
    case EV_TARGET:
        if (begin) {
            const struct trace_region *r = region(R_TARGET, e->kind, code);
            enter(p, t, r, e->b);
            struct trace_construct *c = trace_construct_of(e->b, 1);
            if (c) {
                c->region = r;
                if (c->ops)
                    flow(p, t, trace_target_flow(e->b), 1, 1);
            }
        } else {
            leave(p, t, R_TARGET, e->b);
        }
        break;
    case EV_DEVICE_OP: device_op(p, e); break;
    default: break; /* recorded, not a region: thread, dispatch, release, lock init, dependences */
    }
}

long long trace_timeline(struct trace_writer *writers, int count)
{
    unsigned threads = atomic_load(&trace_thread_count);
    if (threads > TRACE_MAX_THREADS)
        threads = TRACE_MAX_THREADS;
    for (unsigned i = 0; i < threads; i++)
        if (trace_threads[i] && trace_replay(trace_threads[i], note_event, NULL) != 0)
            return -1;
    trace_devices_each(count_op, NULL); /* the ops from trace records, there already */
    long long events = 0;
    struct replay *p = malloc(sizeof *p);
    if (!p)
        abort();
    for (unsigned i = 0; i < threads; i++) {
        struct trace_thread *t = trace_threads[i];
        if (!t)
            continue;
        memset(p, 0, sizeof *p);
        p->thread = t->number;
        p->writers = writers;
        p->writer_count = count;
        for (int w = 0; w < count; w++)
            writers[w].thread_begin(writers[w].state, p->thread);
        if (trace_replay(t, replay_event, p) != 0) {
            free(p);
            return -1;
        }
        while (p->depth)
            leave_top(p, p->last); /* still open when the program ended */
        for (int w = 0; w < count; w++)
            writers[w].thread_end(writers[w].state, p->thread);
        events += p->events;
    }
    free(p);
    trace_devices_write(writers, count);
    return events;
}
