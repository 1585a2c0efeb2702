/* GCC's encodings of dependences (task.c decodes them): the depend array of
 * GOMP_task / GOMP_target_ext and friends, and an omp_depend_t (a depobj:
 * the dependence's address, then its GOMP_DEPEND_* type), which the
 * depobj lists of omp_target_memcpy*_async hold too (depobj.c). */
#ifndef GLASS_ABI_GOMP_DEPEND_H
#define GLASS_ABI_GOMP_DEPEND_H

#include <stdbool.h>
#include <stddef.h>

#include "../../core/tasks/tasking.h"

size_t gomp_depend_count(void **depend);
void gomp_depend_decode(void **depend, struct glass_depend *out);
/* False for a type no depobj construct writes (an object never
 * initialized, or destroyed). */
bool gomp_depobj_decode(const void *object, struct glass_depend *out);

#endif
