/* Fortran bindings of the places and affinity routines. Fortran strings are
 * not NUL-terminated: their length comes as a hidden size_t argument after the
 * others, and strings returned to Fortran are padded with blanks. */
#include <limits.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "../core/places/affinity.h"
#include "../core/threads/team.h"
#include "api.h"

static int clamp_to_int(int64_t value)
{
    return value < INT_MIN ? INT_MIN : value > INT_MAX ? INT_MAX : (int)value;
}

GLASS_EXPORT int32_t omp_get_num_places_(void) { return omp_get_num_places(); }
GLASS_EXPORT int32_t omp_get_place_num_procs_(const int32_t *place_num)
{
    return omp_get_place_num_procs(*place_num);
}
GLASS_EXPORT int32_t omp_get_place_num_procs_8_(const int64_t *place_num)
{
    return omp_get_place_num_procs(clamp_to_int(*place_num));
}
GLASS_EXPORT void omp_get_place_proc_ids_(const int32_t *place_num, int32_t *ids)
{
    omp_get_place_proc_ids(*place_num, ids);
}
GLASS_EXPORT void omp_get_place_proc_ids_8_(const int64_t *place_num, int64_t *ids)
{
    int place = clamp_to_int(*place_num);
    int count = omp_get_place_num_procs(place);
    if (count <= 0)
        return;
    int *narrow = malloc((size_t)count * sizeof *narrow);
    if (!narrow)
        glass_fatal("out of memory in omp_get_place_proc_ids");
    omp_get_place_proc_ids(place, narrow);
    for (int i = 0; i < count; i++)
        ids[i] = narrow[i];
    free(narrow);
}
GLASS_EXPORT int32_t omp_get_place_num_(void) { return omp_get_place_num(); }
GLASS_EXPORT int32_t omp_get_partition_num_places_(void) { return omp_get_partition_num_places(); }
GLASS_EXPORT void omp_get_partition_place_nums_(int32_t *place_nums)
{
    omp_get_partition_place_nums(place_nums);
}
GLASS_EXPORT void omp_get_partition_place_nums_8_(int64_t *place_nums)
{
    const struct glass_icvs *icv = &glass_self()->task->icv;
    for (int i = 0; i < icv->place_partition_len; i++)
        place_nums[i] = icv->place_partition_first + i;
}

/* A NUL-terminated copy of a Fortran string: in `small` when it fits, else
 * allocated (the caller frees it when it differs from `small`). */
static char *c_string(const char *text, size_t len, char *small, size_t small_size)
{
    char *copy = len < small_size ? small : malloc(len + 1);
    if (!copy)
        glass_fatal("out of memory copying a Fortran string");
    memcpy(copy, text, len);
    copy[len] = '\0';
    return copy;
}

/* Copies a C string into a Fortran buffer, blank-padded or cut. */
static void fortran_string(char *buffer, size_t buffer_len, const char *text)
{
    size_t len = strlen(text);
    if (len >= buffer_len) {
        memcpy(buffer, text, buffer_len);
    } else {
        memcpy(buffer, text, len);
        memset(buffer + len, ' ', buffer_len - len);
    }
}

GLASS_EXPORT void omp_set_affinity_format_(const char *format, size_t format_len)
{
    char small[256];
    char *copy = c_string(format, format_len, small, sizeof small);
    omp_set_affinity_format(copy);
    if (copy != small)
        free(copy);
}

GLASS_EXPORT int32_t omp_get_affinity_format_(char *buffer, size_t buffer_len)
{
    char format[256];
    size_t len = omp_get_affinity_format(format, sizeof format);
    fortran_string(buffer, buffer_len, format);
    return (int32_t)len;
}

GLASS_EXPORT void omp_display_affinity_(const char *format, size_t format_len)
{
    char small[256];
    char *copy = c_string(format, format_len, small, sizeof small);
    omp_display_affinity(copy);
    if (copy != small)
        free(copy);
}

GLASS_EXPORT int32_t omp_capture_affinity_(char *buffer, const char *format, size_t buffer_len,
                                           size_t format_len)
{
    char small[256];
    char *copy = c_string(format, format_len, small, sizeof small);
    size_t len = omp_capture_affinity(NULL, 0, copy);
    char *text = malloc(len + 1);
    if (!text)
        glass_fatal("out of memory in omp_capture_affinity");
    omp_capture_affinity(text, len + 1, copy);
    fortran_string(buffer, buffer_len, text);
    free(text);
    if (copy != small)
        free(copy);
    return (int32_t)len;
}
