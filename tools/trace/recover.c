/* `glass trace --recover DIR`: the trace of a run that ended before writing
 * it (a crash, SIGKILL), made from the raw events it had spilled into DIR
 * (spill.h). The `glass` command loads this library and calls
 * glass_trace_recover; the same writers as at a normal end make the files. */
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "formats.h"
#include "spill.h"
#include "symbolize.h"
#include "trace.h"

/* 0 when the trace was written, 1 when it could not be, 2 for a bad format list. */
__attribute__((visibility("default"))) int glass_trace_recover(const char *dir, const char *format_list)
{
    char resolved[PATH_MAX];
    if (!realpath(dir, resolved) || strlen(resolved) >= sizeof trace_dir) {
        fprintf(stderr, "glass trace: cannot recover %s: no such directory\n", dir);
        return 1;
    }
    strcpy(trace_dir, resolved);
    trace_recovering = 1;
    unsigned formats = trace_spill_load();
    if (!formats)
        return 1;
    if (format_list && *format_list) {
        char bad[64];
        formats = trace_formats_parse(format_list, bad, sizeof bad);
        if (!formats)
            return 2; /* the command checked the list already */
    }
    if (formats & TRACE_OTF2 && !trace_formats_have_otf2()) {
        fprintf(stderr, "glass trace: not writing OTF2: %s\n", TRACE_OTF2_MISSING);
        formats &= ~(unsigned)TRACE_OTF2;
        if (!formats)
            formats = TRACE_PERFETTO;
    }
    char maps[sizeof trace_dir + 64];
    snprintf(maps, sizeof maps, "%s/%s", trace_dir, TRACE_SPILL_MAPS);
    tool_symbolize_from_maps(maps);
    fprintf(stderr, "glass trace: recovering %s: the raw events of %u threads of pid %d\n", trace_dir,
            trace_thread_count, trace_pid);
    return trace_write_recovered(formats) == 0 ? 0 : 1;
}
