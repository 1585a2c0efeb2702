/* Thread affinity display (OpenMP 5.1, 6.14 OMP_AFFINITY_FORMAT and 3.3
 * omp_display_affinity): a format with %-fields
 *
 *   %[[[0].]width]type     type a letter, or {long_name}
 *
 * left-justified by default, '.' right-justifies, "0." pads numbers with
 * zeros. Output goes to stderr, as libgomp's does. */
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "affinity.h"
#include "globals.h"
#include "places.h"
#include "team.h"

static const struct {
    char letter;
    const char *name;
} field_types[] = {
    {'t', "team_num"},    {'T', "num_teams"},        {'L', "nesting_level"},
    {'n', "thread_num"},  {'N', "num_threads"},      {'a', "ancestor_tnum"},
    {'H', "host"},        {'P', "process_id"},       {'i', "native_thread_id"},
    {'A', "thread_affinity"},
};

struct field {
    bool zero, right;
    size_t width;     /* 0: none */
    char type;        /* a letter of field_types */
    const char *end;  /* first character after the field */
};

/* Parses the field after a '%'; on failure f->end still moves past what was
 * read, so a caller copying invalid fields literally makes progress. */
static bool parse_field(const char *p, struct field *f)
{
    *f = (struct field){0};
    if (*p == '0') {
        f->zero = true;
        p++;
        if (*p != '.') {
            f->end = p;
            return false;
        }
    }
    if (*p == '.') {
        f->right = true;
        p++;
    }
    if (*p >= '1' && *p <= '9') {
        while (*p >= '0' && *p <= '9') {
            if (f->width < 4096) /* wider than any line anyone wants */
                f->width = f->width * 10 + (size_t)(*p - '0');
            p++;
        }
    } else if (f->zero || f->right) {
        f->end = p;
        return false; /* justification without a width */
    }
    if (*p == '{') {
        const char *close = strchr(p, '}');
        f->end = close ? close + 1 : p + strlen(p);
        for (size_t i = 0; close && i < sizeof field_types / sizeof field_types[0]; i++)
            if (strlen(field_types[i].name) == (size_t)(close - p - 1) &&
                strncmp(p + 1, field_types[i].name, (size_t)(close - p - 1)) == 0) {
                f->type = field_types[i].letter;
                return true;
            }
        return false;
    }
    f->end = *p ? p + 1 : p;
    for (size_t i = 0; i < sizeof field_types / sizeof field_types[0]; i++)
        if (*p && *p == field_types[i].letter) {
            f->type = *p;
            return true;
        }
    return false;
}

bool glass_affinity_format_valid(const char *format)
{
    for (const char *p = format; (p = strchr(p, '%')) != NULL;) {
        if (p[1] == '%') {
            p += 2;
            continue;
        }
        struct field f;
        if (!parse_field(p + 1, &f))
            return false;
        p = f.end;
    }
    return true;
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

static void put_field(struct out *o, const struct field *f, const char *text, bool numeric)
{
    size_t len = strlen(text);
    size_t pad = f->width > len ? f->width - len : 0;
    if (!f->right) {
        put(o, text, len);
        put_repeat(o, ' ', pad);
    } else if (f->zero && numeric) {
        size_t sign = text[0] == '-';
        put(o, text, sign);
        put_repeat(o, '0', pad);
        put(o, text + sign, len - sign);
    } else {
        put_repeat(o, ' ', pad);
        put(o, text, len);
    }
}

static void put_value(struct out *o, const struct field *f, const struct glass_affinity_info *info)
{
    char number[32];
    long value;
    switch (f->type) {
    case 't': value = info->team_num; break;
    case 'T': value = info->num_teams; break;
    case 'L': value = info->level; break;
    case 'n': value = info->thread_num; break;
    case 'N': value = info->num_threads; break;
    case 'a': value = info->ancestor_thread_num; break;
    case 'P': value = info->process_id; break;
    case 'i': value = info->native_thread_id; break;
    case 'H': put_field(o, f, info->host ? info->host : "", false); return;
    default: put_field(o, f, info->affinity ? info->affinity : "", false); return;
    }
    snprintf(number, sizeof number, "%ld", value);
    put_field(o, f, number, true);
}

size_t glass_affinity_format(char *buffer, size_t size, const char *format,
                             const struct glass_affinity_info *info)
{
    struct out o = {buffer, size, 0};
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
        struct field f;
        if (parse_field(percent + 1, &f))
            put_value(&o, &f, info);
        else
            put(&o, percent, (size_t)(f.end - percent));
        p = f.end;
    }
    if (size)
        buffer[o.used < size ? o.used : size - 1] = '\0';
    return o.used;
}

/* The processors the calling thread may run on: its place, or its CPU mask
 * when it is not bound. */
static void describe_affinity(struct glass_thread *self, char *buffer, size_t size)
{
    const int *cpus;
    unsigned count = self->place >= 0 ? glass_place_cpus((unsigned)self->place, &cpus) : 0;
    if (count) {
        glass_format_cpu_list(buffer, size, cpus, count);
        return;
    }
    struct glass_cpu_mask mask;
    buffer[0] = '\0';
    if (!glass_cpu_mask_read(&mask))
        return;
    int *list = malloc(((size_t)mask.max_cpu + 1) * sizeof *list);
    if (list) {
        unsigned n = 0;
        for (int cpu = 0; cpu <= mask.max_cpu; cpu++)
            if (CPU_ISSET_S((size_t)cpu, mask.size, mask.set))
                list[n++] = cpu;
        glass_format_cpu_list(buffer, size, list, n);
        free(list);
    }
    CPU_FREE(mask.set);
}

static void collect(struct glass_thread *self, const struct glass_team *team, unsigned num,
                    struct glass_affinity_info *info, char *host, size_t host_size, char *affinity,
                    size_t affinity_size)
{
    if (gethostname(host, host_size) != 0)
        host[0] = '\0';
    host[host_size - 1] = '\0';
    describe_affinity(self, affinity, affinity_size);
    *info = (struct glass_affinity_info){
        /* The teams construct is later work: every thread is in team 0 of 1. */
        .team_num = 0,
        .num_teams = 1,
        .level = (int)team->level,
        .thread_num = (int)num,
        .num_threads = (int)team->nthreads,
        .ancestor_thread_num = team->level > 0 ? (int)team->parent_thread_num : -1,
        .process_id = (long)getpid(),
        .native_thread_id = (long)gettid(),
        .host = host,
        .affinity = affinity,
    };
}

static const char *chosen_format(const char *format)
{
    return format && *format ? format : glass_globals.affinity_format;
}

static size_t capture(struct glass_thread *self, const struct glass_team *team, unsigned num,
                      char *buffer, size_t size, const char *format)
{
    struct glass_affinity_info info;
    char host[256], affinity[4096];
    collect(self, team, num, &info, host, sizeof host, affinity, sizeof affinity);
    return glass_affinity_format(buffer, size, chosen_format(format), &info);
}

size_t glass_capture_affinity(struct glass_thread *self, char *buffer, size_t size,
                              const char *format)
{
    return capture(self, self->team, self->num, buffer, size, format);
}

static void display(struct glass_thread *self, const struct glass_team *team, unsigned num,
                    const char *format)
{
    char line[1024];
    size_t len = capture(self, team, num, line, sizeof line - 1, format);
    char *text = line;
    if (len >= sizeof line - 1) {
        text = malloc(len + 2);
        if (!text)
            return;
        capture(self, team, num, text, len + 1, format);
    }
    /* One write per line so lines of several threads do not interleave. */
    text[len] = '\n';
    fwrite(text, 1, len + 1, stderr);
    if (text != line)
        free(text);
}

void glass_display_affinity(struct glass_thread *self, const char *format)
{
    display(self, self->team, self->num, format);
}

/* What the fields showed at the thread's last display. */
static __thread struct {
    bool shown;
    unsigned level, thread_num, num_threads, parent_thread_num;
    int place;
} last_shown;

void glass_display_affinity_if_changed(struct glass_thread *self, const struct glass_team *team,
                                       unsigned num)
{
    if (last_shown.shown && last_shown.level == team->level && last_shown.thread_num == num &&
        last_shown.num_threads == team->nthreads &&
        last_shown.parent_thread_num == team->parent_thread_num && last_shown.place == self->place)
        return;
    last_shown.shown = true;
    last_shown.level = team->level;
    last_shown.thread_num = num;
    last_shown.num_threads = team->nthreads;
    last_shown.parent_thread_num = team->parent_thread_num;
    last_shown.place = self->place;
    display(self, team, num, NULL);
}
