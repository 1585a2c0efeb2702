// The ICV routines answer as the reference runtimes do where libgomp 12 and
// libomp 14 agree with each other (each case below was checked on both; the
// cases where they differ, e.g. omp_set_default_device(-5) or
// omp_get_supported_active_levels, are left out). The same program runs on
// Glass and on the compiler's own runtime (libgomp for gcc, libomp for
// clang) and the two outputs must be identical. Warnings go to stderr.
// RUN: %omp-cc -Wno-deprecated-declarations %s -o %t
// RUN: env OMP_NUM_THREADS=2 %t > %t.reference 2> /dev/null
// RUN: env OMP_NUM_THREADS=2 %run %t > %t.glass 2> /dev/null
// RUN: diff %t.reference %t.glass
// RUN: FileCheck %s < %t.glass
// CHECK: schedule(auto,0) -> auto,1
// CHECK: num_threads(0) -> 1
#include <omp.h>
#include <stdio.h>

/* Called through a volatile pointer: clang -O2 otherwise folds
 * omp_get_max_threads() after omp_set_num_threads(n) to n itself. */
static int (*volatile max_threads)(void) = omp_get_max_threads;

static void schedule_case(omp_sched_t kind, const char *name, int chunk)
{
    omp_sched_t got;
    int got_chunk;
    omp_set_schedule(kind, chunk);
    omp_get_schedule(&got, &got_chunk);
    static const char *names[] = {"?", "static", "dynamic", "guided", "auto"};
    int base = got & ~omp_sched_monotonic;
    printf("schedule(%s,%d) -> %s%s,%d\n", name, chunk, got & omp_sched_monotonic ? "monotonic:" : "",
           base >= 1 && base <= 4 ? names[base] : "?", got_chunk);
}

int main(void)
{
    /* auto first, in a fresh program: libgomp keeps the previous chunk,
     * which is then its default, 1. */
    schedule_case(omp_sched_auto, "auto", 0);
    static const int chunks[] = {-5, 0, 1, 7};
    for (int c = 0; c < 4; c++) {
        schedule_case(omp_sched_static, "static", chunks[c]);
        schedule_case(omp_sched_dynamic, "dynamic", chunks[c]);
        schedule_case(omp_sched_guided, "guided", chunks[c]);
        schedule_case(omp_sched_static | omp_sched_monotonic, "monotonic:static", chunks[c]);
        schedule_case(omp_sched_dynamic | omp_sched_monotonic, "monotonic:dynamic", chunks[c]);
    }

    omp_set_num_threads(0);
    printf("num_threads(0) -> %d\n", max_threads());
    omp_set_num_threads(-3);
    printf("num_threads(-3) -> %d\n", max_threads());
    omp_set_num_threads(3);
    printf("num_threads(3) -> %d\n", max_threads());
    int threads = 0;
#pragma omp parallel
#pragma omp single
    threads = omp_get_num_threads();
    printf("parallel after num_threads(3): %d threads\n", threads);

    printf("max_active_levels default %d\n", omp_get_max_active_levels());
    omp_set_max_active_levels(-1);
    printf("max_active_levels(-1) -> %d\n", omp_get_max_active_levels());
    omp_set_max_active_levels(0);
    printf("max_active_levels(0) -> %d nested %d\n", omp_get_max_active_levels(), omp_get_nested());
    omp_set_max_active_levels(3);
    printf("max_active_levels(3) -> %d nested %d\n", omp_get_max_active_levels(), omp_get_nested());
    omp_set_nested(0);
    printf("nested(0) -> levels %d nested %d\n", omp_get_max_active_levels(), omp_get_nested());
    omp_set_dynamic(5);
    printf("dynamic(5) -> %d\n", omp_get_dynamic());
    omp_set_dynamic(0);

    printf("level %d ancestor(-1) %d ancestor(0) %d ancestor(1) %d team_size(-1) %d team_size(0) %d "
           "team_size(1) %d\n",
           omp_get_level(), omp_get_ancestor_thread_num(-1), omp_get_ancestor_thread_num(0),
           omp_get_ancestor_thread_num(1), omp_get_team_size(-1), omp_get_team_size(0), omp_get_team_size(1));
#pragma omp parallel num_threads(2)
#pragma omp single
    printf("in a region: level %d active %d ancestor(2) %d team_size(1) %d team_size(2) %d\n", omp_get_level(),
           omp_get_active_level(), omp_get_ancestor_thread_num(2), omp_get_team_size(1), omp_get_team_size(2));
    printf("thread_limit %d cancellation %d max_task_priority %d in_final %d proc_bind %d\n",
           omp_get_thread_limit(), omp_get_cancellation(), omp_get_max_task_priority(), omp_in_final(),
           omp_get_proc_bind());
    printf("place_num_procs(-1) %d place_num_procs(99) %d\n", omp_get_place_num_procs(-1),
           omp_get_place_num_procs(99));
    printf("default_device %d num_devices %d device_num %d is_initial %d\n", omp_get_default_device(),
           omp_get_num_devices(), omp_get_device_num(), omp_is_initial_device());
    omp_set_default_device(7);
    printf("default_device(7) -> %d\n", omp_get_default_device());
    printf("num_teams %d team_num %d max_teams %d teams_thread_limit %d\n", omp_get_num_teams(),
           omp_get_team_num(), omp_get_max_teams(), omp_get_teams_thread_limit());
    omp_set_num_teams(0);
    printf("num_teams(0) -> %d\n", omp_get_max_teams());
    omp_set_num_teams(5);
    printf("num_teams(5) -> %d\n", omp_get_max_teams());
    omp_set_teams_thread_limit(-1);
    printf("teams_thread_limit(-1) -> %d\n", omp_get_teams_thread_limit());
    omp_set_teams_thread_limit(6);
    printf("teams_thread_limit(6) -> %d\n", omp_get_teams_thread_limit());
    return 0;
}
