/* The settings table: every environment variable the runtime reads is one
 * entry (env.c) that carries how its value is parsed, how it is shown by
 * OMP_DISPLAY_ENV (plain and verbose) and by OMPD's display control variables,
 * and, where a program may change it later, how kmp_set_defaults applies it.
 * docs/architecture.md ("Adding a setting") lists the places a new entry touches. */
#ifndef GLASS_CORE_SETTINGS_H
#define GLASS_CORE_SETTINGS_H

#include <stdbool.h>
#include <stddef.h>

struct glass_icvs;

/* A value's text, grown with snprintf semantics, never past the buffer. */
struct glass_text {
    char buffer[4096];
    size_t used;
};
void glass_text_add(struct glass_text *t, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

/* Where a setting is shown. */
enum glass_setting_view {
    GLASS_VIEW_DISPLAY = 1u << 0, /* OMP_DISPLAY_ENV=true (and so verbose too) */
    GLASS_VIEW_VERBOSE = 1u << 1, /* OMP_DISPLAY_ENV=verbose only */
    GLASS_VIEW_OMPD = 1u << 2,    /* ompd_get_display_control_vars (OpenMP 5.1, 5.5.10.1) */
    GLASS_VIEW_ALL = GLASS_VIEW_DISPLAY | GLASS_VIEW_OMPD,
};

enum glass_setting_flag {
    GLASS_SETTING_NO_DEVICE = 1u << 0, /* its display line names no device ([host]): _OPENMP */
    GLASS_SETTING_SECURE = 1u << 1,    /* read with secure_getenv: it names a library to load */
    GLASS_SETTING_FIRST = 1u << 2,     /* read before the others, in table order: the KMP_* variables */
};

struct glass_setting {
    const char *name;
    /* Applies the environment's value at start-up; reports a bad one. NULL:
     * shown only, never read (_OPENMP, GLASS_VERSION). */
    void (*parse)(const char *name, const char *value);
    /* Writes the value to show for the data environment `icv`; false: no
     * line this time. NULL: never shown. */
    bool (*show)(struct glass_text *value, const struct glass_icvs *icv);
    /* kmp_set_defaults: applies a value to the calling task and the runtime
     * (settings_change.c); false: the value is refused. NULL: start-up only. */
    bool (*change)(const char *value);
    unsigned views; /* enum glass_setting_view */
    unsigned flags; /* enum glass_setting_flag */
};

extern const struct glass_setting glass_settings[];
extern const size_t glass_settings_count;

/* The entry named by the first `len` characters of `name`, or NULL. */
const struct glass_setting *glass_setting_find(const char *name, size_t len);

/* Whether the environment held the variable at start-up (valid or not). */
bool glass_setting_given(const char *name);

/* The environment's value of a variable read as a string and used where it
 * matters (the tool variables, src/ompt/tool_init.c): NULL when unset. */
const char *glass_setting_text(const char *name);

/* The one producer of display text (display_env.c): calls `line` once per
 * setting in the style's view, in table order, with the whole line: for
 * OMP_DISPLAY_ENV "  [host] NAME = 'value'\n" (5.1, 6.12), for OMPD
 * "NAME=value". `icv` is the data environment shown. */
enum glass_display_style { GLASS_DISPLAY_ENV, GLASS_DISPLAY_ENV_VERBOSE, GLASS_DISPLAY_OMPD };
void glass_settings_display(const struct glass_icvs *icv, enum glass_display_style style,
                            void (*line)(void *context, const char *text), void *context);

#endif
