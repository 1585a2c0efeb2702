/* The display control variables (OpenMP 5.1, 5.5.10.1): the settings'
 * "NAME=value" strings, written by the same function as OMP_DISPLAY_ENV's
 * lines (core/settings/display_env.c) for the initial data environment, built once at
 * start-up so a debugger can read them from a stopped process or a core file. */
#include <stdlib.h>
#include <string.h>

#include "../core/globals.h"
#include "../core/runtime.h"
#include "../core/settings/settings.h"
#include "ompd_support.h"

const char **glass_ompd_display_vars;

/* The strings one after another, then the NULL-terminated pointer array. */
struct collected {
    char *strings;
    size_t used, size;
    size_t count;
};

static void collect(void *context, const char *text)
{
    struct collected *c = context;
    size_t len = strlen(text) + 1;
    if (c->used + len > c->size) {
        size_t size = (c->size ? c->size * 2 : 4096) + len;
        char *grown = realloc(c->strings, size);
        if (!grown)
            glass_fatal("out of memory for the OMPD display control variables");
        c->strings = grown;
        c->size = size;
    }
    memcpy(c->strings + c->used, text, len);
    c->used += len;
    c->count++;
}

void glass_ompd_build_display_vars(void)
{
    struct collected c = {0};
    glass_settings_display(&glass_globals.initial_icvs, GLASS_DISPLAY_OMPD, collect, &c);
    const char **vars = malloc((c.count + 1) * sizeof *vars);
    if (!vars)
        glass_fatal("out of memory for the OMPD display control variables");
    size_t offset = 0;
    for (size_t i = 0; i < c.count; i++) {
        vars[i] = c.strings + offset;
        offset += strlen(vars[i]) + 1;
    }
    vars[c.count] = NULL;
    glass_ompd_display_vars = vars;
}
