/* Parks every OpenMP thread in a known place, then calls glass_test_stop()
 * where the gdb tests break: run with OMP_NUM_THREADS=3,2 and
 * OMP_MAX_ACTIVE_LEVELS=2, it makes an outer team of 3, each thread of which
 * starts an inner team of 2. Thread (0,0) holds `lock` from before the outer
 * region; the inner primaries of outer threads 1 and 2 wait for that lock; the
 * other inner threads wait in their inner barrier. Prints what it expects. */
#include <omp.h>
#include <stdio.h>
#include <unistd.h>

static omp_lock_t lock;
static int arrived;

__attribute__((noinline)) void glass_test_stop(void)
{
    __asm__ volatile("" ::: "memory");
}

static void wait_for_others(int n)
{
    while (__atomic_load_n(&arrived, __ATOMIC_ACQUIRE) < n)
        usleep(1000);
    usleep(500 * 1000); /* let them get from "arrived" into their wait */
}

int main(void)
{
    omp_init_lock(&lock);
    omp_set_lock(&lock);
#pragma omp parallel
    {
        int outer = omp_get_thread_num();
#pragma omp parallel
        {
            int inner = omp_get_thread_num();
            if (outer == 0 && inner == 0) {
                wait_for_others(omp_get_team_size(1) * omp_get_num_threads() - 1);
                glass_test_stop();
                omp_unset_lock(&lock);
            } else if (inner == 0) {
                __atomic_add_fetch(&arrived, 1, __ATOMIC_RELEASE);
                omp_set_lock(&lock);
                omp_unset_lock(&lock);
            } else {
                __atomic_add_fetch(&arrived, 1, __ATOMIC_RELEASE);
            }
#pragma omp barrier
        }
    }
    printf("done: %d threads arrived\n", arrived);
    return 0;
}
