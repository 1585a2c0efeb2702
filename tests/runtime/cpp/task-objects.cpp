// Tasks in C++: firstprivate class objects are copy-constructed into the
// task (GCC passes a copy function, cpyfn) and destroyed when the task ends,
// for deferred, undeferred and taskloop tasks; the task sees the value at the
// construct, not later changes; std::vector and std::string captured by
// value; an exception thrown and caught inside a task; a lambda run as task.
// RUN: %omp-cxx %s -o %t
// RUN: for n in %threads; do OMP_NUM_THREADS=$n %run %t; done | FileCheck %s
// CHECK-COUNT-4: objects balanced=ok values=ok vectors=ok strings=ok exceptions=10 lambda=ok taskloop=ok
#include <omp.h>
#include <cstdio>
#include <string>
#include <vector>

static int live;
static int constructed;

struct Counted {
    int value;
    explicit Counted(int v) : value(v) { __atomic_fetch_add(&live, 1, __ATOMIC_SEQ_CST); }
    Counted(const Counted &other) : value(other.value)
    {
        __atomic_fetch_add(&live, 1, __ATOMIC_SEQ_CST);
        __atomic_fetch_add(&constructed, 1, __ATOMIC_SEQ_CST);
    }
    ~Counted() { __atomic_fetch_sub(&live, 1, __ATOMIC_SEQ_CST); }
};

int main()
{
    bool values_ok = true, vectors_ok = true, strings_ok = true, lambda_ok = false, taskloop_ok = true;
    int exceptions = 0;
    {
        Counted c(1);
#pragma omp parallel shared(values_ok, vectors_ok, strings_ok, exceptions, lambda_ok, taskloop_ok)
#pragma omp single
        {
            for (int i = 0; i < 100; i++) {
                c.value = i;
#pragma omp task firstprivate(c, i) shared(values_ok)
                {
                    if (c.value != i)
                        values_ok = false;
                }
#pragma omp task firstprivate(c, i) shared(values_ok) if (0)
                {
                    if (c.value != i)
                        values_ok = false;
                }
            }
            std::vector<int> v(100, 1);
            std::string s = "glass0";
            for (int i = 0; i < 20; i++) {
#pragma omp task firstprivate(v, s, i) shared(vectors_ok, strings_ok)
                {
                    long sum = 0;
                    for (int x : v)
                        sum += x;
                    if (sum != 100 + i)
                        vectors_ok = false;
                    if (s != "glass" + std::to_string(i))
                        strings_ok = false;
                }
                v[0]++;
                s = "glass" + std::to_string(i + 1);
            }
            for (int i = 0; i < 10; i++) {
#pragma omp task shared(exceptions)
                {
                    try {
                        throw std::string("inside a task");
                    } catch (const std::string &) {
#pragma omp atomic
                        exceptions++;
                    }
                }
            }
            auto body = [&lambda_ok]() { lambda_ok = true; };
#pragma omp task firstprivate(body)
            body();
#pragma omp taskloop firstprivate(c) shared(taskloop_ok) grainsize(7)
            for (int i = 0; i < 100; i++)
                if (c.value != 99)
                    taskloop_ok = false;
#pragma omp taskwait
        }
    }
    bool balanced = live == 0 && constructed >= 200;
    std::printf("objects balanced=%s values=%s vectors=%s strings=%s exceptions=%d lambda=%s taskloop=%s\n",
                balanced ? "ok" : "WRONG", values_ok ? "ok" : "WRONG", vectors_ok ? "ok" : "WRONG",
                strings_ok ? "ok" : "WRONG", exceptions, lambda_ok ? "ok" : "WRONG", taskloop_ok ? "ok" : "WRONG");
    return 0;
}
