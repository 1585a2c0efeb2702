/* The affinity format (OpenMP 5.1, 6.14 OMP_AFFINITY_FORMAT): text with field
 * specifiers %[[[0].]size]type, expanded for one thread. Pure: no thread, no
 * I/O, so the fuzz target (tests/fuzz/affinity_format.c) runs it alone. */
#ifndef GLASS_CORE_AFFINITY_FORMAT_H
#define GLASS_CORE_AFFINITY_FORMAT_H

#include <stdbool.h>
#include <stddef.h>

/* The largest size a field specifier may ask for; a larger one is cut to it
 * (and reported by glass_affinity_format_problem). */
#define GLASS_AFFINITY_MAX_WIDTH 4096

/* What the fields show (6.14, Table 6.2). */
struct glass_affinity_info {
    int team_num, num_teams;
    int level;
    int thread_num, num_threads;
    int ancestor_thread_num;
    long process_id;
    long native_thread_id;
    const char *host;
    const char *affinity;  /* processors, "0-3,6" */
};

/* Expands `format` like snprintf: writes at most size - 1 characters and a
 * NUL (nothing when size is 0), returns the length of the whole expansion.
 * A field of an unknown type prints "undefined" (6.14); other nonconforming
 * specifiers print as glass_affinity_format_problem says. */
size_t glass_affinity_format(char *buffer, size_t size, const char *format,
                             const struct glass_affinity_info *info);

/* NULL when every field specifier of `format` conforms to 6.14. Otherwise
 * describes the first one that does not, and what it prints instead, in
 * `buffer` (a sentence without the variable's name) and returns buffer. */
const char *glass_affinity_format_problem(const char *format, char *buffer, size_t size);

/* True when glass_affinity_format_problem finds nothing. */
bool glass_affinity_format_valid(const char *format);

#endif
