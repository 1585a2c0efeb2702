// cancel taskgroup with C++ tasks compiled by clang: a task discarded before
// it starts (OpenMP 5.1, 2.20.1) still has its firstprivate objects, which
// the runtime must destroy (clang hands over a destructor thunk with the
// task; libomp calls it for discarded tasks too). Every object constructed is
// destroyed, whether its task ran or was discarded. GCC's ABI has no such
// thunk: a discarded GCC task's copies are never destroyed, by libgomp as by
// Glass, so this runs for the clang compilers only.
// REQUIRES: clang
// RUN: %omp-cxx %s -o %t
// RUN: for n in %threads; do OMP_CANCELLATION=true OMP_NUM_THREADS=$n %run %t; done | FileCheck %s
// CHECK-COUNT-4: discarded={{[1-9][0-9]*}} live=0 balanced=ok
#include <omp.h>
#include <cstdio>

static int live;

struct Counted {
    int value;
    explicit Counted(int v) : value(v) { __atomic_fetch_add(&live, 1, __ATOMIC_SEQ_CST); }
    Counted(const Counted &other) : value(other.value) { __atomic_fetch_add(&live, 1, __ATOMIC_SEQ_CST); }
    ~Counted() { __atomic_fetch_sub(&live, 1, __ATOMIC_SEQ_CST); }
};

int main()
{
    const int tasks = 50;
    int ran = 0;
    int dep = 0;
#pragma omp parallel
#pragma omp single
    {
        Counted object(7);
#pragma omp taskgroup
        {
            // The others depend on this one, so none starts before it cancels.
#pragma omp task depend(out : dep)
            {
#pragma omp cancel taskgroup
            }
            for (int i = 0; i < tasks; i++) {
#pragma omp task depend(in : dep) firstprivate(object)
                {
                    __atomic_fetch_add(&ran, object.value > 0 ? 1 : 0, __ATOMIC_SEQ_CST);
                }
            }
        }
    }
    std::printf("discarded=%d live=%d balanced=%s\n", tasks - ran, live, live == 0 ? "ok" : "LEAKED");
    return live != 0;
}
