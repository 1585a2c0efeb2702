/* Parser for OMP_PLACES (OpenMP 5.1, 6.5): an abstract name with an optional
 * count, or an explicit list of places. Pure: it knows nothing about the
 * machine; places.c resolves the result against the processors the process may
 * use. */
#ifndef GLASS_CORE_PLACES_PARSE_H
#define GLASS_CORE_PLACES_PARSE_H

#include <stdbool.h>

enum glass_places_kind {
    GLASS_PLACES_THREADS,
    GLASS_PLACES_CORES,
    GLASS_PLACES_LL_CACHES,
    GLASS_PLACES_NUMA_DOMAINS,
    GLASS_PLACES_SOCKETS,
    GLASS_PLACES_EXPLICIT,
};

/* Largest processor number accepted in an explicit list, and the most
 * processor numbers a whole list may expand to: beyond them a value is a typo,
 * not a machine. */
#define GLASS_PLACES_MAX_CPU 65535u
#define GLASS_PLACES_MAX_ENTRIES (1u << 20)

struct glass_places_spec {
    enum glass_places_kind kind;
    unsigned count;   /* abstract name: the (n) that follows it, 0: as many as exist */
    /* Explicit list: place i holds cpus[first[i]] .. cpus[first[i + 1] - 1],
     * ascending and without duplicates. */
    unsigned nplaces;
    unsigned *first;  /* nplaces + 1 entries */
    unsigned *cpus;
};

/* Fills *spec (allocating the explicit list) and returns true, or returns
 * false and leaves nothing allocated. */
bool glass_parse_places(const char *text, struct glass_places_spec *spec);
void glass_places_spec_free(struct glass_places_spec *spec);

/* Name of an abstract kind ("threads", ...). */
const char *glass_places_kind_name(enum glass_places_kind kind);

#endif
