/* What `glass trace` writes: the formats, their names on the command line
 * and in GLASS_TRACE_FORMAT, and which of them this build can write. Shared
 * by the tool (record.c) and the `glass` command (cli/glass.c), so that both
 * accept and refuse the same words. */
#ifndef GLASS_TRACE_FORMATS_H
#define GLASS_TRACE_FORMATS_H

#include <stddef.h>

enum trace_format {
    TRACE_PERFETTO = 1, /* Perfetto's binary protobuf, DIR/trace.pftrace */
    TRACE_OTF2 = 2,     /* the OTF2 archive, DIR/traces.otf2 (needs the OTF2 library) */
    TRACE_JSON = 4,     /* Chrome/Perfetto JSON, DIR/trace.json */
};

/* Whether this build of libglass-trace links the OTF2 library. */
int trace_formats_have_otf2(void);

/* Perfetto, plus OTF2 when the build has it. */
unsigned trace_formats_default(void);

/* Parses a comma list of perfetto, json and otf2 ("both" stands for
 * otf2,perfetto, as before the list existed). Returns the set, or 0 with the
 * first word it does not know copied into `bad` (empty: an empty list). */
unsigned trace_formats_parse(const char *list, char *bad, size_t bad_size);

/* "Perfetto (DIR/trace.pftrace) and OTF2 (DIR/traces.otf2)", for messages;
 * with dir NULL, the file names alone. */
void trace_formats_describe(unsigned formats, const char *dir, char *out, size_t size);

/* What a user must do to get OTF2 output from a build without it. */
#define TRACE_OTF2_MISSING \
    "this Glass was built without the OTF2 library (Debian package libotf2-trace-dev; " \
    "install it and rebuild Glass)"

#endif
