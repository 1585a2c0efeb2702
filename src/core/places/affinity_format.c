/* The affinity format (OpenMP 5.1, 6.14): a field specifier is
 *
 *   %[[[0].]size]type     type a letter, or a long name in braces: {thread_num}
 *
 * left-justified by default; '.' right-justifies to `size` characters, "0."
 * pads a number with zeros after its sign; %% is a percent sign.
 *
 * What the specification leaves to the implementation follows LLVM's libomp
 * (programs and tools are checked against it); GCC's libgomp 12 ends the
 * program on every nonconforming specifier instead:
 * - a field of an unknown type prints "undefined" (6.14 asks for that) and
 *   takes no padding: after '%', the modifiers, then one character or a run
 *   of name characters [A-Za-z0-9_] and its '}' are the field;
 * - a 0 modifier not followed by '.' is ignored (left-justified, spaces);
 *   '0' or '.' without a size are ignored; a size starting with 0 pads with
 *   zeros (libomp pastes the size into a printf format).
 * glass_affinity_format_problem names each of these for the warnings. */
#include "affinity_format.h"

#include <stdio.h>
#include <string.h>

static const struct {
    char letter;
    const char *name;
} field_types[] = {
    {'t', "team_num"},    {'T', "num_teams"},        {'L', "nesting_level"},
    {'n', "thread_num"},  {'N', "num_threads"},      {'a', "ancestor_tnum"},
    {'H', "host"},        {'P', "process_id"},       {'i', "native_thread_id"},
    {'A', "thread_affinity"},
};
#define FIELD_TYPES (sizeof field_types / sizeof field_types[0])
#define TEXT_OF(x) #x
#define NUMBER_TEXT(x) TEXT_OF(x)

/* Ways a specifier can miss the syntax, the first one met is kept. */
enum problem {
    FINE,
    ZERO_WITHOUT_DOT,
    MODIFIER_WITHOUT_SIZE,
    SIZE_LEADING_ZERO,
    SIZE_TOO_LARGE,
    NO_TYPE,
    UNKNOWN_TYPE,
    UNKNOWN_NAME,
    UNCLOSED_NAME,
};

struct spec {
    const char *start; /* the '%' */
    const char *end;   /* first character after the specifier */
    bool zero, right;
    size_t width;      /* 0: as wide as the value */
    char type;         /* letter of field_types, 0: unknown */
    enum problem problem;
};

static void note(struct spec *s, enum problem problem)
{
    if (s->problem == FINE)
        s->problem = problem;
}

static bool is_name_char(char c)
{
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_';
}

static char letter_of_name(const char *name, size_t len)
{
    for (size_t i = 0; i < FIELD_TYPES; i++)
        if (strlen(field_types[i].name) == len && memcmp(field_types[i].name, name, len) == 0)
            return field_types[i].letter;
    return 0;
}

static char known_letter(char c)
{
    for (size_t i = 0; i < FIELD_TYPES; i++)
        if (c == field_types[i].letter)
            return c;
    return 0;
}

/* The type after the modifiers, at p. */
static void parse_type(const char *p, struct spec *s)
{
    if (*p == '{') {
        const char *name = p + 1, *name_end = name;
        while (is_name_char(*name_end))
            name_end++;
        if (*name_end != '}') {
            s->end = name_end;
            note(s, UNCLOSED_NAME);
            return;
        }
        s->end = name_end + 1;
        s->type = letter_of_name(name, (size_t)(name_end - name));
        if (!s->type)
            note(s, UNKNOWN_NAME);
        return;
    }
    if (*p == '\0') {
        s->end = p;
        note(s, NO_TYPE);
        return;
    }
    /* An unknown type is one character, all of its UTF-8 sequence. */
    const char *next = p + 1;
    if ((unsigned char)*p >= 0xC0)
        while (next < p + 4 && ((unsigned char)*next & 0xC0) == 0x80)
            next++;
    s->end = next;
    s->type = next == p + 1 ? known_letter(*p) : 0;
    if (!s->type)
        note(s, UNKNOWN_TYPE);
}

/* The specifier starting at the '%' at `percent` (not "%%"). */
static struct spec parse_spec(const char *percent)
{
    struct spec s = {.start = percent, .problem = FINE};
    const char *p = percent + 1;
    if (*p == '0') {
        s.zero = true;
        p++;
        if (*p != '.')
            note(&s, ZERO_WITHOUT_DOT);
    }
    if (*p == '.') {
        s.right = true;
        p++;
    }
    if (*p >= '0' && *p <= '9') {
        if (*p == '0') {
            s.zero = true;
            note(&s, SIZE_LEADING_ZERO);
        }
        for (; *p >= '0' && *p <= '9'; p++) {
            s.width = s.width * 10 + (size_t)(*p - '0');
            if (s.width > GLASS_AFFINITY_MAX_WIDTH) {
                s.width = GLASS_AFFINITY_MAX_WIDTH;
                note(&s, SIZE_TOO_LARGE);
            }
        }
    } else if (s.zero || s.right) {
        note(&s, MODIFIER_WITHOUT_SIZE);
    }
    parse_type(p, &s);
    return s;
}

/* Output with snprintf semantics. */
struct out {
    char *buffer;
    size_t size, used;
};

static void put(struct out *o, const char *text, size_t len)
{
    if (o->used < o->size) {
        size_t room = o->size - o->used;
        memcpy(o->buffer + o->used, text, len < room ? len : room);
    }
    o->used += len;
}

static void put_repeat(struct out *o, char c, size_t count)
{
    for (size_t i = 0; i < count; i++)
        put(o, &c, 1);
}

static void put_field(struct out *o, const struct spec *s, const char *text, bool numeric)
{
    size_t len = strlen(text);
    size_t pad = s->width > len ? s->width - len : 0;
    if (!s->right) {
        put(o, text, len);
        put_repeat(o, ' ', pad);
    } else if (s->zero && numeric) {
        size_t sign = text[0] == '-';
        put(o, text, sign);
        put_repeat(o, '0', pad);
        put(o, text + sign, len - sign);
    } else {
        /* 0 with a text field is unspecified (6.14): both libraries pad with spaces. */
        put_repeat(o, ' ', pad);
        put(o, text, len);
    }
}

static void put_value(struct out *o, const struct spec *s, const struct glass_affinity_info *info)
{
    char number[32];
    long value;
    switch (s->type) {
    case 't': value = info->team_num; break;
    case 'T': value = info->num_teams; break;
    case 'L': value = info->level; break;
    case 'n': value = info->thread_num; break;
    case 'N': value = info->num_threads; break;
    case 'a': value = info->ancestor_thread_num; break;
    case 'P': value = info->process_id; break;
    case 'i': value = info->native_thread_id; break;
    case 'H': put_field(o, s, info->host ? info->host : "", false); return;
    case 'A': put_field(o, s, info->affinity ? info->affinity : "", false); return;
    default: put(o, "undefined", strlen("undefined")); return;
    }
    snprintf(number, sizeof number, "%ld", value);
    put_field(o, s, number, true);
}

size_t glass_affinity_format(char *buffer, size_t size, const char *format,
                             const struct glass_affinity_info *info)
{
    struct out o = {buffer, buffer ? size : 0, 0};
    const char *p = format;
    for (;;) {
        const char *percent = strchr(p, '%');
        if (!percent) {
            put(&o, p, strlen(p));
            break;
        }
        put(&o, p, (size_t)(percent - p));
        if (percent[1] == '%') {
            put(&o, "%", 1);
            p = percent + 2;
            continue;
        }
        struct spec s = parse_spec(percent);
        put_value(&o, &s, info);
        p = s.end;
    }
    if (o.size)
        buffer[o.used < o.size ? o.used : o.size - 1] = '\0';
    return o.used;
}

static const char *explain(enum problem problem)
{
    switch (problem) {
    case ZERO_WITHOUT_DOT:
        return "the 0 modifier is not followed by '.' and is ignored (zero padding is %0.<size><type>)";
    case MODIFIER_WITHOUT_SIZE: return "the 0 or . modifier has no size after it and is ignored";
    case SIZE_LEADING_ZERO: return "the size starts with 0, which pads with zeros";
    case SIZE_TOO_LARGE: return "the size is larger than " NUMBER_TEXT(GLASS_AFFINITY_MAX_WIDTH) " and is cut to it";
    case NO_TYPE: return "'%' ends the format without a field type; it prints \"undefined\"";
    case UNKNOWN_TYPE:
        return "unknown field type (expected one of t T L n N a H P i A, a {long_name}, or %% for "
               "a percent sign); it prints \"undefined\"";
    case UNKNOWN_NAME:
        return "unknown field name (expected team_num, num_teams, nesting_level, thread_num, "
               "num_threads, ancestor_tnum, host, process_id, native_thread_id or "
               "thread_affinity); it prints \"undefined\"";
    case UNCLOSED_NAME: return "the long name has no closing '}'; it prints \"undefined\"";
    case FINE: break;
    }
    return "";
}

const char *glass_affinity_format_problem(const char *format, char *buffer, size_t size)
{
    for (const char *p = format; (p = strchr(p, '%')) != NULL;) {
        if (p[1] == '%') {
            p += 2;
            continue;
        }
        struct spec s = parse_spec(p);
        if (s.problem != FINE) {
            /* The specifier as written, cut if it is long: it may hold a long name. */
            int shown = (int)(s.end - s.start) < 40 ? (int)(s.end - s.start) : 40;
            snprintf(buffer, size, "\"%.*s\" (character %zu): %s", shown, s.start,
                     (size_t)(s.start - format) + 1, explain(s.problem));
            return buffer;
        }
        p = s.end;
    }
    return NULL;
}

bool glass_affinity_format_valid(const char *format)
{
    char unused[1];
    return glass_affinity_format_problem(format, unused, sizeof unused) == NULL;
}
