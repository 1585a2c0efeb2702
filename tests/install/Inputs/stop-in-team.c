/* A team of 2 where thread 0 stops in glass_test_stop() once both threads
 * have passed a barrier: `glass debug` breaks there and lists the team. */
#include <omp.h>

__attribute__((noinline)) void glass_test_stop(void)
{
    __asm__ volatile("" ::: "memory");
}

int main(void)
{
#pragma omp parallel num_threads(2)
    {
#pragma omp barrier
        if (omp_get_thread_num() == 0)
            glass_test_stop();
    }
    return 0;
}
