/* Interoperability routines (OpenMP 5.1, 3.12) as libomp exports them. An
 * interop object is made by the interop construct for a device; the host is
 * Glass's only device and has no foreign runtime to hand out, so the only
 * object a program can hold is omp_interop_none, and every property query
 * answers omp_irc_empty. The names and descriptions of the properties and
 * return codes are still given. The Fortran names take the same arguments
 * (libomp passes them by value too). */
#include <stdint.h>

#include "kmp.h"

enum {
    IPR_FIRST = -9, /* omp_ipr_targetsync; omp_ipr_fr_id is -1 */
    IRC_NO_VALUE = 1,
    IRC_SUCCESS = 0,
    IRC_EMPTY = -1,
    IRC_OUT_OF_RANGE = -2,
    IRC_TYPE_INT = -3,
    IRC_TYPE_PTR = -4,
    IRC_TYPE_STR = -5,
    IRC_OTHER = -6,
};

/* Indexed by -property - 1. */
static const char *const property_names[] = {
    "fr_id", "fr_name", "vendor", "vendor_name", "device_num", "platform", "device", "device_context", "targetsync",
};
static const char *const property_types[] = {
    "omp_interop_fr_t (int)", "const char *", "int", "const char *", "int", "void *", "void *", "void *", "void *",
};

static int property_index(int property)
{
    return property >= IPR_FIRST && property <= -1 ? -property - 1 : -1;
}

/* No implementation-defined properties. */
GLASS_EXPORT int omp_get_num_interop_properties(const void *interop)
{
    (void)interop;
    return 0;
}

static void report(int property, int *ret_code)
{
    if (ret_code)
        *ret_code = property_index(property) < 0 ? IRC_OUT_OF_RANGE : IRC_EMPTY;
}

GLASS_EXPORT intptr_t omp_get_interop_int(const void *interop, int property, int *ret_code)
{
    (void)interop;
    report(property, ret_code);
    return 0;
}

GLASS_EXPORT void *omp_get_interop_ptr(const void *interop, int property, int *ret_code)
{
    (void)interop;
    report(property, ret_code);
    return NULL;
}

GLASS_EXPORT const char *omp_get_interop_str(const void *interop, int property, int *ret_code)
{
    (void)interop;
    report(property, ret_code);
    return NULL;
}

GLASS_EXPORT const char *omp_get_interop_name(const void *interop, int property)
{
    (void)interop;
    int index = property_index(property);
    return index < 0 ? NULL : property_names[index];
}

GLASS_EXPORT const char *omp_get_interop_type_desc(const void *interop, int property)
{
    (void)interop;
    int index = property_index(property);
    return index < 0 ? NULL : property_types[index];
}

GLASS_EXPORT const char *omp_get_interop_rc_desc(const void *interop, int ret_code)
{
    (void)interop;
    switch (ret_code) {
    case IRC_NO_VALUE:
        return "parameters valid, no meaningful value available";
    case IRC_SUCCESS:
        return "successful, value is usable";
    case IRC_EMPTY:
        return "the interop object is empty (the host has no foreign runtime)";
    case IRC_OUT_OF_RANGE:
        return "property id is out of range";
    case IRC_TYPE_INT:
        return "property type is int; use omp_get_interop_int";
    case IRC_TYPE_PTR:
        return "property type is pointer; use omp_get_interop_ptr";
    case IRC_TYPE_STR:
        return "property type is string; use omp_get_interop_str";
    case IRC_OTHER:
        return "other error";
    }
    return NULL;
}

GLASS_EXPORT int omp_get_num_interop_properties_(const void *interop)
{
    return omp_get_num_interop_properties(interop);
}

GLASS_EXPORT intptr_t omp_get_interop_int_(const void *interop, int property, int *ret_code)
{
    return omp_get_interop_int(interop, property, ret_code);
}

GLASS_EXPORT void *omp_get_interop_ptr_(const void *interop, int property, int *ret_code)
{
    return omp_get_interop_ptr(interop, property, ret_code);
}

GLASS_EXPORT const char *omp_get_interop_str_(const void *interop, int property, int *ret_code)
{
    return omp_get_interop_str(interop, property, ret_code);
}

GLASS_EXPORT const char *omp_get_interop_name_(const void *interop, int property)
{
    return omp_get_interop_name(interop, property);
}

GLASS_EXPORT const char *omp_get_interop_type_desc_(const void *interop, int property)
{
    return omp_get_interop_type_desc(interop, property);
}

GLASS_EXPORT const char *omp_get_interop_rc_desc_(const void *interop, int ret_code)
{
    return omp_get_interop_rc_desc(interop, ret_code);
}
