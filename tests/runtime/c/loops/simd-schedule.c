// Real `for simd` loops with schedule(simd:static|dynamic|guided, C), as
// gcc, clang 14 and clang 19 compile them, repeated 2000 times in one
// parallel region at 2, 3 and 4 threads under a timeout (a schedule(simd:
// guided) loop was once reported hanging with the threads split across two
// consecutive barriers; it never reproduced, and this loop is the guard).
// Each round checks that every iteration ran exactly once and that every
// chunk starts on a multiple of the simd width, where the compiler passes
// one to the runtime:
// - gcc rounds C up to a multiple of its largest vectorization factor at
//   compile time (16 on x86-64 at -O2) and passes the rounded chunk for
//   dynamic (GOMP_loop_nonmonotonic_dynamic_start) and static (inlined);
//   guided gets it as its smallest chunk only, so its chunks start anywhere;
// - clang passes C as the width only for simd:static
//   (kmp_sch_static_balanced_chunked, each thread's block a multiple of C);
//   its dynamic chunks are C long, so they start on multiples of C too; its
//   guided loop is a plain guided one (kmp_sch_guided_chunked).
// A chunk start is seen where an iteration ran on another thread than the
// iteration before it (two chunks in a row on one thread look like one,
// which starts on the first one's start).
// RUN: %omp-cc %s -o %t
// RUN: for n in 2 3 4; do OMP_NUM_THREADS=$n timeout 120 %run %t 2000; done | FileCheck %s
// CHECK: threads=2 rounds=2000 static: once 2000 aligned 2000; dynamic: once 2000 aligned 2000; guided: once 2000; guided-nowait: once 2000
// CHECK: threads=3 rounds=2000 static: once 2000 aligned 2000; dynamic: once 2000 aligned 2000; guided: once 2000; guided-nowait: once 2000
// CHECK: threads=4 rounds=2000 static: once 2000 aligned 2000; dynamic: once 2000 aligned 2000; guided: once 2000; guided-nowait: once 2000
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define N 1003 /* no multiple of any width */
#define CHUNK 5
#define MAX_THREADS 8
#ifdef __clang__
#define WIDTH CHUNK
#else
#define WIDTH 16 /* gcc: CHUNK rounded up to its vectorization factor */
#endif

enum { STATIC, DYNAMIC, GUIDED, GUIDED_NOWAIT, LOOPS };
static const char *const loop_names[LOOPS] = {"static", "dynamic", "guided", "guided-nowait"};

/* hits[loop][thread][i]: how often `thread` ran iteration i of `loop`. */
static unsigned char hits[LOOPS][MAX_THREADS][N];

static int ran_once(int loop, int nthreads, int *owner)
{
    for (int i = 0; i < N; i++) {
        int times = 0;
        for (int t = 0; t < nthreads; t++)
            if (hits[loop][t][i]) {
                times += hits[loop][t][i];
                owner[i] = t;
            }
        if (times != 1)
            return 0;
    }
    return 1;
}

static int chunks_aligned(const int *owner)
{
    for (int i = 1; i < N; i++)
        if (owner[i] != owner[i - 1] && i % WIDTH)
            return 0;
    return 1;
}

int main(int argc, char **argv)
{
    int rounds = argc > 1 ? atoi(argv[1]) : 2000;
    int nthreads = omp_get_max_threads();
    if (nthreads > MAX_THREADS) {
        fprintf(stderr, "at most %d threads\n", MAX_THREADS);
        return 2;
    }
    int once[LOOPS] = {0}, aligned[LOOPS] = {0};
    static int owner[N];
    for (int r = 0; r < rounds; r++) {
        memset(hits, 0, sizeof hits);
#pragma omp parallel num_threads(nthreads)
        {
            int t = omp_get_thread_num();
#pragma omp for simd schedule(simd : static, CHUNK)
            for (int i = 0; i < N; i++)
                hits[STATIC][t][i]++;
#pragma omp for simd schedule(simd : dynamic, CHUNK)
            for (int i = 0; i < N; i++)
                hits[DYNAMIC][t][i]++;
#pragma omp for simd schedule(simd : guided, CHUNK)
            for (int i = 0; i < N; i++)
                hits[GUIDED][t][i]++;
            /* Without its barrier: threads go on to the region's end while
             * others still take chunks. */
#pragma omp for simd schedule(simd : guided, CHUNK) nowait
            for (int i = 0; i < N; i++)
                hits[GUIDED_NOWAIT][t][i]++;
        }
        for (int loop = 0; loop < LOOPS; loop++)
            if (ran_once(loop, nthreads, owner)) {
                once[loop]++;
                aligned[loop] += chunks_aligned(owner);
            }
    }
    printf("threads=%d rounds=%d", nthreads, rounds);
    for (int loop = 0; loop < LOOPS; loop++) {
        printf("%s %s: once %d", loop ? ";" : "", loop_names[loop], once[loop]);
        if (loop == STATIC || loop == DYNAMIC)
            printf(" aligned %d", aligned[loop]);
    }
    printf("\n");
    return 0;
}
