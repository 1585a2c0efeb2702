// Rounds of: barrier; thread 0 sets a flag while the other threads spin on it
// in user code; barrier; thread 0 clears the flag. With 4 threads on 2
// processors the spinners hold the processors while thread 0 still has to
// leave the first barrier, so each round lasts as long as the runtime takes
// to give its waking thread a processor back: a runtime that waits badly
// here takes tens of seconds for 200 rounds, which the timeout turns into a
// failure. The flag carries the round number, so a thread let through a
// barrier early is seen as well.
// RUN: %omp-cc %s -o %t
// RUN: env OMP_NUM_THREADS=4 timeout 20 %run %t 200 | FileCheck %s
// CHECK: threads=4 rounds=200 completed=800 stale=0
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>

// A short pause between two reads of the flag, as user code polling a
// variable does; the asm keeps the compiler from removing it.
static void small_delay(void)
{
    for (int i = 0; i < 100; i++)
        __asm__ volatile("" ::: "memory");
}

int main(int argc, char **argv)
{
    long rounds = argc > 1 ? atol(argv[1]) : 200;
    long flag = 0, completed = 0, stale = 0;
    int team = 0;
#pragma omp parallel reduction(+ : completed, stale)
    {
        const int me = omp_get_thread_num();
        if (me == 0)
            team = omp_get_num_threads();
        for (long r = 1; r <= rounds; r++) {
#pragma omp barrier
            if (me == 0) {
                __atomic_store_n(&flag, r, __ATOMIC_RELEASE);
            } else {
                long seen;
                while ((seen = __atomic_load_n(&flag, __ATOMIC_ACQUIRE)) == 0)
                    small_delay();
                stale += seen != r;
            }
#pragma omp barrier
            if (me == 0)
                __atomic_store_n(&flag, 0, __ATOMIC_RELAXED);
            completed++;
        }
    }
    printf("threads=%d rounds=%ld completed=%ld stale=%ld\n", team, rounds, completed, stale);
    return 0;
}
