// depend(inout/out: omp_all_memory) (OpenMP 5.1, 2.19.11): the task runs
// after every earlier sibling task with dependences, whatever their
// addresses, and before every later one; tasks on unrelated addresses keep
// running side by side around it. Clang 19 is the compiler Debian 12 has
// that accepts omp_all_memory (it aborted with "not supported yet"):
// REQUIRES: clang-19
// RUN: %omp-cc %s -o %t && for n in 1 2 4; do OMP_NUM_THREADS=$n %run %t; done | FileCheck %s
// CHECK-COUNT-3: before=8 after-started-early=0 between=ok second=ok
#include <omp.h>
#include <stdatomic.h>
#include <stdio.h>
#include <unistd.h>

int main(void)
{
    int cells[16] = {0};
    _Atomic int before_done = 0, after_started_early = 0, barrier_seen = 0, second_seen = 0;
    int before_at_all = -1, between_ok = 0;
#pragma omp parallel
#pragma omp single
    {
        for (int i = 0; i < 8; i++) {
#pragma omp task depend(out : cells[i]) shared(before_done)
            {
                usleep(2000 * (8 - i));
                atomic_fetch_add(&before_done, 1);
            }
        }
#pragma omp task depend(inout : omp_all_memory) shared(before_done, before_at_all, barrier_seen)
        {
            before_at_all = atomic_load(&before_done);
            usleep(5000);
            atomic_store(&barrier_seen, 1);
        }
        for (int i = 8; i < 16; i++) {
#pragma omp task depend(in : cells[i]) shared(after_started_early, barrier_seen)
            if (!atomic_load(&barrier_seen))
                atomic_fetch_add(&after_started_early, 1);
        }
        /* A second one, out: after the later tasks too. */
#pragma omp task depend(out : omp_all_memory) shared(second_seen, between_ok)
        {
            between_ok = 1;
            atomic_store(&second_seen, 1);
        }
#pragma omp task depend(in : cells[0]) shared(second_seen, between_ok)
        if (!atomic_load(&second_seen))
            between_ok = 0;
    }
    printf("before=%d after-started-early=%d between=%s second=%s\n", before_at_all,
           atomic_load(&after_started_early), between_ok ? "ok" : "WRONG", atomic_load(&second_seen) ? "ok" : "WRONG");
    return 0;
}
