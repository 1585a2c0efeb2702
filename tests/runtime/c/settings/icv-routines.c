// ICV routines (OpenMP 5.1, 3.2): each setter changes the calling task's data
// environment, implicit tasks of a region inherit it, and a change made inside
// a region does not leak out. Invalid arguments are ignored with a warning
// where the specification leaves the behaviour undefined.
// REQUIRES: gcc
// RUN: %omp-cc -Wno-deprecated-declarations %s -o %t
// RUN: for n in %threads; do OMP_NUM_THREADS=$n %run %t; done 2>&1 | FileCheck %s
// CHECK: glass: omp_set_schedule: kind 0x9 is not an omp_sched_t value; ignored
// CHECK-NEXT: glass: omp_set_max_active_levels(-2): the argument must not be negative; ignored
// CHECK-NEXT: glass: omp_set_num_threads(0): the argument must be positive; using 1
// CHECK-NEXT: dynamic: 0 -> 1, region 1, after region 1
// CHECK-NEXT: nested: 0 -> 1 (levels 255) -> 0 (levels 1)
// CHECK-NEXT: schedule: static,0 guided,7 dynamic,1 auto,1 monotonic:dynamic,2 invalid-kept monotonic:dynamic,2
// CHECK-NEXT: max-active-levels: 3, negative-kept 3, huge 255, supported 255
// CHECK-NEXT: num-threads: 3, zero-gives 1
// CHECK-NEXT: inner changes stay inner: dynamic 1 schedule 2,2 levels 3 threads 3
// CHECK-NEXT: thread-limit 2147483647 cancellation 0 proc-bind 0 max-task-priority 0
// CHECK-COUNT-3: glass:
// CHECK: dynamic: 0 -> 1, region 1, after region 1
#include <omp.h>
#include <stdio.h>

static const char *kind_name(omp_sched_t kind)
{
    static char buffer[8][32];
    static int next;
    static const char *names[] = {"?", "static", "dynamic", "guided", "auto"};
    char *b = buffer[next++ % 8];
    int base = kind & ~omp_sched_monotonic;
    snprintf(b, 32, "%s%s", kind & omp_sched_monotonic ? "monotonic:" : "", base >= 1 && base <= 4 ? names[base] : "?");
    return b;
}

int main(void)
{
    fflush(stdout);
    omp_sched_t kinds[7];
    int chunks[7];

    int dynamic_before = omp_get_dynamic(), in_region = 0;
    omp_set_dynamic(1);
#pragma omp parallel num_threads(2)
#pragma omp single
    in_region = omp_get_dynamic();

    int nested_before = omp_get_nested();
    omp_set_nested(1);
    int nested_on = omp_get_nested(), levels_on = omp_get_max_active_levels();
    omp_set_nested(0);
    int nested_off = omp_get_nested(), levels_off = omp_get_max_active_levels();

    omp_set_schedule(omp_sched_static, 0);
    omp_get_schedule(&kinds[0], &chunks[0]);
    omp_set_schedule(omp_sched_guided, 7);
    omp_get_schedule(&kinds[1], &chunks[1]);
    omp_set_schedule(omp_sched_dynamic, -5); /* below 1: the default */
    omp_get_schedule(&kinds[2], &chunks[2]);
    omp_set_schedule(omp_sched_auto, 9); /* auto has no chunk size: reads as 1 */
    omp_get_schedule(&kinds[3], &chunks[3]);
    omp_set_schedule(omp_sched_dynamic | omp_sched_monotonic, 2);
    omp_get_schedule(&kinds[4], &chunks[4]);
    omp_set_schedule((omp_sched_t)9, 3);
    omp_get_schedule(&kinds[5], &chunks[5]);

    omp_set_max_active_levels(3);
    int levels = omp_get_max_active_levels();
    omp_set_max_active_levels(-2);
    int levels_kept = omp_get_max_active_levels();
    omp_set_max_active_levels(100000);
    int levels_huge = omp_get_max_active_levels();
    omp_set_max_active_levels(3);

    omp_set_num_threads(3);
    int threads = omp_get_max_threads();
    omp_set_num_threads(0);
    int threads_kept = omp_get_max_threads();
    omp_set_num_threads(3);

    /* Changes inside a region belong to that implicit task only. */
    int inherited_ok = 1;
#pragma omp parallel reduction(&& : inherited_ok)
    {
        omp_sched_t k;
        int c;
        omp_get_schedule(&k, &c);
        inherited_ok = omp_get_dynamic() == 1 && k == kinds[4] && c == 2 &&
                       omp_get_max_active_levels() == 3 && omp_get_max_threads() == 3;
        omp_set_dynamic(0);
        omp_set_schedule(omp_sched_static, 11);
        omp_set_max_active_levels(1);
        omp_set_num_threads(7);
    }
    omp_get_schedule(&kinds[6], &chunks[6]);

    printf("dynamic: %d -> %d, region %d, after region %d\n", dynamic_before, 1, in_region, omp_get_dynamic());
    printf("nested: %d -> %d (levels %d) -> %d (levels %d)\n", nested_before, nested_on, levels_on, nested_off,
           levels_off);
    printf("schedule: %s,%d %s,%d %s,%d %s,%d %s,%d invalid-kept %s,%d\n", kind_name(kinds[0]), chunks[0],
           kind_name(kinds[1]), chunks[1], kind_name(kinds[2]), chunks[2], kind_name(kinds[3]), chunks[3],
           kind_name(kinds[4]), chunks[4], kind_name(kinds[5]), chunks[5]);
    printf("max-active-levels: %d, negative-kept %d, huge %d, supported %d\n", levels, levels_kept, levels_huge,
           omp_get_supported_active_levels());
    printf("num-threads: %d, zero-gives %d\n", threads, threads_kept);
    if (inherited_ok)
        printf("inner changes stay inner: dynamic %d schedule %d,%d levels %d threads %d\n", omp_get_dynamic(),
               kinds[6] & ~omp_sched_monotonic, chunks[6], omp_get_max_active_levels(), omp_get_max_threads());
    printf("thread-limit %d cancellation %d proc-bind %d max-task-priority %d\n", omp_get_thread_limit(),
           omp_get_cancellation(), omp_get_proc_bind(), omp_get_max_task_priority());
    return 0;
}
