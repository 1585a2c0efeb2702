// One program, one object compiled by gcc and one by clang, runs on a single
// Glass runtime: one copy of the library is mapped, GCC and Clang parallel
// regions get their threads from the same pool (the same threads serve
// both), a gcc-compiled function called from a clang region sees the
// region's thread numbers, and a lock and a critical section's exclusion
// hold across code from both compilers. Linked by the clang driver (GOMP_*
// bound at libomp's version) and by the gcc driver (both libraries needed).
// REQUIRES: clang
// RUN: gcc -fopenmp -O2 -Wall -DGCC_PART -c %s -o %t.gcc.o
// RUN: clang -fopenmp -O2 -Wall -c %s -o %t.clang.o
// RUN: clang -fopenmp %t.clang.o %t.gcc.o -o %t.clang-linked
// RUN: gcc -fopenmp %t.clang.o %t.gcc.o -Wl,--no-as-needed %system-libgomp %libomp5 -o %t.gcc-linked
// RUN: readelf -d %t.gcc-linked | FileCheck %s --check-prefix=NEEDED
// RUN: for n in %threads; do OMP_NUM_THREADS=$n %run %t.clang-linked $n; done | FileCheck %s
// RUN: for n in %threads; do OMP_NUM_THREADS=$n %run %t.gcc-linked $n; done | FileCheck %s
// NEEDED-DAG: Shared library: [libgomp.so.1]
// NEEDED-DAG: Shared library: [libomp.so.5]
// CHECK: threads=1 runtime=one pool=shared thread-numbers=ok lock=ok gcc-region=ok
// CHECK: threads=2 runtime=one pool=shared thread-numbers=ok lock=ok gcc-region=ok
// CHECK: threads=4 runtime=one pool=shared thread-numbers=ok lock=ok gcc-region=ok
// CHECK: threads=8 runtime=one pool=shared thread-numbers=ok lock=ok gcc-region=ok
#include <omp.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#ifdef GCC_PART

/* Compiled by gcc: GOMP_* entry points and gcc's omp.h (a 4-byte
 * omp_lock_t; the clang side hands us its 8-byte one, of which the runtime
 * uses the first bytes). */

void gcc_record_threads(pthread_t *threads, int *count)
{
#pragma omp parallel
    {
        threads[omp_get_thread_num()] = pthread_self();
#pragma omp single
        *count = omp_get_num_threads();
    }
}

int gcc_thread_num(void)
{
    return omp_get_thread_num();
}

void gcc_locked_add(void *lock, long *total, int *inside, int *overlap)
{
    omp_set_lock((omp_lock_t *)lock);
    if (__atomic_fetch_add(inside, 1, __ATOMIC_SEQ_CST))
        *overlap = 1;
    ++*total;
    __atomic_fetch_sub(inside, 1, __ATOMIC_SEQ_CST);
    omp_unset_lock((omp_lock_t *)lock);
}

long gcc_region_sum(void)
{
    long sum = 0;
#pragma omp parallel for reduction(+ : sum) schedule(dynamic, 7)
    for (int i = 1; i <= 1000; i++)
        sum += i;
    return sum;
}

#else

void gcc_record_threads(pthread_t *threads, int *count);
int gcc_thread_num(void);
void gcc_locked_add(void *lock, long *total, int *inside, int *overlap);
long gcc_region_sum(void);

static const char *verdict(int ok)
{
    return ok ? "ok" : "FAILED";
}

static int mapped_runtimes(void)
{
    FILE *maps = fopen("/proc/self/maps", "r");
    char line[4096], seen[8][512];
    int n = 0;
    while (fgets(line, sizeof line, maps)) {
        char *path = strchr(line, '/');
        if (!path || !(strstr(path, "libglass") || strstr(path, "libomp") || strstr(path, "libgomp")))
            continue;
        path[strcspn(path, "\n")] = 0;
        int known = 0;
        for (int i = 0; i < n; i++)
            known |= strcmp(seen[i], path) == 0;
        if (!known && n < 8)
            strcpy(seen[n++], path);
    }
    fclose(maps);
    return n == 1 && strstr(seen[0], "libglass.so") ? 1 : 0;
}

int main(int argc, char **argv)
{
    int n = atoi(argv[1]);
    pthread_t gcc_threads[64], clang_threads[64];
    int gcc_count = 0, clang_count = 0;
    gcc_record_threads(gcc_threads, &gcc_count);
#pragma omp parallel
    {
        clang_threads[omp_get_thread_num()] = pthread_self();
#pragma omp single
        clang_count = omp_get_num_threads();
    }
    int shared = gcc_count == n && clang_count == n;
    for (int i = 0; i < n && shared; i++) {
        int found = 0;
        for (int j = 0; j < n; j++)
            found |= pthread_equal(gcc_threads[i], clang_threads[j]);
        shared &= found;
    }

    int numbers_ok = 1;
    omp_lock_t lock;
    omp_init_lock(&lock);
    long total = 0;
    int inside = 0, overlap = 0;
#pragma omp parallel
    {
        if (gcc_thread_num() != omp_get_thread_num()) {
#pragma omp atomic write
            numbers_ok = 0;
        }
        for (int i = 0; i < 500; i++) {
            if ((i + omp_get_thread_num()) % 2) {
                gcc_locked_add(&lock, &total, &inside, &overlap);
            } else {
                omp_set_lock(&lock);
                if (__atomic_fetch_add(&inside, 1, __ATOMIC_SEQ_CST))
                    overlap = 1;
                ++total;
                __atomic_fetch_sub(&inside, 1, __ATOMIC_SEQ_CST);
                omp_unset_lock(&lock);
            }
        }
    }
    omp_destroy_lock(&lock);

    printf("threads=%d runtime=%s pool=%s thread-numbers=%s lock=%s gcc-region=%s\n", n,
           mapped_runtimes() ? "one" : "SEVERAL", shared ? "shared" : "SEPARATE", verdict(numbers_ok),
           verdict(!overlap && total == 500L * n), verdict(gcc_region_sum() == 500500));
    return 0;
}

#endif
