/* How each setting is shown (settings.h): the value text that OMP_DISPLAY_ENV
 * prints between its quotes and OMPD publishes after "NAME=", as libgomp
 * prints it (OpenMP 5.1, 6.12 leaves the spelling to the implementation). */
#include <limits.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "env.h"
#include "../globals.h"
#include "../places/places.h"
#include "../runtime.h"
#include "settings_parts.h"

void glass_text_add(struct glass_text *t, const char *fmt, ...)
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

#define add glass_text_add

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

/* The version of the specification the runtime implements (5.1, 6.12). */
bool glass_show_openmp(struct glass_text *t, const struct glass_icvs *icv)
{
    (void)icv;
    add(t, "202011");
    return true;
}

bool glass_show_dynamic(struct glass_text *t, const struct glass_icvs *icv)
{
    add(t, "%s", bool_name(icv->dynamic));
    return true;
}

/* Deprecated nest-var: what max-active-levels-var says about nesting. */
bool glass_show_nested(struct glass_text *t, const struct glass_icvs *icv)
{
    add(t, "%s", bool_name(icv->max_active_levels > 1));
    return true;
}

/* nthreads-var and bind-var are lists: the current value, then the elements
 * that later nesting levels will take. */
bool glass_show_num_threads(struct glass_text *t, const struct glass_icvs *icv)
{
    add(t, "%u", icv->nthreads);
    for (unsigned i = icv->nthreads_next; i < glass_globals.nthreads_list_len; i++)
        add(t, ",%u", glass_globals.nthreads_list[i]);
    return true;
}

/* The chunk is left out where it is the kind's default (1 for dynamic and
 * guided, none for static and auto). */
bool glass_show_schedule(struct glass_text *t, const struct glass_icvs *icv)
{
    static const char *const kinds[] = {"", "STATIC", "DYNAMIC", "GUIDED", "AUTO"};
    int kind = icv->run_sched & ~GLASS_SCHED_MONOTONIC;
    if (icv->run_sched & GLASS_SCHED_MONOTONIC)
        add(t, "MONOTONIC:");
    add(t, "%s", kind >= 1 && kind <= 4 ? kinds[kind] : "?");
    if (icv->run_sched_chunk > 0 && !(kind == GLASS_SCHED_DYNAMIC && icv->run_sched_chunk == 1) &&
        !(kind == GLASS_SCHED_GUIDED && icv->run_sched_chunk == 1))
        add(t, ",%d", icv->run_sched_chunk);
    return true;
}

bool glass_show_proc_bind(struct glass_text *t, const struct glass_icvs *icv)
{
    add(t, "%s", bind_name(icv->bind));
    for (unsigned i = icv->bind_next; i < glass_globals.bind_list_len; i++)
        add(t, ",%s", bind_name(glass_globals.bind_list[i]));
    return true;
}

bool glass_show_places(struct glass_text *t, const struct glass_icvs *icv)
{
    (void)icv;
    /* In place: the text is 4 KiB, too much for a worker's stack twice. */
    if (t->used < sizeof t->buffer - 1)
        glass_places_format(t->buffer + t->used, sizeof t->buffer - t->used);
    t->used += strlen(t->buffer + t->used);
    return true;
}

bool glass_show_stacksize(struct glass_text *t, const struct glass_icvs *icv)
{
    (void)icv;
    add(t, "%zu", glass_globals.stacksize);
    return true;
}

bool glass_show_wait_policy(struct glass_text *t, const struct glass_icvs *icv)
{
    (void)icv;
    add(t, "%s", glass_globals.wait_policy == GLASS_WAIT_ACTIVE ? "ACTIVE" : "PASSIVE");
    return true;
}

/* Unlimited is kept as UINT_MAX; it reads back as INT_MAX, as the routine
 * returns it. */
bool glass_show_thread_limit(struct glass_text *t, const struct glass_icvs *icv)
{
    add(t, "%u", icv->thread_limit == UINT_MAX ? INT_MAX : icv->thread_limit);
    return true;
}

bool glass_show_max_active_levels(struct glass_text *t, const struct glass_icvs *icv)
{
    add(t, "%u", icv->max_active_levels);
    return true;
}

bool glass_show_num_teams(struct glass_text *t, const struct glass_icvs *icv)
{
    (void)icv;
    add(t, "%d", glass_globals.num_teams);
    return true;
}

bool glass_show_teams_thread_limit(struct glass_text *t, const struct glass_icvs *icv)
{
    (void)icv;
    add(t, "%d", glass_globals.teams_thread_limit);
    return true;
}

bool glass_show_cancellation(struct glass_text *t, const struct glass_icvs *icv)
{
    (void)icv;
    add(t, "%s", bool_name(glass_globals.cancellation));
    return true;
}

bool glass_show_default_device(struct glass_text *t, const struct glass_icvs *icv)
{
    add(t, "%d", icv->default_device);
    return true;
}

bool glass_show_max_task_priority(struct glass_text *t, const struct glass_icvs *icv)
{
    (void)icv;
    add(t, "%d", glass_globals.max_task_priority);
    return true;
}

bool glass_show_display_affinity(struct glass_text *t, const struct glass_icvs *icv)
{
    (void)icv;
    add(t, "%s", bool_name(glass_globals.display_affinity));
    return true;
}

bool glass_show_affinity_format(struct glass_text *t, const struct glass_icvs *icv)
{
    (void)icv;
    add(t, "%s", glass_globals.affinity_format);
    return true;
}

/* A predefined allocator by its name, one the program made by its handle. */
bool glass_show_allocator(struct glass_text *t, const struct glass_icvs *icv)
{
    const char *name = glass_allocator_name(icv->default_allocator);
    if (name)
        add(t, "%s", name);
    else
        add(t, "%lu", (unsigned long)icv->default_allocator);
    return true;
}

bool glass_show_target_offload(struct glass_text *t, const struct glass_icvs *icv)
{
    (void)icv;
    static const char *const names[] = {"DEFAULT", "MANDATORY", "DISABLED"};
    int mode = glass_globals.target_offload;
    add(t, "%s", names[mode >= 0 && mode <= 2 ? mode : 0]);
    return true;
}

bool glass_show_debug(struct glass_text *t, const struct glass_icvs *icv)
{
    (void)icv;
    add(t, "%s", glass_globals.debug ? "enabled" : "disabled");
    return true;
}

bool glass_show_spin_count(struct glass_text *t, const struct glass_icvs *icv)
{
    (void)icv;
    if (glass_globals.spin_count == ~0ULL)
        add(t, "INFINITE");
    else
        add(t, "%llu", glass_globals.spin_count);
    return true;
}

bool glass_show_num_procs(struct glass_text *t, const struct glass_icvs *icv)
{
    (void)icv;
    add(t, "%u", glass_globals.num_procs);
    return true;
}

bool glass_show_barrier(struct glass_text *t, const struct glass_icvs *icv)
{
    (void)icv;
    add(t, "%s", glass_globals.barrier_fanout ? "tree" : "central");
    return true;
}

/* Only a tree has a fanout. */
bool glass_show_barrier_fanout(struct glass_text *t, const struct glass_icvs *icv)
{
    (void)icv;
    if (!glass_globals.barrier_fanout)
        return false;
    add(t, "%u", glass_globals.barrier_fanout);
    return true;
}

bool glass_show_version(struct glass_text *t, const struct glass_icvs *icv)
{
    (void)icv;
    add(t, "%s", GLASS_VERSION_STRING);
    return true;
}

#ifdef GLASS_TEST_SETTING
bool glass_show_test_setting(struct glass_text *t, const struct glass_icvs *icv)
{
    (void)icv;
    add(t, "%d", glass_globals.test_setting);
    return true;
}
#endif
