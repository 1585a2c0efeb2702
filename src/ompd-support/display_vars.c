/* The display control variables (OpenMP 5.1, 5.5.10.1): the OMP_DISPLAY_ENV
 * content as "NAME=value" strings, built once at start-up so a debugger can
 * read them from a stopped process or a core file. */
#include <limits.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../core/globals.h"
#include "../core/places.h"
#include "ompd_support.h"

const char **glass_ompd_display_vars;

#define MAX_VARS 24
static const char *vars[MAX_VARS + 1];
static char storage[4096];
static size_t used;
static unsigned nvars;

static void __attribute__((format(printf, 1, 2))) var(const char *fmt, ...)
{
    if (nvars >= MAX_VARS || used >= sizeof storage)
        return;
    va_list ap;
    va_start(ap, fmt);
    int n = vsnprintf(storage + used, sizeof storage - used, fmt, ap);
    va_end(ap);
    if (n < 0 || (size_t)n >= sizeof storage - used)
        return;
    vars[nvars++] = storage + used;
    used += (size_t)n + 1;
}

static const char *bind_name(int policy)
{
    static const char *const names[] = {"FALSE", "TRUE", "PRIMARY", "CLOSE", "SPREAD"};
    return policy >= 0 && policy <= 4 ? names[policy] : "FALSE";
}

static const char *bool_name(bool value)
{
    return value ? "TRUE" : "FALSE";
}

void glass_ompd_build_display_vars(void)
{
    const struct glass_globals *g = &glass_globals;
    const struct glass_icvs *icv = &g->initial_icvs;
    char list[256];
    size_t len;

    var("_OPENMP=202011");
    var("OMP_DYNAMIC=%s", bool_name(icv->dynamic));
    len = (size_t)snprintf(list, sizeof list, "%u", icv->nthreads);
    for (unsigned i = icv->nthreads_next; i < g->nthreads_list_len && len < sizeof list; i++)
        len += (size_t)snprintf(list + len, sizeof list - len, ",%u", g->nthreads_list[i]);
    var("OMP_NUM_THREADS=%s", list);
    static const char *const kinds[] = {"?", "STATIC", "DYNAMIC", "GUIDED", "AUTO"};
    int kind = icv->run_sched & ~GLASS_SCHED_MONOTONIC;
    var("OMP_SCHEDULE=%s%s,%d", icv->run_sched & GLASS_SCHED_MONOTONIC ? "MONOTONIC:" : "",
        kinds[kind >= 1 && kind <= 4 ? kind : 0], icv->run_sched_chunk);
    len = (size_t)snprintf(list, sizeof list, "%s", bind_name(icv->bind));
    for (unsigned i = icv->bind_next; i < g->bind_list_len && len < sizeof list; i++)
        len += (size_t)snprintf(list + len, sizeof list - len, ",%s", bind_name(g->bind_list[i]));
    var("OMP_PROC_BIND=%s", list);
    glass_places_format(list, sizeof list);
    var("OMP_PLACES=%s", list);
    var("OMP_STACKSIZE=%zu", g->stacksize);
    var("OMP_WAIT_POLICY=%s", g->wait_policy == GLASS_WAIT_ACTIVE ? "ACTIVE" : "PASSIVE");
    var("OMP_THREAD_LIMIT=%u", icv->thread_limit == UINT_MAX ? INT_MAX : icv->thread_limit);
    var("OMP_MAX_ACTIVE_LEVELS=%u", icv->max_active_levels);
    var("OMP_NUM_TEAMS=%d", g->num_teams);
    var("OMP_TEAMS_THREAD_LIMIT=%d", g->teams_thread_limit);
    var("OMP_CANCELLATION=%s", bool_name(g->cancellation));
    var("OMP_DEFAULT_DEVICE=%d", icv->default_device);
    var("OMP_MAX_TASK_PRIORITY=%d", g->max_task_priority);
    var("OMP_DISPLAY_AFFINITY=%s", bool_name(g->display_affinity));
    var("OMP_AFFINITY_FORMAT=%s", g->affinity_format);
    static const char *const offload[] = {"DEFAULT", "MANDATORY", "DISABLED"};
    var("OMP_TARGET_OFFLOAD=%s", offload[g->target_offload >= 0 && g->target_offload <= 2 ? g->target_offload : 0]);
    var("OMP_DEBUG=%s", g->debug ? "enabled" : "disabled");
    vars[nvars] = NULL;
    glass_ompd_display_vars = vars;
}
