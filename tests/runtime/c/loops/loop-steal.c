// schedule(dynamic) without a modifier is nonmonotonic (OpenMP 5.1, 2.11.4),
// and Glass deals its chunks out to the threads in advance, a thread that runs
// out taking half of another's (src/core/loops/loop_steal.c). Checked for chunk
// sizes 1 and 7, trip counts around the team size and far above it, loops
// going down, and a thread held up in its first chunk: every iteration runs
// exactly once, a change of thread happens only at a chunk boundary, and the
// thread held up runs well under its share (the others took the rest of it);
// lastprivate comes from the sequentially last iteration.
// The chunks are dealt, not claimed one by one from a shared counter: a large
// loop changes threads a few times per steal, not at every other chunk.
// monotonic:dynamic keeps handing chunks out in increasing order per thread.
// RUN: %omp-cc %s -o %t
// RUN: for n in %threads; do OMP_NUM_THREADS=$n %run %t; done | FileCheck %s
// CHECK-COUNT-4: steal: once=ok boundaries=ok dealt=ok held_up=ok lastprivate=ok monotonic=ok
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#define MAX_N 100000

static int owner[MAX_N];
static int runs[MAX_N];

static void pause_ms(int ms)
{
    struct timespec t = {0, ms * 1000000L};
    nanosleep(&t, NULL);
}

/* One loop of n iterations (going down when `down`), chunk `chunk`; thread 0
 * waits `hold_ms` in its first iteration. Returns what thread 0 ran. */
static long run_loop(long n, long chunk, int down, int hold_ms)
{
    for (long i = 0; i < n; i++)
        owner[i] = -1, runs[i] = 0;
    long by_zero = 0;
#pragma omp parallel reduction(+ : by_zero)
    {
        int me = omp_get_thread_num(), first = 1;
#pragma omp barrier
        if (down) {
#pragma omp for schedule(dynamic, chunk)
            for (long i = n - 1; i >= 0; i--) {
                long k = n - 1 - i; /* logical iteration */
#pragma omp atomic
                runs[k]++;
                owner[k] = me;
            }
        } else {
#pragma omp for schedule(dynamic, chunk)
            for (long i = 0; i < n; i++) {
                if (me == 0 && first && hold_ms)
                    pause_ms(hold_ms);
                first = 0;
#pragma omp atomic
                runs[i]++;
                owner[i] = me;
                by_zero += me == 0;
            }
        }
    }
    return by_zero;
}

static int check_once(long n)
{
    for (long i = 0; i < n; i++)
        if (runs[i] != 1)
            return 0;
    return 1;
}

/* A thread change between logical iterations i-1 and i is a chunk boundary. */
static int check_boundaries(long n, long chunk)
{
    for (long i = 1; i < n; i++)
        if (owner[i] != owner[i - 1] && i % chunk != 0)
            return 0;
    return 1;
}

int main(void)
{
    int threads = omp_get_max_threads();
    static const long counts[] = {0, 1, 3, 8, 9, 1000, 99991};
    static const long chunks[] = {1, 7};
    int once = 1, boundaries = 1;
    long changes = 0, big = counts[sizeof counts / sizeof *counts - 1];
    for (int c = 0; c < 2; c++)
        for (unsigned k = 0; k < sizeof counts / sizeof *counts; k++)
            for (int down = 0; down < 2; down++) {
                run_loop(counts[k], chunks[c], down, 0);
                once &= check_once(counts[k]);
                boundaries &= check_boundaries(counts[k], chunks[c]);
                if (counts[k] == big && chunks[c] == 1 && !down)
                    for (long i = 1; i < big; i++)
                        changes += owner[i] != owner[i - 1];
            }
    int dealt = changes < big / 10;
    if (!dealt)
        fprintf(stderr, "%ld thread changes in %ld iterations\n", changes, big);

    /* Held up for 200 ms while the others have microseconds of work: they
     * take all but a few of its chunks. */
    long n = 20000, by_zero = run_loop(n, 1, 0, 200);
    int held_up = check_once(n) && (threads == 1 ? by_zero == n : by_zero < n / threads / 4);
    if (!held_up)
        fprintf(stderr, "held up thread ran %ld of %ld iterations (%d threads)\n", by_zero, n, threads);

    /* lastprivate: from the sequentially last iteration, whichever thread
     * ran it and whatever it ran afterwards. */
    int lastprivate_ok = 1;
    for (int rep = 0; rep < 50; rep++) {
        long last = -1;
#pragma omp parallel for lastprivate(last) schedule(dynamic, 13)
        for (long i = 0; i < 1000; i += 3)
            last = i;
        lastprivate_ok &= last == 999;
    }

    /* monotonic:dynamic: each thread's iterations increase. */
    int monotonic = 1;
#pragma omp parallel reduction(&& : monotonic)
    {
        long last = -1;
#pragma omp for schedule(monotonic : dynamic, 3)
        for (long i = 0; i < 5000; i++) {
            if (i <= last)
                monotonic = 0;
            last = i;
        }
    }
    printf("steal: once=%s boundaries=%s dealt=%s held_up=%s lastprivate=%s monotonic=%s\n", once ? "ok" : "BAD",
           boundaries ? "ok" : "BAD", dealt ? "ok" : "BAD", held_up ? "ok" : "BAD", lastprivate_ok ? "ok" : "BAD",
           monotonic ? "ok" : "BAD");
    return 0;
}
