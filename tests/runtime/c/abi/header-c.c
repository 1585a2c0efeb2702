// A C program compiled against Glass's own omp.h (not GCC's): the types and
// constants have GCC's values, every OpenMP 5.1 routine is declared with the
// specified signature, and many of them are called and checked.
// RUN: %omp-cc -I%srcroot/include %s -o %t
// RUN: for n in %threads; do OMP_NUM_THREADS=$n %run %t $n; done | FileCheck %s
// RUN: %omp-cc -std=c11 -pedantic -Wextra -Werror -I%srcroot/include -fsyntax-only %s
// The header alone is clean in every C dialect, with and without -fopenmp.
// RUN: echo '#include <omp.h>' | gcc -x c -std=c89 -pedantic -Wall -Wextra -Werror -I%srcroot/include -fsyntax-only -
// RUN: echo '#include <omp.h>' | gcc -x c -std=c99 -pedantic -Wall -Wextra -Werror -I%srcroot/include -fsyntax-only -
// RUN: echo '#include <omp.h>' | gcc -fopenmp -x c -std=gnu17 -pedantic -Wall -Wextra -Werror -I%srcroot/include -fsyntax-only -
// NULL and size_t come with <omp.h> alone, and so do exit and malloc
// (<stdlib.h>), as with libomp's omp.h.
// RUN: printf '#include <omp.h>\nvoid *p = NULL; size_t n;\n' | gcc -x c -std=c99 -Wall -Werror -I%srcroot/include -fsyntax-only -
// RUN: printf '#include <omp.h>\nvoid f(void) { free(malloc(1)); exit(0); }\n' | gcc -x c -std=c99 -Wall -Werror -I%srcroot/include -fsyntax-only -
// CHECK: threads=1 team=1 sum=0 levels=1/0 ancestor ok locks=1000 nest=3 allocs ok
// CHECK: icvs: schedule=dynamic,3 monotonic=static,0 dynamic=0 max_active=3 supported>0 limit>0 bind=false
// CHECK: devices: initial=num_devices is_initial=1 device_num=initial priority=0 final=0 cancel=0 teams=1/0
// CHECK: time: wtime ok wtick ok
// CHECK: threads=2 team=2 sum=1 levels=1/1 ancestor ok locks=2000 nest=3 allocs ok
// CHECK: threads=4 team=4 sum=6 levels=1/1 ancestor ok locks=4000 nest=3 allocs ok
// CHECK: threads=8 team=8 sum=28 levels=1/1 ancestor ok locks=8000 nest=3 allocs ok
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#ifndef GLASS_OMP_H
#error "not compiled against Glass's omp.h"
#endif

/* Sizes: at least what every compiler's header gives (GCC 4 and 16 bytes,
 * Clang 8 and 8), so objects compiled against any header interoperate. */
_Static_assert(sizeof(omp_lock_t) == 8 && _Alignof(omp_lock_t) == 8, "omp_lock_t");
_Static_assert(sizeof(omp_nest_lock_t) == 16 && _Alignof(omp_nest_lock_t) == 8, "omp_nest_lock_t");
_Static_assert(sizeof(omp_allocator_handle_t) == sizeof(void *), "allocator handle");
_Static_assert(sizeof(omp_memspace_handle_t) == sizeof(void *), "memspace handle");
_Static_assert(sizeof(omp_event_handle_t) == sizeof(void *), "event handle");
/* Each compiler gets the depend object its depobj code writes. */
#ifdef __clang__
_Static_assert(sizeof(omp_depend_t) == sizeof(void *), "depend object as Clang lays it out");
#else
_Static_assert(sizeof(omp_depend_t) == 2 * sizeof(void *), "depend object as GCC lays it out");
#endif
_Static_assert(sizeof(omp_alloctrait_t) == 16 && __builtin_offsetof(omp_alloctrait_t, value) == 8,
               "omp_alloctrait_t");
_Static_assert(sizeof(omp_uintptr_t) == sizeof(void *) && (omp_uintptr_t)-1 > 0, "omp_uintptr_t");

/* GCC's numbering (compiled programs pass these values). */
_Static_assert(omp_sched_static == 1 && omp_sched_dynamic == 2 && omp_sched_guided == 3 &&
                   omp_sched_auto == 4 && omp_sched_monotonic == 0x80000000u, "omp_sched_t");
_Static_assert(omp_proc_bind_false == 0 && omp_proc_bind_true == 1 && omp_proc_bind_primary == 2 &&
                   omp_proc_bind_close == 3 && omp_proc_bind_spread == 4, "omp_proc_bind_t");
_Static_assert(omp_sync_hint_none == 0 && omp_sync_hint_uncontended == 1 && omp_sync_hint_contended == 2 &&
                   omp_sync_hint_nonspeculative == 4 && omp_sync_hint_speculative == 8, "omp_sync_hint_t");
_Static_assert(omp_pause_soft == 1 && omp_pause_hard == 2, "omp_pause_resource_t");
_Static_assert(omp_default_mem_space == 0 && omp_large_cap_mem_space == 1 && omp_const_mem_space == 2 &&
                   omp_high_bw_mem_space == 3 && omp_low_lat_mem_space == 4, "memory spaces");
_Static_assert(omp_null_allocator == 0 && omp_default_mem_alloc == 1 && omp_large_cap_mem_alloc == 2 &&
                   omp_const_mem_alloc == 3 && omp_high_bw_mem_alloc == 4 && omp_low_lat_mem_alloc == 5 &&
                   omp_cgroup_mem_alloc == 6 && omp_pteam_mem_alloc == 7 && omp_thread_mem_alloc == 8,
               "predefined allocators");
_Static_assert(omp_atk_sync_hint == 1 && omp_atk_alignment == 2 && omp_atk_access == 3 &&
                   omp_atk_pool_size == 4 && omp_atk_fallback == 5 && omp_atk_fb_data == 6 &&
                   omp_atk_pinned == 7 && omp_atk_partition == 8, "trait keys");
_Static_assert(omp_atv_default == (omp_uintptr_t)-1 && omp_atv_false == 0 && omp_atv_true == 1 &&
                   omp_atv_contended == 3 && omp_atv_uncontended == 4 && omp_atv_serialized == 5 &&
                   omp_atv_private == 6 && omp_atv_all == 7 && omp_atv_thread == 8 && omp_atv_pteam == 9 &&
                   omp_atv_cgroup == 10 && omp_atv_default_mem_fb == 11 && omp_atv_null_fb == 12 &&
                   omp_atv_abort_fb == 13 && omp_atv_allocator_fb == 14 && omp_atv_environment == 15 &&
                   omp_atv_nearest == 16 && omp_atv_blocked == 17 && omp_atv_interleaved == 18,
               "trait values");
/* Values the OpenMP 5.1 specification fixes (3.12, 3.14). */
_Static_assert(omp_ipr_fr_id == -1 && omp_ipr_targetsync == -9 && omp_ipr_first == -9, "interop properties");
_Static_assert(omp_irc_no_value == 1 && omp_irc_success == 0 && omp_irc_other == -6, "interop return codes");
_Static_assert(omp_control_tool_start == 1 && omp_control_tool_end == 4 && omp_control_tool_notool == -2 &&
                   omp_control_tool_ignored == 1, "tool control");

/* 5.1 routines GCC 12's libgomp lacks: declared with the right signatures. */
#define SIGNATURE(f, type) _Static_assert(__builtin_types_compatible_p(__typeof__(&f), type), #f)
SIGNATURE(omp_target_is_accessible, int (*)(const void *, size_t, int));
SIGNATURE(omp_get_mapped_ptr, void *(*)(const void *, int));
SIGNATURE(omp_target_memcpy_async, int (*)(void *, const void *, size_t, size_t, size_t, int, int, int,
                                           omp_depend_t *));
SIGNATURE(omp_get_num_interop_properties, int (*)(const omp_interop_t));
SIGNATURE(omp_get_interop_int, omp_intptr_t (*)(const omp_interop_t, omp_interop_property_t, int *));
SIGNATURE(omp_get_interop_str, const char *(*)(const omp_interop_t, omp_interop_property_t, int *));
SIGNATURE(omp_get_interop_rc_desc, const char *(*)(const omp_interop_t, omp_interop_rc_t));
SIGNATURE(omp_control_tool, int (*)(int, int, void *));
SIGNATURE(omp_init_nest_lock_with_hint, void (*)(omp_nest_lock_t *, omp_sync_hint_t));
SIGNATURE(omp_fulfill_event, void (*)(omp_event_handle_t));
SIGNATURE(omp_realloc, void *(*)(void *, size_t, omp_allocator_handle_t, omp_allocator_handle_t));
SIGNATURE(omp_init_allocator, omp_allocator_handle_t (*)(omp_memspace_handle_t, int, const omp_alloctrait_t *));
SIGNATURE(omp_capture_affinity, size_t (*)(char *, size_t, const char *));

#define CHECK(cond)                                                       \
    do {                                                                  \
        if (!(cond)) {                                                    \
            printf("FAILED line %d: %s\n", __LINE__, #cond);               \
            exit(1);                                                      \
        }                                                                 \
    } while (0)

static void icvs(void)
{
    omp_sched_t kind;
    int chunk;
    omp_set_schedule(omp_sched_dynamic, 3);
    omp_get_schedule(&kind, &chunk);
    CHECK(kind == omp_sched_dynamic && chunk == 3);
    printf("icvs: schedule=dynamic,%d", chunk);
    omp_set_schedule((omp_sched_t)(omp_sched_static | omp_sched_monotonic), 0);
    omp_get_schedule(&kind, &chunk);
    CHECK((kind & ~omp_sched_monotonic) == omp_sched_static);
    printf(" monotonic=static,%d", chunk);
    omp_set_dynamic(0);
    CHECK(!omp_get_dynamic());
    printf(" dynamic=%d", omp_get_dynamic());
    omp_set_max_active_levels(3);
    CHECK(omp_get_max_active_levels() == 3 && omp_get_supported_active_levels() >= 3);
    printf(" max_active=%d supported>0", omp_get_max_active_levels());
    CHECK(omp_get_thread_limit() > 0);
    printf(" limit>0");
    CHECK(omp_get_proc_bind() == omp_proc_bind_false && omp_get_num_places() >= 0);
    printf(" bind=false\n");
    omp_set_max_active_levels(1);
}

static void devices(void)
{
    /* OpenMP 5.1, 3.7.7: the host's device number is omp_get_num_devices(). */
    CHECK(omp_get_initial_device() == omp_get_num_devices());
    CHECK(omp_is_initial_device());
    CHECK(omp_get_device_num() == omp_get_initial_device());
    printf("devices: initial=num_devices is_initial=%d device_num=initial", omp_is_initial_device());
    CHECK(omp_get_max_task_priority() == 0 && !omp_in_final() && !omp_get_cancellation());
    printf(" priority=0 final=0 cancel=0");
    CHECK(omp_get_num_teams() == 1 && omp_get_team_num() == 0);
    printf(" teams=%d/%d\n", omp_get_num_teams(), omp_get_team_num());
}

static void timing(void)
{
    double start = omp_get_wtime(), tick = omp_get_wtick();
    double later = omp_get_wtime();
    CHECK(later >= start && tick > 0 && tick < 1);
    printf("time: wtime ok wtick ok\n");
}

int main(int argc, char **argv)
{
    int expected = argc > 1 ? atoi(argv[1]) : 1;
    CHECK(omp_get_max_threads() == expected && !omp_in_parallel() && omp_get_level() == 0);
    CHECK(omp_get_num_procs() >= 1);

    omp_lock_t lock;
    omp_nest_lock_t nest;
    omp_init_lock(&lock);
    omp_init_nest_lock(&nest);
    int team = 0, sum = 0, level = 0, active = 0, counter = 0, nest_depth = 0, bad = 0;
#pragma omp parallel
    {
        int me = omp_get_thread_num();
        if (me == 0) {
            team = omp_get_num_threads();
            level = omp_get_level();
            active = omp_get_active_level();
        }
        if (omp_get_ancestor_thread_num(1) != me || omp_get_ancestor_thread_num(0) != 0 ||
            omp_get_team_size(1) != omp_get_num_threads() || omp_get_team_size(0) != 1)
            __atomic_fetch_add(&bad, 1, __ATOMIC_RELAXED);
        for (int i = 0; i < 1000; i++) {
            omp_set_lock(&lock);
            counter++;
            omp_unset_lock(&lock);
        }
        __atomic_fetch_add(&sum, me, __ATOMIC_RELAXED);
        if (me == 0) {
            omp_set_nest_lock(&nest);
            omp_set_nest_lock(&nest);
            nest_depth = omp_test_nest_lock(&nest);
            omp_unset_nest_lock(&nest);
            omp_unset_nest_lock(&nest);
            omp_unset_nest_lock(&nest);
        }
        double *block = omp_alloc(100 * sizeof(double), omp_thread_mem_alloc);
        if (block == NULL)
            __atomic_fetch_add(&bad, 1, __ATOMIC_RELAXED);
        omp_free(block, omp_thread_mem_alloc);
    }
    CHECK(omp_test_lock(&lock));
    omp_unset_lock(&lock);
    omp_destroy_lock(&lock);
    omp_destroy_nest_lock(&nest);
    CHECK(team == expected && bad == 0);
    printf("threads=%d team=%d sum=%d levels=%d/%d ancestor ok locks=%d nest=%d allocs ok\n", expected,
           team, sum, level, active, counter, nest_depth);
    if (expected == 1) {
        icvs();
        devices();
        timing();
    }
    return 0;
}
