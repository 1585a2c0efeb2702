/* nowait target regions on a GPU (scripts/gpu-check.sh): four small kernels
 * (a few teams each, so the card has room for all four at once), first one
 * after another, then as `target nowait` regions followed by host tasks,
 * then taskwait, from one thread of a team. Checks the results, and whether the
 * kernels overlapped each other and the host tasks (the nowait run takes
 * less than 0.8 of the synchronous one, host tasks included). Built by gcc
 * with -foffload=nvptx-none; run on Glass and on GCC's libgomp with its
 * nvptx plugin, same binary. */
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>

#define REGIONS 4
#define N (1 << 14)
#define WORK 4000 /* iterations per element: makes a kernel of some ms on few teams */
#define HOST_TASKS 200

static void kernel(float *y, int nowait)
{
    if (nowait) {
#pragma omp target teams distribute parallel for num_teams(4) map(tofrom : y[0:N]) nowait
        for (int i = 0; i < N; i++) {
            float v = y[i];
            for (int k = 0; k < WORK; k++)
                v = v * 0.999f + 1.0f;
            y[i] = v;
        }
    } else {
#pragma omp target teams distribute parallel for num_teams(4) map(tofrom : y[0:N])
        for (int i = 0; i < N; i++) {
            float v = y[i];
            for (int k = 0; k < WORK; k++)
                v = v * 0.999f + 1.0f;
            y[i] = v;
        }
    }
}

static float expected(void)
{
    float v = 0;
    for (int k = 0; k < WORK; k++)
        v = v * 0.999f + 1.0f;
    return v;
}

static int check(float y[REGIONS][N])
{
    float want = expected();
    for (int r = 0; r < REGIONS; r++)
        for (int i = 0; i < N; i++)
            if (y[r][i] < want * 0.999f || y[r][i] > want * 1.001f)
                return 0;
    return 1;
}

int main(void)
{
    static float y[REGIONS][N];
    printf("devices=%d\n", omp_get_num_devices());
    kernel(y[0], 0); /* the device's start and the image's load, outside the timing */

    for (int r = 0; r < REGIONS; r++)
        for (int i = 0; i < N; i++)
            y[r][i] = 0;
    double t0 = omp_get_wtime();
    for (int r = 0; r < REGIONS; r++)
        kernel(y[r], 0);
    double sync = omp_get_wtime() - t0;
    int sync_ok = check(y);

    for (int r = 0; r < REGIONS; r++)
        for (int i = 0; i < N; i++)
            y[r][i] = 0;
    /* In a team: outside one, Glass runs a target task at once (it has no
     * team to run other tasks while the region is in flight), so the region
     * has ended when its construct returns; libgomp makes a team of one for
     * it. In the team the target tasks wait for their streams running
     * other tasks (Glass), or go on asynchronously (libgomp). */
    int tasks_done = 0;
    double tasks_end = 0, nowait = 0;
    t0 = omp_get_wtime();
#pragma omp parallel
#pragma omp single
    {
        for (int r = 0; r < REGIONS; r++)
            kernel(y[r], 1);
        for (int t = 0; t < HOST_TASKS; t++) {
#pragma omp task shared(tasks_done)
            {
                volatile double s = 0;
                for (int k = 0; k < 20000; k++)
                    s += k;
#pragma omp atomic
                tasks_done++;
            }
        }
        tasks_end = omp_get_wtime();
#pragma omp taskwait
        nowait = omp_get_wtime() - t0;
    }
    int nowait_ok = check(y);
    printf("nowait: %d regions one after another %.3f ms, nowait with %d host tasks %.3f ms\n", REGIONS, sync * 1e3,
           tasks_done, nowait * 1e3);
    printf("nowait: host tasks done after %.3f ms; kernels overlapped (each other and the host tasks): %s\n",
           (tasks_end - t0) * 1e3, nowait < 0.8 * sync ? "yes" : "no");
    printf("nowait: check=%s\n", sync_ok && nowait_ok ? "ok" : "WRONG");
    return sync_ok && nowait_ok ? 0 : 1;
}
