/* Fuzz target: every parser of src/core/settings/env_parse.c on the same value, and
 * what each accepts must be in its documented range. */
#include <stdbool.h>

#include "../../src/core/settings/env_parse.h"
#include "fuzz.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    char *text = fuzz_string(data, size);
    unsigned long long number;
    if (glass_parse_uint(text, 1, 1000, &number) && (number < 1 || number > 1000))
        abort();
    unsigned list[8], len = 0;
    if (glass_parse_uint_list(text, 1, 64, list, 8, &len)) {
        if (len < 1 || len > 8)
            abort();
        for (unsigned i = 0; i < len; i++)
            if (list[i] < 1 || list[i] > 64)
                abort();
    }
    static const char *const names[] = {"active", "passive", NULL};
    int index;
    if (glass_parse_keyword(text, names, &index) && (index < 0 || index > 1))
        abort();
    bool flag;
    (void)glass_parse_bool(text, &flag);
    int kind, chunk;
    if (glass_parse_schedule(text, &kind, &chunk) && chunk < 0)
        abort();
    signed char binds[8];
    if (glass_parse_proc_bind(text, binds, 8, &len) && (len < 1 || len > 8))
        abort();
    size_t bytes;
    if (glass_parse_stacksize(text, &bytes) && bytes == 0)
        abort();
    (void)glass_parse_spincount(text, &number);
    free(text);
    return 0;
}
