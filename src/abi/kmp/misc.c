/* Clang ABI: the error directive, task identifiers and device settings the
 * compiler or the offloading library asks the host runtime for. */
#include <stdio.h>
#include <string.h>

#include "../../core/settings/error_directive.h"
#include "../../core/globals.h"
#include "../../ompt/events.h"
#include "kmp.h"

/* ";file;function;line;column;;" as "file:line:column" (or NULL). */
static const char *describe_location(const struct kmp_ident *loc, char *buffer, size_t size)
{
    if (!loc || !loc->psource || loc->psource[0] != ';')
        return NULL;
    const char *file = loc->psource + 1;
    const char *function = strchr(file, ';');
    const char *line = function ? strchr(function + 1, ';') : NULL;
    const char *column = line ? strchr(line + 1, ';') : NULL;
    const char *end = column ? strchr(column + 1, ';') : NULL;
    if (!end || function == file)
        return NULL;
    snprintf(buffer, size, "%.*s:%.*s:%.*s", (int)(function - file), file, (int)(column - line - 1), line + 1,
             (int)(end - column - 1), column + 1);
    return buffer;
}

void kmp_error_directive(const struct kmp_ident *loc, int severity, const char *message, const void *codeptr)
{
    char where[512];
    glass_error_directive(message, (size_t)-1, describe_location(loc, where, sizeof where),
                          severity == KMP_SEVERITY_FATAL, codeptr);
}

/* The error directive with at(execution) (OpenMP 5.1, 2.5.4). */
GLASS_EXPORT void __kmpc_error(struct kmp_ident *loc, int severity, const char *message)
{
    GLASS_OMPT_ENTRY();
    kmp_error_directive(loc, severity, message, __builtin_return_address(0));
}

/* Identifiers of the current task and its parent, for debuggers: the
 * tasks' addresses are unique while they live. */
GLASS_EXPORT uint64_t __kmpc_get_taskid(void)
{
    return (uint64_t)(uintptr_t)glass_self()->task;
}

GLASS_EXPORT uint64_t __kmpc_get_parent_taskid(void)
{
    struct glass_task *parent = glass_self()->task->parent;
    return (uint64_t)(uintptr_t)parent;
}

/* target-offload-var as the offloading library reads it (libomp's
 * kmp_target_offload_kind: 0 disabled, 1 default, 2 mandatory). */
GLASS_EXPORT int __kmpc_get_target_offload(void)
{
    switch (glass_globals.target_offload) {
    case GLASS_OFFLOAD_DISABLED:
        return 0;
    case GLASS_OFFLOAD_MANDATORY:
        return 2;
    default:
        return 1;
    }
}

/* omp_pause_resource for the host, called by the offloading library. */
int omp_pause_resource_all(int kind);

GLASS_EXPORT int __kmpc_pause_resource(int kind)
{
    return omp_pause_resource_all(kind);
}
