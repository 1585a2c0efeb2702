/* OMP_DISPLAY_ENV and omp_display_env (OpenMP 5.1, 6.12 and 3.15), and the
 * one function that writes the settings' display text for them and for OMPD's
 * display control variables (5.5.10.1): the settings table (env.c) says which
 * settings each shows and how each value reads. omp_display_env passes the
 * calling task's data environment, so it shows what the program changed. */
#include <pthread.h>
#include <stdio.h>

#include "env.h"
#include "settings.h"

void glass_settings_display(const struct glass_icvs *icv, enum glass_display_style style,
                            void (*line)(void *context, const char *text), void *context)
{
    unsigned view = style == GLASS_DISPLAY_OMPD          ? GLASS_VIEW_OMPD
                    : style == GLASS_DISPLAY_ENV_VERBOSE ? GLASS_VIEW_DISPLAY | GLASS_VIEW_VERBOSE
                                                         : GLASS_VIEW_DISPLAY;
    /* Static (4 KiB each is a lot for a worker's stack), so one caller at a time. */
    static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
    static struct glass_text value, text;
    pthread_mutex_lock(&lock);
    for (size_t i = 0; i < glass_settings_count; i++) {
        const struct glass_setting *entry = &glass_settings[i];
        value.used = 0;
        value.buffer[0] = '\0';
        if (!(entry->views & view) || !entry->show || !entry->show(&value, icv))
            continue;
        text.used = 0;
        if (style == GLASS_DISPLAY_OMPD)
            glass_text_add(&text, "%s=%s", entry->name, value.buffer);
        else
            glass_text_add(&text, "  %s%s = '%s'\n", entry->flags & GLASS_SETTING_NO_DEVICE ? "" : "[host] ",
                           entry->name, value.buffer);
        line(context, text.buffer);
    }
    pthread_mutex_unlock(&lock);
}

static void add_line(void *context, const char *text)
{
    glass_text_add(context, "%s", text);
}

void glass_display_env(const struct glass_icvs *icv, bool verbose)
{
    /* One write for the whole block, so that threads' lines do not mix. */
    static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
    static struct glass_text out;
    pthread_mutex_lock(&lock);
    out.used = 0;
    glass_text_add(&out, "OPENMP DISPLAY ENVIRONMENT BEGIN\n");
    glass_settings_display(icv, verbose ? GLASS_DISPLAY_ENV_VERBOSE : GLASS_DISPLAY_ENV, add_line, &out);
    glass_text_add(&out, "OPENMP DISPLAY ENVIRONMENT END\n");
    fwrite(out.buffer, 1, out.used, stderr);
    pthread_mutex_unlock(&lock);
}
