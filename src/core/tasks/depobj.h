/* Depend objects handed to the runtime as data: the depobj lists of
 * omp_target_memcpy_async and omp_target_memcpy_rect_async (OpenMP 5.1,
 * 3.8.7-3.8.8) are arrays of the program's omp_depend_t, whose size and
 * contents are its compiler's. Both ABIs export those routines under the
 * same names, so the routine cannot know the compiler; each ABI instead
 * describes its encoding here when the library loads (a constructor), and
 * the core picks a list's encoding from its first object. Nothing here
 * knows an encoding. */
#ifndef GLASS_CORE_DEPOBJ_H
#define GLASS_CORE_DEPOBJ_H

#include <stdbool.h>
#include <stddef.h>

#include "tasking.h"

struct glass_depobj_encoding {
    size_t stride;    /* bytes of one omp_depend_t in a list */
    /* Whether `object` is surely of this encoding. It may read only the
     * object's first pointer-sized word (every ABI's object has one, so the
     * question never reads past a list of another ABI), and must not
     * dereference what it finds there unless it knows the address is its
     * own. NULL: the encoding of the objects no other encoding claims (at
     * most one such). */
    bool (*claims)(const void *object);
    /* The number of dependences `object` holds, the first `room` of them
     * written to out; -1 when it holds none that a depobj construct
     * initialized (destroyed, never initialized). */
    long (*decode)(const void *object, struct glass_depend *out, size_t room);
};

/* From an ABI's constructor. */
void glass_depobj_encoding_add(const struct glass_depobj_encoding *encoding);

/* The dependences of the `count` objects at `list`, in one malloc'ed array
 * (*deps, NULL when there are none; the caller frees it) of *ndeps
 * elements. Returns 0, EINVAL for a bad list (a negative count, a NULL
 * list with a positive count, an object that holds no dependence, no
 * encoding registered) or ENOMEM. */
int glass_depobj_list_decode(const void *list, int count, struct glass_depend **deps, size_t *ndeps);

#endif
