// The depobj list of omp_target_memcpy_async and omp_target_memcpy_rect_async
// (OpenMP 5.1, 3.8.7-3.8.8) in the encoding of the compiler that built the
// program: GCC's omp_depend_t holds the dependence itself (two words),
// clang's is one pointer to an array the runtime allocated. Both reach the
// same exported routine, so the runtime must tell them apart from the
// objects alone. For each: the routine returns 0, its copy waits for the
// task writing the source (out, before it) and for the task writing the
// destination (a second depobj in the same list), and a task reading the
// destination after it sees the copied values. A list of two objects checks
// the list's stride (16 bytes for GCC, 8 for clang); clang's objects may
// also hold several dependences each (GCC's hold one). A long list, made
// while other objects come and go, checks that every object is found.
// RUN: %omp-cc %s -L%libdir -o %t
// RUN: env OMP_NUM_THREADS=4 %run %t | FileCheck %s
// RUN: env GLASS_HOST_DEVICES=1 OMP_NUM_THREADS=4 %run %t | FileCheck %s
// RUN: env OMP_NUM_THREADS=1 %run %t | FileCheck %s
// CHECK: flat: returned=0 order=ok values=ok reader=ok
// CHECK-NEXT: rect: returned=0 order=ok values=ok reader=ok
// CHECK-NEXT: several in one: returned=0 order=ok values=ok
// CHECK-NEXT: many: returned=0 values=ok
// CHECK-NEXT: destroyed depobj: 22
#include <omp.h>
#include <stdatomic.h>
#include <stdio.h>
#include <time.h>

// GCC 12's omp.h predates the _async routines; clang's declares them alike.
int omp_target_memcpy_async(void *, const void *, size_t, size_t, size_t, int, int, int, omp_depend_t *);
int omp_target_memcpy_rect_async(void *, const void *, size_t, int, const size_t *, const size_t *,
                                 const size_t *, const size_t *, const size_t *, int, int, int, omp_depend_t *);

enum { N = 256, ROWS = 4, COLS = 6 };

static void nap(void)
{
    struct timespec ts = {0, 20 * 1000 * 1000};
    nanosleep(&ts, NULL);
}

static int src[N], dst[N];
static int msrc[ROWS][COLS], mdst[ROWS][COLS];

/* Tasks that must come before the copy sleep first, so that a copy which
 * ignored its dependences would run ahead of them. */
static void flat(int host)
{
    int rc = -1, order_ok = 0, reader_ok = 1, ok = 1;
    atomic_int producer_done = 0, overwriter_done = 0, copy_seen = 0;
#pragma omp parallel
#pragma omp single
    {
        omp_depend_t objs[2];
#pragma omp depobj(objs[0]) depend(in : src)
#pragma omp depobj(objs[1]) depend(inout : dst)
#pragma omp task depend(out : src) shared(producer_done)
        {
            nap();
            for (int i = 0; i < N; i++)
                src[i] = 7 * i + 3;
            atomic_store(&producer_done, 1);
        }
#pragma omp task depend(out : dst) shared(overwriter_done)
        {
            nap();
            for (int i = 0; i < N; i++)
                dst[i] = -5;
            atomic_store(&overwriter_done, 1);
        }
        rc = omp_target_memcpy_async(dst, src, sizeof dst, 0, 0, host, host, 2, objs);
#pragma omp task depend(in : dst) shared(order_ok, reader_ok, copy_seen)
        {
            order_ok = atomic_load(&producer_done) && atomic_load(&overwriter_done);
            for (int i = 0; i < N; i++)
                reader_ok &= dst[i] == 7 * i + 3;
            atomic_store(&copy_seen, 1);
        }
#pragma omp taskwait
#pragma omp depobj(objs[0]) destroy
#pragma omp depobj(objs[1]) destroy
    }
    for (int i = 0; i < N; i++)
        ok &= dst[i] == 7 * i + 3;
    printf("flat: returned=%d order=%s values=%s reader=%s\n", rc, order_ok ? "ok" : "WRONG", ok ? "ok" : "WRONG",
           reader_ok && atomic_load(&copy_seen) ? "ok" : "WRONG");
}

/* A 2x3 block at (1, 2) of msrc to (2, 0) of mdst, one depobj on each whole
 * matrix (an array in both). */
static void rect(int host)
{
    int rc = -1, order_ok = 0, reader_ok = 1, ok = 1;
    atomic_int producer_done = 0;
    size_t volume[2] = {2, 3}, soff[2] = {1, 2}, doff[2] = {2, 0}, dims[2] = {ROWS, COLS};
    for (int r = 0; r < ROWS; r++)
        for (int c = 0; c < COLS; c++)
            mdst[r][c] = -1;
#pragma omp parallel
#pragma omp single
    {
        omp_depend_t objs[2];
#pragma omp depobj(objs[0]) depend(inout : mdst)
#pragma omp depobj(objs[1]) depend(in : msrc)
#pragma omp task depend(out : msrc) shared(producer_done)
        {
            nap();
            for (int r = 0; r < ROWS; r++)
                for (int c = 0; c < COLS; c++)
                    msrc[r][c] = 100 * r + c;
            atomic_store(&producer_done, 1);
        }
        rc = omp_target_memcpy_rect_async(mdst, msrc, sizeof(int), 2, volume, doff, soff, dims, dims, host, host, 2,
                                          objs);
#pragma omp task depend(in : mdst) shared(order_ok, reader_ok)
        {
            order_ok = atomic_load(&producer_done);
            reader_ok = mdst[2][0] == 102 && mdst[3][2] == 204;
        }
#pragma omp taskwait
#pragma omp depobj(objs[0]) destroy
#pragma omp depobj(objs[1]) destroy
    }
    for (int r = 0; r < ROWS; r++)
        for (int c = 0; c < COLS; c++) {
            int in_block = r >= 2 && c < 3;
            ok &= mdst[r][c] == (in_block ? 100 * (r - 1) + c + 2 : -1);
        }
    printf("rect: returned=%d order=%s values=%s reader=%s\n", rc, order_ok ? "ok" : "WRONG", ok ? "ok" : "WRONG",
           reader_ok ? "ok" : "WRONG");
}

/* Two producers the copy depends on: with clang through one object
 * holding both dependences, with GCC through one object each. */
static void several(int host)
{
    static int a[N], b[N];
    int rc = -1, order_ok = 0, ok = 1;
    atomic_int a_done = 0, b_done = 0;
#pragma omp parallel
#pragma omp single
    {
#ifdef __clang__
        omp_depend_t objs[1];
        int nobjs = 1;
#pragma omp depobj(objs[0]) depend(inout : a, b)
#else
        omp_depend_t objs[2];
        int nobjs = 2;
#pragma omp depobj(objs[0]) depend(inout : a)
#pragma omp depobj(objs[1]) depend(inout : b)
#endif
#pragma omp task depend(out : a) shared(a_done)
        {
            nap();
            for (int i = 0; i < N; i++)
                a[i] = i - 9;
            atomic_store(&a_done, 1);
        }
#pragma omp task depend(out : b) shared(b_done)
        {
            nap();
            for (int i = 0; i < N; i++)
                b[i] = 0;
            atomic_store(&b_done, 1);
        }
        rc = omp_target_memcpy_async(b, a, sizeof b, 0, 0, host, host, nobjs, objs);
#pragma omp task depend(in : b) shared(order_ok)
        order_ok = atomic_load(&a_done) && atomic_load(&b_done);
#pragma omp taskwait
        for (int i = 0; i < nobjs; i++) {
#pragma omp depobj(objs[i]) destroy
        }
    }
    for (int i = 0; i < N; i++)
        ok &= b[i] == i - 9;
    printf("several in one: returned=%d order=%s values=%s\n", rc, order_ok ? "ok" : "WRONG", ok ? "ok" : "WRONG");
}

/* A list of MANY objects, one per element of the destination, made while
 * as many other objects are made and destroyed; every element is written by
 * its own task, the first one late, so a copy that missed its object would
 * copy a 0. */
enum { MANY = 40 };
static void many(int host)
{
    static int from[MANY], to[MANY];
    int rc = -1, ok = 1;
#pragma omp parallel
#pragma omp single
    {
        omp_depend_t objs[MANY], churn[MANY];
        for (int i = 0; i < MANY; i++) {
#pragma omp depobj(churn[i]) depend(in : from[i])
#pragma omp depobj(objs[i]) depend(in : from[i])
        }
        for (int i = 0; i < MANY; i += 2) {
#pragma omp depobj(churn[i]) destroy
        }
        for (int i = 0; i < MANY; i++) {
#pragma omp task depend(out : from[i])
            {
                if (i == 0)
                    nap();
                from[i] = 1000 + i;
            }
        }
        rc = omp_target_memcpy_async(to, from, sizeof to, 0, 0, host, host, MANY, objs);
#pragma omp taskwait
        for (int i = 0; i < MANY; i++) {
#pragma omp depobj(objs[i]) destroy
        }
        for (int i = 1; i < MANY; i += 2) {
#pragma omp depobj(churn[i]) destroy
        }
    }
    for (int i = 0; i < MANY; i++)
        ok &= to[i] == 1000 + i;
    printf("many: returned=%d values=%s\n", rc, ok ? "ok" : "WRONG");
}

int main(void)
{
    int host = omp_get_initial_device();
    flat(host);
    rect(host);
    several(host);
    many(host);
    // A destroyed object is no dependence: EINVAL, nothing made. Held in a
    // pair so that reading either compiler's object stays in bounds.
    omp_depend_t pair[2];
    int x = 0;
#pragma omp depobj(pair[0]) depend(in : x)
#pragma omp depobj(pair[1]) depend(in : x)
#pragma omp depobj(pair[0]) destroy
    printf("destroyed depobj: %d\n", omp_target_memcpy_async(&x, &x, sizeof x, 0, 0, host, host, 1, pair));
#pragma omp depobj(pair[1]) destroy
    return 0;
}
