/* Offload kernels for the GPU comparison (scripts/gpu-check.sh): saxpy, a 2-D
 * Jacobi stencil and a sum reduction, each run REPS times on data kept on
 * the device (target data), timed around the target construct with
 * omp_get_wtime; the fastest repetition is printed, with a check of the
 * result. Built by gcc with -foffload=nvptx-none; run on Glass and on GCC's
 * libgomp with its nvptx plugin, same binary. Also times an empty target
 * region (the launch cost). */
#include <math.h>
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>

#define REPS 20

static double best(double t, double best_so_far)
{
    return t < best_so_far ? t : best_so_far;
}

static int saxpy(void)
{
    const long n = 1L << 26;
    float *x = malloc(n * sizeof *x), *y = malloc(n * sizeof *y), a = 2;
    for (long i = 0; i < n; i++)
        x[i] = 1, y[i] = 0;
    double fastest = 1e30;
#pragma omp target data map(to : x[0:n]) map(tofrom : y[0:n])
    for (int r = 0; r < REPS; r++) {
        double t0 = omp_get_wtime();
#pragma omp target teams distribute parallel for
        for (long i = 0; i < n; i++)
            y[i] += a * x[i];
        fastest = best(omp_get_wtime() - t0, fastest);
    }
    int ok = y[n - 1] == 2.0f * REPS;
    printf("kernel=saxpy seconds=%.6f check=%s\n", fastest, ok ? "ok" : "WRONG");
    free(x), free(y);
    return ok;
}

static int stencil(void)
{
    const int n = 4096;
    double *a = malloc((size_t)n * n * sizeof *a), *b = malloc((size_t)n * n * sizeof *b);
    for (long i = 0; i < (long)n * n; i++)
        a[i] = b[i] = (i % n == 0) ? 1.0 : 0.0;
    double fastest = 1e30;
#pragma omp target data map(tofrom : a[0:n * n]) map(alloc : b[0:n * n])
    {
#pragma omp target teams distribute parallel for
        for (long i = 0; i < (long)n * n; i++)
            b[i] = a[i];
        for (int r = 0; r < REPS; r++) {
            double t0 = omp_get_wtime();
#pragma omp target teams distribute parallel for collapse(2)
            for (int i = 1; i < n - 1; i++)
                for (int j = 1; j < n - 1; j++)
                    b[(long)i * n + j] = 0.25 * (a[(long)(i - 1) * n + j] + a[(long)(i + 1) * n + j] +
                                                 a[(long)i * n + j - 1] + a[(long)i * n + j + 1]);
#pragma omp target teams distribute parallel for collapse(2)
            for (int i = 1; i < n - 1; i++)
                for (int j = 1; j < n - 1; j++)
                    a[(long)i * n + j] = b[(long)i * n + j];
            fastest = best(omp_get_wtime() - t0, fastest);
        }
    }
    int ok = a[(long)1 * n + 1] > 0 && a[(long)1 * n + 1] < 1;
    printf("kernel=stencil seconds=%.6f check=%s\n", fastest, ok ? "ok" : "WRONG");
    free(a), free(b);
    return ok;
}

static int reduction(void)
{
    const long n = 1L << 26;
    double *x = malloc(n * sizeof *x), sum = 0;
    for (long i = 0; i < n; i++)
        x[i] = 0.5;
    double fastest = 1e30;
#pragma omp target data map(to : x[0:n])
    for (int r = 0; r < REPS; r++) {
        sum = 0;
        double t0 = omp_get_wtime();
#pragma omp target teams distribute parallel for reduction(+ : sum)
        for (long i = 0; i < n; i++)
            sum += x[i];
        fastest = best(omp_get_wtime() - t0, fastest);
    }
    int ok = fabs(sum - 0.5 * n) < 1e-6 * n;
    printf("kernel=reduction seconds=%.6f check=%s\n", fastest, ok ? "ok" : "WRONG");
    free(x);
    return ok;
}

static int empty_launch(void)
{
    double fastest = 1e30;
    int on_device = 0;
    for (int r = 0; r < 200; r++) {
        double t0 = omp_get_wtime();
#pragma omp target map(from : on_device)
        on_device = !omp_is_initial_device();
        fastest = best(omp_get_wtime() - t0, fastest);
    }
    printf("kernel=empty_launch seconds=%.6f check=%s\n", fastest, on_device ? "ok" : "WRONG (ran on the host)");
    return on_device;
}

int main(void)
{
    printf("devices=%d\n", omp_get_num_devices());
    int ok = empty_launch() & saxpy() & stencil() & reduction();
    return ok ? 0 : 1;
}
