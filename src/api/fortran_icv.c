/* Fortran bindings of the thread, timing, ICV, device and teams routines.
 *
 * gfortran's omp_lib calls `name_` with every argument by reference; the
 * generic interfaces send 64-bit integer arguments to `name_8_`. LOGICAL is a
 * 4-byte integer, 0 for false. 64-bit values are clamped into int's range
 * before they reach the C routines. */
#include <limits.h>
#include <stdint.h>

#include "api.h"

static int clamp_to_int(int64_t value)
{
    return value < INT_MIN ? INT_MIN : value > INT_MAX ? INT_MAX : (int)value;
}

/* Threads and teams (threads.c). */
GLASS_EXPORT void omp_set_num_threads_(const int32_t *num_threads) { omp_set_num_threads(*num_threads); }
GLASS_EXPORT void omp_set_num_threads_8_(const int64_t *num_threads)
{
    omp_set_num_threads(clamp_to_int(*num_threads));
}
GLASS_EXPORT int32_t omp_get_num_threads_(void) { return omp_get_num_threads(); }
GLASS_EXPORT int32_t omp_get_max_threads_(void) { return omp_get_max_threads(); }
GLASS_EXPORT int32_t omp_get_thread_num_(void) { return omp_get_thread_num(); }
GLASS_EXPORT int32_t omp_get_num_procs_(void) { return omp_get_num_procs(); }
GLASS_EXPORT int32_t omp_in_parallel_(void) { return omp_in_parallel(); }
GLASS_EXPORT int32_t omp_get_level_(void) { return omp_get_level(); }
GLASS_EXPORT int32_t omp_get_active_level_(void) { return omp_get_active_level(); }

/* Timing (timing.c). */
GLASS_EXPORT double omp_get_wtime_(void) { return omp_get_wtime(); }
GLASS_EXPORT double omp_get_wtick_(void) { return omp_get_wtick(); }

/* ICVs (icv.c). */
GLASS_EXPORT void omp_set_dynamic_(const int32_t *dynamic_threads) { omp_set_dynamic(*dynamic_threads); }
GLASS_EXPORT void omp_set_dynamic_8_(const int64_t *dynamic_threads)
{
    omp_set_dynamic(*dynamic_threads != 0);
}
GLASS_EXPORT int32_t omp_get_dynamic_(void) { return omp_get_dynamic(); }
GLASS_EXPORT void omp_set_nested_(const int32_t *nested) { omp_set_nested(*nested); }
GLASS_EXPORT void omp_set_nested_8_(const int64_t *nested) { omp_set_nested(*nested != 0); }
GLASS_EXPORT int32_t omp_get_nested_(void) { return omp_get_nested(); }

GLASS_EXPORT void omp_set_schedule_(const int32_t *kind, const int32_t *chunk_size)
{
    omp_set_schedule((omp_sched_t)*kind, *chunk_size);
}
GLASS_EXPORT void omp_set_schedule_8_(const int32_t *kind, const int64_t *chunk_size)
{
    omp_set_schedule((omp_sched_t)*kind, clamp_to_int(*chunk_size));
}
/* Fortran's omp_sched_kind has no monotonic modifier in OpenMP 4.5 code, which
 * cannot expect the bit: it is left out, as libgomp does. */
GLASS_EXPORT void omp_get_schedule_(int32_t *kind, int32_t *chunk_size)
{
    omp_sched_t k;
    int chunk;
    omp_get_schedule(&k, &chunk);
    *kind = (int32_t)(k & ~omp_sched_monotonic);
    *chunk_size = chunk;
}
GLASS_EXPORT void omp_get_schedule_8_(int32_t *kind, int64_t *chunk_size)
{
    omp_sched_t k;
    int chunk;
    omp_get_schedule(&k, &chunk);
    *kind = (int32_t)(k & ~omp_sched_monotonic);
    *chunk_size = chunk;
}

GLASS_EXPORT int32_t omp_get_thread_limit_(void) { return omp_get_thread_limit(); }
GLASS_EXPORT void omp_set_max_active_levels_(const int32_t *levels) { omp_set_max_active_levels(*levels); }
GLASS_EXPORT void omp_set_max_active_levels_8_(const int64_t *levels)
{
    omp_set_max_active_levels(clamp_to_int(*levels));
}
GLASS_EXPORT int32_t omp_get_max_active_levels_(void) { return omp_get_max_active_levels(); }
GLASS_EXPORT int32_t omp_get_supported_active_levels_(void) { return omp_get_supported_active_levels(); }
GLASS_EXPORT int32_t omp_get_ancestor_thread_num_(const int32_t *level)
{
    return omp_get_ancestor_thread_num(*level);
}
GLASS_EXPORT int32_t omp_get_ancestor_thread_num_8_(const int64_t *level)
{
    return omp_get_ancestor_thread_num(clamp_to_int(*level));
}
GLASS_EXPORT int32_t omp_get_team_size_(const int32_t *level) { return omp_get_team_size(*level); }
GLASS_EXPORT int32_t omp_get_team_size_8_(const int64_t *level)
{
    return omp_get_team_size(clamp_to_int(*level));
}
GLASS_EXPORT int32_t omp_get_cancellation_(void) { return omp_get_cancellation(); }
GLASS_EXPORT int32_t omp_get_proc_bind_(void) { return (int32_t)omp_get_proc_bind(); }
GLASS_EXPORT int32_t omp_get_max_task_priority_(void) { return omp_get_max_task_priority(); }

GLASS_EXPORT void omp_set_num_teams_(const int32_t *num_teams) { omp_set_num_teams(*num_teams); }
GLASS_EXPORT void omp_set_num_teams_8_(const int64_t *num_teams)
{
    omp_set_num_teams(clamp_to_int(*num_teams));
}
GLASS_EXPORT int32_t omp_get_max_teams_(void) { return omp_get_max_teams(); }
GLASS_EXPORT void omp_set_teams_thread_limit_(const int32_t *limit) { omp_set_teams_thread_limit(*limit); }
GLASS_EXPORT void omp_set_teams_thread_limit_8_(const int64_t *limit)
{
    omp_set_teams_thread_limit(clamp_to_int(*limit));
}
GLASS_EXPORT int32_t omp_get_teams_thread_limit_(void) { return omp_get_teams_thread_limit(); }

GLASS_EXPORT void omp_display_env_(const int32_t *verbose) { omp_display_env(*verbose != 0); }
GLASS_EXPORT void omp_display_env_8_(const int64_t *verbose) { omp_display_env(*verbose != 0); }

GLASS_EXPORT int32_t omp_pause_resource_(const int32_t *kind, const int32_t *device_num)
{
    return omp_pause_resource((omp_pause_resource_t)*kind, *device_num);
}
GLASS_EXPORT int32_t omp_pause_resource_all_(const int32_t *kind)
{
    return omp_pause_resource_all((omp_pause_resource_t)*kind);
}

/* Devices and teams (devices.c). */
GLASS_EXPORT void omp_set_default_device_(const int32_t *device_num) { omp_set_default_device(*device_num); }
GLASS_EXPORT void omp_set_default_device_8_(const int64_t *device_num)
{
    omp_set_default_device(clamp_to_int(*device_num));
}
GLASS_EXPORT int32_t omp_get_default_device_(void) { return omp_get_default_device(); }
GLASS_EXPORT int32_t omp_get_num_devices_(void) { return omp_get_num_devices(); }
GLASS_EXPORT int32_t omp_get_device_num_(void) { return omp_get_device_num(); }
GLASS_EXPORT int32_t omp_is_initial_device_(void) { return omp_is_initial_device(); }
GLASS_EXPORT int32_t omp_get_initial_device_(void) { return omp_get_initial_device(); }
GLASS_EXPORT int32_t omp_get_num_teams_(void) { return omp_get_num_teams(); }
GLASS_EXPORT int32_t omp_get_team_num_(void) { return omp_get_team_num(); }
