/* The OMPT callbacks of libglass-profile: each event moves the calling thread
 * between activities (profile.h) and charges the time since its previous event
 * to the activity it leaves, in the thread's own tables. */
#ifndef _GNU_SOURCE
#define _GNU_SOURCE /* open_memstream, program_invocation_short_name */
#endif
#include <errno.h> /* program_invocation_short_name */
#include <stdio.h>
#include <stdatomic.h>
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

/* The marks the tool leaves in an explicit task's ompt_data_t. */
enum { TASK_CREATED = 1, TASK_RUNNING = 2 };

static __thread struct profile_thread *current;

uint64_t profile_now(void)
{
    return tool_now_ns();
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

/* Adds [t->now, now) spent on `activity` to the thread's timeline. */
static void keep_segment(struct profile_thread *t, enum profile_activity activity, uint64_t now)
{
    if (!t->segments) {
        t->segments = malloc(PROFILE_SEGMENTS * sizeof *t->segments);
        if (!t->segments) {
            t->segments_dropped++;
            return;
        }
    }
    struct profile_segment *last = t->segment_count ? &t->segments[t->segment_count - 1] : NULL;
    if (last && last->activity == activity && last->end == t->now) {
        last->end = now;
        return;
    }
    if (t->segment_count == PROFILE_SEGMENTS) {
        t->segments_dropped++;
        return;
    }
    t->segments[t->segment_count++] = (struct profile_segment){t->now, now, activity};
}

/* Charges the time since the thread's last switch to what it was doing. */
static void charge(struct profile_thread *t, uint64_t now)
{
    uint64_t elapsed = now - t->now;
    enum profile_activity activity = t->stack[t->depth - 1].activity;
    t->ns[activity] += elapsed;
    t->stack[t->depth - 1].region->ns[activity] += elapsed;
    if (profile_keep_timeline && elapsed && activity != ACT_IDLE && activity != ACT_SERIAL)
        keep_segment(t, activity, now);
    t->now = now;
}

static struct region_slot *current_region(struct profile_thread *t)
{
    return t->stack[t->depth - 1].region;
}

static void push(struct profile_thread *t, enum profile_activity activity, struct region_slot *region)
{
    uint64_t now = profile_now();
    charge(t, now);
    if (t->depth == PROFILE_STACK) {
        t->overflow++;
        return;
    }
    t->stack[t->depth].activity = activity;
    t->stack[t->depth].region = region;
    t->stack[t->depth].started = now;
    t->depth++;
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
    return t->stack[t->depth].started;
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

static struct region_slot *region_slot(struct profile_thread *t, const void *codeptr, unsigned index)
{
    if (!codeptr)
        codeptr = (const void *)1; /* the runtime did not say where: one "unknown" region */
    uintptr_t hash = ((uintptr_t)codeptr >> 2) ^ ((uintptr_t)index * 0x9E3779B1u);
    for (unsigned probe = 0; probe < PROFILE_REGION_SLOTS; probe++) {
        struct region_slot *slot = &t->regions[(hash + probe) % PROFILE_REGION_SLOTS];
        if (slot->codeptr == codeptr && slot->index == index)
            return slot;
        if (!slot->codeptr) {
            slot->codeptr = codeptr;
            slot->index = index;
            return slot;
        }
    }
    return &t->outside; /* table full: still counted in the thread's totals */
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
    (void)encountering_task_data, (void)encountering_task_frame, (void)requested_parallelism, (void)flags;
    struct profile_thread *t = self_outside_lock_wait();
    if (t->parallel_depth < PROFILE_STACK)
        t->parallel_start[t->parallel_depth] = profile_now();
    t->parallel_depth++;
    /* The workers' implicit_task events carry parallel_data, not codeptr_ra. */
    parallel_data->ptr = (void *)codeptr_ra;
}

static void on_parallel_end(ompt_data_t *parallel_data, ompt_data_t *encountering_task_data, int flags,
                            const void *codeptr_ra)
{
    (void)parallel_data, (void)encountering_task_data, (void)flags;
    struct profile_thread *t = self_outside_lock_wait();
    if (t->parallel_depth == 0)
        return;
    t->parallel_depth--;
    if (t->parallel_depth >= PROFILE_STACK)
        return;
    struct region_slot *slot = region_slot(t, codeptr_ra, 0);
    slot->calls++;
    slot->total_ns += profile_now() - t->parallel_start[t->parallel_depth];
}

static void on_implicit_task(ompt_scope_endpoint_t endpoint, ompt_data_t *parallel_data, ompt_data_t *task_data,
                             unsigned int actual_parallelism, unsigned int index, int flags)
{
    (void)task_data;
    if (flags & ompt_task_initial)
        return;
    struct profile_thread *t = self_outside_lock_wait();
    if (endpoint == ompt_scope_end) {
        pop(t);
        return;
    }
    struct region_slot *slot = region_slot(t, parallel_data ? parallel_data->ptr : NULL, index);
    if (actual_parallelism > slot->max_threads)
        slot->max_threads = actual_parallelism;
    push(t, ACT_WORK, slot);
}

static void on_sync_region_wait(ompt_sync_region_t kind, ompt_scope_endpoint_t endpoint, ompt_data_t *parallel_data,
                                ompt_data_t *task_data, const void *codeptr_ra)
{
    (void)kind, (void)parallel_data, (void)task_data, (void)codeptr_ra;
    struct profile_thread *t = self_outside_lock_wait();
    if (endpoint == ompt_scope_begin)
        push(t, ACT_BARRIER, current_region(t));
    else if (top(t) == ACT_BARRIER)
        pop(t);
}

static void on_mutex_acquire(ompt_mutex_t kind, unsigned int hint, unsigned int impl, ompt_wait_id_t wait_id,
                             const void *codeptr_ra)
{
    (void)hint, (void)impl;
    struct profile_thread *t = self_outside_lock_wait();
    push(t, ACT_LOCK, current_region(t));
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

static void on_task_create(ompt_data_t *encountering_task_data, const ompt_frame_t *encountering_task_frame,
                           ompt_data_t *new_task_data, int flags, int has_dependences, const void *codeptr_ra)
{
    (void)encountering_task_data, (void)encountering_task_frame, (void)has_dependences, (void)codeptr_ra;
    if (!(flags & ompt_task_explicit) || !new_task_data)
        return;
    struct profile_thread *t = self_outside_lock_wait();
    new_task_data->value = TASK_CREATED;
    current_region(t)->tasks_created++;
}

static void on_task_schedule(ompt_data_t *prior_task_data, ompt_task_status_t prior_task_status,
                             ompt_data_t *next_task_data)
{
    struct profile_thread *t = self_outside_lock_wait();
    if (prior_task_data && prior_task_data->value == TASK_RUNNING && top(t) == ACT_TASK) {
        struct region_slot *region = current_region(t);
        uint64_t started = pop(t);
        uint64_t duration = started ? t->now - started : 0;
        prior_task_data->value = TASK_CREATED;
        if (prior_task_status != ompt_task_yield && prior_task_status != ompt_task_switch) {
            region->tasks_executed++;
            if (duration > region->task_max_ns)
                region->task_max_ns = duration;
        }
    }
    if (next_task_data && next_task_data->value == TASK_CREATED) {
        next_task_data->value = TASK_RUNNING;
        push(t, ACT_TASK, current_region(t));
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
#undef REGISTER
    profile_target_register(set_callback);
    tool_output_started("profile");
    tool_finish_on_signals("glass profile", finish);
    return 1;
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
    char *text = NULL;
    size_t length = 0;
    FILE *memory = open_memstream(&text, &length);
    if (memory) {
        profile_report(memory);
        fclose(memory);
    }
    char chosen[4096];
    const char *path = output_path("GLASS_PROFILE_OUTPUT", "profile", chosen, sizeof chosen);
    FILE *out = stderr;
    if (path) {
        out = fopen(path, "w");
        if (!out) {
            fprintf(stderr, "glass profile: cannot write %s, reporting to stderr\n", path);
            out = stderr;
        }
    }
    if (text)
        fputs(text, out);
    else
        profile_report(out);
    if (out != stderr)
        fclose(out);
    else
        fflush(out);
    tool_output_done("profile", out != stderr ? path : "stderr");
    char html_chosen[4096];
    const char *html = output_path("GLASS_PROFILE_HTML", "html", html_chosen, sizeof html_chosen);
    if (html && profile_report_html(html, text) != 0)
        fprintf(stderr, "glass profile: cannot write %s\n", html);
    else if (html)
        tool_output_done("html", html);
    free(text);
    tool_symbolize_end();
    tool_finish_done(&finished);
}

static void finalize(ompt_data_t *tool_data)
{
    (void)tool_data;
    finish();
}

__attribute__((visibility("default"))) ompt_start_tool_result_t *ompt_start_tool(unsigned int omp_version,
                                                                                const char *runtime_version)
{
    (void)omp_version, (void)runtime_version;
    static ompt_start_tool_result_t result = {initialize, finalize, {0}};
    return &result;
}
