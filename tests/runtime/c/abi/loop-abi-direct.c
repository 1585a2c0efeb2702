// GCC worksharing entry points that GCC 12 rarely or never emits for plain
// code, called directly the way compiled code calls them (prototypes as in
// libgomp's libgomp_g.h): static loops through the runtime, the ull forms,
// GOMP_loop_start/_ordered_start/_doacross_start with scratch memory, the
// doacross ull post/wait, the pre-4.9 combined forms, GOMP_sections2_start,
// and the _cancel ends.
// REQUIRES: gcc
// RUN: %gcc-omp %s -o %t
// RUN: for n in %threads; do OMP_NUM_THREADS=$n %run %t $n; done | FileCheck %s
// CHECK: threads=1 static=ok ull=ok loop_start=ok ordered_start=ok doacross=ok combined=ok sections2=ok cancel-ends=ok
// CHECK: threads=2 static=ok ull=ok loop_start=ok ordered_start=ok doacross=ok combined=ok sections2=ok cancel-ends=ok
// CHECK: threads=4 static=ok ull=ok loop_start=ok ordered_start=ok doacross=ok combined=ok sections2=ok cancel-ends=ok
// CHECK: threads=8 static=ok ull=ok loop_start=ok ordered_start=ok doacross=ok combined=ok sections2=ok cancel-ends=ok
#include <omp.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef unsigned long long ull;

bool GOMP_loop_static_start(long, long, long, long, long *, long *);
bool GOMP_loop_static_next(long *, long *);
bool GOMP_loop_runtime_next(long *, long *);
bool GOMP_loop_ordered_static_next(long *, long *);
bool GOMP_loop_start(long, long, long, long, long, long *, long *, uintptr_t *, void **);
bool GOMP_loop_ordered_start(long, long, long, long, long, long *, long *, uintptr_t *, void **);
bool GOMP_loop_doacross_start(unsigned, long *, long, long, long *, long *, uintptr_t *, void **);
bool GOMP_loop_ull_static_start(bool, ull, ull, ull, ull, ull *, ull *);
bool GOMP_loop_ull_runtime_start(bool, ull, ull, ull, ull *, ull *);
bool GOMP_loop_ull_ordered_guided_start(bool, ull, ull, ull, ull, ull *, ull *);
bool GOMP_loop_ull_start(bool, ull, ull, ull, long, ull, ull *, ull *, uintptr_t *, void **);
bool GOMP_loop_ull_ordered_start(bool, ull, ull, ull, long, ull, ull *, ull *, uintptr_t *, void **);
bool GOMP_loop_ull_doacross_static_start(unsigned, ull *, ull, ull *, ull *);
bool GOMP_loop_ull_doacross_dynamic_start(unsigned, ull *, ull, ull *, ull *);
bool GOMP_loop_ull_doacross_guided_start(unsigned, ull *, ull, ull *, ull *);
bool GOMP_loop_ull_doacross_runtime_start(unsigned, ull *, ull *, ull *);
bool GOMP_loop_ull_doacross_start(unsigned, ull *, long, ull, ull *, ull *, uintptr_t *, void **);
bool GOMP_loop_ull_static_next(ull *, ull *);
bool GOMP_loop_ull_runtime_next(ull *, ull *);
bool GOMP_loop_ull_ordered_guided_next(ull *, ull *);
bool GOMP_loop_ull_ordered_runtime_next(ull *, ull *);
void GOMP_loop_end(void);
void GOMP_loop_end_nowait(void);
bool GOMP_loop_end_cancel(void);
void GOMP_ordered_start(void);
void GOMP_ordered_end(void);
void GOMP_doacross_post(long *);
void GOMP_doacross_wait(long, ...);
void GOMP_doacross_ull_post(ull *);
void GOMP_doacross_ull_wait(ull, ...);
void GOMP_parallel_loop_static(void (*)(void *), void *, unsigned, long, long, long, long, unsigned);
void GOMP_parallel_loop_static_start(void (*)(void *), void *, unsigned, long, long, long, long);
void GOMP_parallel_loop_runtime_start(void (*)(void *), void *, unsigned, long, long, long);
void GOMP_parallel_sections_start(void (*)(void *), void *, unsigned, unsigned);
void GOMP_parallel_end(void);
unsigned GOMP_sections2_start(unsigned, uintptr_t *, void **);
unsigned GOMP_sections_next(void);
void GOMP_sections_end_nowait(void);
bool GOMP_sections_end_cancel(void);
void GOMP_barrier(void);

static int nthreads;
static int hits[1000];
static int owner[1000];

static void reset(void)
{
    memset(hits, 0, sizeof hits);
    memset(owner, -1, sizeof owner);
}

static int once(int n)
{
    int ok = 1;
    for (int i = 0; i < 1000; i++)
        ok &= hits[i] == (i < n);
    reset();
    return ok;
}

static void hit(long i)
{
    if (i < 0 || i >= 1000)
        abort();
    __atomic_fetch_add(&hits[i], 1, __ATOMIC_RELAXED);
    owner[i] = omp_get_thread_num();
}

/* schedule(static) and schedule(static, 4) through the runtime. */
static int static_loops(void)
{
    int ok = 1;
#pragma omp parallel
    {
        long s, e;
        for (bool more = GOMP_loop_static_start(0, 999, 1, 0, &s, &e); more; more = GOMP_loop_static_next(&s, &e))
            for (long i = s; i < e; i++)
                hit(i);
        GOMP_loop_end();
    }
    long q = 999 / nthreads, r = 999 % nthreads;
    for (long t = 0, next = 0; t < nthreads; t++) {
        long size = q + (t < r);
        for (long i = next; i < next + size; i++)
            ok &= owner[i] == t;
        next += size;
    }
    ok &= once(999);
#pragma omp parallel
    {
        long s, e;
        for (bool more = GOMP_loop_static_start(998, -1, -2, 4, &s, &e); more; more = GOMP_loop_static_next(&s, &e))
            for (long i = s; i > e; i -= 2)
                hit(i);
        GOMP_loop_end_nowait();
    }
    for (long i = 998; i > -1; i -= 2)
        ok &= owner[i] == ((998 - i) / 2 / 4) % nthreads;
    for (int i = 0; i < 1000; i++)
        ok &= hits[i] == (i % 2 == 0);
    reset();
    return ok;
}

static int ull_loops(void)
{
    int ok = 1;
    ull top = ~0ULL;
#pragma omp parallel
    {
        ull s, e;
        for (bool more = GOMP_loop_ull_static_start(false, top, top - 900, 0 - 3ULL, 5, &s, &e); more;
             more = GOMP_loop_ull_static_next(&s, &e))
            for (ull i = s; i > e; i -= 3)
                hit((long)(top - i));
        GOMP_loop_end_nowait();
        for (bool more = GOMP_loop_ull_runtime_start(true, 1ULL << 40, (1ULL << 40) + 700, 7, &s, &e); more;
             more = GOMP_loop_ull_runtime_next(&s, &e))
            for (ull i = s; i < e; i += 7)
                hit((long)(i - (1ULL << 40)) + 1);
        GOMP_loop_end();
    }
    for (int i = 0; i < 1000; i++)
        ok &= hits[i] == (i < 900 && i % 3 == 0) + (i >= 1 && i <= 700 && (i - 1) % 7 == 0);
    reset();

    /* Ordered guided over ull: ordered regions in iteration order. */
    static ull order[400];
    static int order_length;
#pragma omp parallel
    {
        ull s, e;
        for (bool more = GOMP_loop_ull_ordered_guided_start(true, 5, 405, 1, 3, &s, &e); more;
             more = GOMP_loop_ull_ordered_guided_next(&s, &e))
            for (ull i = s; i < e; i++) {
                GOMP_ordered_start();
                order[order_length++] = i;
                GOMP_ordered_end();
            }
        GOMP_loop_end();
    }
    ok &= order_length == 400;
    for (int k = 0; k < 400; k++)
        ok &= order[k] == (ull)k + 5;
    return ok;
}

/* The general entry point: GCC's schedule codes, scratch memory shared by the
 * team and zeroed, and a NULL istart that only sets the loop up. */
static int loop_start(void)
{
    int ok = 1;
    static const long codes[] = {0, 1, 2, 3, 4, 0x80000000L | 2, 0x80000000L | 0};
    for (unsigned c = 0; c < sizeof codes / sizeof codes[0]; c++) {
        static void *seen[8];
        static int nonzero;
#pragma omp parallel
        {
            void *mem = (void *)(uintptr_t)40;
            long s, e;
            for (bool more = GOMP_loop_start(-300, 300, 3, codes[c], 4, &s, &e, NULL, &mem); more;
                 more = GOMP_loop_runtime_next(&s, &e))
                for (long i = s; i < e; i += 3)
                    hit((i + 300) / 3);
            for (int b = 0; b < 40; b++)
                if (((unsigned char *)mem)[b])
                    __atomic_fetch_add(&nonzero, 1, __ATOMIC_RELAXED);
            seen[omp_get_thread_num()] = mem;
            GOMP_loop_end();
        }
        ok &= once(200) && !nonzero;
        for (int t = 1; t < nthreads; t++)
            ok &= seen[t] == seen[0] && seen[0] != NULL;
    }
#pragma omp parallel
    {
        /* Set up only, then take chunks with _next. */
        long s, e;
        GOMP_loop_start(0, 500, 1, 2, 7, NULL, NULL, NULL, NULL);
        while (GOMP_loop_runtime_next(&s, &e))
            for (long i = s; i < e; i++)
                hit(i);
        GOMP_loop_end_nowait();
        ull us, ue;
        void *mem = (void *)(uintptr_t)8;
        for (bool more = GOMP_loop_ull_start(true, 500, 900, 1, 3, 0, &us, &ue, NULL, &mem); more;
             more = GOMP_loop_ull_runtime_next(&us, &ue))
            for (ull i = us; i < ue; i++)
                hit((long)i);
        __atomic_fetch_add((long *)mem, 1, __ATOMIC_RELAXED);
        GOMP_loop_end();
        if (*(long *)mem != omp_get_num_threads())
            abort();
        GOMP_barrier();
    }
    ok &= once(900);
    return ok;
}

static int ordered_start(void)
{
    static long order[300];
    static int order_length;
#pragma omp parallel
    {
        void *mem = (void *)(uintptr_t)16;
        long s, e;
        for (bool more = GOMP_loop_ordered_start(0, 300, 1, 1, 2, &s, &e, NULL, &mem); more;
             more = GOMP_loop_ordered_static_next(&s, &e))
            for (long i = s; i < e; i++) {
                GOMP_ordered_start();
                order[order_length++] = i;
                GOMP_ordered_end();
            }
        if (((long *)mem)[0] || ((long *)mem)[1])
            abort();
        GOMP_loop_end();
        ull us, ue;
        for (bool more = GOMP_loop_ull_ordered_start(false, 299, 0, 0 - 1ULL, 3, 5, &us, &ue, NULL, NULL); more;
             more = GOMP_loop_ull_ordered_runtime_next(&us, &ue))
            for (ull i = us; i > ue; i--) {
                GOMP_ordered_start();
                order[order_length++ - 300] -= (long)i;
                GOMP_ordered_end();
            }
        GOMP_loop_end();
    }
    /* First pass stored 0..299, second subtracted 299..1 in order. */
    int ok = order_length == 599;
    for (int k = 0; k < 299; k++)
        ok &= order[k] == k - (299 - k);
    return ok;
}

/* A wavefront over a doacross nest, through each ull doacross entry point and
 * the general long one with scratch memory. */
enum { ROWS = 24, COLS = 20 };
static unsigned grid[ROWS][COLS];

static unsigned expected_cell(int i, int j)
{
    static unsigned want[ROWS][COLS];
    static int ready;
    if (!ready) {
        for (int a = 0; a < ROWS; a++)
            for (int b = 0; b < COLS; b++)
                want[a][b] = a == 0 || b == 0 ? (unsigned)(a + b + 1) : want[a - 1][b] * 3u + want[a][b - 1] + a;
        ready = 1;
    }
    return want[i][j];
}

static int grid_ok(void)
{
    int ok = 1;
    for (int i = 0; i < ROWS; i++)
        for (int j = 0; j < COLS; j++) {
            ok &= grid[i][j] == expected_cell(i, j);
            grid[i][j] = i == 0 || j == 0 ? (unsigned)(i + j + 1) : 0;
        }
    return ok;
}

static void wave_cell(ull i, ull j)
{
    grid[i + 1][j + 1] = grid[i][j + 1] * 3u + grid[i + 1][j] + (unsigned)(i + 1);
}

static int doacross(void)
{
    grid_ok();
    int ok = 1;
    for (int kind = 0; kind < 5; kind++) {
#pragma omp parallel
        {
            ull counts[2] = {ROWS - 1, COLS - 1}, s, e;
            bool more;
            switch (kind) {
            case 0:
                more = GOMP_loop_ull_doacross_static_start(2, counts, 0, &s, &e);
                break;
            case 1:
                more = GOMP_loop_ull_doacross_dynamic_start(2, counts, 2, &s, &e);
                break;
            case 2:
                more = GOMP_loop_ull_doacross_guided_start(2, counts, 1, &s, &e);
                break;
            case 3:
                more = GOMP_loop_ull_doacross_runtime_start(2, counts, &s, &e);
                break;
            default: {
                void *mem = (void *)(uintptr_t)24;
                more = GOMP_loop_ull_doacross_start(2, counts, 1, 3, &s, &e, NULL, &mem);
                if (((long *)mem)[2])
                    abort();
            }
            }
            for (; more; more = GOMP_loop_ull_runtime_next(&s, &e))
                for (ull i = s; i < e; i++)
                    for (ull j = 0; j < COLS - 1; j++) {
                        if (i > 0)
                            GOMP_doacross_ull_wait(i - 1, j);
                        if (j > 0)
                            GOMP_doacross_ull_wait(i, j - 1);
                        wave_cell(i, j);
                        ull vector[2] = {i, j};
                        GOMP_doacross_ull_post(vector);
                    }
            GOMP_loop_end();
        }
        ok &= grid_ok();
    }
#pragma omp parallel
    {
        long counts[2] = {ROWS - 1, COLS - 1}, s, e;
        void *mem = (void *)(uintptr_t)32;
        for (bool more = GOMP_loop_doacross_start(2, counts, 2, 1, &s, &e, NULL, &mem); more;
             more = GOMP_loop_runtime_next(&s, &e))
            for (long i = s; i < e; i++)
                for (long j = 0; j < COLS - 1; j++) {
                    if (i > 0)
                        GOMP_doacross_wait(i - 1, j);
                    if (j > 0)
                        GOMP_doacross_wait(i, j - 1);
                    wave_cell((ull)i, (ull)j);
                    long vector[2] = {i, j};
                    GOMP_doacross_post(vector);
                }
        GOMP_loop_end();
    }
    ok &= grid_ok();
    return ok;
}

/* Bodies of the combined regions: the loop is already set up. */
static void static_body(void *arg)
{
    (void)arg;
    long s, e;
    while (GOMP_loop_static_next(&s, &e))
        for (long i = s; i < e; i++)
            hit(i);
    GOMP_loop_end_nowait();
}

static void runtime_body(void *arg)
{
    (void)arg;
    long s, e;
    while (GOMP_loop_runtime_next(&s, &e))
        for (long i = s; i > e; i--)
            hit(i);
    GOMP_loop_end_nowait();
}

static void sections_body(void *arg)
{
    (void)arg;
    for (unsigned section = GOMP_sections_next(); section; section = GOMP_sections_next())
        hit(section - 1);
    GOMP_sections_end_nowait();
}

static int combined(void)
{
    int ok = 1;
    GOMP_parallel_loop_static(static_body, NULL, 0, 0, 777, 1, 0, 0);
    for (long t = 0, next = 0; t < nthreads; t++) {
        long size = 777 / nthreads + (t < 777 % nthreads);
        for (long i = next; i < next + size; i++)
            ok &= owner[i] == t;
        next += size;
    }
    ok &= once(777);
    GOMP_parallel_loop_static_start(static_body, NULL, 0, 0, 600, 1, 9);
    static_body(NULL);
    GOMP_parallel_end();
    for (long i = 0; i < 600; i++)
        ok &= owner[i] == (i / 9) % nthreads;
    ok &= once(600);
    GOMP_parallel_loop_runtime_start(runtime_body, NULL, 0, 499, -1, -1);
    runtime_body(NULL);
    GOMP_parallel_end();
    ok &= once(500);
    GOMP_parallel_sections_start(sections_body, NULL, 0, 17);
    sections_body(NULL);
    GOMP_parallel_end();
    ok &= once(17);
    return ok;
}

static int sections2(void)
{
    static void *seen[8];
#pragma omp parallel
    {
        void *mem = (void *)(uintptr_t)12;
        for (unsigned section = GOMP_sections2_start(9, NULL, &mem); section; section = GOMP_sections_next())
            hit(section - 1);
        seen[omp_get_thread_num()] = mem;
        if (((int *)mem)[0] | ((int *)mem)[1] | ((int *)mem)[2])
            abort();
        GOMP_sections_end_nowait();
        GOMP_barrier();
    }
    int ok = once(9);
    for (int t = 1; t < nthreads; t++)
        ok &= seen[t] == seen[0];
    return ok;
}

/* Without cancellation the _cancel ends are plain barriers returning false. */
static int cancel_ends(void)
{
    int cancelled = 0;
#pragma omp parallel reduction(| : cancelled)
    {
        long s, e;
        for (bool more = GOMP_loop_static_start(0, 100, 1, 3, &s, &e); more; more = GOMP_loop_static_next(&s, &e))
            for (long i = s; i < e; i++)
                hit(i);
        cancelled |= GOMP_loop_end_cancel();
        for (unsigned section = GOMP_sections2_start(4, NULL, NULL); section; section = GOMP_sections_next())
            hit(100 + section);
        cancelled |= GOMP_sections_end_cancel();
    }
    int ok = !cancelled;
    for (int i = 0; i < 1000; i++)
        ok &= hits[i] == (i < 100 || (i > 100 && i <= 104));
    reset();
    return ok;
}

static const char *verdict(int ok)
{
    return ok ? "ok" : "FAILED";
}

int main(int argc, char **argv)
{
    nthreads = argc > 1 ? atoi(argv[1]) : 1;
    reset();
    int results[8] = {static_loops(), ull_loops(), loop_start(), ordered_start(),
                      doacross(),     combined(),  sections2(),  cancel_ends()};
    printf("threads=%d static=%s ull=%s loop_start=%s ordered_start=%s doacross=%s combined=%s sections2=%s "
           "cancel-ends=%s\n",
           nthreads, verdict(results[0]), verdict(results[1]), verdict(results[2]), verdict(results[3]),
           verdict(results[4]), verdict(results[5]), verdict(results[6]), verdict(results[7]));
    for (int k = 0; k < 8; k++)
        if (!results[k])
            return 1;
    return 0;
}
