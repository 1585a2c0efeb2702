/* The target sections of the profile: every thread's target and map tables
 * (target_tables.c) merged by source location, as the text report's "Target
 * regions" and "Map clauses moving the most bytes" and as the HTML page's
 * tables. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "profile.h"

#define MAPS_SHOWN 10

struct target_total {
    char where[256];
    struct target_slot sum; /* codeptr: the first seen */
};

/* A map item: by its construct's location and its place among the
 * construct's items (the same clause at every call, whatever array it names:
 * a private array on each thread's stack is one item); a copy no map item
 * named, by its host address. */
struct map_total {
    char where[256]; /* its construct's */
    unsigned item;
    const void *host;
    uint64_t size;
    unsigned flags;
    uint64_t bytes[2], copies[2];
};

static unsigned thread_count(void)
{
    return profile_thread_count < PROFILE_MAX_THREADS ? profile_thread_count : PROFILE_MAX_THREADS;
}

static const char *construct_name(int kind)
{
    switch (kind) {
    case 0: return "device memory routines";
    case ompt_target: return "target";
    case ompt_target_enter_data: return "target enter data";
    case ompt_target_exit_data: return "target exit data";
    case ompt_target_update: return "target update";
    case ompt_target_nowait: return "target nowait";
    case ompt_target_enter_data_nowait: return "target enter data nowait";
    case ompt_target_exit_data_nowait: return "target exit data nowait";
    case ompt_target_update_nowait: return "target update nowait";
    default: return "target construct";
    }
}

static const char *map_type(unsigned flags)
{
    int to = flags & ompt_target_map_flag_to, from = flags & ompt_target_map_flag_from;
    if (flags & ompt_target_map_flag_implicit)
        return to && from ? "tofrom, implicit" : to ? "to, implicit" : from ? "from, implicit" : "alloc, implicit";
    return to && from ? "tofrom" : to ? "to" : from ? "from" : flags ? "alloc" : "not in a map clause";
}

/* Constructs of the same kind on one source line are one to the user. */
static struct target_total *merge_targets(size_t *count)
{
    struct target_total *all = NULL;
    *count = 0;
    for (unsigned i = 0; i < thread_count(); i++) {
        const struct profile_thread *t = profile_threads[i];
        for (unsigned s = 0; t && s < PROFILE_TARGET_SLOTS; s++) {
            const struct target_slot *slot = &t->targets[s];
            if (!slot->codeptr)
                continue;
            char where[256];
            tool_symbolize(slot->codeptr, where, sizeof where);
            size_t k = 0;
            while (k < *count && (strcmp(all[k].where, where) || all[k].sum.kind != slot->kind))
                k++;
            if (k == *count) {
                struct target_total *grown = realloc(all, (*count + 1) * sizeof *all);
                if (!grown)
                    abort();
                all = grown;
                memset(&all[k], 0, sizeof all[k]);
                snprintf(all[k].where, sizeof all[k].where, "%s", where);
                all[k].sum.codeptr = slot->codeptr;
                all[k].sum.kind = slot->kind;
                (*count)++;
            }
            struct target_slot *sum = &all[k].sum;
            sum->device = slot->device;
            sum->calls += slot->calls;
            sum->host_ns += slot->host_ns;
            sum->kernels += slot->kernels;
            sum->kernel_ns += slot->kernel_ns;
            for (int d = TO_DEVICE; d <= FROM_DEVICE; d++) {
                sum->bytes[d] += slot->bytes[d];
                sum->copies[d] += slot->copies[d];
                sum->copy_ns[d] += slot->copy_ns[d];
            }
            sum->allocations += slot->allocations;
            sum->deletions += slot->deletions;
        }
    }
    return all;
}

/* Map items by construct location, host address and size. */
static struct map_total *merge_maps(size_t *count)
{
    struct map_total *all = NULL;
    *count = 0;
    for (unsigned i = 0; i < thread_count(); i++) {
        const struct profile_thread *t = profile_threads[i];
        for (unsigned s = 0; t && s < PROFILE_MAP_SLOTS; s++) {
            const struct map_slot *slot = &t->maps[s];
            if (!slot->codeptr || !(slot->bytes[TO_DEVICE] + slot->bytes[FROM_DEVICE]))
                continue;
            char where[256];
            tool_symbolize(slot->codeptr, where, sizeof where);
            size_t k = 0;
            while (k < *count && (strcmp(all[k].where, where) || all[k].item != slot->item ||
                                  all[k].size != slot->size || (!slot->item && all[k].host != slot->host)))
                k++;
            if (k == *count) {
                struct map_total *grown = realloc(all, (*count + 1) * sizeof *all);
                if (!grown)
                    abort();
                all = grown;
                memset(&all[k], 0, sizeof all[k]);
                snprintf(all[k].where, sizeof all[k].where, "%s", where);
                all[k].host = slot->host;
                all[k].item = slot->item;
                all[k].size = slot->size;
                (*count)++;
            }
            all[k].flags |= slot->flags;
            for (int d = TO_DEVICE; d <= FROM_DEVICE; d++) {
                all[k].bytes[d] += slot->bytes[d];
                all[k].copies[d] += slot->copies[d];
            }
        }
    }
    return all;
}

static int by_host_time(const void *a, const void *b)
{
    const struct target_total *x = a, *y = b;
    return (x->sum.host_ns < y->sum.host_ns) - (x->sum.host_ns > y->sum.host_ns);
}

static int by_bytes(const void *a, const void *b)
{
    const struct map_total *x = a, *y = b;
    uint64_t bx = x->bytes[TO_DEVICE] + x->bytes[FROM_DEVICE], by = y->bytes[TO_DEVICE] + y->bytes[FROM_DEVICE];
    if (bx != by)
        return (bx < by) - (bx > by);
    return strcmp(x->where, y->where);
}

/* "device 0", or "the host" for a construct that ran there. */
static const char *device_label(int device, char *buf, size_t size)
{
    if (profile_num_devices && device >= profile_num_devices())
        snprintf(buf, size, "the host");
    else
        snprintf(buf, size, "device %d", device);
    return buf;
}

static double ms(uint64_t ns)
{
    return (double)ns / 1e6;
}

void profile_report_targets(FILE *out)
{
    size_t count, maps;
    struct target_total *targets = merge_targets(&count);
    if (!count) {
        free(targets);
        return;
    }
    qsort(targets, count, sizeof *targets, by_host_time);
    fprintf(out, "\nTarget regions, by host time:\n");
    for (size_t i = 0; i < count; i++) {
        const struct target_slot *s = &targets[i].sum;
        char device[32];
        fprintf(out, "  #%zu %s %s, on %s\n", i + 1, construct_name(s->kind), targets[i].where,
                device_label(s->device, device, sizeof device));
        fprintf(out, "     calls=%llu host wait=%.3fms mean=%.3fms", (unsigned long long)s->calls, ms(s->host_ns),
                s->calls ? ms(s->host_ns) / (double)s->calls : 0.0);
        if (s->kernels)
            fprintf(out, " kernels=%llu kernel=%.3fms", (unsigned long long)s->kernels, ms(s->kernel_ns));
        fputc('\n', out);
        if (s->copies[TO_DEVICE] || s->copies[FROM_DEVICE] || s->allocations || s->deletions)
            fprintf(out,
                    "     to device: %llu bytes in %llu copies, %.3fms  from device: %llu bytes in %llu copies, "
                    "%.3fms  allocations=%llu deletions=%llu\n",
                    (unsigned long long)s->bytes[TO_DEVICE], (unsigned long long)s->copies[TO_DEVICE],
                    ms(s->copy_ns[TO_DEVICE]), (unsigned long long)s->bytes[FROM_DEVICE],
                    (unsigned long long)s->copies[FROM_DEVICE], ms(s->copy_ns[FROM_DEVICE]),
                    (unsigned long long)s->allocations, (unsigned long long)s->deletions);
    }
    free(targets);
    struct map_total *items = merge_maps(&maps);
    qsort(items, maps, sizeof *items, by_bytes);
    fprintf(out, "\nMap clauses moving the most bytes:\n");
    if (!maps)
        fprintf(out, "  (none: no data was copied)\n");
    for (size_t k = 0; k < maps && k < MAPS_SHOWN; k++)
        fprintf(out, "  %s  item %u, map(%s) of %llu bytes: to device %llu bytes in %llu copies, from device %llu bytes in %llu copies\n",
                items[k].where, items[k].item, map_type(items[k].flags), (unsigned long long)items[k].size,
                (unsigned long long)items[k].bytes[TO_DEVICE], (unsigned long long)items[k].copies[TO_DEVICE],
                (unsigned long long)items[k].bytes[FROM_DEVICE], (unsigned long long)items[k].copies[FROM_DEVICE]);
    free(items);
}

static void cell(FILE *out, const char *text)
{
    fputs("<td>", out);
    for (; *text; text++) {
        switch (*text) {
        case '<': fputs("&lt;", out); break;
        case '>': fputs("&gt;", out); break;
        case '&': fputs("&amp;", out); break;
        default: fputc(*text, out);
        }
    }
    fputs("</td>", out);
}

void profile_html_targets(FILE *out)
{
    size_t count, maps;
    struct target_total *targets = merge_targets(&count);
    if (!count) {
        free(targets);
        return;
    }
    qsort(targets, count, sizeof *targets, by_host_time);
    fputs("<h2>Target regions</h2>\n<table id=\"targets\">\n<tr><th>construct</th><th>where</th><th>device</th>"
          "<th>calls</th><th>host ms</th><th>kernels</th><th>kernel ms</th><th>to device bytes</th>"
          "<th>to device ms</th><th>from device bytes</th><th>from device ms</th></tr>\n",
          out);
    for (size_t i = 0; i < count; i++) {
        const struct target_slot *s = &targets[i].sum;
        fputs("<tr>", out);
        cell(out, construct_name(s->kind));
        cell(out, targets[i].where);
        char device[32];
        cell(out, device_label(s->device, device, sizeof device));
        fprintf(out, "<td>%llu</td><td>%.3f</td><td>%llu</td><td>%.3f</td><td>%llu</td><td>%.3f</td>"
                     "<td>%llu</td><td>%.3f</td></tr>\n",
                (unsigned long long)s->calls, ms(s->host_ns), (unsigned long long)s->kernels,
                ms(s->kernel_ns), (unsigned long long)s->bytes[TO_DEVICE], ms(s->copy_ns[TO_DEVICE]),
                (unsigned long long)s->bytes[FROM_DEVICE], ms(s->copy_ns[FROM_DEVICE]));
    }
    fputs("</table>\n", out);
    free(targets);
    struct map_total *items = merge_maps(&maps);
    qsort(items, maps, sizeof *items, by_bytes);
    fputs("<h3>Map clauses moving the most bytes</h3>\n<table id=\"maps\">\n<tr><th>construct at</th><th>item</th><th>map</th>"
          "<th>size</th><th>to device bytes</th><th>copies</th><th>from device bytes</th><th>copies</th></tr>\n",
          out);
    for (size_t k = 0; k < maps && k < MAPS_SHOWN; k++) {
        fputs("<tr>", out);
        cell(out, items[k].where);
        fprintf(out, "<td>%u</td>", items[k].item);
        cell(out, map_type(items[k].flags));
        fprintf(out, "<td>%llu</td><td>%llu</td><td>%llu</td><td>%llu</td><td>%llu</td></tr>\n",
                (unsigned long long)items[k].size, (unsigned long long)items[k].bytes[TO_DEVICE],
                (unsigned long long)items[k].copies[TO_DEVICE], (unsigned long long)items[k].bytes[FROM_DEVICE],
                (unsigned long long)items[k].copies[FROM_DEVICE]);
    }
    fputs("</table>\n", out);
    free(items);
}
