// The taskloop construct: grainsize (each task between g and 2g iterations),
// grainsize strict (exactly g, the last task the rest), num_tasks, the
// default (Glass: one task per thread, as libgomp), nogroup (the construct
// does not wait, a taskwait does), reduction, a decreasing loop, an unsigned
// long long loop and an empty one. Each task numbers itself on its first
// iteration through a firstprivate variable, of which every task has its own
// copy, and stamps the iterations it runs.
// REQUIRES: gcc
// RUN: %omp-cc %s -o %t && for n in %threads; do OMP_NUM_THREADS=$n %run %t; done | FileCheck %s
// RUN: %omp-cxx %s -o %t.cxx && for n in %threads; do OMP_NUM_THREADS=$n %run %t.cxx; done | FileCheck %s
// CHECK-COUNT-4: grainsize=33 tasks 30..31 strict=34 tasks 30*33+10 num_tasks=7 tasks 142..143 default=ok nogroup=ok reduction=5050 down=5 tasks ull=10 tasks empty=ok
#include <omp.h>
#include <stdio.h>

#define N 1000

static int owner[N];
static int next_id;

static void reset(void)
{
    for (int i = 0; i < N; i++)
        owner[i] = -1;
    next_id = 0;
}

#define STAMP(i)                                                                                                 \
    do {                                                                                                         \
        if (id < 0)                                                                                              \
            id = __atomic_fetch_add(&next_id, 1, __ATOMIC_RELAXED);                                              \
        owner[i] = id;                                                                                           \
    } while (0)

struct shape {
    int tasks, smallest, largest;
    int sizes[N + 1]; /* tasks of each size */
    int last_size;    /* size of the task with the highest iterations */
};

/* Tasks of the iterations in [0, n) with the given stride; -1 tasks if an
 * iteration was not run or a task's iterations are not contiguous. */
static struct shape analyse(int n, int stride)
{
    static struct shape shape;
    int size[N] = {0}, seen_end[N] = {0};
    shape = (struct shape){0};
    shape.smallest = N + 1;
    int previous = -1;
    for (int i = 0; i < n; i += stride) {
        int id = owner[i];
        if (id < 0 || id >= N || (id != previous && seen_end[id])) {
            shape.tasks = -1;
            return shape;
        }
        if (previous >= 0 && id != previous)
            seen_end[previous] = 1;
        size[id]++;
        previous = id;
    }
    for (int id = 0; id < next_id; id++) {
        shape.tasks++;
        shape.sizes[size[id]]++;
        if (size[id] < shape.smallest)
            shape.smallest = size[id];
        if (size[id] > shape.largest)
            shape.largest = size[id];
    }
    shape.last_size = size[previous];
    return shape;
}

int main(void)
{
    struct shape grain, strict, num, def, down, ull;
    int nogroup_ok = 0, empty_ok = 0, nthreads = 0;
    long sum = 0, empty_sum = 0;
#pragma omp parallel
#pragma omp single
    {
        nthreads = omp_get_num_threads();
        int id = -1;
        reset();
#pragma omp taskloop grainsize(30) firstprivate(id)
        for (int i = 0; i < N; i++)
            STAMP(i);
        grain = analyse(N, 1);

        reset();
#pragma omp taskloop grainsize(strict : 30) firstprivate(id)
        for (int i = 0; i < N; i++)
            STAMP(i);
        strict = analyse(N, 1);

        reset();
#pragma omp taskloop num_tasks(7) firstprivate(id)
        for (int i = 0; i < N; i++)
            STAMP(i);
        num = analyse(N, 1);

        reset();
#pragma omp taskloop firstprivate(id)
        for (int i = 0; i < N; i++)
            STAMP(i);
        def = analyse(N, 1);

        reset();
#pragma omp taskloop nogroup firstprivate(id)
        for (int i = 0; i < N; i++)
            STAMP(i);
#pragma omp taskwait
        nogroup_ok = analyse(N, 1).tasks > 0;

#pragma omp taskloop reduction(+ : sum) grainsize(10)
        for (int i = 1; i <= 100; i++)
            sum += i;

        reset();
#pragma omp taskloop num_tasks(5) firstprivate(id)
        for (int i = N - 1; i >= 0; i -= 3)
            STAMP(i);
        down = analyse(N, 1);
        down.tasks = 0;
        for (int i = 0; i < N; i++)
            if ((N - 1 - i) % 3 == 0 ? owner[i] < 0 : owner[i] >= 0)
                down.tasks = -1;
        if (down.tasks == 0)
            down.tasks = next_id;

        reset();
#pragma omp taskloop grainsize(100) firstprivate(id)
        for (unsigned long long i = 0; i < N; i++)
            STAMP(i);
        ull = analyse(N, 1);

        int lo = 5, hi = 5;
#pragma omp taskloop reduction(+ : empty_sum)
        for (int i = lo; i < hi; i++)
            empty_sum += 1;
        empty_ok = empty_sum == 0;
    }
    int strict_ok = strict.tasks == 34 && strict.sizes[30] == 33 && strict.last_size == 10;
    int def_ok = def.tasks == nthreads;
    printf("grainsize=%d tasks %d..%d strict=%d tasks %s num_tasks=%d tasks %d..%d default=%s nogroup=%s "
           "reduction=%ld down=%d tasks ull=%d tasks empty=%s\n",
           grain.tasks, grain.smallest, grain.largest, strict.tasks, strict_ok ? "30*33+10" : "WRONG", num.tasks,
           num.smallest, num.largest, def_ok ? "ok" : "WRONG", nogroup_ok ? "ok" : "WRONG", sum, down.tasks,
           ull.tasks, empty_ok ? "ok" : "WRONG");
    return 0;
}
