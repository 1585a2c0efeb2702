/* User API: places and thread affinity (OpenMP 5.1, 3.3). */
#include <stdatomic.h>
#include <string.h>

#include "../core/places/affinity.h"
#include "../core/places/affinity_format.h"
#include "../core/globals.h"
#include "../core/places/places.h"
#include "../core/threads/team.h"
#include "api.h"

int omp_get_num_places(void)
{
    glass_initialize();
    return (int)glass_places.count;
}

int omp_get_place_num_procs(int place_num)
{
    glass_initialize();
    const int *cpus;
    if (place_num < 0)
        return 0;
    return (int)glass_place_cpus((unsigned)place_num, &cpus);
}

void omp_get_place_proc_ids(int place_num, int *ids)
{
    glass_initialize();
    const int *cpus;
    unsigned count = place_num < 0 ? 0 : glass_place_cpus((unsigned)place_num, &cpus);
    if (count)
        memcpy(ids, cpus, count * sizeof *ids);
}

int omp_get_place_num(void)
{
    return glass_affinity_current_place(glass_self());
}

int omp_get_partition_num_places(void)
{
    return glass_self()->task->icv.place_partition_len;
}

void omp_get_partition_place_nums(int *place_nums)
{
    const struct glass_icvs *icv = &glass_self()->task->icv;
    for (int i = 0; i < icv->place_partition_len; i++)
        place_nums[i] = icv->place_partition_first + i;
}

void omp_set_affinity_format(const char *format)
{
    glass_initialize();
    if (!format) {
        glass_warn("omp_set_affinity_format(NULL): a format is needed; affinity-format-var is unchanged");
        return;
    }
    size_t capacity = sizeof glass_globals.affinity_format;
    char problem[512];
    if (glass_affinity_format_problem(format, problem, sizeof problem))
        glass_warn("omp_set_affinity_format(\"%s\"): %s", format, problem);
    if (strlen(format) >= capacity)
        glass_warn("omp_set_affinity_format: the format is longer than %zu characters and is cut",
                   capacity - 1);
    strncpy(glass_globals.affinity_format, format, capacity - 1);
    glass_globals.affinity_format[capacity - 1] = '\0';
}

/* The length of the whole format; at most size - 1 characters and a NUL are
 * written, nothing when size is 0 (3.3.9). */
size_t omp_get_affinity_format(char *buffer, size_t size)
{
    glass_initialize();
    const char *format = glass_globals.affinity_format;
    size_t len = strlen(format);
    if (size && buffer) {
        size_t copy = len < size ? len : size - 1;
        memcpy(buffer, format, copy);
        buffer[copy] = '\0';
    }
    return len;
}

/* A nonconforming format given to omp_display_affinity or
 * omp_capture_affinity is warned about once: they may run for every thread of
 * every region. */
static void check_format_once(const char *routine, const char *format)
{
    static atomic_bool warned;
    char problem[512];
    if (!format || atomic_load_explicit(&warned, memory_order_relaxed) ||
        !glass_affinity_format_problem(format, problem, sizeof problem))
        return;
    if (!atomic_exchange(&warned, true))
        glass_warn("%s(\"%s\"): %s (warned once)", routine, format, problem);
}

void omp_display_affinity(const char *format)
{
    struct glass_thread *self = glass_self();
    check_format_once("omp_display_affinity", format);
    glass_display_affinity(self, format);
}

size_t omp_capture_affinity(char *buffer, size_t size, const char *format)
{
    struct glass_thread *self = glass_self();
    check_format_once("omp_capture_affinity", format);
    return glass_capture_affinity(self, buffer, size, format);
}
