/* An OpenMP program that uses the constructs whose events glass check
 * verifies: parallel (nested too), worksharing loops, sections, single,
 * masked, barriers, reductions, ordered, tasks with dependences, taskwait,
 * taskgroup, taskloop, critical, atomic, flush, locks (plain, nestable,
 * tested) and cancellation. It prints what it computed, so the tests know it
 * ran correctly under the checker. */
#include <omp.h>
#include <stdio.h>

static int fib(int n)
{
    if (n < 2)
        return n;
    int a, b;
#pragma omp task shared(a)
    a = fib(n - 1);
#pragma omp task shared(b)
    b = fib(n - 2);
#pragma omp taskwait
    return a + b;
}

int main(void)
{
    long sum = 0;
    int ordered_ok = 1, last = -1, sections = 0, singles = 0, masked = 0, critical = 0, atomic = 0;
    omp_lock_t lock;
    omp_nest_lock_t nest;
    omp_init_lock(&lock);
    omp_init_nest_lock(&nest);
    omp_set_max_active_levels(2);

#pragma omp parallel num_threads(3) reduction(+ : sum)
    {
#pragma omp for schedule(dynamic, 2)
        for (int i = 0; i < 100; i++)
            sum += i;
#pragma omp for ordered schedule(static, 1)
        for (int i = 0; i < 12; i++) {
#pragma omp ordered
            {
                if (i != last + 1)
                    ordered_ok = 0;
                last = i;
            }
        }
#pragma omp sections
        {
#pragma omp section
#pragma omp atomic
            sections++;
#pragma omp section
#pragma omp atomic
            sections++;
        }
#pragma omp single
        singles++;
#pragma omp masked
        masked++;
#pragma omp barrier
#pragma omp critical
        critical++;
#pragma omp atomic
        atomic++;
#pragma omp flush
        omp_set_lock(&lock);
        omp_unset_lock(&lock);
        omp_set_nest_lock(&nest);
        omp_set_nest_lock(&nest);
        omp_unset_nest_lock(&nest);
        omp_unset_nest_lock(&nest);
        while (!omp_test_lock(&lock))
            ;
        omp_unset_lock(&lock);
    }

    /* Nested parallel regions. */
    int inner = 0;
#pragma omp parallel num_threads(2)
#pragma omp parallel num_threads(2)
#pragma omp atomic
    inner++;

    /* Tasks: dependences, taskwait, taskgroup, taskloop, recursion. */
    int a = 0, b = 0, c = 0, chain = 0, loop = 0, f = 0;
#pragma omp parallel num_threads(3)
#pragma omp single
    {
#pragma omp task depend(out : a)
        a = 1;
#pragma omp task depend(out : b)
        b = 2;
#pragma omp task depend(in : a, b) depend(out : c)
        c = a + b;
#pragma omp task depend(inout : c)
        chain = c * 10;
#pragma omp taskwait
#pragma omp taskgroup
        {
#pragma omp taskloop grainsize(4)
            for (int i = 0; i < 32; i++) {
#pragma omp atomic
                loop++;
            }
        }
        f = fib(15);
    }

    /* Cancellation of a parallel loop. */
    int cancelled = 0;
#pragma omp parallel num_threads(2)
    {
#pragma omp for
        for (int i = 0; i < 1000; i++) {
            if (i == 3) {
#pragma omp cancel for
            }
#pragma omp cancellation point for
        }
#pragma omp atomic
        cancelled++;
    }

    omp_destroy_lock(&lock);
    omp_destroy_nest_lock(&nest);
    printf("sum=%ld ordered=%d sections=%d singles=%d masked=%d critical=%d atomic=%d\n", sum, ordered_ok, sections,
           singles, masked, critical, atomic);
    printf("inner=%d c=%d chain=%d loop=%d fib=%d cancelled=%d\n", inner, c, chain, loop, f, cancelled);
    return 0;
}
