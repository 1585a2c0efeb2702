/* The program LLVM's gdb OMPD plugin is tested on (plugin*.test): nested
 * parallel regions (2 x 2 threads), an untied task that creates a final task
 * and waits for it, user frames several calls deep. The final task, run by
 * the initial thread (inner thread 0 of outer thread 0), calls plugin_stop()
 * once the other three threads are parked in known places:
 * - inner thread 1 of outer thread 0 waits in the explicit barrier of its
 *   team (entered only after the final task started, so that it cannot take
 *   that task from the initial thread);
 * - the two threads of the other inner team wait in user code (usleep) until
 *   the final task has been stopped in.
 * Every parked thread has user code after its wait, so its region's frame
 * stays on its stack (no tail call into the runtime). */
#include <omp.h>
#include <stdio.h>
#include <unistd.h>

static int parked, final_started, released, after;

__attribute__((noinline)) void plugin_stop(void)
{
    __asm__ volatile("" ::: "memory");
}

__attribute__((noinline)) static void work(int depth)
{
    if (depth == 0) {
        plugin_stop();
        return;
    }
    work(depth - 1);
    __asm__ volatile("" ::: "memory"); /* no tail call: keeps each frame */
}

static void wait_for(int *flag, int value)
{
    while (__atomic_load_n(flag, __ATOMIC_ACQUIRE) < value)
        usleep(1000);
}

int main(void)
{
    int done = 0;
    omp_set_max_active_levels(2);
#pragma omp parallel num_threads(2)
    {
        int outer = omp_get_thread_num();
#pragma omp parallel num_threads(2) shared(done)
        {
            int inner = omp_get_thread_num();
            if (outer == 0 && inner == 0) {
#pragma omp task untied shared(done)
                {
#pragma omp task final(1) shared(done)
                    {
                        __atomic_store_n(&final_started, 1, __ATOMIC_RELEASE);
                        wait_for(&parked, 3);
                        usleep(300 * 1000); /* from "parked" into the barrier */
                        work(2);
                        __atomic_store_n(&released, 1, __ATOMIC_RELEASE);
                        __atomic_add_fetch(&done, 1, __ATOMIC_RELAXED);
                    }
#pragma omp taskwait
                    __atomic_add_fetch(&done, 1, __ATOMIC_RELAXED);
                }
#pragma omp taskwait
            } else if (outer == 0) {
                wait_for(&final_started, 1);
                __atomic_add_fetch(&parked, 1, __ATOMIC_RELEASE);
            } else {
                __atomic_add_fetch(&parked, 1, __ATOMIC_RELEASE);
                wait_for(&released, 1);
            }
#pragma omp barrier
            __atomic_add_fetch(&after, 1, __ATOMIC_RELAXED);
        }
        __atomic_add_fetch(&after, 1, __ATOMIC_RELAXED);
    }
    printf("done: %d tasks, %d after\n", done, after);
    return done == 2 && after == 6 ? 0 : 1;
}
