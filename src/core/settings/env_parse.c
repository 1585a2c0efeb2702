/* Parsers for environment variable values; see env_parse.h. A cursor walks the
 * text; each helper either consumes what it recognizes or leaves the cursor
 * where it was. */
#include "env_parse.h"

#include <ctype.h>
#include <limits.h>
#include <stdint.h>
#include <string.h>
#include <strings.h>

#include "icv.h"

static const char *skip_space(const char *p)
{
    while (isspace((unsigned char)*p))
        p++;
    return p;
}

/* Reads digits into *value; false when there are none or the value overflows. */
static bool read_number(const char **cursor, unsigned long long *value)
{
    const char *p = *cursor;
    unsigned long long result = 0;
    if (!isdigit((unsigned char)*p))
        return false;
    for (; isdigit((unsigned char)*p); p++) {
        unsigned digit = (unsigned)(*p - '0');
        if (result > (ULLONG_MAX - digit) / 10)
            return false;
        result = result * 10 + digit;
    }
    *cursor = p;
    *value = result;
    return true;
}

/* Length of the word (letters, digits, '_') starting at p. */
static size_t word_length(const char *p)
{
    size_t n = 0;
    while (isalnum((unsigned char)p[n]) || p[n] == '_')
        n++;
    return n;
}

static bool word_is(const char *p, size_t len, const char *name)
{
    return strlen(name) == len && strncasecmp(p, name, len) == 0;
}

bool glass_parse_uint(const char *text, unsigned long long min, unsigned long long max,
                      unsigned long long *out)
{
    const char *p = skip_space(text);
    unsigned long long value;
    if (!read_number(&p, &value) || *skip_space(p) != '\0' || value < min || value > max)
        return false;
    *out = value;
    return true;
}

bool glass_parse_uint_list(const char *text, unsigned min, unsigned max, unsigned *out,
                           unsigned capacity, unsigned *len)
{
    unsigned values[GLASS_MAX_LIST];
    unsigned n = 0;
    const char *p = text;
    if (capacity > GLASS_MAX_LIST)
        capacity = GLASS_MAX_LIST;
    for (;;) {
        unsigned long long value;
        p = skip_space(p);
        if (n == capacity || !read_number(&p, &value) || value < min || value > max)
            return false;
        values[n++] = (unsigned)value;
        p = skip_space(p);
        if (*p == '\0')
            break;
        if (*p++ != ',')
            return false;
    }
    memcpy(out, values, n * sizeof values[0]);
    *len = n;
    return true;
}

bool glass_parse_keyword(const char *text, const char *const *names, int *index)
{
    const char *p = skip_space(text);
    size_t len = strlen(p);
    while (len && isspace((unsigned char)p[len - 1]))
        len--;
    for (int i = 0; names[i]; i++)
        if (word_is(p, len, names[i])) {
            *index = i;
            return true;
        }
    return false;
}

bool glass_parse_bool(const char *text, bool *out)
{
    static const char *const names[] = {"false", "true", NULL};
    int index;
    if (!glass_parse_keyword(text, names, &index))
        return false;
    *out = index == 1;
    return true;
}

bool glass_parse_schedule(const char *text, int *kind, int *chunk)
{
    static const struct {
        const char *name;
        int kind;
    } kinds[] = {
        {"static", GLASS_SCHED_STATIC},
        {"dynamic", GLASS_SCHED_DYNAMIC},
        {"guided", GLASS_SCHED_GUIDED},
        {"auto", GLASS_SCHED_AUTO},
    };
    const char *p = skip_space(text);
    int modifier = 0;
    size_t len = word_length(p);
    const char *after = skip_space(p + len);
    if (*after == ':') {
        if (word_is(p, len, "monotonic"))
            modifier = GLASS_SCHED_MONOTONIC;
        else if (!word_is(p, len, "nonmonotonic"))
            return false;
        p = skip_space(after + 1);
        len = word_length(p);
    }
    int found = 0;
    for (size_t i = 0; i < sizeof kinds / sizeof kinds[0]; i++)
        if (word_is(p, len, kinds[i].name))
            found = kinds[i].kind;
    if (!found)
        return false;
    p = skip_space(p + len);
    unsigned long long size = 0;
    if (*p == ',') {
        p = skip_space(p + 1);
        if (!read_number(&p, &size) || size == 0 || size > INT_MAX)
            return false;
        p = skip_space(p);
    }
    if (*p != '\0')
        return false;
    *kind = found | modifier;
    *chunk = (int)size;
    return true;
}

bool glass_parse_proc_bind(const char *text, signed char *out, unsigned capacity, unsigned *len)
{
    static const struct {
        const char *name;
        signed char policy;
    } policies[] = {
        {"primary", GLASS_BIND_PRIMARY},
        {"master", GLASS_BIND_PRIMARY}, /* the OpenMP 4.0 name, deprecated in 5.1 */
        {"close", GLASS_BIND_CLOSE},
        {"spread", GLASS_BIND_SPREAD},
    };
    bool flag;
    if (glass_parse_bool(text, &flag)) {
        if (capacity == 0)
            return false;
        out[0] = flag ? GLASS_BIND_TRUE : GLASS_BIND_FALSE;
        *len = 1;
        return true;
    }
    signed char values[GLASS_MAX_LIST];
    unsigned n = 0;
    const char *p = text;
    if (capacity > GLASS_MAX_LIST)
        capacity = GLASS_MAX_LIST;
    for (;;) {
        p = skip_space(p);
        size_t wlen = word_length(p);
        signed char policy = GLASS_BIND_FALSE;
        for (size_t i = 0; i < sizeof policies / sizeof policies[0]; i++)
            if (word_is(p, wlen, policies[i].name))
                policy = policies[i].policy;
        if (policy == GLASS_BIND_FALSE || n == capacity)
            return false;
        values[n++] = policy;
        p = skip_space(p + wlen);
        if (*p == '\0')
            break;
        if (*p++ != ',')
            return false;
    }
    memcpy(out, values, n);
    *len = n;
    return true;
}

/* Multiplies *value by factor; false on overflow. */
static bool scale(unsigned long long *value, unsigned long long factor)
{
    if (*value > ULLONG_MAX / factor)
        return false;
    *value *= factor;
    return true;
}

bool glass_parse_stacksize(const char *text, size_t *bytes)
{
    const char *p = skip_space(text);
    unsigned long long value;
    if (!read_number(&p, &value) || value == 0)
        return false;
    p = skip_space(p);
    unsigned long long factor = 1024; /* no unit: kilobytes (OpenMP 5.1, 6.6) */
    switch (toupper((unsigned char)*p)) {
    case 'B': factor = 1; p++; break;
    case 'K': factor = 1024; p++; break;
    case 'M': factor = 1024 * 1024; p++; break;
    case 'G': factor = 1024 * 1024 * 1024; p++; break;
    default: break;
    }
    /* More than a terabyte per thread cannot be what the user meant, and
     * thread creation would fail far from the variable that caused it. */
    if (*skip_space(p) != '\0' || !scale(&value, factor) || value > (1ULL << 40) || value > SIZE_MAX)
        return false;
    *bytes = (size_t)value;
    return true;
}

bool glass_parse_spincount(const char *text, unsigned long long *out)
{
    static const char *const infinite[] = {"infinite", "infinity", NULL};
    int index;
    if (glass_parse_keyword(text, infinite, &index)) {
        *out = ~0ULL;
        return true;
    }
    const char *p = skip_space(text);
    unsigned long long value;
    if (!read_number(&p, &value))
        return false;
    p = skip_space(p);
    unsigned long long factor = 1;
    switch (toupper((unsigned char)*p)) {
    case 'K': factor = 1000ULL; p++; break;
    case 'M': factor = 1000000ULL; p++; break;
    case 'G': factor = 1000000000ULL; p++; break;
    case 'T': factor = 1000000000000ULL; p++; break;
    default: break;
    }
    if (*skip_space(p) != '\0' || !scale(&value, factor))
        return false;
    *out = value;
    return true;
}
