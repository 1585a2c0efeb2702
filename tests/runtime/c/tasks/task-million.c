// One thread generates 1,000,000 tasks while its teammates run them. The
// team bounds its queued tasks (beyond the bound, new tasks run at once on
// the generating thread), so memory stays bounded: the peak resident size
// must stay far below what a million queued tasks would need.
// RUN: %omp-cc %s -o %t && for n in %threads; do OMP_NUM_THREADS=$n %run %t; done | FileCheck %s
// CHECK-COUNT-4: tasks=1000000 sum=499999500000 rss=bounded
#include <omp.h>
#include <stdio.h>
#include <sys/resource.h>

#define TASKS 1000000

int main(void)
{
    long sum = 0, ran = 0;
#pragma omp parallel
#pragma omp single
    {
        for (long i = 0; i < TASKS; i++) {
#pragma omp task firstprivate(i) shared(sum, ran)
            {
                __atomic_fetch_add(&sum, i, __ATOMIC_RELAXED);
                __atomic_fetch_add(&ran, 1, __ATOMIC_RELAXED);
            }
        }
#pragma omp taskwait
    }
    struct rusage usage;
    getrusage(RUSAGE_SELF, &usage);
    /* ru_maxrss is in kilobytes; queueing every task would take hundreds of
     * megabytes, the program itself needs a few. */
    int bounded = usage.ru_maxrss < 64 * 1024;
    printf("tasks=%ld sum=%ld rss=%s\n", ran, sum, bounded ? "bounded" : "TOO BIG");
    if (!bounded)
        fprintf(stderr, "peak rss %ld kB\n", usage.ru_maxrss);
    return !(ran == TASKS && bounded);
}
