/* Task creation and execution on one thread of a team of two, for
 * bench/ompt-task-instructions: thread 0 creates N empty deferred tasks in
 * batches of BATCH and runs each batch at a taskwait, all inside produce().
 * Thread 1 sleeps in a read() meanwhile (no instructions, no stealing), and
 * callgrind counts only inside produce() (--toggle-collect), so the count
 * does not depend on how the two threads happen to be scheduled (the spin
 * at the region's end barrier is left out): every task takes the same path
 * on every run, on every runtime. `task_producer N`. */
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

enum { BATCH = 64 }; /* under both runtimes' queue limits: every task is deferred */

static void empty(long i)
{
    __asm__ volatile("" ::"r"(i)); /* a body the compiler cannot drop */
}

static __attribute__((noinline)) void produce(long n)
{
    for (long i = 0; i < n; i++) {
#pragma omp task firstprivate(i)
        empty(i);
        if (i % BATCH == BATCH - 1) {
#pragma omp taskwait
        }
    }
#pragma omp taskwait
}

int main(int argc, char **argv)
{
    char *end = NULL;
    long n = argc == 2 ? strtol(argv[1], &end, 10) : -1;
    if (n < 0 || !end || *end) {
        fprintf(stderr, "usage: task_producer N (the number of tasks, N >= 0)\n");
        return 2;
    }
    int gate[2];
    if (pipe(gate) != 0) {
        perror("task_producer: pipe");
        return 1;
    }
    int threads = 0;
#pragma omp parallel num_threads(2)
    {
        if (omp_get_thread_num() == 0) {
            threads = omp_get_num_threads();
            produce(n);
            char go = 1;
            if (write(gate[1], &go, 1) != 1)
                perror("task_producer: write");
        } else {
            char go;
            if (read(gate[0], &go, 1) != 1)
                perror("task_producer: read");
        }
    }
    if (threads != 2) {
        fprintf(stderr, "task_producer: the team has %d threads, not 2\n", threads);
        return 1;
    }
    return 0;
}
