/* libomp's KMP_* environment variables, which users keep in job scripts when
 * they move to Glass. Those with a meaning here are honoured as libomp honours
 * them, by translation into the OMP_* setting they stand for (env.c applies
 * it, so the ICVs follow one set of rules); each is an entry of the settings
 * table (env.c) whose parser is here. Every other KMP_* variable gets one line
 * saying that Glass ignores it, never silence. */
#include <ctype.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "env_kmp.h"
#include "env_parse.h"
#include "../runtime.h"
#include "settings.h"

extern char **environ;

static void invalid(const char *name, const char *value, const char *expected)
{
    glass_warn("%s=\"%s\" is invalid: expected %s; ignored", name, value, expected);
}

/* KMP_BLOCKTIME: how long a thread waits awake before it sleeps: a number
 * of milliseconds, or of the unit given (us or ms, as libomp 19 accepts), or
 * infinite. */
static void read_blocktime(const char *value, struct glass_kmp_env *out)
{
    static const char name[] = "KMP_BLOCKTIME";
    if (!strcasecmp(value, "infinite") || !strcasecmp(value, "infinity")) {
        out->blocktime_us = GLASS_KMP_BLOCKTIME_INFINITE;
        out->blocktime_in_us = false;
        return;
    }
    char *end;
    if (!isdigit((unsigned char)value[0])) {
        invalid(name, value, "a number of milliseconds (optionally with the unit ms or us) or infinite");
        return;
    }
    unsigned long long number = strtoull(value, &end, 10);
    bool in_us = false;
    if (!strcasecmp(end, "us"))
        in_us = true;
    else if (*end && strcasecmp(end, "ms")) {
        invalid(name, value, "a number of milliseconds (optionally with the unit ms or us) or infinite");
        return;
    }
    if (number > INT_MAX) {
        invalid(name, value, "at most 2147483647 (or infinite)");
        return;
    }
    out->blocktime_us = (long long)(in_us ? number : number * 1000);
    out->blocktime_in_us = in_us;
}

/* The place list of KMP_AFFINITY's proclist=[...]: numbers, ranges a-b and
 * sets {a,b,...}, each a place of its own; into places, OMP_PLACES syntax. */
static bool read_proclist(const char *list, char *places, size_t size)
{
    size_t used = 0;
    const char *p = list;
    while (*p) {
        int n = 0;
        if (*p == '{') {
            const char *close = strchr(p, '}');
            if (!close || close == p + 1)
                return false;
            for (const char *q = p + 1; q < close; q++)
                if (!isdigit((unsigned char)*q) && *q != ',')
                    return false;
            n = snprintf(places + used, size - used, "%s%.*s", used ? "," : "", (int)(close - p + 1), p);
            p = close + 1;
        } else if (isdigit((unsigned char)*p)) {
            char *end;
            unsigned long first = strtoul(p, &end, 10), last = first;
            if (*end == '-') {
                if (!isdigit((unsigned char)end[1]))
                    return false;
                last = strtoul(end + 1, &end, 10);
            }
            if (last < first || last - first > 4096 || last > 1u << 20)
                return false;
            for (unsigned long cpu = first; cpu <= last && used < size; cpu++) {
                int k = snprintf(places + used, size - used, "%s{%lu}", used ? "," : "", cpu);
                if (k < 0 || (size_t)k >= size - used)
                    return false;
                used += (size_t)k;
            }
            p = end;
        } else {
            return false;
        }
        if (n < 0 || (size_t)n >= size - used)
            return false;
        used += (size_t)n;
        if (*p == ',')
            p++;
        else if (*p)
            return false;
    }
    return used > 0;
}

/* The OMP_PLACES kind a KMP_AFFINITY granularity stands for. */
static const char *granularity_places(const char *granularity)
{
    static const struct {
        const char *granularity, *places;
    } map[] = {
        {"fine", "threads"},   {"thread", "threads"}, {"core", "cores"},   {"socket", "sockets"},
        {"package", "sockets"}, {"numa", "numa_domains"}, {"numa_domain", "numa_domains"},
        {"ll_cache", "ll_caches"}, {"tile", "ll_caches"}, {"die", "ll_caches"}, {"module", "ll_caches"},
    };
    for (size_t i = 0; i < sizeof map / sizeof *map; i++)
        if (!strcasecmp(granularity, map[i].granularity))
            return map[i].places;
    return NULL;
}

/* KMP_AFFINITY=[modifier,...]type[,permute[,offset]][,modifier,...] */
static void read_affinity(const char *value, struct glass_kmp_env *out)
{
    static const char name[] = "KMP_AFFINITY";
    const char *type = NULL, *places = NULL;
    bool verbose = false, numbers_ignored = false;
    char token[4096];
    const char *p = value;
    while (*p) {
        /* One token: up to a comma outside [] and {}. */
        size_t len = 0;
        int depth = 0;
        while (p[len] && (depth > 0 || p[len] != ',')) {
            depth += p[len] == '[' || p[len] == '{';
            depth -= p[len] == ']' || p[len] == '}';
            len++;
        }
        if (len == 0 || len >= sizeof token) {
            invalid(name, value, "a type (none, compact, scatter, balanced, explicit, disabled) with modifiers");
            return;
        }
        memcpy(token, p, len);
        token[len] = '\0';
        p += len + (p[len] == ',');

        static const char *const types[] = {"none", "compact", "scatter", "balanced", "explicit", "disabled",
                                            "logical", "physical", NULL};
        static const char *const ignored[] = {"noverbose", "warnings", "nowarnings", "respect", "norespect",
                                              "duplicates", "dups", "noduplicates", "nodups", "reset",
                                              "noreset", NULL};
        int index;
        if (glass_parse_keyword(token, types, &index)) {
            type = types[index];
        } else if (!strcasecmp(token, "verbose")) {
            verbose = true;
        } else if (glass_parse_keyword(token, ignored, &index)) {
            /* Messages and mask handling of libomp's own; nothing to do. */
        } else if (!strncasecmp(token, "granularity=", 12)) {
            const char *kind = granularity_places(token + 12);
            if (!kind) {
                invalid(name, value, "granularity=fine, thread, core, tile, die, socket or numa");
                return;
            }
            if (!places || strchr(places, '{') == NULL)
                places = kind;
        } else if (!strncasecmp(token, "proclist=[", 10) && token[len - 1] == ']') {
            token[len - 1] = '\0';
            if (!read_proclist(token + 10, out->places_buffer, sizeof out->places_buffer)) {
                invalid(name, value, "proclist=[N,N-M,{N,M},...]");
                return;
            }
            places = out->places_buffer;
        } else if (isdigit((unsigned char)token[0]) && type) {
            numbers_ignored = true; /* permute and offset */
        } else {
            invalid(name, value, "a type (none, compact, scatter, balanced, explicit, disabled) with modifiers");
            return;
        }
    }
    if (!type)
        type = places && places == out->places_buffer ? "explicit" : "none";
    if (!strcmp(type, "explicit") && places != out->places_buffer) {
        invalid(name, value, "explicit with proclist=[...]");
        return;
    }
    if (numbers_ignored)
        glass_warn("%s=\"%s\": the permute and offset numbers are not honoured by Glass; ignored", name, value);
    if (!strcmp(type, "logical") || !strcmp(type, "physical")) {
        glass_warn("%s=\"%s\": %s is deprecated in libomp; Glass takes it as compact", name, value, type);
        type = "compact";
    }
    out->affinity_set = true;
    out->display_affinity = verbose;
    if (!strcmp(type, "none") || !strcmp(type, "disabled")) {
        out->proc_bind = "false";
        out->places = NULL;
        return;
    }
    /* compact fills a place before the next (close); scatter and balanced
     * spread the threads over the places (spread); explicit binds thread i
     * to the i-th place of the list, which is close over those places. */
    out->proc_bind = !strcmp(type, "scatter") || !strcmp(type, "balanced") ? "spread" : "close";
    out->places = places ? places : "cores"; /* libomp's default granularity: core */
}

/* true/false in libomp's spellings. */
static bool read_switch(const char *name, const char *value, bool *out)
{
    static const char *const on[] = {"1", "true", "on", "yes", "enabled", ".true.", "t", "y", NULL};
    static const char *const off[] = {"0", "false", "off", "no", "disabled", ".false.", "f", "n", NULL};
    int index;
    if (glass_parse_keyword(value, on, &index)) {
        *out = true;
        return true;
    }
    if (glass_parse_keyword(value, off, &index)) {
        *out = false;
        return true;
    }
    invalid(name, value, "true or false (or 1 or 0)");
    return false;
}

static void read_library(const char *value, struct glass_kmp_env *out)
{
    static const char *const modes[] = {"serial", "turnaround", "throughput", NULL};
    int index;
    if (!glass_parse_keyword(value, modes, &index)) {
        invalid("KMP_LIBRARY", value, "serial, turnaround or throughput");
        return;
    }
    if (index == 0)
        out->num_threads = "1"; /* serial: parallel regions run with one thread */
    else if (index == 1)
        out->wait_policy = "active"; /* turnaround: waiting threads stay awake */
}

static void read_tasking(const char *value, struct glass_kmp_env *out)
{
    static const char *const modes[] = {"0", "1", "2", NULL};
    int index;
    if (!glass_parse_keyword(value, modes, &index)) {
        invalid("KMP_TASKING", value, "0 (tasks run at once), 1 or 2 (tasks are deferred)");
        return;
    }
    /* 0: libomp's serial tasking, every task runs when it is created. */
    if (index == 0)
        out->task_throttle = GLASS_KMP_THROTTLE_RUN_AT_ONCE;
}

/* What the KMP_* entries of the settings table have read. */
static struct glass_kmp_env kmp = {.blocktime_us = -1};

const struct glass_kmp_env *glass_env_kmp(void)
{
    return &kmp;
}

void glass_env_kmp_warnings(const char *name, const char *value)
{
    bool flag;
    if (read_switch(name, value, &flag))
        glass_warnings_enabled = flag;
}

void glass_env_kmp_blocktime(const char *name, const char *value)
{
    (void)name;
    read_blocktime(value, &kmp);
}

void glass_env_kmp_affinity(const char *name, const char *value)
{
    (void)name;
    read_affinity(value, &kmp);
}

void glass_env_kmp_stacksize(const char *name, const char *value)
{
    (void)name;
    kmp.stacksize = value;
}

void glass_env_kmp_library(const char *name, const char *value)
{
    (void)name;
    read_library(value, &kmp);
}

void glass_env_kmp_tasking(const char *name, const char *value)
{
    (void)name;
    read_tasking(value, &kmp);
}

/* Read after KMP_TASKING: KMP_TASKING=0 (every task at once) wins. */
void glass_env_kmp_task_throttling(const char *name, const char *value)
{
    bool flag;
    if (read_switch(name, value, &flag) && !flag && kmp.task_throttle != GLASS_KMP_THROTTLE_RUN_AT_ONCE)
        kmp.task_throttle = GLASS_KMP_THROTTLE_OFF;
}

void glass_env_kmp_settings(const char *name, const char *value)
{
    bool flag;
    if (read_switch(name, value, &flag) && flag)
        kmp.display_env = "true";
}

void glass_env_kmp_teams_thread_limit(const char *name, const char *value)
{
    (void)name;
    kmp.teams_thread_limit = value;
}

/* KMP_DEVICE_THREAD_LIMIT and its older name KMP_ALL_THREADS. */
void glass_env_kmp_thread_limit(const char *name, const char *value)
{
    (void)name;
    kmp.thread_limit = value;
}

/* KMP_DUPLICATE_LIB_OK: one Glass serves every runtime name, so there is no
 * duplicate to refuse. */
void glass_env_kmp_without_effect(const char *name, const char *value)
{
    (void)name, (void)value;
}

void glass_env_kmp_others(void)
{
    for (char **entry = environ; entry && *entry; entry++) {
        if (strncmp(*entry, "KMP_", 4) != 0)
            continue;
        const char *equals = strchr(*entry, '=');
        if (!equals || glass_setting_find(*entry, (size_t)(equals - *entry)))
            continue;
        char name[64];
        size_t len = (size_t)(equals - *entry);
        if (len >= sizeof name)
            len = sizeof name - 1;
        memcpy(name, *entry, len);
        name[len] = '\0';
        glass_warn("%s=\"%s\": a libomp setting that Glass does not honour; ignored", name, equals + 1);
    }
}
