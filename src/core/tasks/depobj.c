/* Depend objects of any ABI (depobj.h). */
#include <errno.h>
#include <stdlib.h>

#include "depobj.h"

/* Filled by the ABIs' constructors, which run one at a time while the
 * library loads, before any program code can ask. */
enum { MAX_ENCODINGS = 4 };
static const struct glass_depobj_encoding *encodings[MAX_ENCODINGS];
static size_t nencodings;

void glass_depobj_encoding_add(const struct glass_depobj_encoding *encoding)
{
    if (nencodings < MAX_ENCODINGS)
        encodings[nencodings++] = encoding;
}

/* The encoding that claims `object`, else the one for unclaimed objects. */
static const struct glass_depobj_encoding *encoding_of(const void *object)
{
    const struct glass_depobj_encoding *fallback = NULL;
    for (size_t i = 0; i < nencodings; i++) {
        if (!encodings[i]->claims)
            fallback = encodings[i];
        else if (encodings[i]->claims(object))
            return encodings[i];
    }
    return fallback;
}

int glass_depobj_list_decode(const void *list, int count, struct glass_depend **deps, size_t *ndeps)
{
    *deps = NULL;
    *ndeps = 0;
    if (count < 0 || (count > 0 && !list))
        return EINVAL;
    if (count == 0)
        return 0;
    /* One program's list is one compiler's: its first object says which. */
    const struct glass_depobj_encoding *encoding = encoding_of(list);
    if (!encoding)
        return EINVAL;
    const char *objects = list;
    size_t total = 0;
    for (int i = 0; i < count; i++) {
        long n = encoding->decode(objects + (size_t)i * encoding->stride, NULL, 0);
        if (n < 0)
            return EINVAL;
        total += (size_t)n;
    }
    if (!total)
        return 0;
    struct glass_depend *out = malloc(total * sizeof *out);
    if (!out)
        return ENOMEM;
    size_t at = 0;
    for (int i = 0; i < count; i++) {
        /* An object another thread changes meanwhile (a race of the
         * program's) still never writes past the array. */
        long n = encoding->decode(objects + (size_t)i * encoding->stride, out + at, total - at);
        if (n < 0 || (size_t)n > total - at) {
            free(out);
            return EINVAL;
        }
        at += (size_t)n;
    }
    *deps = out;
    *ndeps = at;
    return 0;
}
