/* One worker made to start late on purpose: before the second parallel
 * region, the master sends worker 1 (parked in the runtime since the first
 * region) a signal whose handler sleeps 300 ms, and forks the region once
 * the handler runs. In that region every thread spins 60 ms of wall time,
 * so the work is balanced: the master's wait at the end is the worker's
 * late start, not imbalance. Run with OMP_NUM_THREADS=2. */
#define _GNU_SOURCE
#include <omp.h>
#include <signal.h>
#include <stdatomic.h>
#include <stdio.h>
#include <sys/syscall.h>
#include <time.h>
#include <unistd.h>

static _Atomic int handler_running;
static pid_t worker_tid;

static void spin(double seconds)
{
    double start = omp_get_wtime();
    while (omp_get_wtime() - start < seconds)
        ;
}

static void held_up(int signal)
{
    (void)signal;
    atomic_store(&handler_running, 1);
    struct timespec pause = {0, 300 * 1000 * 1000};
    while (nanosleep(&pause, &pause) != 0)
        ;
}

int main(void)
{
    signal(SIGUSR1, held_up);
#pragma omp parallel
    if (omp_get_thread_num() == 1)
        worker_tid = (pid_t)syscall(SYS_gettid);
    if (!worker_tid) {
        printf("late-start: no worker 1 (run with OMP_NUM_THREADS=2)\n");
        return 1;
    }
    syscall(SYS_tgkill, getpid(), worker_tid, SIGUSR1);
    while (!atomic_load(&handler_running))
        ;
    int late = 0;
#pragma omp parallel reduction(+ : late)
    {
        spin(0.06);
        late += omp_get_thread_num() == 1;
    }
    printf("late-start: worker 1 ran the region: %d (expected 1)\n", late);
    return late == 1 ? 0 : 1;
}
