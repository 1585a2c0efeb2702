/* A program without a tool of its own, for the tool-loading tests. */
#include <omp.h>
#include <stdio.h>

/* OpenMP 5.1 3.14; GCC 12's omp.h does not declare it. */
extern int omp_control_tool(int command, int modifier, void *arg);
#define CONTROL_TOOL_FLUSH 3

int main(void)
{
    int sum = 0;
#pragma omp parallel num_threads(2) reduction(+ : sum)
    sum += omp_get_thread_num() + 1;
    int answer = omp_control_tool(CONTROL_TOOL_FLUSH, 0, NULL);
    printf("program: sum=%d control_tool=%d\n", sum, answer);
    fflush(stdout);
    return sum == 3 ? 0 : 1;
}
