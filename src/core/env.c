/* Environment variables. Every invalid value gets one line on stderr naming the
 * variable, the value and what is accepted; the default stays in force. */
#include <ctype.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "globals.h"
#include "runtime.h"

static bool parse_positive_list(const char *name, const char *text, unsigned *out, unsigned *len)
{
    unsigned n = 0;
    const char *p = text;
    for (;;) {
        while (isspace((unsigned char)*p))
            p++;
        char *end;
        errno = 0;
        long value = strtol(p, &end, 10);
        if (end == p || errno || value <= 0 || value > 1 << 20 || n == GLASS_MAX_LIST)
            goto bad;
        out[n++] = (unsigned)value;
        p = end;
        while (isspace((unsigned char)*p))
            p++;
        if (*p == '\0')
            break;
        if (*p++ != ',')
            goto bad;
    }
    *len = n;
    return true;
bad:
    glass_warn("%s=\"%s\" is invalid: expected a positive integer or a comma-separated list of them; using the default",
               name, text);
    return false;
}

void glass_env_parse(void)
{
    struct glass_globals *g = &glass_globals;
    const char *value = getenv("OMP_NUM_THREADS");
    if (value) {
        unsigned list[GLASS_MAX_LIST], len;
        if (parse_positive_list("OMP_NUM_THREADS", value, list, &len)) {
            g->initial_icvs.nthreads = list[0];
            memcpy(g->nthreads_list, list, len * sizeof list[0]);
            g->nthreads_list_len = len;
            g->initial_icvs.nthreads_next = 1;
            if (len > 1) /* a list asks for nested parallelism */
                g->initial_icvs.max_active_levels = GLASS_SUPPORTED_ACTIVE_LEVELS;
        }
    }
}
