// Back-to-back nowait worksharing constructs: threads that finish a loop
// start the next ones while others are still in earlier ones. One thread
// arrives late, so the others run through more consecutive constructs than
// the team's ring of worksharing descriptors holds and must wait for the
// slow thread to free a slot, not overwrite a construct it is still in.
// RUN: %omp-cc %s -o %t
// RUN: for n in %threads; do OMP_NUM_THREADS=$n %run %t $n; done | FileCheck %s
// CHECK: threads=1 loops=ok sections=ok copyprivate=ok late-middle=ok iterations=14608
// CHECK: threads=2 loops=ok sections=ok copyprivate=ok late-middle=ok iterations=14608
// CHECK: threads=4 loops=ok sections=ok copyprivate=ok late-middle=ok iterations=14608
// CHECK: threads=8 loops=ok sections=ok copyprivate=ok late-middle=ok iterations=14608
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#define CONSTRUCTS 40
#define N 512

static int hits[CONSTRUCTS][N];
static int sections_run[CONSTRUCTS][3];
static long total;

static int check_hits(int constructs, int (*count)(int construct))
{
    int ok = 1;
    for (int c = 0; c < constructs; c++)
        for (int i = 0; i < N; i++) {
            ok &= hits[c][i] == (i < count(c));
            total += hits[c][i];
        }
    memset(hits, 0, sizeof hits);
    return ok;
}

static int count_of(int construct)
{
    return 100 + construct * 10;
}

static int sixty_four(int construct)
{
    (void)construct;
    return 64;
}

static int thirty_two(int construct)
{
    return construct < 4 ? 32 : 0;
}

static const char *verdict(int ok)
{
    return ok ? "ok" : "FAILED";
}

int main(int argc, char **argv)
{
    int nthreads = argc > 1 ? atoi(argv[1]) : 1;

    /* 40 nowait loops in a row, alternating schedules; thread 0 starts late. */
#pragma omp parallel
    {
        if (omp_get_thread_num() == 0 && omp_get_num_threads() > 1)
            usleep(50000);
        for (int c = 0; c < CONSTRUCTS; c++) {
            int n = count_of(c);
            switch (c % 4) {
            case 0:
#pragma omp for schedule(dynamic, 3) nowait
                for (int i = 0; i < n; i++)
                    __atomic_fetch_add(&hits[c][i], 1, __ATOMIC_RELAXED);
                break;
            case 1:
#pragma omp for schedule(guided) nowait
                for (int i = n - 1; i >= 0; i--)
                    __atomic_fetch_add(&hits[c][i], 1, __ATOMIC_RELAXED);
                break;
            case 2:
#pragma omp for schedule(runtime) nowait
                for (int i = 0; i < n; i++)
                    __atomic_fetch_add(&hits[c][i], 1, __ATOMIC_RELAXED);
                break;
            default:
#pragma omp for schedule(static, 2) ordered nowait
                for (int i = 0; i < n; i++) {
#pragma omp ordered
                    hits[c][i]++;
                }
                break;
            }
        }
    }
    int loops_ok = check_hits(CONSTRUCTS, count_of);

    /* nowait sections back to back, the last thread starts late. */
#pragma omp parallel
    {
        if (omp_get_thread_num() == omp_get_num_threads() - 1)
            usleep(30000);
        for (int c = 0; c < CONSTRUCTS; c++) {
#pragma omp sections nowait
            {
#pragma omp section
                __atomic_fetch_add(&sections_run[c][0], 1, __ATOMIC_RELAXED);
#pragma omp section
                __atomic_fetch_add(&sections_run[c][1], 1, __ATOMIC_RELAXED);
#pragma omp section
                __atomic_fetch_add(&sections_run[c][2], 1, __ATOMIC_RELAXED);
            }
        }
    }
    int sections_ok = 1;
    for (int c = 0; c < CONSTRUCTS; c++)
        for (int s = 0; s < 3; s++) {
            sections_ok &= sections_run[c][s] == 1;
            total += sections_run[c][s];
        }

    /* copyprivate singles between nowait loops, with a late thread. */
    int copy_ok = 1;
#pragma omp parallel reduction(& : copy_ok)
    {
        if (omp_get_thread_num() == 1)
            usleep(30000);
        for (int c = 0; c < CONSTRUCTS; c++) {
#pragma omp for schedule(dynamic) nowait
            for (int i = 0; i < 64; i++)
                __atomic_fetch_add(&hits[c][i], 1, __ATOMIC_RELAXED);
            int value;
#pragma omp single copyprivate(value)
            value = c * 11;
            copy_ok &= value == c * 11;
        }
    }
    copy_ok &= check_hits(CONSTRUCTS, sixty_four);

    /* A thread stalls in the middle of a loop while the others go on through
     * three more constructs. */
#pragma omp parallel
    {
#pragma omp for schedule(dynamic) nowait
        for (int i = 0; i < 32; i++) {
            if (i == 0)
                usleep(30000);
            __atomic_fetch_add(&hits[0][i], 1, __ATOMIC_RELAXED);
        }
        for (int c = 1; c < 4; c++) {
#pragma omp for schedule(guided, 2) nowait
            for (int i = 0; i < 32; i++)
                __atomic_fetch_add(&hits[c][i], 1, __ATOMIC_RELAXED);
        }
    }
    int late_middle_ok = check_hits(CONSTRUCTS, thirty_two);

    printf("threads=%d loops=%s sections=%s copyprivate=%s late-middle=%s iterations=%ld\n", nthreads,
           verdict(loops_ok), verdict(sections_ok), verdict(copy_ok), verdict(late_middle_ok), total);
    return !(loops_ok && sections_ok && copy_ok && late_middle_ok);
}
