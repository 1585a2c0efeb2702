/* The error directive at execution time (error_directive.h). */
#include "error_directive.h"

#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../../ompt/hooks.h"

void glass_error_directive(const char *message, size_t length, const char *where, bool fatal, const void *codeptr)
{
    if (message && length == (size_t)-1)
        length = strlen(message);
    else if (!message)
        length = 0;
    /* The tool's event comes first, so a tool sees it even when the
     * directive ends the program. */
    GLASS_OMPT_EMIT(error, fatal ? GLASS_SEVERITY_FATAL : GLASS_SEVERITY_WARNING, message, length, codeptr);
    const char *severity = fatal ? "error" : "warning";
    int shown = length > (size_t)INT_MAX ? INT_MAX : (int)length;
    /* One call each, so a line is not interleaved with other threads' output. */
    if (message && where)
        fprintf(stderr, "OMP: %s: error directive encountered at %s: %.*s\n", severity, where, shown, message);
    else if (message)
        fprintf(stderr, "OMP: %s: error directive encountered: %.*s\n", severity, shown, message);
    else if (where)
        fprintf(stderr, "OMP: %s: error directive encountered at %s\n", severity, where);
    else
        fprintf(stderr, "OMP: %s: error directive encountered\n", severity);
    if (fatal)
        exit(EXIT_FAILURE);
}
