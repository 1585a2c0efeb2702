/* Target constructs of every kind, for glass check on host devices. */
#include <omp.h>
#include <stdio.h>

#define N 256

int main(void)
{
    double a[N], b[N], c[N];
    for (int i = 0; i < N; i++)
        a[i] = i, b[i] = 0, c[i] = 1;
#pragma omp target map(to : a) map(from : b)
    for (int i = 0; i < N; i++)
        b[i] = 2 * a[i];
#pragma omp target data map(tofrom : c)
    {
#pragma omp target map(tofrom : c)
        for (int i = 0; i < N; i++)
            c[i] += 1;
#pragma omp target update from(c)
    }
#pragma omp target enter data map(to : a)
#pragma omp target nowait map(tofrom : b)
    b[0] += 1;
#pragma omp taskwait
#pragma omp target exit data map(delete : a)
#pragma omp parallel num_threads(2)
#pragma omp target teams num_teams(2) map(tofrom : c)
#pragma omp distribute
    for (int i = 0; i < N; i++)
        c[i] += 0;
    printf("b=%g c=%g devices=%d\n", b[N - 1] + b[0], c[N - 1], omp_get_num_devices());
    return 0;
}
