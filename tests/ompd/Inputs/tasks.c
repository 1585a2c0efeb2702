/* Stops inside explicit tasks: in a team of 2, `single` starts outer_task,
 * which starts inner_task and waits for it (taskwait). inner_task calls
 * glass_test_stop() once the outer task is waiting, so one thread runs
 * inner_task while the other waits (in the barrier ending `single`, or in the
 * taskwait when the other thread took inner_task). */
#include <omp.h>
#include <stdio.h>
#include <unistd.h>

__attribute__((noinline)) void glass_test_stop(void)
{
    __asm__ volatile("" ::: "memory");
}

int main(void)
{
    int ran = 0, after = 0;
#pragma omp parallel num_threads(2) shared(ran, after)
    {
#pragma omp single
        {
#pragma omp task shared(ran, after)
            {
#pragma omp task shared(ran)
                {
                    usleep(300 * 1000); /* the other thread gets to its wait */
                    glass_test_stop();
                    __atomic_add_fetch(&ran, 1, __ATOMIC_RELAXED);
                }
#pragma omp taskwait
                __atomic_add_fetch(&after, 1, __ATOMIC_RELAXED); /* no tail call: keeps the frame */
            }
        }
        __atomic_add_fetch(&after, 1, __ATOMIC_RELAXED);
    }
    printf("done: inner task ran %d time(s), %d after\n", ran, after);
    return ran == 1 && after == 3 ? 0 : 1;
}
