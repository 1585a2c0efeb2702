/* The program the several-tools tests run (with OMP_NUM_THREADS=3): parallel
 * regions, a dynamic loop with a reduction, a critical section, explicit tasks
 * that take a lock, a taskwait, a barrier, a masked region and
 * omp_control_tool, whose answer (the first tool's) it prints. */
#include <omp.h>
#include <stdio.h>

/* OpenMP 5.1 3.14; GCC 12's omp.h does not declare it. */
extern int omp_control_tool(int command, int modifier, void *arg);
#define CONTROL_TOOL_FLUSH 3

int main(void)
{
    int sum = 0, tasks = 0;
    omp_lock_t lock;
    omp_init_lock(&lock);
#pragma omp parallel
    {
#pragma omp for schedule(dynamic, 2) reduction(+ : sum)
        for (int i = 0; i < 20; i++)
            sum += i;
#pragma omp critical
        sum += 1;
#pragma omp single
        {
            for (int t = 0; t < 8; t++) {
#pragma omp task
                {
                    omp_set_lock(&lock);
                    tasks++;
                    omp_unset_lock(&lock);
                }
            }
#pragma omp taskwait
        }
#pragma omp barrier
    }
    omp_destroy_lock(&lock);
    int answer = omp_control_tool(CONTROL_TOOL_FLUSH, 0, NULL);
    int masked = 0;
#pragma omp parallel num_threads(2)
    {
#pragma omp masked
        masked++;
    }
    printf("program: sum=%d tasks=%d masked=%d control_tool=%d\n", sum, tasks, masked, answer);
    fflush(stdout);
    return sum == 190 + omp_get_max_threads() && tasks == 8 && masked == 1 ? 0 : 1;
}
