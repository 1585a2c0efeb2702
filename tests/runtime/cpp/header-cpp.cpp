// A C++ program compiled against Glass's own omp.h: C linkage, noexcept
// routines, allocator handles as enumerations with a pointer-sized underlying
// type, the default allocator arguments C++ gets, and routines called from a
// team.
// RUN: %omp-cxx -std=c++17 -I%srcroot/include %s -o %t
// RUN: for n in %threads; do OMP_NUM_THREADS=$n %run %t $n; done | FileCheck %s
// The header alone is clean in C++98 and C++20, with and without -fopenmp.
// RUN: echo '#include <omp.h>' | g++ -x c++ -std=c++98 -pedantic -Wall -Wextra -Werror -I%srcroot/include -fsyntax-only -
// RUN: echo '#include <omp.h>' | g++ -fopenmp -x c++ -std=c++20 -pedantic -Wall -Wextra -Werror -I%srcroot/include -fsyntax-only -
// CHECK: c++ threads=1 sum=0 vector=1000 defaults ok
// CHECK: c++ threads=2 sum=1 vector=1000 defaults ok
// CHECK: c++ threads=4 sum=6 vector=1000 defaults ok
// CHECK: c++ threads=8 sum=28 vector=1000 defaults ok
#include <omp.h>

#include <atomic>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <new>
#include <type_traits>
#include <vector>

#ifndef GLASS_OMP_H
#error "not compiled against Glass's omp.h"
#endif

static_assert(std::is_same<std::underlying_type<omp_allocator_handle_t>::type, omp_uintptr_t>::value,
              "allocator handles are pointer-sized");
static_assert(std::is_same<std::underlying_type<omp_memspace_handle_t>::type, omp_uintptr_t>::value,
              "memory space handles are pointer-sized");
static_assert(std::is_same<std::underlying_type<omp_event_handle_t>::type, omp_uintptr_t>::value,
              "event handles are pointer-sized");
static_assert(sizeof(omp_lock_t) >= 4 && sizeof(omp_nest_lock_t) >= 8, "lock sizes");
static_assert(omp_thread_mem_alloc == 8 && omp_low_lat_mem_space == 4 && omp_atk_partition == 8 &&
                  omp_atv_interleaved == 18 && omp_atv_default == static_cast<omp_uintptr_t>(-1),
              "GCC's numbering");
static_assert(omp_sched_monotonic == 0x80000000u && omp_proc_bind_spread == 4, "schedule and binding");
static_assert(noexcept(omp_get_thread_num()) && noexcept(omp_alloc(1)), "routines do not throw");
static_assert(std::is_same<decltype(&omp_get_proc_bind), omp_proc_bind_t (*)() noexcept>::value,
              "omp_get_proc_bind signature");

#define CHECK(cond)                                                       \
    do {                                                                  \
        if (!(cond)) {                                                    \
            std::printf("FAILED line %d: %s\n", __LINE__, #cond);          \
            std::exit(1);                                                 \
        }                                                                 \
    } while (0)

/* A standard-library allocator drawing from an OpenMP allocator. */
template <class T> struct omp_std_allocator {
    using value_type = T;
    omp_allocator_handle_t handle;
    explicit omp_std_allocator(omp_allocator_handle_t h) : handle(h) {}
    template <class U> omp_std_allocator(const omp_std_allocator<U> &other) : handle(other.handle) {}
    T *allocate(std::size_t n)
    {
        void *p = omp_aligned_alloc(alignof(T), n * sizeof(T), handle);
        if (p == nullptr)
            throw std::bad_alloc();
        return static_cast<T *>(p);
    }
    void deallocate(T *p, std::size_t) noexcept { omp_free(p, handle); }
    bool operator==(const omp_std_allocator &other) const { return handle == other.handle; }
    bool operator!=(const omp_std_allocator &other) const { return handle != other.handle; }
};

/* Exact signatures: these only compile if the declarations match. */
static void *(*const alloc_signature)(std::size_t, omp_allocator_handle_t) noexcept = &omp_alloc;
static void *(*const realloc_signature)(void *, std::size_t, omp_allocator_handle_t,
                                        omp_allocator_handle_t) noexcept = &omp_realloc;

int main(int argc, char **argv)
{
    CHECK(alloc_signature != nullptr && realloc_signature != nullptr);
    int expected = argc > 1 ? std::atoi(argv[1]) : 1;
    std::atomic<int> sum{0}, bad{0};
    int team = 0;
    omp_alloctrait_t traits[] = {{omp_atk_alignment, 128}, {omp_atk_fallback, omp_atv_null_fb}};
    omp_allocator_handle_t aligned128 = omp_init_allocator(omp_default_mem_space, 2, traits);
    CHECK(aligned128 != omp_null_allocator);
#pragma omp parallel
    {
        if (omp_get_thread_num() == 0)
            team = omp_get_num_threads();
        sum += omp_get_thread_num();
        std::vector<int, omp_std_allocator<int>> values{omp_std_allocator<int>(aligned128)};
        for (int i = 0; i < 1000; i++)
            values.push_back(i);
        if (reinterpret_cast<std::uintptr_t>(values.data()) % 128 != 0 || values[999] != 999)
            bad++;
    }
    CHECK(team == expected && bad == 0);
    std::printf("c++ threads=%d sum=%d vector=1000", team, sum.load());

    /* C++ callers may leave out the allocator arguments. */
    void *a = omp_alloc(64);
    void *b = omp_aligned_alloc(256, 256);
    void *c = omp_calloc(4, 4);
    void *d = omp_realloc(omp_alloc(8), 4096);
    CHECK(a && b && c && d && reinterpret_cast<std::uintptr_t>(b) % 256 == 0);
    CHECK(static_cast<int *>(c)[3] == 0);
    omp_free(a);
    omp_free(b);
    omp_free(c);
    omp_free(d);
    omp_destroy_allocator(aligned128);
    std::printf(" defaults ok\n");
    return 0;
}
