/* Shared by the user API files: the runtime's view of the omp_* entry points. */
#ifndef GLASS_API_H
#define GLASS_API_H

#include <stddef.h>

/* Glass's own omp.h, so the definitions are checked against the prototypes
 * programs see. */
#include "../../include/omp.h"
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

/* ICV routines (icv.c). */
GLASS_EXPORT void omp_set_dynamic(int dynamic_threads);
GLASS_EXPORT int omp_get_dynamic(void);
GLASS_EXPORT void omp_set_nested(int nested);
GLASS_EXPORT int omp_get_nested(void);
GLASS_EXPORT void omp_set_schedule(omp_sched_t kind, int chunk_size);
GLASS_EXPORT void omp_get_schedule(omp_sched_t *kind, int *chunk_size);
GLASS_EXPORT int omp_get_thread_limit(void);
GLASS_EXPORT void omp_set_max_active_levels(int max_levels);
GLASS_EXPORT int omp_get_max_active_levels(void);
GLASS_EXPORT int omp_get_supported_active_levels(void);
GLASS_EXPORT int omp_get_ancestor_thread_num(int level);
GLASS_EXPORT int omp_get_team_size(int level);
GLASS_EXPORT int omp_get_cancellation(void);
GLASS_EXPORT omp_proc_bind_t omp_get_proc_bind(void);
GLASS_EXPORT int omp_get_max_task_priority(void);
GLASS_EXPORT void omp_set_num_teams(int num_teams);
GLASS_EXPORT int omp_get_max_teams(void);
GLASS_EXPORT void omp_set_teams_thread_limit(int thread_limit);
GLASS_EXPORT int omp_get_teams_thread_limit(void);
GLASS_EXPORT void omp_display_env(int verbose);
GLASS_EXPORT int omp_pause_resource(omp_pause_resource_t kind, int device_num);
GLASS_EXPORT int omp_pause_resource_all(omp_pause_resource_t kind);

/* Places and affinity (places.c). */
GLASS_EXPORT int omp_get_num_places(void);
GLASS_EXPORT int omp_get_place_num_procs(int place_num);
GLASS_EXPORT void omp_get_place_proc_ids(int place_num, int *ids);
GLASS_EXPORT int omp_get_place_num(void);
GLASS_EXPORT int omp_get_partition_num_places(void);
GLASS_EXPORT void omp_get_partition_place_nums(int *place_nums);
GLASS_EXPORT void omp_set_affinity_format(const char *format);
GLASS_EXPORT size_t omp_get_affinity_format(char *buffer, size_t size);
GLASS_EXPORT void omp_display_affinity(const char *format);
GLASS_EXPORT size_t omp_capture_affinity(char *buffer, size_t size, const char *format);

/* Devices and teams (devices.c). */
GLASS_EXPORT void omp_set_default_device(int device_num);
GLASS_EXPORT int omp_get_default_device(void);
GLASS_EXPORT int omp_get_num_devices(void);
GLASS_EXPORT int omp_get_device_num(void);
GLASS_EXPORT int omp_is_initial_device(void);
GLASS_EXPORT int omp_get_initial_device(void);
GLASS_EXPORT int omp_get_num_teams(void);
GLASS_EXPORT int omp_get_team_num(void);

#endif
