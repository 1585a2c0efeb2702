/* kmp_set_defaults (libomp's "NAME=value ..." routine): the settings a program
 * may change after start-up, each parsed by the parser its environment
 * variable uses and applied as the matching omp_set_* routine applies it: to
 * the calling task's data environment, or to the runtime for a global one. */
#include <limits.h>

#include "env_parse.h"
#include "../globals.h"
#include "settings_parts.h"
#include "../threads/team.h"

static struct glass_icvs *task_icvs(void)
{
    return &glass_self()->task->icv;
}

bool glass_change_num_threads(const char *value)
{
    unsigned long long number;
    if (!glass_parse_uint(value, 1, INT_MAX, &number))
        return false;
    task_icvs()->nthreads = (unsigned)number;
    return true;
}

bool glass_change_dynamic(const char *value)
{
    bool flag;
    if (!glass_parse_bool(value, &flag))
        return false;
    task_icvs()->dynamic = flag;
    return true;
}

bool glass_change_nested(const char *value)
{
    bool flag;
    if (!glass_parse_bool(value, &flag))
        return false;
    task_icvs()->max_active_levels = flag ? GLASS_SUPPORTED_ACTIVE_LEVELS : 1;
    return true;
}

/* More levels than supported means all of them (OpenMP 5.1, 3.2.15). */
bool glass_change_max_active_levels(const char *value)
{
    unsigned long long levels;
    if (!glass_parse_uint(value, 0, INT_MAX, &levels))
        return false;
    task_icvs()->max_active_levels =
        levels > GLASS_SUPPORTED_ACTIVE_LEVELS ? GLASS_SUPPORTED_ACTIVE_LEVELS : (unsigned)levels;
    return true;
}

/* Without a chunk: static divides evenly (0), the others hand out 1; auto has
 * none and reads back as 1 (as omp_set_schedule). */
bool glass_change_schedule(const char *value)
{
    int kind, chunk;
    if (!glass_parse_schedule(value, &kind, &chunk))
        return false;
    int base = kind & ~GLASS_SCHED_MONOTONIC;
    if (base == GLASS_SCHED_AUTO)
        chunk = 1;
    else if (chunk < 1)
        chunk = base == GLASS_SCHED_STATIC ? 0 : 1;
    struct glass_icvs *icv = task_icvs();
    icv->run_sched = kind;
    icv->run_sched_chunk = chunk;
    return true;
}

/* stacksize-var is global: threads created from now on get it. */
bool glass_change_stacksize(const char *value)
{
    size_t bytes;
    if (!glass_parse_stacksize(value, &bytes))
        return false;
    glass_globals.stacksize = bytes;
    return true;
}

#ifdef GLASS_TEST_SETTING
bool glass_change_test_setting(const char *value)
{
    unsigned long long number;
    if (!glass_parse_uint(value, 0, INT_MAX, &number))
        return false;
    glass_globals.test_setting = (int)number;
    return true;
}
#endif
