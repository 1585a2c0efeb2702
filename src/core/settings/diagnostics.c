#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>

#include "../runtime.h"

static void vreport(const char *fmt, va_list ap)
{
    /* One write per message so lines from several threads do not interleave. */
    char line[1024];
    int n = snprintf(line, sizeof line, "glass: ");
    vsnprintf(line + n, sizeof line - (size_t)n - 1, fmt, ap);
    fprintf(stderr, "%s\n", line);
}

void glass_fatal(const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vreport(fmt, ap);
    va_end(ap);
    /* abort() leaves stdio's buffers unwritten: what the program printed
     * before the error, to a file or a pipe, would be lost with it. */
    fflush(NULL);
    abort();
}

bool glass_warnings_enabled = true;

void glass_warn(const char *fmt, ...)
{
    if (!glass_warnings_enabled)
        return;
    va_list ap;
    va_start(ap, fmt);
    vreport(fmt, ap);
    va_end(ap);
}
