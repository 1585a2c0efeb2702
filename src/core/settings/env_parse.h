/* Parsers for the values of OpenMP environment variables (OpenMP 5.1, chapter 6).
 *
 * Every function is pure: it reads only its arguments, writes only its outputs
 * (and only when it succeeds) and returns false for a value it does not accept.
 * Leading and trailing white space is accepted everywhere, keywords are matched
 * without regard to case. Nothing here knows about glass_globals, so a fuzzer
 * or a unit test can call these directly; env.c applies the results. */
#ifndef GLASS_CORE_ENV_PARSE_H
#define GLASS_CORE_ENV_PARSE_H

#include <stdbool.h>
#include <stddef.h>

/* A decimal integer in [min, max], no sign, no suffix. */
bool glass_parse_uint(const char *text, unsigned long long min, unsigned long long max,
                      unsigned long long *out);

/* A comma-separated list of 1..capacity integers, each in [min, max]. */
bool glass_parse_uint_list(const char *text, unsigned min, unsigned max, unsigned *out,
                           unsigned capacity, unsigned *len);

/* One of `names` (a NULL-terminated array), compared without regard to case;
 * *index receives its position. */
bool glass_parse_keyword(const char *text, const char *const *names, int *index);

/* true or false. */
bool glass_parse_bool(const char *text, bool *out);

/* OMP_SCHEDULE: [monotonic:|nonmonotonic:]kind[,chunk]. *kind receives an enum
 * glass_sched value (with GLASS_SCHED_MONOTONIC when the modifier asks for it),
 * *chunk the positive chunk size or 0 when none was given. */
bool glass_parse_schedule(const char *text, int *kind, int *chunk);

/* OMP_PROC_BIND: true, false, or a list of primary/master/close/spread. Values
 * are enum glass_proc_bind. */
bool glass_parse_proc_bind(const char *text, signed char *out, unsigned capacity, unsigned *len);

/* OMP_STACKSIZE: a positive number with an optional B, K, M or G unit (K when
 * none), white space allowed between them. */
bool glass_parse_stacksize(const char *text, size_t *bytes);

/* GOMP_SPINCOUNT: a number with an optional k, M, G or T factor, or
 * infinite/infinity (returned as ~0ULL). */
bool glass_parse_spincount(const char *text, unsigned long long *out);

#endif
