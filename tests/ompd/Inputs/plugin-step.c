/* `ompd step` (LLVM's gdb OMPD plugin) from a task construct: the single
 * thread stops in plugin_step(), returns to the region, and steps from the
 * task construct with the runtime frames skipped. */
#include <omp.h>
#include <stdio.h>

__attribute__((noinline)) void plugin_step(void)
{
    __asm__ volatile("" ::: "memory");
}

int main(void)
{
    int hits = 0;
#pragma omp parallel num_threads(2) shared(hits)
    {
        /* Both threads have started (gdb saw their ompd_bp_thread_begin,
         * which the plugin answers by resuming) before the stop below. */
#pragma omp barrier
#pragma omp single
        {
            plugin_step();
#pragma omp task shared(hits)
            {
                __atomic_add_fetch(&hits, 1, __ATOMIC_RELAXED);
            }
#pragma omp taskwait
        }
    }
    printf("hits %d\n", hits);
    return hits == 1 ? 0 : 1;
}
