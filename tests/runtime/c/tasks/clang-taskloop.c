// Clang ABI taskloop (__kmpc_taskloop): every iteration once, split as
// grainsize and num_tasks ask, the implicit taskgroup (or none with nogroup),
// firstprivate and lastprivate through the compiler's task duplication,
// reduction, if(false), and a taskloop over a downward 64-bit loop.
// REQUIRES: clang
// RUN: %omp-cc %s -o %t
// RUN: for n in %threads; do OMP_NUM_THREADS=$n %run %t; done | FileCheck %s
// CHECK-COUNT-4: taskloop: once=ok grainsize=ok num_tasks=ok group=ok nogroup=ok private=ok reduction=ok if0=ok down=ok
#include <omp.h>
#include <stdio.h>

#define N 1000
static int hits[N];

static int all_once(void)
{
    int ok = 1;
    for (int i = 0; i < N; i++) {
        ok &= hits[i] == 1;
        hits[i] = 0;
    }
    return ok;
}

static const char *verdict(int ok)
{
    return ok ? "ok" : "FAILED";
}

int main(void)
{
    int once = 0, grain_ok = 0, num_ok = 0, group_ok = 0, nogroup_ok = 0, private_ok = 0, reduce_ok = 0;
    int if0_ok = 0, down_ok = 0;
#pragma omp parallel
#pragma omp single
    {
#pragma omp taskloop
        for (int i = 0; i < N; i++)
            __atomic_fetch_add(&hits[i], 1, __ATOMIC_RELAXED);
        once = all_once();

        /* grainsize(100): between 100 and 199 iterations a task, so 5..10
         * tasks; num_tasks(7): 7. A firstprivate is one copy per task: a
         * task counts itself at its first iteration. */
#pragma omp taskloop grainsize(100)
        for (int i = 0; i < N; i++)
            __atomic_fetch_add(&hits[i], 1, __ATOMIC_RELAXED);
        grain_ok = all_once();
        int tasks = 0, first = 1;
#pragma omp taskloop grainsize(100) firstprivate(first) shared(tasks)
        for (int i = 0; i < N; i++)
            if (first) {
                first = 0;
                __atomic_fetch_add(&tasks, 1, __ATOMIC_RELAXED);
            }
        grain_ok &= tasks >= 5 && tasks <= 10;
        tasks = 0;
#pragma omp taskloop num_tasks(7) firstprivate(first) shared(tasks)
        for (int i = 0; i < N; i++)
            if (first) {
                first = 0;
                __atomic_fetch_add(&tasks, 1, __ATOMIC_RELAXED);
            }
        num_ok = tasks == 7;

        /* The taskloop waits for its tasks; with nogroup a taskwait does. */
        int done = 0;
#pragma omp taskloop shared(done)
        for (int i = 0; i < 64; i++)
            __atomic_fetch_add(&done, 1, __ATOMIC_RELAXED);
        group_ok = done == 64;
        done = 0;
#pragma omp taskloop nogroup shared(done)
        for (int i = 0; i < 64; i++)
            __atomic_fetch_add(&done, 1, __ATOMIC_RELAXED);
#pragma omp taskwait
        nogroup_ok = done == 64;

        int base = 10, last = -1, bad = 0;
#pragma omp taskloop firstprivate(base) lastprivate(last) grainsize(9) shared(bad)
        for (int i = 0; i < 100; i++) {
            if (base != 10)
                __atomic_fetch_add(&bad, 1, __ATOMIC_RELAXED);
            last = i * 2;
        }
        private_ok = !bad && last == 198;

        long sum = 0;
#pragma omp taskloop reduction(+ : sum) num_tasks(13)
        for (int i = 1; i <= N; i++)
            sum += i;
        reduce_ok = sum == 500500;

        /* if(false): the tasks run at once, on this thread. */
        int here = 1;
        int me = omp_get_thread_num();
#pragma omp taskloop if (0) grainsize(10) shared(here)
        for (int i = 0; i < 100; i++)
            if (omp_get_thread_num() != me)
                here = 0;
        if0_ok = here;

        int count = 0;
#pragma omp taskloop reduction(+ : count)
        for (long x = 5000000000L; x > 5000000000L - 3000; x -= 3)
            count++;
        down_ok = count == 1000;
    }
    printf("taskloop: once=%s grainsize=%s num_tasks=%s group=%s nogroup=%s private=%s reduction=%s if0=%s "
           "down=%s\n",
           verdict(once), verdict(grain_ok), verdict(num_ok), verdict(group_ok), verdict(nogroup_ok),
           verdict(private_ok), verdict(reduce_ok), verdict(if0_ok), verdict(down_ok));
    return 0;
}
