/* Stops in an explicit task that the second thread runs while the primary
 * thread, which created it, waits for it in a taskwait. The frames that
 * created the task (the implicit task's, then main's) are then on the
 * initial thread's stack, which lies above the worker's: a core file written
 * at the stop lists the worker first. */
#include <omp.h>
#include <stdio.h>
#include <unistd.h>

__attribute__((noinline)) void glass_test_stop(void)
{
    __asm__ volatile("" ::: "memory");
}

int main(void)
{
    int started = 0, ran = 0;
#pragma omp parallel num_threads(2) shared(started, ran)
    {
        if (omp_get_thread_num() == 0) {
#pragma omp task shared(started, ran)
            {
                __atomic_store_n(&started, 1, __ATOMIC_RELEASE);
                usleep(300 * 1000); /* the primary gets to its taskwait */
                glass_test_stop();
                __atomic_add_fetch(&ran, 1, __ATOMIC_RELAXED);
            }
            /* Waiting in the program's own code is no task scheduling point,
             * so the task goes to the other thread, waiting in the barrier. */
            while (!__atomic_load_n(&started, __ATOMIC_ACQUIRE))
                usleep(1000);
#pragma omp taskwait
            __atomic_add_fetch(&ran, 1, __ATOMIC_RELAXED); /* no tail call: keeps the frame */
        }
    }
    printf("done: %d\n", ran);
    return ran == 2 ? 0 : 1;
}
