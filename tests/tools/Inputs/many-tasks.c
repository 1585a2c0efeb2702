/* A task-heavy program: 600000 small tasks made by one thread of the team
 * and run by all, each started and finished by a task switch: more than a
 * million switches. Its profile's timeline must cover the whole run. */
#include <stdio.h>

#define TASKS 600000

int main(void)
{
    long sum = 0;
#pragma omp parallel
#pragma omp single
    for (int t = 0; t < TASKS; t++) {
#pragma omp task
        {
#pragma omp atomic
            sum += t % 7;
        }
    }
    long expected = 0;
    for (int t = 0; t < TASKS; t++)
        expected += t % 7;
    printf("many-tasks: sum=%ld (expected %ld)\n", sum, expected);
    return sum == expected ? 0 : 1;
}
