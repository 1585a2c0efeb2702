/* The OMPT callbacks of libglass-profile: each event moves the calling thread
 * between activities (profile.h) and charges the time since its previous event
 * to the activity it leaves, in the thread's own tables. */
#ifndef _GNU_SOURCE
#define _GNU_SOURCE /* open_memstream, program_invocation_short_name */
#endif
#include <errno.h> /* program_invocation_short_name */
#include <stdio.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include <omp-tools.h>

#include "clock.h"
#include "finish_signals.h"
#include "output_claim.h"
#include "profile.h"

struct profile_thread *profile_threads[PROFILE_MAX_THREADS];
unsigned profile_thread_count;
uint64_t profile_start_ns;
int profile_keep_timeline;
char profile_runtime_version[128];


static __thread struct profile_thread *current;

uint64_t profile_now(void)
{
    return profile_replay_clock ? profile_replay_clock : tool_now_ns();
}

/* A thread's record, made at its first event (thread_begin normally, but a
 * runtime may report other events first). Records live until exit: the report
 * reads them after their threads are gone. */
static struct profile_thread *self(void)
{
    if (current)
        return current;
    struct profile_thread *t = calloc(1, sizeof *t);
    if (!t)
        abort();
    unsigned number = atomic_fetch_add((_Atomic unsigned *)&profile_thread_count, 1);
    t->number = number;
    t->initial = number == 0;
    t->depth = 1;
    t->stack[0].activity = t->initial ? ACT_SERIAL : ACT_IDLE;
    t->stack[0].region = &t->outside;
    t->now = profile_now();
    if (number < PROFILE_MAX_THREADS)
        atomic_store((_Atomic(struct profile_thread *) *)&profile_threads[number], t);
    current = t;
    return t;
}

struct profile_thread *profile_self(void)
{
    return self();
}

/* Charges the time since the thread's last switch to what it was doing:
 * its activity, its region's category, its construct and, for work and
 * tasks, the busy time of its implicit task (for the late-start figures).
 * `category` overrides the top entry's (CAT_COUNT: none). */
static void charge_as(struct profile_thread *t, uint64_t now, enum profile_category category)
{
    uint64_t elapsed = now - t->now;
    typeof(t->stack[0]) *top = &t->stack[t->depth - 1];
    enum profile_activity activity = top->activity;
    t->ns[activity] += elapsed;
    top->region->ns[activity] += elapsed;
    top->region->category[category == CAT_COUNT ? top->category : category] += elapsed;
    if (top->construct)
        top->construct->ns += elapsed;
    if ((activity == ACT_WORK || activity == ACT_TASK) && t->level_depth > 0 && t->level_depth <= PROFILE_STACK)
        t->levels[t->level_depth - 1].busy += elapsed;
    if (profile_keep_timeline && elapsed && activity != ACT_IDLE && activity != ACT_SERIAL)
        profile_timeline_add(t, activity, t->timeline_region, t->now, now);
    t->now = now;
}

static void charge(struct profile_thread *t, uint64_t now)
{
    charge_as(t, now, CAT_COUNT);
}

static struct region_slot *current_region(struct profile_thread *t)
{
    return t->stack[t->depth - 1].region;
}

/* The codeptr of the parallel region the thread is in ((void *)1: none), for
 * the construct tables' keys. */
static const void *current_region_codeptr(struct profile_thread *t)
{
    const struct region_slot *region = current_region(t);
    return region == &t->outside ? (const void *)1 : region->codeptr;
}

static void push_as(struct profile_thread *t, enum profile_activity activity, enum profile_category category,
                    struct region_slot *region, struct construct_slot *construct, enum profile_category charged)
{
    uint64_t now = profile_now();
    charge_as(t, now, charged);
    if (t->depth == PROFILE_STACK) {
        t->overflow++;
        return;
    }
    t->stack[t->depth].activity = activity;
    t->stack[t->depth].category = category;
    t->stack[t->depth].region = region;
    t->stack[t->depth].construct = construct;
    t->stack[t->depth].started = now;
    t->depth++;
    if (construct)
        construct->calls++;
}

static void push(struct profile_thread *t, enum profile_activity activity, enum profile_category category,
                 struct region_slot *region, struct construct_slot *construct)
{
    push_as(t, activity, category, region, construct, CAT_COUNT);
}

/* Returns the start time of the entry it removes (0 if there was none). */
static uint64_t pop(struct profile_thread *t)
{
    charge(t, profile_now());
    if (t->overflow) {
        t->overflow--;
        return 0;
    }
    if (t->depth == 1)
        return 0;
    t->depth--;
    struct construct_slot *construct = t->stack[t->depth].construct;
    uint64_t started = t->stack[t->depth].started;
    if (construct && t->now - started > construct->max_ns)
        construct->max_ns = t->now - started;
    return started;
}

static enum profile_activity top(struct profile_thread *t)
{
    return t->stack[t->depth - 1].activity;
}

/* A lock wait that never ended: omp_test_lock reports mutex_acquire and, when
 * it fails, nothing after it (5.1 4.5.2.14). Any later event closes it. */
static struct profile_thread *self_outside_lock_wait(void)
{
    struct profile_thread *t = self();
    if (top(t) == ACT_LOCK)
        pop(t);
    return t;
}

static struct lock_slot *lock_slot(struct profile_thread *t, uint64_t wait_id)
{
    for (unsigned probe = 0; probe < PROFILE_LOCK_SLOTS; probe++) {
        struct lock_slot *slot = &t->locks[(wait_id / 8 + probe) % PROFILE_LOCK_SLOTS];
        if (slot->used && slot->wait_id == wait_id)
            return slot;
        if (!slot->used) {
            slot->used = 1;
            slot->wait_id = wait_id;
            return slot;
        }
    }
    return NULL;
}

static struct construct_slot *construct_here(struct profile_thread *t, unsigned kind, const void *codeptr)
{
    unsigned index = t->level_depth > 0 && t->level_depth <= PROFILE_STACK ? t->levels[t->level_depth - 1].index : 0;
    const void *region = current_region_codeptr(t);
    /* Workers' barriers may come without a codeptr (the region's
     * encountering thread has it): they are named by the region. */
    if (!codeptr && kind >= K_BARRIER_PARALLEL && kind <= K_BARRIER_RUNTIME)
        codeptr = region;
    return profile_construct_slot(t, region, kind, codeptr, index);
}

/* ---- callbacks ---------------------------------------------------------------- */

static void on_thread_begin(ompt_thread_t type, ompt_data_t *thread_data)
{
    (void)thread_data;
    struct profile_thread *t = self();
    t->initial = type == ompt_thread_initial;
    if (t->depth == 1)
        t->stack[0].activity = t->initial ? ACT_SERIAL : ACT_IDLE;
}

static void on_thread_end(ompt_data_t *thread_data)
{
    (void)thread_data;
    charge(self(), profile_now());
}

static void on_parallel_begin(ompt_data_t *encountering_task_data, const ompt_frame_t *encountering_task_frame,
                              ompt_data_t *parallel_data, unsigned int requested_parallelism, int flags,
                              const void *codeptr_ra)
{
    (void)encountering_task_data, (void)encountering_task_frame, (void)flags;
    struct profile_thread *t = self_outside_lock_wait();
    uint64_t now = profile_now();
    charge(t, now);
    struct profile_instance *instance =
        profile_instance_new(codeptr_ra ? codeptr_ra : (const void *)1, requested_parallelism, now);
    if (t->parallel_depth < PROFILE_STACK)
        t->parallel[t->parallel_depth] = instance;
    t->parallel_depth++;
    /* The workers' implicit_task events carry parallel_data, not codeptr_ra. */
    parallel_data->ptr = instance;
}

static void on_parallel_end(ompt_data_t *parallel_data, ompt_data_t *encountering_task_data, int flags,
                            const void *codeptr_ra)
{
    (void)encountering_task_data, (void)flags, (void)codeptr_ra;
    struct profile_thread *t = self_outside_lock_wait();
    if (t->parallel_depth == 0)
        return;
    t->parallel_depth--;
    uint64_t now = profile_now();
    charge(t, now);
    struct profile_instance *instance = parallel_data ? parallel_data->ptr : NULL;
    if (!instance && t->parallel_depth < PROFILE_STACK)
        instance = t->parallel[t->parallel_depth];
    if (!instance)
        return;
    struct region_slot *slot = profile_region_slot(t, instance->codeptr, 0);
    slot->calls++;
    slot->total_ns += now - instance->begin;
    instance->end = now;
    profile_instance_release(t, instance);
}

static void on_implicit_task(ompt_scope_endpoint_t endpoint, ompt_data_t *parallel_data, ompt_data_t *task_data,
                             unsigned int actual_parallelism, unsigned int index, int flags)
{
    if (flags & ompt_task_initial)
        return;
    struct profile_thread *t = self_outside_lock_wait();
    if (endpoint == ompt_scope_end) {
        pop(t);
        if (t->level_depth == 0)
            return;
        t->level_depth--;
        if (t->level_depth >= PROFILE_STACK)
            return;
        struct profile_task_level *level = &t->levels[t->level_depth];
        struct profile_instance *instance = level->instance;
        if (t->level_depth == 0)
            t->timeline_region = 0;
        if (!instance)
            return;
        if (!level->mine.reached)
            level->mine.busy_first = level->busy;
        level->mine.end = t->now;
        if (level->index < instance->capacity)
            instance->member[level->index] = level->mine;
        if (level->index == 0)
            instance->master_end = t->now;
        profile_instance_release(t, instance);
        (void)task_data;
        return;
    }
    struct profile_instance *instance = parallel_data ? parallel_data->ptr : NULL;
    const void *codeptr = instance ? instance->codeptr : (const void *)1;
    struct region_slot *slot = profile_region_slot(t, codeptr, index);
    if (actual_parallelism > slot->max_threads)
        slot->max_threads = actual_parallelism;
    if (instance) {
        atomic_fetch_add_explicit(&instance->refs, 1, memory_order_relaxed);
        atomic_store_explicit(&instance->threads, actual_parallelism, memory_order_relaxed);
    }
    push(t, ACT_WORK, CAT_WORK, slot, NULL);
    if (t->level_depth < PROFILE_STACK) {
        struct profile_task_level *level = &t->levels[t->level_depth];
        *level = (struct profile_task_level){.instance = instance, .index = index};
        level->mine.start = t->now;
        level->mine.seen = 1;
    }
    if (t->level_depth == 0 && profile_keep_timeline)
        t->timeline_region = profile_timeline_number(codeptr);
    t->level_depth++;
}

static unsigned work_kind(ompt_work_t work)
{
    switch ((int)work) {
    case ompt_work_loop: return K_LOOP;
    case ompt_work_sections: return K_SECTIONS;
    case ompt_work_single_executor: return K_SINGLE;
    case ompt_work_single_other: return K_SINGLE_OTHER;
    case ompt_work_workshare: return K_WORKSHARE;
    case ompt_work_distribute: return K_DISTRIBUTE;
    case ompt_work_taskloop: return K_TASKLOOP;
    case ompt_work_scope: return K_SCOPE;
    default: return K_LOOP;
    }
}

static void on_work(ompt_work_t work_type, ompt_scope_endpoint_t endpoint, ompt_data_t *parallel_data,
                    ompt_data_t *task_data, uint64_t count, const void *codeptr_ra)
{
    (void)parallel_data, (void)task_data, (void)count;
    struct profile_thread *t = self_outside_lock_wait();
    if (endpoint == ompt_scope_begin)
        push(t, ACT_WORK, CAT_WORK, current_region(t), construct_here(t, work_kind(work_type), codeptr_ra));
    else if (top(t) == ACT_WORK && t->stack[t->depth - 1].construct)
        pop(t);
}

static void on_masked(ompt_scope_endpoint_t endpoint, ompt_data_t *parallel_data, ompt_data_t *task_data,
                      const void *codeptr_ra)
{
    (void)parallel_data, (void)task_data;
    struct profile_thread *t = self_outside_lock_wait();
    if (endpoint == ompt_scope_begin)
        push(t, ACT_WORK, CAT_WORK, current_region(t), construct_here(t, K_MASKED, codeptr_ra));
    else if (top(t) == ACT_WORK && t->stack[t->depth - 1].construct)
        pop(t);
}

static unsigned sync_kind(ompt_sync_region_t kind)
{
    switch ((int)kind) {
    case ompt_sync_region_barrier_implicit_parallel: return K_BARRIER_PARALLEL;
    case ompt_sync_region_barrier_implicit_workshare: return K_BARRIER_WORKSHARE;
    case ompt_sync_region_barrier_implicit: return K_BARRIER_IMPLICIT;
    case ompt_sync_region_barrier_explicit:
    case ompt_sync_region_barrier: return K_BARRIER_EXPLICIT;
    case ompt_sync_region_taskwait: return K_TASKWAIT;
    case ompt_sync_region_taskgroup: return K_TASKGROUP;
    case ompt_sync_region_reduction: return K_REDUCTION;
    default: return K_BARRIER_RUNTIME;
    }
}

static enum profile_category wait_category(unsigned kind)
{
    return kind == K_TASKWAIT || kind == K_TASKGROUP ? CAT_TASK_WAIT : kind == K_REDUCTION ? CAT_REDUCTION
                                                                                         : CAT_IMBALANCE;
}

static void on_sync_region_wait(ompt_sync_region_t sync, ompt_scope_endpoint_t endpoint, ompt_data_t *parallel_data,
                                ompt_data_t *task_data, const void *codeptr_ra)
{
    (void)parallel_data, (void)task_data;
    struct profile_thread *t = self_outside_lock_wait();
    unsigned kind = sync_kind(sync);
    struct profile_task_level *level =
        t->level_depth > 0 && t->level_depth <= PROFILE_STACK ? &t->levels[t->level_depth - 1] : NULL;
    int barrier = wait_category(kind) == CAT_IMBALANCE;
    if (endpoint == ompt_scope_begin) {
        struct construct_slot *construct = construct_here(t, kind, codeptr_ra);
        push(t, ACT_BARRIER, wait_category(kind), current_region(t), construct);
        t->after_task = 0;
        /* The first barrier of the implicit task: what late starts explain is judged there. */
        if (level && barrier && !level->mine.reached && t->depth >= 2 &&
            t->stack[t->depth - 2].activity == ACT_WORK) {
            level->mine.reached = 1;
            level->mine.busy_first = level->busy;
            level->mine.barrier = construct;
            level->mine.wait_first = t->now; /* its start, until the wait ends */
        }
        if (level && (kind == K_BARRIER_PARALLEL || kind == K_BARRIER_IMPLICIT)) {
            level->mine.final_arrival = t->now;
            level->mine.final_wait = 0;
            level->mine.final_barrier = construct;
        }
        return;
    }
    if (top(t) != ACT_BARRIER)
        return;
    uint64_t started = pop(t);
    t->after_task = 0;
    if (level && barrier && level->mine.reached && level->mine.wait_first == started)
        level->mine.wait_first = t->now - started;
    if (level && level->mine.final_arrival == started)
        level->mine.final_wait = t->now - started;
}

static void on_reduction(ompt_sync_region_t kind, ompt_scope_endpoint_t endpoint, ompt_data_t *parallel_data,
                         ompt_data_t *task_data, const void *codeptr_ra)
{
    (void)kind, (void)parallel_data, (void)task_data;
    struct profile_thread *t = self_outside_lock_wait();
    if (endpoint == ompt_scope_begin)
        push(t, ACT_WORK, CAT_REDUCTION, current_region(t), construct_here(t, K_REDUCTION, codeptr_ra));
    else if (t->stack[t->depth - 1].category == CAT_REDUCTION)
        pop(t);
}

static unsigned mutex_kind(ompt_mutex_t kind)
{
    switch ((int)kind) {
    case ompt_mutex_critical: return K_CRITICAL;
    case ompt_mutex_atomic: return K_ATOMIC;
    case ompt_mutex_ordered: return K_ORDERED;
    default: return K_LOCK;
    }
}

static void on_mutex_acquire(ompt_mutex_t kind, unsigned int hint, unsigned int impl, ompt_wait_id_t wait_id,
                             const void *codeptr_ra)
{
    (void)hint, (void)impl;
    struct profile_thread *t = self_outside_lock_wait();
    struct construct_slot *construct = construct_here(t, mutex_kind(kind), codeptr_ra);
    if (construct && !construct->wait_id)
        construct->wait_id = wait_id;
    push(t, ACT_LOCK, kind == ompt_mutex_atomic ? CAT_ATOMIC : CAT_LOCK, current_region(t), construct);
    t->lock_wait_id = wait_id;
    t->lock_wait_start = t->now;
    t->lock_codeptr = codeptr_ra;
    t->lock_kind = kind;
}

/* The end of a wait begun by mutex_acquire: mutex_acquired, or nest_lock's
 * begin when the thread already owned the nestable lock (5.1 4.5.2.16). */
static void acquired(ompt_wait_id_t wait_id)
{
    struct profile_thread *t = self();
    if (top(t) != ACT_LOCK || t->lock_wait_id != wait_id)
        return;
    pop(t);
    struct lock_slot *slot = lock_slot(t, wait_id);
    if (!slot)
        return;
    if (!slot->acquisitions) {
        slot->kind = t->lock_kind;
        slot->codeptr = t->lock_codeptr;
    }
    slot->acquisitions++;
    slot->wait_ns += t->now - t->lock_wait_start;
}

static void on_mutex_acquired(ompt_mutex_t kind, ompt_wait_id_t wait_id, const void *codeptr_ra)
{
    (void)kind, (void)codeptr_ra;
    acquired(wait_id);
}

static void on_nest_lock(ompt_scope_endpoint_t endpoint, ompt_wait_id_t wait_id, const void *codeptr_ra)
{
    (void)codeptr_ra;
    if (endpoint == ompt_scope_begin)
        acquired(wait_id);
}

/* An explicit task's ompt_data_t: the codeptr of the construct that made it,
 * and two marks above any user-space address. */
#define TASK_CREATED (1ull << 62)
#define TASK_RUNNING (1ull << 63)
#define TASK_CODEPTR(value) ((const void *)(uintptr_t)((value) & ~(TASK_CREATED | TASK_RUNNING)))

static void on_task_create(ompt_data_t *encountering_task_data, const ompt_frame_t *encountering_task_frame,
                           ompt_data_t *new_task_data, int flags, int has_dependences, const void *codeptr_ra)
{
    (void)encountering_task_data, (void)encountering_task_frame, (void)has_dependences;
    if (!(flags & ompt_task_explicit) || !new_task_data)
        return;
    struct profile_thread *t = self_outside_lock_wait();
    new_task_data->value = (uint64_t)(uintptr_t)codeptr_ra | TASK_CREATED;
    current_region(t)->tasks_created++;
    struct construct_slot *construct = construct_here(t, K_TASK, codeptr_ra);
    if (construct)
        construct->created++;
}

static void on_task_schedule(ompt_data_t *prior_task_data, ompt_task_status_t prior_task_status,
                             ompt_data_t *next_task_data)
{
    struct profile_thread *t = self_outside_lock_wait();
    if (prior_task_data && (prior_task_data->value & TASK_RUNNING) && top(t) == ACT_TASK) {
        struct region_slot *region = current_region(t);
        uint64_t started = pop(t);
        uint64_t duration = started ? t->now - started : 0;
        prior_task_data->value &= ~TASK_RUNNING;
        if (prior_task_status != ompt_task_yield && prior_task_status != ompt_task_switch) {
            region->tasks_executed++;
            if (duration > region->task_max_ns)
                region->task_max_ns = duration;
        }
        t->after_task = top(t) == ACT_BARRIER;
    }
    if (next_task_data && (next_task_data->value & TASK_CREATED) && !(next_task_data->value & TASK_RUNNING)) {
        next_task_data->value |= TASK_RUNNING;
        /* Back to back in a wait: the time between the two tasks was the
         * runtime finding the next one, not waiting. */
        enum profile_category between = t->after_task && top(t) == ACT_BARRIER ? CAT_SCHEDULING : CAT_COUNT;
        t->after_task = 0;
        push_as(t, ACT_TASK, CAT_TASKS, current_region(t),
                construct_here(t, K_TASK, TASK_CODEPTR(next_task_data->value)), between);
    }
}

/* ---- start-up and finalize ------------------------------------------------------ */

static void finish(void);

static int initialize(ompt_function_lookup_t lookup, int initial_device_num, ompt_data_t *tool_data)
{
    (void)initial_device_num, (void)tool_data;
    ompt_set_callback_t set_callback = (ompt_set_callback_t)lookup("ompt_set_callback");
    if (!set_callback)
        return 0;
    profile_num_devices = (ompt_get_num_devices_t)lookup("ompt_get_num_devices");
    profile_start_ns = profile_now();
    profile_machine_start();
    const char *html = getenv("GLASS_PROFILE_HTML");
    profile_keep_timeline = html && *html;
    self();
#define REGISTER(event, function) set_callback(event, (ompt_callback_t)function)
    REGISTER(ompt_callback_thread_begin, on_thread_begin);
    REGISTER(ompt_callback_thread_end, on_thread_end);
    REGISTER(ompt_callback_parallel_begin, on_parallel_begin);
    REGISTER(ompt_callback_parallel_end, on_parallel_end);
    REGISTER(ompt_callback_implicit_task, on_implicit_task);
    REGISTER(ompt_callback_sync_region_wait, on_sync_region_wait);
    REGISTER(ompt_callback_mutex_acquire, on_mutex_acquire);
    REGISTER(ompt_callback_mutex_acquired, on_mutex_acquired);
    REGISTER(ompt_callback_nest_lock, on_nest_lock);
    REGISTER(ompt_callback_task_create, on_task_create);
    REGISTER(ompt_callback_task_schedule, on_task_schedule);
    REGISTER(ompt_callback_work, on_work);
    REGISTER(ompt_callback_masked, on_masked);
    REGISTER(ompt_callback_reduction, on_reduction);
#undef REGISTER
    profile_target_register(set_callback);
    tool_output_started("profile");
    tool_finish_on_signals("glass profile", finish);
    return 1;
}

/* Bit 0: the text report could not go to `path` (it went to `fallback`);
 * bit 1: the page could not be written. */
#define REPORT_TEXT_FAILED 1
#define REPORT_HTML_FAILED 2

static int write_reports(const char *path, FILE *fallback, const char *html)
{
    /* The report is made once, then written as text and, if asked, as HTML. */
    char *text = NULL;
    size_t length = 0;
    FILE *memory = open_memstream(&text, &length);
    if (memory) {
        profile_report(memory);
        fclose(memory);
    }
    int failed = 0;
    FILE *out = fallback;
    if (path && *path) {
        out = fopen(path, "w");
        if (!out) {
            fprintf(stderr, "glass profile: cannot write %s, reporting to %s\n", path,
                    fallback == stdout ? "stdout" : "stderr");
            out = fallback;
            failed |= REPORT_TEXT_FAILED;
        }
    }
    if (text)
        fputs(text, out);
    else
        profile_report(out);
    if (out != fallback) {
        if (fclose(out) != 0)
            failed |= REPORT_TEXT_FAILED;
    } else {
        fflush(out);
    }
    if (html && *html && profile_report_html(html, text) != 0) {
        fprintf(stderr, "glass profile: cannot write %s\n", html);
        failed |= REPORT_HTML_FAILED;
    }
    free(text);
    profile_names_end();
    tool_symbolize_end();
    return failed;
}

int profile_write_reports(const char *path, FILE *fallback, const char *html)
{
    return write_reports(path, fallback, html) ? -1 : 0;
}

/* Where this process writes the output asked for in `variable`: its own
 * name when another process of the same glass command has the one asked
 * (output_claim.h), and never over a file that is not a glass profile.
 * NULL: not written (said why). */
static const char *output_path(const char *variable, const char *tool, char *chosen, size_t size)
{
    const char *asked = getenv(variable);
    if (!asked || !*asked)
        return NULL;
    char for_rank[4096];
    int rank = tool_mpi_rank();
    if (rank >= 0) {
        tool_output_for_rank(asked, rank, for_rank, sizeof for_rank);
        asked = for_rank;
    }
    if (tool_output_claim(tool, asked, chosen, size))
        fprintf(stderr, "glass profile: %s is another process's profile; this one's (%s, pid %d) is %s\n", asked,
                program_invocation_short_name, (int)getpid(), chosen);
    const char *foreign = tool_output_foreign(chosen, "glass profile");
    if (foreign) {
        fprintf(stderr, "glass profile: not overwriting %s: %s%s\n", chosen, foreign,
                strcmp(tool, "html") ? "; the profile goes to stderr" : "; no HTML profile written");
        return NULL;
    }
    return chosen;
}

/* The report, made once, written as text and, if asked, as HTML: at
 * finalize, or on SIGTERM and the like (finish_signals.h), whichever
 * comes first. */
static _Atomic int finished;

static void finish(void)
{
    if (!tool_finish_begin(&finished))
        return;
    /* Not on the thread that writes on a signal: it is not one of the
     * program's (the report charges every thread up to now anyway). */
    if (current)
        charge(current, profile_now());
    char chosen[4096], html_chosen[4096];
    const char *path = output_path("GLASS_PROFILE_OUTPUT", "profile", chosen, sizeof chosen);
    const char *html = output_path("GLASS_PROFILE_HTML", "html", html_chosen, sizeof html_chosen);
    int failed = write_reports(path, stderr, html);
    tool_output_done("profile", path && !(failed & REPORT_TEXT_FAILED) ? path : "stderr");
    if (html && !(failed & REPORT_HTML_FAILED))
        tool_output_done("html", html);
    tool_finish_done(&finished);
}

static void finalize(ompt_data_t *tool_data)
{
    (void)tool_data;
    finish();
}

/* ---- replay: the same callbacks, fed a trace's events (replay.c) ---- */

uint64_t profile_replay_clock;

void profile_replay_select(unsigned number)
{
    current = NULL;
    while (profile_thread_count <= number && profile_thread_count < PROFILE_MAX_THREADS) {
        current = NULL;
        self();
    }
    current = number < PROFILE_MAX_THREADS ? profile_threads[number] : NULL;
    if (!current)
        self();
}

void profile_replay_finish(void)
{
    for (unsigned i = 0; i < profile_thread_count && i < PROFILE_MAX_THREADS; i++)
        if (profile_threads[i]) {
            current = profile_threads[i];
            charge(current, profile_now());
        }
    current = profile_threads[0];
}

const struct profile_callbacks profile_callbacks = {
    .thread_begin = on_thread_begin,
    .thread_end = on_thread_end,
    .parallel_begin = on_parallel_begin,
    .parallel_end = on_parallel_end,
    .implicit_task = on_implicit_task,
    .work = on_work,
    .masked = on_masked,
    .sync_region_wait = on_sync_region_wait,
    .reduction = on_reduction,
    .mutex_acquire = on_mutex_acquire,
    .mutex_acquired = on_mutex_acquired,
    .nest_lock = on_nest_lock,
    .task_create = on_task_create,
    .task_schedule = on_task_schedule,
};

__attribute__((visibility("default"))) ompt_start_tool_result_t *ompt_start_tool(unsigned int omp_version,
                                                                                const char *runtime_version)
{
    (void)omp_version;
    snprintf(profile_runtime_version, sizeof profile_runtime_version, "%s", runtime_version ? runtime_version : "");
    static ompt_start_tool_result_t result = {initialize, finalize, {0}};
    return &result;
}
