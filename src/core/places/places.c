/* The place list: built once from OMP_PLACES and the process's CPU mask. */
#include "places.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../runtime.h"

struct glass_place_list glass_places;

bool glass_cpu_mask_read(struct glass_cpu_mask *mask)
{
    /* The kernel refuses a buffer smaller than its CPU mask: grow until it fits. */
    for (int ncpus = 1024; ncpus <= (1 << 20); ncpus *= 2) {
        size_t size = CPU_ALLOC_SIZE(ncpus);
        cpu_set_t *set = CPU_ALLOC(ncpus);
        if (!set)
            return false;
        CPU_ZERO_S(size, set);
        if (sched_getaffinity(0, size, set) == 0) {
            int max_cpu = -1;
            for (int cpu = 0; cpu < ncpus; cpu++)
                if (CPU_ISSET_S((size_t)cpu, size, set))
                    max_cpu = cpu;
            if (max_cpu < 0) {
                CPU_FREE(set);
                return false;
            }
            *mask = (struct glass_cpu_mask){.set = set, .size = size, .max_cpu = max_cpu};
            return true;
        }
        CPU_FREE(set);
        if (errno != EINVAL)
            return false;
    }
    return false;
}

/* Writes the processors of a place, formatted, for a warning. */
static void describe_place(char *buffer, size_t size, const unsigned *cpus, unsigned count)
{
    size_t used = (size_t)snprintf(buffer, size, "{");
    for (unsigned i = 0; i < count && used < size; i++)
        used += (size_t)snprintf(buffer + used, size - used, "%s%u", i ? "," : "", cpus[i]);
    if (used < size)
        snprintf(buffer + used, size - used, "}");
}

void glass_places_build(const struct glass_places_spec *spec, const struct glass_cpu_mask *mask,
                        const char *text)
{
    unsigned total = spec->first[spec->nplaces];
    unsigned *first = malloc((spec->nplaces + 1) * sizeof *first);
    int *cpus = malloc((total ? total : 1) * sizeof *cpus);
    cpu_set_t **masks = calloc(spec->nplaces ? spec->nplaces : 1, sizeof *masks);
    if (!first || !cpus || !masks)
        glass_fatal("out of memory building the place list");

    unsigned nplaces = 0, used = 0;
    int ncpus_alloc = mask->max_cpu + 1;
    size_t mask_size = CPU_ALLOC_SIZE(ncpus_alloc);
    for (unsigned i = 0; i < spec->nplaces; i++) {
        unsigned start = used;
        for (unsigned j = spec->first[i]; j < spec->first[i + 1]; j++) {
            unsigned cpu = spec->cpus[j];
            if ((int)cpu <= mask->max_cpu && CPU_ISSET_S(cpu, mask->size, mask->set))
                cpus[used++] = (int)cpu;
        }
        if (used == start) {
            if (text) {
                char place[128];
                describe_place(place, sizeof place, spec->cpus + spec->first[i],
                               spec->first[i + 1] - spec->first[i]);
                glass_warn("OMP_PLACES=\"%s\": place %s has no processor this process may use; "
                           "ignored", text, place);
            }
            continue;
        }
        cpu_set_t *set = CPU_ALLOC(ncpus_alloc);
        if (!set)
            glass_fatal("out of memory building the place list");
        CPU_ZERO_S(mask_size, set);
        for (unsigned j = start; j < used; j++)
            CPU_SET_S((size_t)cpus[j], mask_size, set);
        masks[nplaces] = set;
        first[nplaces++] = start;
    }
    first[nplaces] = used;
    glass_places = (struct glass_place_list){
        .count = nplaces, .first = first, .cpus = cpus, .masks = masks, .mask_size = mask_size};
}

unsigned glass_place_cpus(unsigned place, const int **cpus)
{
    if (place >= glass_places.count) {
        *cpus = NULL;
        return 0;
    }
    *cpus = glass_places.cpus + glass_places.first[place];
    return glass_places.first[place + 1] - glass_places.first[place];
}

/* Appends with snprintf semantics: *used grows by what would have been written. */
static void append(char *buffer, size_t size, size_t *used, const char *fmt, int a, int b)
{
    char piece[32];
    int n = snprintf(piece, sizeof piece, fmt, a, b);
    if (*used < size)
        memcpy(buffer + *used, piece, (size - *used > (size_t)n) ? (size_t)n : size - *used);
    *used += (size_t)n;
}

/* Runs of consecutive processors, each written by `run_fmt` (start, end or
 * length) and separated by commas. */
static size_t format_runs(char *buffer, size_t size, size_t used, const int *cpus, unsigned count,
                          bool as_length)
{
    for (unsigned i = 0; i < count;) {
        unsigned j = i;
        while (j + 1 < count && cpus[j + 1] == cpus[j] + 1)
            j++;
        if (i)
            append(buffer, size, &used, ",", 0, 0);
        if (j == i)
            append(buffer, size, &used, "%d", cpus[i], 0);
        else if (as_length)
            append(buffer, size, &used, "%d:%d", cpus[i], (int)(j - i + 1));
        else
            append(buffer, size, &used, "%d-%d", cpus[i], cpus[j]);
        i = j + 1;
    }
    return used;
}

static size_t terminate(char *buffer, size_t size, size_t used)
{
    if (size)
        buffer[used < size ? used : size - 1] = '\0';
    return used;
}

size_t glass_format_cpu_list(char *buffer, size_t size, const int *cpus, unsigned count)
{
    return terminate(buffer, size, format_runs(buffer, size, 0, cpus, count, false));
}

size_t glass_places_format(char *buffer, size_t size)
{
    size_t used = 0;
    for (unsigned i = 0; i < glass_places.count; i++) {
        const int *cpus;
        unsigned n = glass_place_cpus(i, &cpus);
        append(buffer, size, &used, i ? ",{" : "{", 0, 0);
        used = format_runs(buffer, size, used, cpus, n, true);
        append(buffer, size, &used, "}", 0, 0);
    }
    return terminate(buffer, size, used);
}
