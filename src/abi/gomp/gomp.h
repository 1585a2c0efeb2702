/* Prototypes of the GCC ABI entry points Glass implements (the calling
 * conventions GCC's code generator uses; names and versions in libgomp.map). */
#ifndef GLASS_ABI_GOMP_H
#define GLASS_ABI_GOMP_H

#include <stdbool.h>
#include <stdint.h>

#include "../../core/export.h"

GLASS_EXPORT void GOMP_parallel(void (*fn)(void *), void *data, unsigned num_threads, unsigned flags);
GLASS_EXPORT void GOMP_parallel_start(void (*fn)(void *), void *data, unsigned num_threads);
GLASS_EXPORT void GOMP_parallel_end(void);
GLASS_EXPORT void GOMP_barrier(void);

/* Task reductions of worksharing constructs (task_reduction.c). */
void gomp_workshare_task_reduction_register(uintptr_t *reductions);

#endif
