// Target regions on the host (the only device): map clauses of every kind
// are identities, so the region sees and updates the host's data;
// firstprivate gives the region its own copy; target data, update, enter and
// exit data; a target region is a new initial task (level 0, one thread, not
// in parallel) even when encountered in a parallel region, and can run its
// own parallel regions; target constructs from every thread of a team at once.
// Clang without offload targets compiles a target region as plain host code
// (no new initial task), and Glass's host target semantics are checked here:
// REQUIRES: gcc
// RUN: %omp-cc %s -o %t && for n in %threads; do OMP_NUM_THREADS=$n %run %t; done | FileCheck %s
// RUN: %omp-cxx %s -o %t.cxx && for n in %threads; do OMP_NUM_THREADS=$n %run %t.cxx; done | FileCheck %s
// CHECK-COUNT-4: maps=ok firstprivate=ok data=ok initial=1 level=0 inner=ok concurrent=ok fallback=ok
#include <omp.h>
#include <stdio.h>

#define N 64

int main(void)
{
    int in[N], out[N], both[N], scratch_ok = 0;
    for (int i = 0; i < N; i++) {
        in[i] = i;
        out[i] = -1;
        both[i] = 1;
    }
#pragma omp target map(to : in) map(from : out) map(tofrom : both) map(alloc : scratch_ok)
    {
        for (int i = 0; i < N; i++) {
            out[i] = in[i] * 2;
            both[i] += in[i];
        }
        scratch_ok = 1;
    }
    int maps_ok = scratch_ok;
    for (int i = 0; i < N; i++)
        maps_ok &= out[i] == 2 * i && both[i] == 1 + i;

    int value = 5, array[4] = {1, 2, 3, 4}, inside = 0;
#pragma omp target firstprivate(value, array) map(from : inside)
    {
        value += 10;
        array[0] = 100;
        inside = value + array[0];
    }
    int firstprivate_ok = value == 5 && array[0] == 1 && inside == 115;

    int data[N], data_ok = 1;
    for (int i = 0; i < N; i++)
        data[i] = i;
#pragma omp target data map(tofrom : data)
    {
#pragma omp target
        for (int i = 0; i < N; i++)
            data[i] += 1;
#pragma omp target update from(data)
        data_ok &= data[5] == 6;
        data[5] = 50;
#pragma omp target update to(data)
#pragma omp target
        data[5] *= 2;
    }
    data_ok &= data[5] == 100;
#pragma omp target enter data map(to : data)
#pragma omp target
    data[0] = 7;
#pragma omp target exit data map(from : data)
    data_ok &= data[0] == 7;

    int initial = -1, level = -1, inner_ok = 0, concurrent_ok = 1;
#pragma omp parallel
    {
        int me = omp_get_thread_num(), result = -1, threads_inside = 0;
#pragma omp target map(from : result, threads_inside) firstprivate(me)
        {
            result = me * 1000 + omp_get_level() * 100 + omp_in_parallel() * 10 + omp_get_num_threads();
#pragma omp parallel num_threads(2)
            {
#pragma omp atomic
                threads_inside++;
            }
        }
        if (result != me * 1000 + 1 || threads_inside < 1 || threads_inside > 2)
            concurrent_ok = 0;
#pragma omp single
        {
#pragma omp target map(from : initial, level, inner_ok)
            {
                initial = omp_is_initial_device();
                level = omp_get_level();
                int sum = 0;
#pragma omp parallel for reduction(+ : sum) num_threads(3)
                for (int i = 0; i < 100; i++)
                    sum += i;
                inner_ok = sum == 4950;
            }
        }
    }
    int fallback = 0;
#pragma omp target if (0) map(tofrom : fallback) device(0)
    fallback = omp_is_initial_device();

    printf("maps=%s firstprivate=%s data=%s initial=%d level=%d inner=%s concurrent=%s fallback=%s\n",
           maps_ok ? "ok" : "WRONG", firstprivate_ok ? "ok" : "WRONG", data_ok ? "ok" : "WRONG", initial, level,
           inner_ok ? "ok" : "WRONG", concurrent_ok ? "ok" : "WRONG", fallback ? "ok" : "WRONG");
    return 0;
}
