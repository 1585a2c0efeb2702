// Worksharing loops in C++ over a std::vector: by index (size_t), with random
// access iterators and as a range-based for, under dynamic, guided, runtime
// and static schedules, plus a vector of objects built in parallel. Every
// element must be visited exactly once.
// RUN: %omp-cxx %s -o %t
// RUN: for n in %threads; do OMP_NUM_THREADS=$n %run %t $n; done | FileCheck %s
// CHECK: threads=1 index=ok iterator=ok range=ok reverse=ok objects=ok sum=4999950000
// CHECK: threads=2 index=ok iterator=ok range=ok reverse=ok objects=ok sum=4999950000
// CHECK: threads=4 index=ok iterator=ok range=ok reverse=ok objects=ok sum=4999950000
// CHECK: threads=8 index=ok iterator=ok range=ok reverse=ok objects=ok sum=4999950000
#include <omp.h>

#include <atomic>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>

namespace {

struct Counter {
    std::atomic<int> visits{0};
};

bool all_visited_once(std::vector<Counter> &counters)
{
    bool ok = true;
    for (auto &counter : counters) {
        ok = ok && counter.visits.load() == 1;
        counter.visits = 0;
    }
    return ok;
}

const char *verdict(bool ok)
{
    return ok ? "ok" : "FAILED";
}

} // namespace

int main(int argc, char **argv)
{
    int nthreads = argc > 1 ? std::atoi(argv[1]) : 1;
    const std::size_t n = 100000;
    std::vector<long> values(n);
    std::vector<Counter> counters(n);
    long sum = 0;

#pragma omp parallel
    {
#pragma omp for schedule(dynamic, 64)
        for (std::size_t i = 0; i < values.size(); i++) {
            values[i] = static_cast<long>(i);
            counters[i].visits++;
        }
    }
    bool index_ok = all_visited_once(counters);

#pragma omp parallel for schedule(guided, 16) reduction(+ : sum)
    for (auto it = values.begin(); it < values.end(); ++it) {
        sum += *it;
        counters[static_cast<std::size_t>(it - values.begin())].visits++;
    }
    bool iterator_ok = all_visited_once(counters);

#pragma omp parallel for schedule(runtime)
    for (auto &counter : counters)
        counter.visits++;
    bool range_ok = all_visited_once(counters);

#pragma omp parallel for schedule(dynamic)
    for (auto it = counters.rbegin(); it < counters.rend(); ++it)
        it->visits++;
    bool reverse_ok = all_visited_once(counters);

    /* Each thread fills its share of preallocated strings. */
    std::vector<std::string> names(1000);
#pragma omp parallel for schedule(static, 7)
    for (int i = 0; i < 1000; i++)
        names[i] = "item" + std::to_string(i);
    bool objects_ok = true;
    for (int i = 0; i < 1000; i++)
        objects_ok = objects_ok && names[i] == "item" + std::to_string(i);

    std::printf("threads=%d index=%s iterator=%s range=%s reverse=%s objects=%s sum=%ld\n", nthreads,
                verdict(index_ok), verdict(iterator_ok), verdict(range_ok), verdict(reverse_ok), verdict(objects_ok),
                sum);
    return !(index_ok && iterator_ok && range_ok && reverse_ok && objects_ok);
}
