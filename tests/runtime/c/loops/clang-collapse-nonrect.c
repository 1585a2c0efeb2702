// A collapsed loop nest whose inner bounds depend on outer variables,
// scheduled by the runtime (libomp 17+: __kmpc_for_collapsed_init) and called
// as Intel's compilers call it: each thread passes its own copy of the nest,
// gets its chunk back as the chunk's first and last iteration points (lb0 and
// ub0 of each level) and runs the nest between them in the nest's order (a
// level starts at the chunk's lb0 while all outer levels are at the first
// point, ends at its ub0 while all are at the last), then calls
// __kmpc_for_static_fini. Each nest runs at 1, 2, 3 and 7 threads and is
// compared with the same nest run serially: every iteration runs exactly
// once, the chunks follow each other in the nest's order and in thread order
// (thread 0 first), the return value says whether the thread got iterations,
// and exactly one thread, the one running the last iteration, gets the
// last-iteration flag. Glass's chunk sizes are also checked: schedule(static)
// over the nest's iterations, sizes differing by at most one.
// collapse-nonrect-libomp19.test runs this program on LLVM's libomp 19
// (argument "reference"), which divides the nest its own way: everything but
// the sizes is checked there, on all nests but the two libomp 19 itself gets
// wrong (libomp19_fault below; the other 2-level nests start their outer loop
// at 1 to stay off its faulty shortcut for triangles that start at 0).
// REQUIRES: clang
// RUN: %omp-cc %s -L%libdir -o %t
// RUN: %run %t | FileCheck %s --implicit-check-not=FAIL
// CHECK: triangle threads=1 count=45 ok sizes=45 last=0
// CHECK-NEXT: triangle threads=2 count=45 ok sizes=23,22 last=1
// CHECK-NEXT: triangle threads=3 count=45 ok sizes=15,15,15 last=2
// CHECK-NEXT: triangle threads=7 count=45 ok sizes=7,7,7,6,6,6,6 last=6
// CHECK-NEXT: triangle-from-0 threads=1 count=55 ok sizes=55 last=0
// CHECK-NEXT: triangle-from-0 threads=2 count=55 ok sizes=28,27 last=1
// CHECK-NEXT: triangle-from-0 threads=3 count=55 ok sizes=19,18,18 last=2
// CHECK-NEXT: triangle-from-0 threads=7 count=55 ok sizes=8,8,8,8,8,8,7 last=6
// CHECK-NEXT: lower-step2 threads=1 count=35 ok sizes=35 last=0
// CHECK-NEXT: lower-step2 threads=2 count=35 ok sizes=18,17 last=1
// CHECK-NEXT: lower-step2 threads=3 count=35 ok sizes=12,12,11 last=2
// CHECK-NEXT: lower-step2 threads=7 count=35 ok sizes=5,5,5,5,5,5,5 last=6
// CHECK-NEXT: three-level threads=1 count=105 ok sizes=105 last=0
// CHECK-NEXT: three-level threads=2 count=105 ok sizes=53,52 last=1
// CHECK-NEXT: three-level threads=3 count=105 ok sizes=35,35,35 last=2
// CHECK-NEXT: three-level threads=7 count=105 ok sizes=15,15,15,15,15,15,15 last=6
// CHECK-NEXT: decreasing threads=1 count=26 ok sizes=26 last=0
// CHECK-NEXT: decreasing threads=2 count=26 ok sizes=13,13 last=1
// CHECK-NEXT: decreasing threads=3 count=26 ok sizes=9,9,8 last=2
// CHECK-NEXT: decreasing threads=7 count=26 ok sizes=4,4,4,4,4,3,3 last=6
// CHECK-NEXT: decreasing-3 threads=1 count=52 ok sizes=52 last=0
// CHECK-NEXT: decreasing-3 threads=2 count=52 ok sizes=26,26 last=1
// CHECK-NEXT: decreasing-3 threads=3 count=52 ok sizes=18,17,17 last=2
// CHECK-NEXT: decreasing-3 threads=7 count=52 ok sizes=8,8,8,7,7,7,7 last=6
// CHECK-NEXT: less-empty-tail threads=1 count=15 ok sizes=15 last=0
// CHECK-NEXT: less-empty-tail threads=2 count=15 ok sizes=8,7 last=1
// CHECK-NEXT: less-empty-tail threads=3 count=15 ok sizes=5,5,5 last=2
// CHECK-NEXT: less-empty-tail threads=7 count=15 ok sizes=3,2,2,2,2,2,2 last=6
// CHECK-NEXT: not-equal threads=1 count=28 ok sizes=28 last=0
// CHECK-NEXT: not-equal threads=2 count=28 ok sizes=14,14 last=1
// CHECK-NEXT: not-equal threads=3 count=28 ok sizes=10,9,9 last=2
// CHECK-NEXT: not-equal threads=7 count=28 ok sizes=4,4,4,4,4,4,4 last=6
// CHECK-NEXT: unsigned32 threads=1 count=28 ok sizes=28 last=0
// CHECK-NEXT: unsigned32 threads=2 count=28 ok sizes=14,14 last=1
// CHECK-NEXT: unsigned32 threads=3 count=28 ok sizes=10,9,9 last=2
// CHECK-NEXT: unsigned32 threads=7 count=28 ok sizes=4,4,4,4,4,4,4 last=6
// CHECK-NEXT: signed64 threads=1 count=28 ok sizes=28 last=0
// CHECK-NEXT: signed64 threads=2 count=28 ok sizes=14,14 last=1
// CHECK-NEXT: signed64 threads=3 count=28 ok sizes=10,9,9 last=2
// CHECK-NEXT: signed64 threads=7 count=28 ok sizes=4,4,4,4,4,4,4 last=6
// CHECK-NEXT: empty threads=1 count=0 ok sizes=0 last=none
// CHECK-NEXT: empty threads=2 count=0 ok sizes=0,0 last=none
// CHECK-NEXT: empty threads=3 count=0 ok sizes=0,0,0 last=none
// CHECK-NEXT: empty threads=7 count=0 ok sizes=0,0,0,0,0,0,0 last=none
// CHECK-NEXT: tiny threads=1 count=3 ok sizes=3 last=0
// CHECK-NEXT: tiny threads=2 count=3 ok sizes=2,1 last=1
// CHECK-NEXT: tiny threads=3 count=3 ok sizes=1,1,1 last=2
// CHECK-NEXT: tiny threads=7 count=3 ok sizes=1,1,1,0,0,0,0 last=2
// The chunks are points of the nest, both ends iterations:
// CHECK-NEXT: triangle threads=2 chunks: (1,1)..(3,8) (3,9)..(9,9)
// CHECK-NEXT: signed64 threads=3 chunks: (-1099511627775,-1099511627775)..(-1099511627772,-1099511627769) (-1099511627771,-1099511627771)..(-1099511627770,-1099511627767) (-1099511627770,-1099511627766)..(-1099511627769,-1099511627763)
#include <inttypes.h>
#include <omp.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "../Inputs/kmp_collapse.h"

enum { UINT32 = 4, INT32 = 5, UINT64 = 6, INT64 = 7 };
enum { LE = 0, GE = 1, NE = 2, LT = 3, GT = 4 };
enum { MAX_LEVELS = 3, MAX_POINTS = 256, MAX_THREADS = 7 };

/* An iteration: each level's variable, sign- or zero-extended from its type. */
typedef struct {
    uint64_t v[MAX_LEVELS];
} point;
#define S(x) ((uint64_t)(int64_t)(x))
#define U(x) ((uint64_t)(x))

/* ---- The nests, each with its serial run ---------------------------------- */

struct nest_case {
    const char *name;
    int n;
    struct bounds_info loops[MAX_LEVELS];
    int (*serial)(point *out); /* records the iterations in order, returns how many */
    /* Why the reference run leaves it out (libomp 19's own faults), or NULL. */
    const char *libomp19_fault;
};

#define RECORD(...)                                                                                  \
    do {                                                                                             \
        if (count < MAX_POINTS)                                                                      \
            out[count] = (point){{__VA_ARGS__}};                                                     \
        count++;                                                                                     \
    } while (0)

static int triangle(point *out)
{
    int count = 0;
    for (int i = 1; i < 10; i++)
        for (int j = i; j < 10; j++)
            RECORD(S(i), S(j));
    return count;
}

static int triangle_from0(point *out)
{
    int count = 0;
    for (int i = 0; i < 10; i++)
        for (int j = i; j < 10; j++)
            RECORD(S(i), S(j));
    return count;
}

static int lower_step2(point *out)
{
    int count = 0;
    for (int i = 1; i < 11; i++)
        for (int j = 0; j <= i; j += 2)
            RECORD(S(i), S(j));
    return count;
}

static int three_level(point *out)
{
    int count = 0;
    for (int i = 0; i < 6; i++)
        for (int j = i; j <= 2 * i; j++)
            for (int k = 0; k < j; k++)
                RECORD(S(i), S(j), S(k));
    return count;
}

static int decreasing(point *out)
{
    int count = 0;
    for (int i = 10; i >= 0; i -= 3)
        for (int j = i; j >= -i; j -= 2)
            RECORD(S(i), S(j));
    return count;
}

static int decreasing3(point *out)
{
    int count = 0;
    for (int i = 10; i >= 0; i -= 3)
        for (int j = i; j >= -i; j -= 2)
            for (int k = j; k > j - 2; k--)
                RECORD(S(i), S(j), S(k));
    return count;
}

static int less_empty_tail(point *out)
{
    int count = 0;
    for (int i = 0; i < 8; i++)
        for (int j = 0; j < 5 - i; j++)
            RECORD(S(i), S(j));
    return count;
}

static int not_equal(point *out)
{
    int count = 0;
    for (int i = 1; i != 8; i++)
        for (int j = 0; j != i; j++)
            RECORD(S(i), S(j));
    return count;
}

static int unsigned32(point *out)
{
    int count = 0;
    for (unsigned i = 4000000000u; i < 4000000009u; i += 2)
        for (unsigned j = i; j < 4000000020u; j += 3)
            RECORD(U(i), U(j));
    return count;
}

#define BIG (-(INT64_C(1) << 40)) /* start of signed64's outer loop */
static int signed64(point *out)
{
    int count = 0;
    for (int64_t i = BIG; i < BIG + 8; i++)
        for (int64_t j = i; j < 2 * i - BIG; j++)
            RECORD(S(i), S(j));
    return count;
}

static int empty(point *out)
{
    int count = 0;
    for (int i = 0; i < 5; i++)
        for (int j = i + 1; j <= i; j++)
            RECORD(S(i), S(j));
    return count;
}

static int tiny(point *out)
{
    int count = 0;
    for (int i = 1; i < 3; i++)
        for (int j = 1; j <= i; j++)
            RECORD(S(i), S(j));
    return count;
}

/* Each loop: types, comparison, outer level, lb0, lb1, ub0, ub1, step. */
static const struct nest_case cases[] = {
    {"triangle", 2, {{INT32, INT32, LT, 0, 1, 0, 10, 0, 1}, {INT32, INT32, LT, 0, 0, 1, 10, 0, 1}}, triangle},
    {"triangle-from-0",
     2,
     {{INT32, INT32, LT, 0, 0, 0, 10, 0, 1}, {INT32, INT32, LT, 0, 0, 1, 10, 0, 1}},
     triangle_from0,
     "its shortcut for 2-level triangles whose outer loop starts at 0 hands out wrong chunks and no "
     "last-iteration flag"},
    {"lower-step2", 2, {{INT32, INT32, LT, 0, 1, 0, 11, 0, 1}, {INT32, INT32, LE, 0, 0, 0, 0, 1, 2}}, lower_step2},
    {"three-level",
     3,
     {{INT32, INT32, LT, 0, 0, 0, 6, 0, 1}, {INT32, INT32, LE, 0, 0, 1, 0, 2, 1}, {INT32, INT32, LT, 1, 0, 0, 0, 1, 1}},
     three_level},
    {"decreasing",
     2,
     {{INT32, INT32, GE, 0, 10, 0, 0, 0, -3}, {INT32, INT32, GE, 0, 0, 1, 0, S(-1), -2}},
     decreasing,
     "it asserts that a 2-level nest compares with <= once canonical"},
    {"decreasing-3",
     3,
     {{INT32, INT32, GE, 0, 10, 0, 0, 0, -3},
      {INT32, INT32, GE, 0, 0, 1, 0, S(-1), -2},
      {INT32, INT32, GT, 1, 0, 1, S(-2), 1, -1}},
     decreasing3},
    {"less-empty-tail",
     2,
     {{INT32, INT32, LT, 0, 0, 0, 8, 0, 1}, {INT32, INT32, LT, 0, 0, 0, 5, S(-1), 1}},
     less_empty_tail},
    {"not-equal", 2, {{INT32, INT32, NE, 0, 1, 0, 8, 0, 1}, {INT32, INT32, NE, 0, 0, 0, 0, 1, 1}}, not_equal},
    {"unsigned32",
     2,
     {{UINT32, UINT32, LT, 0, 4000000000u, 0, 4000000009u, 0, 2}, {UINT32, UINT32, LT, 0, 0, 1, 4000000020u, 0, 3}},
     unsigned32},
    {"signed64", 2, {{INT64, INT64, LT, 0, S(BIG), 0, S(BIG + 8), 0, 1}, {INT64, INT64, LT, 0, 0, 1, S(-BIG), 2, 1}},
     signed64},
    {"empty", 2, {{INT32, INT32, LT, 0, 0, 0, 5, 0, 1}, {INT32, INT32, LE, 0, 1, 1, 0, 1, 1}}, empty},
    {"tiny", 2, {{INT32, INT32, LT, 0, 1, 0, 3, 0, 1}, {INT32, INT32, LE, 0, 1, 0, 0, 1, 1}}, tiny},
};

/* ---- Running a chunk, as the compiled code would --------------------------- */

static uint64_t in_type(uint64_t raw, int type)
{
    if (type >= UINT64)
        return raw;
    return type & 1 ? S((int32_t)raw) : U((uint32_t)raw);
}

static bool typed_less(uint64_t a, uint64_t b, int type)
{
    return type & 1 ? (int64_t)a < (int64_t)b : a < b;
}

static uint64_t bound(const struct bounds_info *loop, uint64_t b0, uint64_t b1, const uint64_t *ivs)
{
    int type = loop->loop_type;
    return in_type(b0 + in_type(b1, type) * in_type(ivs[loop->outer_iv], type), type);
}

static point got[MAX_THREADS][MAX_POINTS];
static int got_count[MAX_THREADS], returned[MAX_THREADS], lastiter[MAX_THREADS], bad_chunk[MAX_THREADS];
static point chunk_first[MAX_THREADS], chunk_last[MAX_THREADS];

/* Level `level` of the nest (canonical now: <= or >=) between the chunk's
 * points: its own bounds, except the chunk's where the outer levels are all
 * at the chunk's first (or last) point. */
static void run_level(const struct bounds_info *nest, const struct bounds_info *chunk, int n, int level,
                      bool at_first, bool at_last, uint64_t *ivs, int tid)
{
    const struct bounds_info *loop = &nest[level];
    int type = loop->loop_type;
    uint64_t lo = at_first ? in_type(chunk[level].lb0, type) : bound(loop, loop->lb0, loop->lb1, ivs);
    uint64_t hi = at_last ? in_type(chunk[level].ub0, type) : bound(loop, loop->ub0, loop->ub1, ivs);
    bool up = loop->comparison == LE;
    if (up ? typed_less(hi, lo, type) : typed_less(lo, hi, type))
        return;
    int64_t step = (int64_t)in_type((uint64_t)loop->step, type | 1);
    uint64_t magnitude = step < 0 ? 0 - (uint64_t)step : (uint64_t)step;
    uint64_t steps = in_type(up ? hi - lo : lo - hi, type & ~1) / magnitude;
    for (uint64_t k = 0;; k++) {
        ivs[level] = in_type(in_type(lo + k * (uint64_t)step, type), loop->loop_iv_type);
        bool first = at_first && ivs[level] == in_type(chunk[level].lb0, loop->loop_iv_type);
        bool last = at_last && ivs[level] == in_type(chunk[level].ub0, loop->loop_iv_type);
        if (level + 1 < n) {
            run_level(nest, chunk, n, level + 1, first, last, ivs, tid);
        } else {
            if (got_count[tid] < MAX_POINTS)
                memcpy(got[tid][got_count[tid]].v, ivs, n * sizeof *ivs);
            got_count[tid]++;
        }
        if (k == steps)
            break;
    }
}

/* ---- One nest at one team size --------------------------------------------- */

static point expected[MAX_POINTS];

static void show_point(const point *p, int n)
{
    printf("(");
    for (int l = 0; l < n; l++)
        printf(l ? ",%" PRId64 : "%" PRId64, (int64_t)p->v[l]);
    printf(")");
}

static void run_case(const struct nest_case *c, int threads, bool reference, bool show_chunks)
{
    int count = c->serial(expected);
    if (count > MAX_POINTS) {
        printf("FAIL %s: %d iterations, more than the test holds\n", c->name, count);
        return;
    }
    memset(got_count, 0, sizeof got_count);
    memset(returned, 0, sizeof returned);
    memset(lastiter, 0, sizeof lastiter);
    memset(bad_chunk, 0, sizeof bad_chunk);
    int team = 0;
#pragma omp parallel num_threads(threads)
    {
        int tid = omp_get_thread_num();
        int32_t gtid = __kmpc_global_thread_num(NULL);
#pragma omp single
        team = omp_get_num_threads();
        struct bounds_info nest[MAX_LEVELS], chunk[MAX_LEVELS];
        memcpy(nest, c->loops, sizeof nest);
        memset(chunk, 0xa5, sizeof chunk);
        int32_t last = -1;
        returned[tid] = __kmpc_for_collapsed_init(NULL, gtid, nest, chunk, c->n, &last);
        lastiter[tid] = last;
        for (int l = 0; l < c->n; l++)
            if (nest[l].comparison != LE && nest[l].comparison != GE)
                bad_chunk[tid] = 1; /* the nest was not canonicalized */
        if (returned[tid]) {
            uint64_t ivs[MAX_LEVELS] = {0};
            for (int l = 0; l < c->n; l++) {
                if (chunk[l].lb1 != 0 || chunk[l].ub1 != 0)
                    bad_chunk[tid] = 1;
                chunk_first[tid].v[l] = chunk[l].lb0;
                chunk_last[tid].v[l] = chunk[l].ub0;
            }
            run_level(nest, chunk, c->n, 0, true, true, ivs, tid);
        }
        __kmpc_for_static_fini(NULL, gtid);
    }
    if (team != threads) {
        printf("FAIL %s threads=%d: the team has %d threads\n", c->name, threads, team);
        return;
    }
    bool ok = true;
    int next = 0, last_owner = -1;
    for (int t = 0; t < threads; t++) {
        if (bad_chunk[t]) {
            printf("FAIL %s threads=%d: thread %d's nest or chunk is not in the canonical form\n", c->name, threads,
                   t);
            ok = false;
        }
        if ((returned[t] != 0) != (got_count[t] > 0)) {
            printf("FAIL %s threads=%d: thread %d returned %d and ran %d iterations\n", c->name, threads, t,
                   returned[t], got_count[t]);
            ok = false;
        }
        if (got_count[t] > 0)
            last_owner = t;
        for (int k = 0; k < got_count[t] && k < MAX_POINTS; k++, next++) {
            if (next >= count || memcmp(got[t][k].v, expected[next].v, c->n * sizeof(uint64_t)) != 0) {
                printf("FAIL %s threads=%d: thread %d's iteration %d is ", c->name, threads, t, k);
                show_point(&got[t][k], c->n);
                printf(", not iteration %d of the nest\n", next);
                ok = false;
                break;
            }
        }
        if (!reference && got_count[t] != count / threads + (t < count % threads)) {
            printf("FAIL %s threads=%d: thread %d ran %d iterations, not schedule(static)'s share\n", c->name,
                   threads, t, got_count[t]);
            ok = false;
        }
    }
    if (next != count) {
        printf("FAIL %s threads=%d: the threads ran %d of the %d iterations in order\n", c->name, threads, next,
               count);
        ok = false;
    }
    int flagged = -1;
    for (int t = 0; t < threads; t++) {
        if (lastiter[t] && (flagged >= 0 || t != last_owner)) {
            printf("FAIL %s threads=%d: thread %d has the last-iteration flag, the last iteration is thread %d's\n",
                   c->name, threads, t, last_owner);
            ok = false;
        }
        if (lastiter[t])
            flagged = t;
    }
    if (flagged != last_owner) {
        printf("FAIL %s threads=%d: the last-iteration flag is on thread %d, not %d\n", c->name, threads, flagged,
               last_owner);
        ok = false;
    }
    if (!ok)
        return;
    if (show_chunks) {
        printf("%s threads=%d chunks:", c->name, threads);
        for (int t = 0; t < threads; t++) {
            printf(" ");
            show_point(&chunk_first[t], c->n);
            printf("..");
            show_point(&chunk_last[t], c->n);
        }
        printf("\n");
        return;
    }
    printf("%s threads=%d count=%d ok", c->name, threads, count);
    if (!reference) {
        printf(" sizes=");
        for (int t = 0; t < threads; t++)
            printf(t ? ",%d" : "%d", got_count[t]);
        if (last_owner < 0)
            printf(" last=none");
        else
            printf(" last=%d", last_owner);
    }
    printf("\n");
}

int main(int argc, char **argv)
{
    bool reference = argc > 1 && strcmp(argv[1], "reference") == 0;
    static const int team_sizes[] = {1, 2, 3, 7};
    int ncases = (int)(sizeof cases / sizeof cases[0]);
    for (int c = 0; c < ncases; c++) {
        if (reference && cases[c].libomp19_fault) {
            printf("%s left out: %s\n", cases[c].name, cases[c].libomp19_fault);
            continue;
        }
        for (int s = 0; s < 4; s++)
            run_case(&cases[c], team_sizes[s], reference, false);
    }
    if (!reference) {
        run_case(&cases[0], 2, false, true);
        run_case(&cases[9], 3, false, true);
    }
    return 0;
}
