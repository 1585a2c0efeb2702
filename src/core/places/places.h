/* The place list (OpenMP 5.1, 2.4.1 place-partition-var): the places of
 * OMP_PLACES resolved against the processors the process may run on. Built
 * once at initialization and read-only afterwards. Empty unless binding was
 * asked for (OMP_PROC_BIND not false, or OMP_PLACES set). */
#ifndef GLASS_CORE_PLACES_H
#define GLASS_CORE_PLACES_H

#include <sched.h>
#include <stdbool.h>
#include <stddef.h>

#include "places_parse.h"

struct glass_place_list {
    unsigned count;
    unsigned *first;       /* place i holds cpus[first[i]] .. cpus[first[i + 1] - 1] */
    int *cpus;             /* ascending within a place */
    cpu_set_t **masks;     /* masks[i]: place i as a CPU set for binding */
    size_t mask_size;      /* bytes of each mask (CPU_ALLOC_SIZE) */
};

extern struct glass_place_list glass_places;

/* The CPUs the process could run on at start-up (before any binding). */
struct glass_cpu_mask {
    cpu_set_t *set;
    size_t size;           /* bytes */
    int max_cpu;           /* highest CPU number in the set */
};

/* Reads the process's CPU mask at initialization; false if it is unavailable. */
bool glass_cpu_mask_read(struct glass_cpu_mask *mask);

/* Resolves a parsed OMP_PLACES against the process mask: drops processors the
 * process may not use, then places left empty (with a warning naming them),
 * and fills glass_places. `text` is the variable's value for messages. */
void glass_places_build(const struct glass_places_spec *spec, const struct glass_cpu_mask *mask,
                        const char *text);

/* Fills spec with the places of an abstract name read from the machine's
 * topology (sysfs), limited to `mask`. */
bool glass_places_from_topology(enum glass_places_kind kind, unsigned count,
                                const struct glass_cpu_mask *mask, struct glass_places_spec *spec);

/* The CPUs of place `place`: returns their number, *cpus points at them. */
unsigned glass_place_cpus(unsigned place, const int **cpus);

/* Writes "0-3,6" style text for a sorted CPU list; returns the length it
 * needs (as snprintf). */
size_t glass_format_cpu_list(char *buffer, size_t size, const int *cpus, unsigned count);

/* Writes the place list as OMP_PLACES would accept it ("{0:2},{2}"). */
size_t glass_places_format(char *buffer, size_t size);

#endif
