// Clang ABI threadprivate without thread-local storage (-fnoopenmp-use-tls:
// __kmpc_threadprivate_cached, and __kmpc_threadprivate_register for C++
// objects): each thread has its own copy, the initial thread's is the
// original, copies start from the variable's initial value (or its
// constructor), persist from one region to the next, copyin copies the
// primary thread's values in, and destructors run.
// REQUIRES: clang
// RUN: %omp-cc -fnoopenmp-use-tls %s -o %t
// RUN: for n in %threads; do OMP_NUM_THREADS=$n %run %t $n; done | FileCheck %s
// RUN: %omp-cxx -fnoopenmp-use-tls -x c++ %s -o %t.cxx
// RUN: for n in %threads; do OMP_NUM_THREADS=$n %run %t.cxx $n; done | FileCheck %s --check-prefixes=CHECK,CXX
// RUN: nm %t | FileCheck %s --check-prefix=RUNTIME
// RUNTIME: U __kmpc_threadprivate_cached
// CHECK: threads=1 private=ok original=ok initial=ok persistent=ok copyin=ok
// CXX: threads=1 objects=ok
// CHECK: threads=2 private=ok original=ok initial=ok persistent=ok copyin=ok
// CXX: threads=2 objects=ok
// CHECK: threads=4 private=ok original=ok initial=ok persistent=ok copyin=ok
// CXX: threads=4 objects=ok
// CHECK: threads=8 private=ok original=ok initial=ok persistent=ok copyin=ok
// CXX: threads=8 objects=ok
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>

static int counter = 7;
#pragma omp threadprivate(counter)
static double pair[2] = {1.5, 2.5};
#pragma omp threadprivate(pair)

#ifdef __cplusplus
static int constructed, destroyed;
struct tracked {
    int value;
    tracked() : value(42) { __atomic_fetch_add(&constructed, 1, __ATOMIC_RELAXED); }
    ~tracked() { __atomic_fetch_add(&destroyed, 1, __ATOMIC_RELAXED); }
};
static tracked object;
#pragma omp threadprivate(object)
#endif

static const char *verdict(int ok)
{
    return ok ? "ok" : "FAILED";
}

int main(int argc, char **argv)
{
    int n = atoi(argv[1]);
    int *original = &counter;
    int private_ok = 1, original_ok = 1, initial_ok = 1, persistent_ok = 1, copyin_ok = 1;
    counter = 100; /* the initial thread's copy is the original */
    int *addresses[64];
#pragma omp parallel
    {
        int me = omp_get_thread_num();
        addresses[me] = &counter;
        if ((me == 0) != (&counter == original)) {
#pragma omp atomic write
            original_ok = 0;
        }
        if (me != 0 && (counter != 7 || pair[0] != 1.5 || pair[1] != 2.5)) {
#pragma omp atomic write
            initial_ok = 0;
        }
        counter += me;
    }
    for (int i = 0; i < n; i++)
        for (int j = 0; j < i; j++)
            if (addresses[i] == addresses[j])
                private_ok = 0;
#pragma omp parallel
    {
        int me = omp_get_thread_num();
        if (counter != (me == 0 ? 100 : 7 + me)) {
#pragma omp atomic write
            persistent_ok = 0;
        }
    }
    counter = 555;
    pair[1] = -1.0;
#pragma omp parallel copyin(counter, pair)
    {
        if (counter != 555 || pair[1] != -1.0 || pair[0] != 1.5) {
#pragma omp atomic write
            copyin_ok = 0;
        }
    }
    printf("threads=%d private=%s original=%s initial=%s persistent=%s copyin=%s\n", n, verdict(private_ok),
           verdict(original_ok), verdict(initial_ok), verdict(persistent_ok), verdict(copyin_ok));
#ifdef __cplusplus
    /* One object per thread that used it: the original plus a copy made by
     * the constructor for every other thread. */
    int objects_ok = 1;
#pragma omp parallel
    {
        if (object.value != 42) {
#pragma omp atomic write
            objects_ok = 0;
        }
        object.value = omp_get_thread_num();
    }
    objects_ok &= constructed == n && destroyed == 0 && object.value == 0;
    printf("threads=%d objects=%s\n", n, verdict(objects_ok));
#endif
    return 0;
}
