/* Prints the ICVs the environment variables set, after running a parallel
 * region, for env-bad-values.test. */
#include <omp.h>
#include <stdio.h>

int main(void)
{
    omp_sched_t kind;
    int chunk, team = 0;
    char format[512];
    omp_get_schedule(&kind, &chunk);
    omp_get_affinity_format(format, sizeof format);
#pragma omp parallel
#pragma omp single
    team = omp_get_num_threads();
    printf("max_threads=%d team=%d schedule=%d,%d dynamic=%d proc_bind=%d places=%d levels=%d nested=%d "
           "thread_limit=%d cancellation=%d default_device=%d max_priority=%d teams_limit=%d max_teams=%d "
           "allocator=%ld format=%s\n",
           omp_get_max_threads(), team, (int)kind, chunk, omp_get_dynamic(), (int)omp_get_proc_bind(),
           omp_get_num_places(), omp_get_max_active_levels(), omp_get_nested(), omp_get_thread_limit(),
           omp_get_cancellation(), omp_get_default_device(), omp_get_max_task_priority(),
           omp_get_teams_thread_limit(), omp_get_max_teams(), (long)omp_get_default_allocator(), format);
    return 0;
}
