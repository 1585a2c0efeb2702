/* OMP_DISPLAY_ENV and omp_display_env (OpenMP 5.1, 6.12 and 3.15): the ICVs of
 * the initial data environment and the device, one "[host] NAME = 'value'"
 * line each, on stderr as libgomp prints them. omp_display_env passes the
 * calling task's data environment, so it shows what the program changed. */
#include <limits.h>
#include <pthread.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "env.h"
#include "globals.h"
#include "places.h"
#include "runtime.h"

/* Grows a line with snprintf semantics, never past the buffer. */
struct text {
    char buffer[4096];
    size_t used;
};

static void __attribute__((format(printf, 2, 3))) add(struct text *t, const char *fmt, ...)
{
    if (t->used >= sizeof t->buffer)
        return;
    va_list ap;
    va_start(ap, fmt);
    int n = vsnprintf(t->buffer + t->used, sizeof t->buffer - t->used, fmt, ap);
    va_end(ap);
    if (n > 0)
        t->used += (size_t)n;
    if (t->used >= sizeof t->buffer)
        t->used = sizeof t->buffer - 1;
}

static const char *bool_name(bool value)
{
    return value ? "TRUE" : "FALSE";
}

static const char *bind_name(int policy)
{
    switch (policy) {
    case GLASS_BIND_TRUE: return "TRUE";
    case GLASS_BIND_PRIMARY: return "PRIMARY";
    case GLASS_BIND_CLOSE: return "CLOSE";
    case GLASS_BIND_SPREAD: return "SPREAD";
    default: return "FALSE";
    }
}

static void add_schedule(struct text *t, const struct glass_icvs *icv)
{
    static const char *const kinds[] = {"", "STATIC", "DYNAMIC", "GUIDED", "AUTO"};
    int kind = icv->run_sched & ~GLASS_SCHED_MONOTONIC;
    if (icv->run_sched & GLASS_SCHED_MONOTONIC)
        add(t, "MONOTONIC:");
    add(t, "%s", kind >= 1 && kind <= 4 ? kinds[kind] : "?");
    if (icv->run_sched_chunk > 0 && !(kind == GLASS_SCHED_DYNAMIC && icv->run_sched_chunk == 1) &&
        !(kind == GLASS_SCHED_GUIDED && icv->run_sched_chunk == 1))
        add(t, ",%d", icv->run_sched_chunk);
}

/* nthreads-var and bind-var are lists: the current value, then the elements
 * that later nesting levels will take. */
static void add_num_threads(struct text *t, const struct glass_icvs *icv)
{
    add(t, "%u", icv->nthreads);
    for (unsigned i = icv->nthreads_next; i < glass_globals.nthreads_list_len; i++)
        add(t, ",%u", glass_globals.nthreads_list[i]);
}

static void add_proc_bind(struct text *t, const struct glass_icvs *icv)
{
    add(t, "%s", bind_name(icv->bind));
    for (unsigned i = icv->bind_next; i < glass_globals.bind_list_len; i++)
        add(t, ",%s", bind_name(glass_globals.bind_list[i]));
}

static void line(struct text *out, const char *name, const char *value)
{
    add(out, "  [host] %s = '%s'\n", name, value);
}

void glass_display_env(const struct glass_icvs *icv, bool verbose)
{
    const struct glass_globals *g = &glass_globals;
    /* Static (4 KiB is a lot for a worker's stack), so one caller at a time. */
    static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
    static struct text out, value;
    char number[32];

    pthread_mutex_lock(&lock);
    out.used = 0;
    add(&out, "OPENMP DISPLAY ENVIRONMENT BEGIN\n");
    add(&out, "  _OPENMP = '202011'\n");
    line(&out, "OMP_DYNAMIC", bool_name(icv->dynamic));
    line(&out, "OMP_NESTED", bool_name(icv->max_active_levels > 1));
    value.used = 0;
    add_num_threads(&value, icv);
    line(&out, "OMP_NUM_THREADS", value.buffer);
    value.used = 0;
    add_schedule(&value, icv);
    line(&out, "OMP_SCHEDULE", value.buffer);
    value.used = 0;
    add_proc_bind(&value, icv);
    line(&out, "OMP_PROC_BIND", value.buffer);
    glass_places_format(value.buffer, sizeof value.buffer);
    line(&out, "OMP_PLACES", value.buffer);
    snprintf(number, sizeof number, "%zu", g->stacksize);
    line(&out, "OMP_STACKSIZE", number);
    line(&out, "OMP_WAIT_POLICY", g->wait_policy == GLASS_WAIT_ACTIVE ? "ACTIVE" : "PASSIVE");
    snprintf(number, sizeof number, "%u", icv->thread_limit == UINT_MAX ? INT_MAX : icv->thread_limit);
    line(&out, "OMP_THREAD_LIMIT", number);
    snprintf(number, sizeof number, "%u", icv->max_active_levels);
    line(&out, "OMP_MAX_ACTIVE_LEVELS", number);
    snprintf(number, sizeof number, "%d", g->num_teams);
    line(&out, "OMP_NUM_TEAMS", number);
    snprintf(number, sizeof number, "%d", g->teams_thread_limit);
    line(&out, "OMP_TEAMS_THREAD_LIMIT", number);
    line(&out, "OMP_CANCELLATION", bool_name(g->cancellation));
    snprintf(number, sizeof number, "%d", icv->default_device);
    line(&out, "OMP_DEFAULT_DEVICE", number);
    snprintf(number, sizeof number, "%d", g->max_task_priority);
    line(&out, "OMP_MAX_TASK_PRIORITY", number);
    line(&out, "OMP_DISPLAY_AFFINITY", bool_name(g->display_affinity));
    line(&out, "OMP_AFFINITY_FORMAT", g->affinity_format);
    const char *allocator = glass_allocator_name(icv->default_allocator);
    snprintf(number, sizeof number, "%lu", (unsigned long)icv->default_allocator);
    line(&out, "OMP_ALLOCATOR", allocator ? allocator : number);
    static const char *const offload[] = {"DEFAULT", "MANDATORY", "DISABLED"};
    line(&out, "OMP_TARGET_OFFLOAD", offload[g->target_offload]);
    line(&out, "OMP_DEBUG", g->debug ? "enabled" : "disabled");
    if (verbose) {
        /* Settings of this runtime beyond the specification. */
        if (g->spin_count == ~0ULL)
            snprintf(number, sizeof number, "INFINITE");
        else
            snprintf(number, sizeof number, "%llu", g->spin_count);
        line(&out, "GOMP_SPINCOUNT", number);
        snprintf(number, sizeof number, "%u", g->num_procs);
        line(&out, "GLASS_NUM_PROCS", number);
        line(&out, "GLASS_BARRIER", g->barrier_fanout ? "tree" : "central");
        if (g->barrier_fanout) {
            snprintf(number, sizeof number, "%u", g->barrier_fanout);
            line(&out, "GLASS_BARRIER_FANOUT", number);
        }
        line(&out, "GLASS_VERSION", GLASS_VERSION_STRING);
    }
    add(&out, "OPENMP DISPLAY ENVIRONMENT END\n");
    fwrite(out.buffer, 1, out.used, stderr);
    pthread_mutex_unlock(&lock);
}
