/* OMP_PLACES parser. Grammar (OpenMP 5.1, 6.5):
 *
 *   value      := abstract | place-list
 *   abstract   := name [ '(' count ')' ]
 *   place-list := item { ',' item }
 *   item       := '!' place | place [ ':' length [ ':' stride ] ]
 *   place      := '{' res { ',' res } '}' | number
 *   res        := '!' number | number [ ':' length [ ':' stride ] ]
 *
 * An interval lower:length:stride stands for lower, lower + stride, ...,
 * lower + (length - 1) * stride; applied to a place it repeats the place with
 * every processor shifted. '!' removes the number from its place, or the place
 * from the list. White space may surround every token. */
#include "places_parse.h"

#include <ctype.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

/* A growable array of unsigned. */
struct vec {
    unsigned *items;
    unsigned len, cap;
};

static bool vec_push(struct vec *v, unsigned value)
{
    if (v->len == v->cap) {
        unsigned cap = v->cap ? v->cap * 2 : 16;
        unsigned *items = realloc(v->items, cap * sizeof *items);
        if (!items)
            return false;
        v->items = items;
        v->cap = cap;
    }
    v->items[v->len++] = value;
    return true;
}

static int compare_unsigned(const void *a, const void *b)
{
    unsigned x = *(const unsigned *)a, y = *(const unsigned *)b;
    return (x > y) - (x < y);
}

/* Sorts v[from..] and removes duplicates. */
static void sort_unique(struct vec *v, unsigned from)
{
    unsigned n = v->len - from;
    if (n < 2)
        return;
    qsort(v->items + from, n, sizeof v->items[0], compare_unsigned);
    unsigned out = from + 1;
    for (unsigned i = from + 1; i < v->len; i++)
        if (v->items[i] != v->items[out - 1])
            v->items[out++] = v->items[i];
    v->len = out;
}

struct parser {
    const char *p;
    struct vec cpus;      /* processors of all places kept so far */
    struct vec first;     /* start of each kept place in cpus */
    struct vec excluded;  /* excluded places, same layout in excl_cpus */
    struct vec excl_cpus;
    unsigned entries;     /* processor numbers produced, bounded */
};

static void skip_space(struct parser *ps)
{
    while (isspace((unsigned char)*ps->p))
        ps->p++;
}

static bool accept(struct parser *ps, char c)
{
    skip_space(ps);
    if (*ps->p != c)
        return false;
    ps->p++;
    return true;
}

static bool read_unsigned(struct parser *ps, unsigned long long limit, unsigned long long *out)
{
    skip_space(ps);
    if (!isdigit((unsigned char)*ps->p))
        return false;
    unsigned long long value = 0;
    while (isdigit((unsigned char)*ps->p)) {
        value = value * 10 + (unsigned)(*ps->p++ - '0');
        if (value > limit)
            return false;
    }
    *out = value;
    return true;
}

/* [':' length [':' stride]]; length must be positive, stride may be negative. */
static bool read_interval(struct parser *ps, unsigned long long *length, long long *stride)
{
    *length = 1;
    *stride = 1;
    if (!accept(ps, ':'))
        return true;
    if (!read_unsigned(ps, GLASS_PLACES_MAX_ENTRIES, length) || *length == 0)
        return false;
    if (!accept(ps, ':'))
        return true;
    bool negative = accept(ps, '-');
    if (!negative)
        accept(ps, '+');
    unsigned long long magnitude;
    if (!read_unsigned(ps, GLASS_PLACES_MAX_CPU, &magnitude))
        return false;
    *stride = negative ? -(long long)magnitude : (long long)magnitude;
    return true;
}

/* lower + k * stride for k < length, each a valid processor number. */
static bool push_interval(struct parser *ps, struct vec *out, unsigned long long lower,
                          unsigned long long length, long long stride)
{
    for (unsigned long long k = 0; k < length; k++) {
        long long cpu = (long long)lower + (long long)k * stride;
        if (cpu < 0 || cpu > (long long)GLASS_PLACES_MAX_CPU ||
            ++ps->entries > GLASS_PLACES_MAX_ENTRIES || !vec_push(out, (unsigned)cpu))
            return false;
    }
    return true;
}

/* One place, appended to `out` from index out->len on, sorted and unique. */
static bool parse_place(struct parser *ps, struct vec *out)
{
    unsigned start = out->len;
    unsigned long long lower, length;
    long long stride;
    if (!accept(ps, '{')) {
        /* A lone number is a place of one processor. */
        if (!read_unsigned(ps, GLASS_PLACES_MAX_CPU, &lower))
            return false;
        return push_interval(ps, out, lower, 1, 1);
    }
    struct vec removed = {0};
    bool ok = true;
    do {
        if (accept(ps, '!')) {
            ok = read_unsigned(ps, GLASS_PLACES_MAX_CPU, &lower) && vec_push(&removed, (unsigned)lower);
        } else {
            ok = read_unsigned(ps, GLASS_PLACES_MAX_CPU, &lower) &&
                 read_interval(ps, &length, &stride) && push_interval(ps, out, lower, length, stride);
        }
    } while (ok && accept(ps, ','));
    ok = ok && accept(ps, '}');
    if (ok) {
        sort_unique(out, start);
        sort_unique(&removed, 0);
        unsigned kept = start;
        for (unsigned i = start; i < out->len; i++)
            if (!removed.len || !bsearch(&out->items[i], removed.items, removed.len, sizeof removed.items[0],
                                         compare_unsigned))
                out->items[kept++] = out->items[i];
        out->len = kept;
        ok = kept > start; /* an empty place is a mistake */
    }
    free(removed.items);
    return ok;
}

/* Appends the place stored at cpus[from..] shifted by `shift` as a new place. */
static bool push_shifted(struct parser *ps, struct vec *cpus, struct vec *first, unsigned from,
                         unsigned count, long long shift)
{
    if (!vec_push(first, cpus->len))
        return false;
    for (unsigned i = 0; i < count; i++)
        if (!push_interval(ps, cpus, (unsigned long long)((long long)cpus->items[from + i] + shift), 1, 1))
            return false;
    return true;
}

static bool parse_item(struct parser *ps)
{
    bool excluded = accept(ps, '!');
    struct vec *cpus = excluded ? &ps->excl_cpus : &ps->cpus;
    struct vec *first = excluded ? &ps->excluded : &ps->first;
    unsigned start = cpus->len;
    if (!vec_push(first, start) || !parse_place(ps, cpus))
        return false;
    unsigned long long length;
    long long stride;
    if (!read_interval(ps, &length, &stride) || (excluded && length != 1))
        return false;
    unsigned count = cpus->len - start;
    for (unsigned long long k = 1; k < length; k++)
        if (!push_shifted(ps, cpus, first, start, count, (long long)k * stride))
            return false;
    return true;
}

static bool same_place(const struct parser *ps, unsigned place, unsigned excluded)
{
    unsigned a = ps->first.items[place];
    unsigned a_end = place + 1 < ps->first.len ? ps->first.items[place + 1] : ps->cpus.len;
    unsigned b = ps->excluded.items[excluded];
    unsigned b_end = excluded + 1 < ps->excluded.len ? ps->excluded.items[excluded + 1] : ps->excl_cpus.len;
    return a_end - a == b_end - b &&
           memcmp(ps->cpus.items + a, ps->excl_cpus.items + b, (a_end - a) * sizeof(unsigned)) == 0;
}

/* Moves the kept places (those equal to no excluded place) into *spec. */
static bool build_list(struct parser *ps, struct glass_places_spec *spec)
{
    unsigned nplaces = ps->first.len;
    unsigned *first = malloc((nplaces + 1) * sizeof *first);
    unsigned *cpus = malloc((ps->cpus.len ? ps->cpus.len : 1) * sizeof *cpus);
    if (!first || !cpus) {
        free(first);
        free(cpus);
        return false;
    }
    unsigned kept = 0, ncpus = 0;
    for (unsigned i = 0; i < nplaces; i++) {
        bool drop = false;
        for (unsigned j = 0; j < ps->excluded.len && !drop; j++)
            drop = same_place(ps, i, j);
        if (drop)
            continue;
        unsigned from = ps->first.items[i], to = i + 1 < nplaces ? ps->first.items[i + 1] : ps->cpus.len;
        first[kept++] = ncpus;
        memcpy(cpus + ncpus, ps->cpus.items + from, (to - from) * sizeof *cpus);
        ncpus += to - from;
    }
    if (kept == 0) {
        free(first);
        free(cpus);
        return false;
    }
    first[kept] = ncpus;
    *spec = (struct glass_places_spec){
        .kind = GLASS_PLACES_EXPLICIT, .nplaces = kept, .first = first, .cpus = cpus};
    return true;
}

static const char *const kind_names[] = {
    [GLASS_PLACES_THREADS] = "threads",
    [GLASS_PLACES_CORES] = "cores",
    [GLASS_PLACES_LL_CACHES] = "ll_caches",
    [GLASS_PLACES_NUMA_DOMAINS] = "numa_domains",
    [GLASS_PLACES_SOCKETS] = "sockets",
};

const char *glass_places_kind_name(enum glass_places_kind kind)
{
    return kind < GLASS_PLACES_EXPLICIT ? kind_names[kind] : "explicit";
}

static bool parse_abstract(struct parser *ps, struct glass_places_spec *spec)
{
    skip_space(ps);
    size_t len = 0;
    while (isalpha((unsigned char)ps->p[len]) || ps->p[len] == '_')
        len++;
    for (int kind = 0; kind < GLASS_PLACES_EXPLICIT; kind++) {
        if (strlen(kind_names[kind]) != len || strncasecmp(ps->p, kind_names[kind], len) != 0)
            continue;
        ps->p += len;
        unsigned long long count = 0;
        if (accept(ps, '(') && (!read_unsigned(ps, GLASS_PLACES_MAX_CPU + 1, &count) || count == 0 ||
                                !accept(ps, ')')))
            return false;
        skip_space(ps);
        if (*ps->p != '\0')
            return false;
        *spec = (struct glass_places_spec){.kind = (enum glass_places_kind)kind, .count = (unsigned)count};
        return true;
    }
    return false;
}

bool glass_parse_places(const char *text, struct glass_places_spec *spec)
{
    struct parser ps = {.p = text};
    skip_space(&ps);
    if (isalpha((unsigned char)*ps.p))
        return parse_abstract(&ps, spec);
    bool ok = true;
    do
        ok = parse_item(&ps);
    while (ok && accept(&ps, ','));
    skip_space(&ps);
    ok = ok && *ps.p == '\0' && build_list(&ps, spec);
    free(ps.cpus.items);
    free(ps.first.items);
    free(ps.excluded.items);
    free(ps.excl_cpus.items);
    return ok;
}

void glass_places_spec_free(struct glass_places_spec *spec)
{
    free(spec->first);
    free(spec->cpus);
    spec->first = NULL;
    spec->cpus = NULL;
    spec->nplaces = 0;
}
