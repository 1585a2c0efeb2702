// Clang ABI synchronization: single (one thread, nowait too), copyprivate
// (__kmpc_copyprivate broadcasts the executing thread's values), master and
// masked, named, unnamed and hinted critical sections (mutual exclusion
// detected), barriers, and the reduction protocol (__kmpc_reduce and
// _nowait: direct, atomic and critical-section methods, scalar, array,
// user-defined and long double reductions; the critical-section method,
// which Clang's own code never asks for, through direct calls).
// REQUIRES: clang
// RUN: %omp-cc %s -o %t -latomic
// RUN: for n in %threads; do OMP_NUM_THREADS=$n %run %t $n; done | FileCheck %s
// CHECK: threads=1 single=ok copyprivate=ok master=ok masked=ok critical=ok barrier=ok
// CHECK-NEXT: threads=1 reduce: sum=ok product=ok max=ok min=ok double=ok array=ok udr=ok long-double=ok nowait=ok critical=ok
// CHECK: threads=2 single=ok copyprivate=ok master=ok masked=ok critical=ok barrier=ok
// CHECK-NEXT: threads=2 reduce: sum=ok product=ok max=ok min=ok double=ok array=ok udr=ok long-double=ok nowait=ok critical=ok
// CHECK: threads=4 single=ok copyprivate=ok master=ok masked=ok critical=ok barrier=ok
// CHECK-NEXT: threads=4 reduce: sum=ok product=ok max=ok min=ok double=ok array=ok udr=ok long-double=ok nowait=ok critical=ok
// CHECK: threads=8 single=ok copyprivate=ok master=ok masked=ok critical=ok barrier=ok
// CHECK-NEXT: threads=8 reduce: sum=ok product=ok max=ok min=ok double=ok array=ok udr=ok long-double=ok nowait=ok critical=ok
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>

struct pair {
    long lo, hi;
};

/* The Clang ABI's reduction entry points, for the direct calls. */
struct ident {
    int reserved_1, flags, reserved_2, reserved_3;
    const char *psource;
};
extern int __kmpc_reduce(struct ident *, int, int, size_t, void *, void (*)(void *, void *), int (*)[8]);
extern void __kmpc_end_reduce(struct ident *, int, int (*)[8]);
extern int __kmpc_reduce_nowait(struct ident *, int, int, size_t, void *, void (*)(void *, void *), int (*)[8]);
extern void __kmpc_end_reduce_nowait(struct ident *, int, int (*)[8]);
extern int __kmpc_global_thread_num(struct ident *);

static void combine_long(void *lhs, void *rhs)
{
    **(long **)lhs += **(long **)rhs;
}

/* Without KMP_IDENT_ATOMIC_REDUCE (0x10) in the location, the runtime must
 * answer 1 and keep the threads out of each other's combining code. */
static int critical_method(int n)
{
    static struct ident loc = {0, 2, 0, 0, ";clang-sync.c;critical_method;1;1;;"};
    static int lock[8];
    long total = 0, total_nowait = 0;
    int inside = 0, ok = 1;
#pragma omp parallel
    {
        long mine = omp_get_thread_num() + 1;
        void *list[1] = {&mine};
        int gtid = __kmpc_global_thread_num(&loc);
        for (int round = 0; round < 50; round++) {
            switch (__kmpc_reduce_nowait(&loc, gtid, 1, sizeof list, list, combine_long, &lock)) {
            case 1:
                if (__atomic_fetch_add(&inside, 1, __ATOMIC_SEQ_CST))
                    ok = 0;
                total_nowait += mine;
                __atomic_fetch_sub(&inside, 1, __ATOMIC_SEQ_CST);
                __kmpc_end_reduce_nowait(&loc, gtid, &lock);
                break;
            default:
                ok = 0;
            }
        }
        switch (__kmpc_reduce(&loc, gtid, 1, sizeof list, list, combine_long, &lock)) {
        case 1:
            total += mine;
            __kmpc_end_reduce(&loc, gtid, &lock);
            break;
        default:
            ok = 0;
        }
        /* __kmpc_end_reduce ends with a barrier: everyone's part is in. */
        if (total != (long)n * (n + 1) / 2)
            ok = 0;
    }
    return ok && total_nowait == 50L * n * (n + 1) / 2;
}

#pragma omp declare reduction(span : struct pair : omp_out.lo = omp_in.lo < omp_out.lo ? omp_in.lo : omp_out.lo, \
                                                   omp_out.hi = omp_in.hi > omp_out.hi ? omp_in.hi : omp_out.hi) \
    initializer(omp_priv = (struct pair){1L << 40, -(1L << 40)})

static const char *verdict(int ok)
{
    return ok ? "ok" : "FAILED";
}

int main(int argc, char **argv)
{
    int n = atoi(argv[1]);
    int singles = 0, singles_nowait = 0, copy_ok = 1, masters = 0, masked = 0, masked_tid = -1;
    int inside = 0, overlap = 0, inside_named = 0, inside_hint = 0, barrier_ok = 1;
    int arrived = 0;
#pragma omp parallel
    {
        for (int round = 0; round < 20; round++) {
#pragma omp single
            singles++;
#pragma omp single nowait
            {
#pragma omp atomic
                singles_nowait++;
            }
        }
        /* copyprivate of a scalar, a struct and an array. */
        for (int round = 0; round < 10; round++) {
            int x;
            struct pair p;
            double v[3];
#pragma omp single copyprivate(x, p, v)
            {
                x = 100 + round + omp_get_thread_num() * 0;
                p.lo = -round;
                p.hi = round * 1000L;
                v[0] = round;
                v[1] = 2.5;
                v[2] = -round;
            }
            if (x != 100 + round || p.lo != -round || p.hi != round * 1000L || v[0] != round || v[1] != 2.5 ||
                v[2] != -round) {
#pragma omp atomic write
                copy_ok = 0;
            }
        }
#pragma omp master
        masters++;
#pragma omp masked filter(1)
        {
            masked++;
            masked_tid = omp_get_thread_num();
        }
        /* Mutual exclusion: nobody else inside at the same time. */
        for (int i = 0; i < 200; i++) {
#pragma omp critical
            {
                if (inside++)
                    overlap = 1;
                inside--;
            }
#pragma omp critical(named)
            {
                if (inside_named++)
                    overlap = 1;
                inside_named--;
            }
#pragma omp critical(hinted) hint(omp_sync_hint_contended)
            {
                if (inside_hint++)
                    overlap = 1;
                inside_hint--;
            }
        }
        /* Nobody passes a barrier before everybody has arrived. */
        for (int round = 1; round <= 10; round++) {
#pragma omp atomic
            arrived++;
#pragma omp barrier
            int seen;
#pragma omp atomic read
            seen = arrived;
            if (seen < round * n) {
#pragma omp atomic write
                barrier_ok = 0;
            }
#pragma omp barrier
        }
    }
    int masked_ok = n > 1 ? masked == 1 && masked_tid == 1 : masked == 0;
    printf("threads=%d single=%s copyprivate=%s master=%s masked=%s critical=%s barrier=%s\n", n,
           verdict(singles == 20 && singles_nowait == 20), verdict(copy_ok), verdict(masters == 1),
           verdict(masked_ok), verdict(!overlap), verdict(barrier_ok));

    /* Reductions over 1000 iterations. */
    long sum = 0, prod = 1;
    int max = -1, min = 1 << 30;
    double dsum = 0;
    long arr[4] = {0, 0, 0, 0};
    struct pair span = {1L << 40, -(1L << 40)};
    long double ldsum = 0;
#pragma omp parallel for reduction(+ : sum) reduction(* : prod) reduction(max : max) reduction(min : min) \
    reduction(+ : dsum, arr[:4]) reduction(span : span) reduction(+ : ldsum)
    for (int i = 1; i <= 1000; i++) {
        sum += i;
        if (i % 100 == 0)
            prod *= 2;
        if (i > max)
            max = i;
        if (i < min)
            min = i;
        dsum += 0.5;
        arr[i % 4] += i;
        if (i < span.lo)
            span.lo = i;
        if (i > span.hi)
            span.hi = i;
        ldsum += 0.25L;
    }
    long nowait_sum = 0;
#pragma omp parallel
    {
#pragma omp for reduction(+ : nowait_sum) nowait
        for (int i = 0; i < 100; i++)
            nowait_sum += i;
    }
    printf("threads=%d reduce: sum=%s product=%s max=%s min=%s double=%s array=%s udr=%s long-double=%s "
           "nowait=%s critical=%s\n",
           n, verdict(sum == 500500), verdict(prod == 1024), verdict(max == 1000), verdict(min == 1),
           verdict(dsum == 500.0), verdict(arr[0] == 125500 && arr[1] == 124750 && arr[2] == 125000 && arr[3] == 125250),
           verdict(span.lo == 1 && span.hi == 1000), verdict(ldsum == 250.0L), verdict(nowait_sum == 4950),
           verdict(critical_method(n)));
    return 0;
}
