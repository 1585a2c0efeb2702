// OpenMP 5.0 and 5.1 features that g++ 12 compiles, in C++, each checked by
// value on Glass: masked and masked filter(1), scope with a reduction and a
// private object, a range-for loop under taskloop with a reduction and under
// the loop construct, task dependences with an iterator (each task waits for
// the N tasks it names), mutexinoutset dependences (the set runs one at a
// time, after the writer before it and before the reader after it), a task with
// in_reduction inside a taskgroup task_reduction, the error directive at
// execution with severity(warning), and omp_calloc/omp_aligned_alloc.
// REQUIRES: gcc
// RUN: %gxx-omp -std=c++17 %s -o %t
// RUN: for n in 1 2 4; do %run %t $n; done 2> %t.err | FileCheck %s
// RUN: grep -c 'omp51: a warning at execution' %t.err | FileCheck %s --check-prefix=SEVEN
// CHECK: threads=1 masked=0 filtered=-1 scope=1 private=ok taskloop=5050 loop=10100 iterator=ok mutexinoutset=ok in_reduction=55 alloc=ok
// CHECK-NEXT: threads=2 masked=0 filtered=1 scope=3 private=ok taskloop=5050 loop=10100 iterator=ok mutexinoutset=ok in_reduction=55 alloc=ok
// CHECK-NEXT: threads=4 masked=0 filtered=1 scope=10 private=ok taskloop=5050 loop=10100 iterator=ok mutexinoutset=ok in_reduction=55 alloc=ok
// 1 + 2 + 4 threads each print the warning once.
// SEVEN: 7
#include <omp.h>

#include <atomic>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>

enum { PRODUCERS = 8 };

/* Eight producer tasks, then one consumer that names all eight with an
 * iterator: it must see every value written. */
static bool iterator_dependences()
{
    int slots[PRODUCERS] = {0};
    int seen = 0;
#pragma omp parallel
#pragma omp single
    {
        for (int i = 0; i < PRODUCERS; i++) {
#pragma omp task depend(out : slots[i]) firstprivate(i) shared(slots)
            slots[i] = i + 1;
        }
#pragma omp task depend(iterator(j = 0 : PRODUCERS), in : slots[j]) shared(slots, seen)
        for (int j = 0; j < PRODUCERS; j++)
            seen += slots[j];
    }
    return seen == PRODUCERS * (PRODUCERS + 1) / 2;
}

/* A writer, four mutexinoutset tasks, a reader: each of the set runs after
 * the writer and alone (they add to x without atomics), all before the
 * reader. */
static bool mutexinoutset_dependences()
{
    int x = 0, last_saw = -1;
#pragma omp parallel
#pragma omp single
    {
#pragma omp task depend(out : x) shared(x)
        x = 1;
        for (int i = 0; i < 4; i++) {
#pragma omp task depend(mutexinoutset : x) shared(x)
            {
                int before = x;
                for (volatile int spin = 0; spin < 1000; spin++)
                    ;
                x = before + 1;
            }
        }
#pragma omp task depend(in : x) shared(x, last_saw)
        last_saw = x;
    }
    return last_saw == 5;
}

int main(int argc, char **argv)
{
    int nthreads = argc > 1 ? std::atoi(argv[1]) : 2;
    omp_set_num_threads(nthreads);

    int masked_by = -1, filtered_by = -1, scope_sum = 0;
    std::atomic<bool> private_ok{true};
    std::string name = "outer";
#pragma omp parallel shared(masked_by, filtered_by, scope_sum, private_ok, name)
    {
#pragma omp masked
        masked_by = omp_get_thread_num();
        // Only thread 1 runs it; with one thread nobody does.
#pragma omp masked filter(1)
        filtered_by = omp_get_thread_num();
        // Each thread's own default-constructed string inside the scope.
#pragma omp scope reduction(+ : scope_sum) private(name)
        {
            name = std::to_string(omp_get_thread_num());
            scope_sum += omp_get_thread_num() + 1;
#pragma omp barrier
            if (name != std::to_string(omp_get_thread_num()))
                private_ok = false;
        }
#pragma omp error at(execution) severity(warning) message("omp51: a warning at execution")
    }
    if (name != "outer")
        private_ok = false;

    std::vector<int> values(100);
    for (int i = 0; i < 100; i++)
        values[i] = i + 1;
    long taskloop_sum = 0;
#pragma omp parallel
#pragma omp single
#pragma omp taskloop reduction(+ : taskloop_sum) num_tasks(7)
    for (int v : values)
        taskloop_sum += v;

    std::vector<int> doubled(100);
#pragma omp parallel
#pragma omp loop
    for (int i = 0; i < 100; i++)
        doubled[i] = 2 * values[i];
    long loop_sum = 0;
    for (int d : doubled)
        loop_sum += d;

    int in_reduction = 0;
#pragma omp parallel
#pragma omp single
#pragma omp taskgroup task_reduction(+ : in_reduction)
    for (int i = 1; i <= 10; i++) {
#pragma omp task in_reduction(+ : in_reduction) firstprivate(i)
        in_reduction += i;
    }

    bool alloc_ok = true;
    int *zeros = static_cast<int *>(omp_calloc(64, sizeof(int), omp_default_mem_alloc));
    void *aligned = omp_aligned_alloc(256, 1000, omp_default_mem_alloc);
    alloc_ok = zeros && aligned && reinterpret_cast<std::uintptr_t>(aligned) % 256 == 0;
    for (int i = 0; zeros && i < 64; i++)
        alloc_ok = alloc_ok && zeros[i] == 0;
    omp_free(zeros, omp_default_mem_alloc);
    omp_free(aligned, omp_default_mem_alloc);

    std::printf("threads=%d masked=%d filtered=%d scope=%d private=%s taskloop=%ld loop=%ld iterator=%s "
                "mutexinoutset=%s in_reduction=%d alloc=%s\n",
                nthreads, masked_by, filtered_by, scope_sum, private_ok ? "ok" : "WRONG", taskloop_sum, loop_sum,
                iterator_dependences() ? "ok" : "WRONG", mutexinoutset_dependences() ? "ok" : "WRONG", in_reduction,
                alloc_ok ? "ok" : "WRONG");
    return 0;
}
