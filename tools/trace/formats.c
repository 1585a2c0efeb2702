/* Names and defaults of the trace formats (formats.h). */
#include <stdio.h>
#include <string.h>

#include "formats.h"

int trace_formats_have_otf2(void)
{
    return GLASS_TRACE_HAS_OTF2; /* set by tools/trace/CMakeLists.txt */
}

unsigned trace_formats_default(void)
{
    return TRACE_PERFETTO | (trace_formats_have_otf2() ? TRACE_OTF2 : 0);
}

static const struct {
    const char *word;
    unsigned formats;
} words[] = {
    {"perfetto", TRACE_PERFETTO},
    {"json", TRACE_JSON},
    {"otf2", TRACE_OTF2},
    {"both", TRACE_OTF2 | TRACE_PERFETTO}, /* the spelling of the default before the list */
};

unsigned trace_formats_parse(const char *list, char *bad, size_t bad_size)
{
    unsigned formats = 0;
    if (bad_size)
        bad[0] = '\0';
    const char *at = list;
    for (;;) {
        size_t len = strcspn(at, ",");
        unsigned found = 0;
        for (size_t i = 0; i < sizeof words / sizeof *words; i++)
            if (len == strlen(words[i].word) && !strncmp(at, words[i].word, len))
                found = words[i].formats;
        if (!found) {
            if (bad_size)
                snprintf(bad, bad_size, "%.*s", (int)len, at);
            return 0;
        }
        formats |= found;
        if (!at[len])
            return formats;
        at += len + 1;
    }
}

void trace_formats_describe(unsigned formats, const char *dir, char *out, size_t size)
{
    static const struct {
        unsigned format;
        const char *name, *file;
    } files[] = {
        {TRACE_PERFETTO, "Perfetto", "trace.pftrace"},
        {TRACE_OTF2, "OTF2", "traces.otf2"},
        {TRACE_JSON, "JSON", "trace.json"},
    };
    unsigned count = 0, total = 0;
    for (size_t i = 0; i < sizeof files / sizeof *files; i++)
        total += (formats & files[i].format) != 0;
    size_t used = 0;
    out[0] = '\0';
    for (size_t i = 0; i < sizeof files / sizeof *files && used < size; i++) {
        if (!(formats & files[i].format))
            continue;
        const char *joint = count == 0 ? "" : count + 1 == total ? " and " : ", ";
        int n = dir ? snprintf(out + used, size - used, "%s%s (%s/%s)", joint, files[i].name, dir, files[i].file)
                    : snprintf(out + used, size - used, "%s%s (%s)", joint, files[i].name, files[i].file);
        if (n < 0)
            break;
        used += (size_t)n;
        count++;
    }
}
