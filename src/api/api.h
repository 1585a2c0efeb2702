/* Shared by the user API files: the runtime's view of the omp_* entry points. */
#ifndef GLASS_API_H
#define GLASS_API_H

#include "../core/runtime.h"

#include "../core/export.h"

GLASS_EXPORT int omp_get_thread_num(void);
GLASS_EXPORT int omp_get_num_threads(void);
GLASS_EXPORT int omp_get_max_threads(void);
GLASS_EXPORT void omp_set_num_threads(int num_threads);
GLASS_EXPORT int omp_in_parallel(void);
GLASS_EXPORT int omp_get_level(void);
GLASS_EXPORT int omp_get_active_level(void);
GLASS_EXPORT int omp_get_num_procs(void);
GLASS_EXPORT double omp_get_wtime(void);
GLASS_EXPORT double omp_get_wtick(void);

#endif
