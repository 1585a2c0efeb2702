/* Undeferred tasks (if(0)) that create and wait for tasks of their own: the
 * task_schedule that switches to an undeferred task must come before the
 * events of its body. */
#include <stdio.h>

static int fib(int n)
{
    if (n < 2)
        return n;
    int a, b;
#pragma omp task shared(a) if (0)
    a = fib(n - 1);
#pragma omp task shared(b)
    b = fib(n - 2);
#pragma omp taskwait
    return a + b;
}

int main(void)
{
    int f = 0;
#pragma omp parallel num_threads(2)
#pragma omp single
    f = fib(10);
    printf("fib=%d\n", f);
    return 0;
}
