// nowait target regions on the NVIDIA device's streams (src/device/async_target.c),
// against the mock driver (Inputs/mock_cuda.c), whose streams run their work on
// threads of their own, so a kernel that sleeps keeps its stream busy as a GPU
// would. Checks: the thread whose target task waits for a 200 ms region runs
// 100 tasks meanwhile (all of them, on that thread, ended before the kernel
// does); several regions in flight at once; results copied back by the time
// taskwait returns; a `depend` successor runs after the region's copy back;
// outside a parallel region the target task is included, so the region has
// ended when its construct returns; 40 regions from one thread have at most 9
// in flight at once (8 waiting target tasks run others, one inside the
// other; the 9th waits alone: src/device/async_target.c bounds the nesting).
// The program calls GOMP_target_ext as GCC's code does:
// REQUIRES: gcc
// RUN: rm -rf %t.driver && mkdir -p %t.driver/old
// RUN: gcc -shared -fPIC -O2 -Wall %S/../Inputs/mock_cuda.c -o %t.driver/libcuda.so.1 -ldl -lpthread
// RUN: %omp-cc -rdynamic %s -o %t
// RUN: env LD_LIBRARY_PATH=%t.driver:%libdir OMP_NUM_THREADS=2 MOCK_CUDA_LOG=1 %t 2>&1 | FileCheck %s
// A driver without cuStreamAddCallback (announced for deprecation): the end of
// the stream is learned through cuLaunchHostFunc, with the same results:
// RUN: gcc -DMOCK_NO_STREAM_CALLBACK -shared -fPIC -O2 -Wall %S/../Inputs/mock_cuda.c -o %t.driver/old/libcuda.so.1 -ldl -lpthread
// RUN: env LD_LIBRARY_PATH=%t.driver/old:%libdir OMP_NUM_THREADS=2 MOCK_CUDA_LOG=1 %t 2>&1 | FileCheck %s
// A kernel that faults on its stream (the mock's MOCK_CUDA_FAIL_KERNEL) ends
// the program with a message naming the device's error, never a hang (the
// stream callback runs also for a failed stream; timeout turns a hang into a
// failure of this test):
// RUN: %not --crash timeout 60 env LD_LIBRARY_PATH=%t.driver:%libdir OMP_NUM_THREADS=2 MOCK_CUDA_FAIL_KERNEL=work_kernel %t > %t.fail 2>&1
// RUN: FileCheck %s --check-prefix=FAIL < %t.fail
// Without a GPU the same regions run on the host, in their target tasks:
// RUN: env LD_LIBRARY_PATH=%t.driver:%libdir MOCK_CUDA_DEVICES=0 OMP_NUM_THREADS=2 %t 2>&1 | FileCheck %s --check-prefix=HOST
#include <omp.h>
#include <stdatomic.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>
#include <unistd.h>

#include "../Inputs/mock_image.h"

#define N 16
#define NOWAIT 1u

void GOMP_target_ext(int, void (*)(void *), size_t, void **, size_t *, unsigned short *, unsigned, void **, void **);

static double now(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return t.tv_sec + t.tv_nsec * 1e-9;
}

/* ---- What the compiler would emit ------------------------------------------------ */

/* The region's host version: y[i] += 1. */
static void work_region(void *arg)
{
    int *y = ((void **)arg)[0];
    for (int i = 0; i < N; i++)
        y[i] += 1;
}

MOCK_ONE_REGION_IMAGE(work_region, "work_kernel")

/* ---- What the GPU runs (on a mock stream's thread) --------------------------------- */

static atomic_int running, most_running;
static _Atomic double last_kernel_end;

/* The device version sleeps its firstprivate milliseconds, then adds 1000. */
void mock_kernel_work_kernel(void **args, unsigned teams, unsigned warps)
{
    (void)teams, (void)warps;
    int *y = args[0], ms = *(int *)args[1];
    int in = atomic_fetch_add(&running, 1) + 1;
    for (int seen = atomic_load(&most_running); in > seen && !atomic_compare_exchange_weak(&most_running, &seen, in);)
        ;
    usleep((useconds_t)ms * 1000);
    for (int i = 0; i < N; i++)
        y[i] += 1000;
    atomic_fetch_sub(&running, 1);
    atomic_store(&last_kernel_end, now());
}

/* target nowait map(tofrom: y[0:N]) firstprivate(ms) [depend(inout: y)] */
static void region(int *y, int ms, bool with_depend)
{
    void *hostaddrs[] = {y, &ms};
    size_t sizes[] = {N * sizeof *y, sizeof ms};
    unsigned short kinds[] = {(2 << 8) | 3, (2 << 8) | 12};
    void *depend[] = {(void *)1, (void *)1, y};
    GOMP_target_ext(-1, work_region, 2, hostaddrs, sizes, kinds, NOWAIT, with_depend ? depend : NULL, NULL);
}

static int sum(const int *y)
{
    int s = 0;
    for (int i = 0; i < N; i++)
        s += y[i];
    return s;
}

int main(void)
{
    setvbuf(stdout, NULL, _IONBF, 0);
    printf("devices=%d\n", omp_get_num_devices());

    /* 1. 100 tasks of 1 ms, then a 200 ms region, from a team of two whose
     * second thread stays away from every scheduling point (it sleeps until
     * the first is done), so one thread does all: its taskwait runs the
     * newest task first, the region's target task, which queues the region
     * and waits for the stream, running the 100 tasks meanwhile. */
    static int a[N];
    static atomic_int tasks_done, tasks_elsewhere;
    static atomic_bool first_done;
    static _Atomic double tasks_end;
    double start = now();
#pragma omp parallel num_threads(2)
    {
        if (omp_get_thread_num() != 0) {
            while (!atomic_load(&first_done))
                usleep(1000);
        } else {
            for (int i = 0; i < 100; i++) {
#pragma omp task
                {
                    usleep(1000);
                    if (omp_get_thread_num() != 0)
                        atomic_fetch_add(&tasks_elsewhere, 1);
                    atomic_store(&tasks_end, now());
                    atomic_fetch_add(&tasks_done, 1);
                }
            }
            region(a, 200, false);
#pragma omp taskwait
            atomic_store(&first_done, true);
        }
    }
    double kernel_end = atomic_load(&last_kernel_end);
    printf("tasks=%d sum=%d\n", atomic_load(&tasks_done), sum(a));
    printf("tasks ended before the region: %s, on another thread: %d\n",
           atomic_load(&tasks_end) < kernel_end ? "yes" : "no", atomic_load(&tasks_elsewhere));
    printf("overlap: region and tasks %.0f ms, tasks alone %.0f ms\n", (now() - start) * 1e3,
           (atomic_load(&tasks_end) - start) * 1e3);

    /* 2. Four regions of 100 ms in flight at once, from a team. */
    static int b[4][N];
    atomic_store(&most_running, 0);
#pragma omp parallel
#pragma omp single
    {
        for (int r = 0; r < 4; r++)
            region(b[r], 100, false);
#pragma omp taskwait
        printf("after taskwait: sums=%d,%d,%d,%d\n", sum(b[0]), sum(b[1]), sum(b[2]), sum(b[3]));
    }
    printf("several in flight: %s\n", atomic_load(&most_running) >= 2 ? "yes" : "no");

    /* 3. depend: a host task after a region sees what it copied back; a
     * second region after both adds its own. */
    static int c[N];
    int seen = -1;
#pragma omp parallel
#pragma omp single
    {
        region(c, 100, true);
#pragma omp task depend(inout : c[0]) shared(seen)
        seen = sum(c);
        region(c, 50, true);
    }
    printf("depend: the task saw %d, then sum=%d\n", seen, sum(c));

    /* 4. Outside a parallel region: an included target task, the region
     * over when the construct returns. */
    static int d[N];
    region(d, 100, false);
    printf("outside parallel: sum=%d at once\n", sum(d));

    /* 5. 40 regions of 20 ms from one thread (the other one sleeps). */
    static int e[40][N];
    static atomic_bool fifth_done;
    atomic_store(&most_running, 0);
#pragma omp parallel num_threads(2)
    {
        if (omp_get_thread_num() != 0) {
            while (!atomic_load(&fifth_done))
                usleep(1000);
        } else {
            for (int r = 0; r < 40; r++)
                region(e[r], 20, false);
#pragma omp taskwait
            atomic_store(&fifth_done, true);
        }
    }
    int all = 1;
    for (int r = 0; r < 40; r++)
        all &= sum(e[r]) == sum(e[0]);
    printf("40 regions: sums=%d, each the same: %s\n", sum(e[0]), all ? "yes" : "no");
    printf("40 regions: at most 9 in flight, and several: %s (%d)\n",
           atomic_load(&most_running) <= 9 && atomic_load(&most_running) >= 2 ? "yes" : "no",
           atomic_load(&most_running));
    return 0;
}

// FAIL: devices=1
// FAIL: a nowait target region failed on the device: an illegal memory access was encountered (mock)
// CHECK: devices=1
// CHECK: mock: launch work_kernel {{.*}} on a stream
// CHECK: tasks=100 sum=16000
// CHECK-NEXT: tasks ended before the region: yes, on another thread: 0
// CHECK: after taskwait: sums=16000,16000,16000,16000
// CHECK-NEXT: several in flight: yes
// CHECK: depend: the task saw 16000, then sum=32000
// CHECK: outside parallel: sum=16000 at once
// CHECK: 40 regions: sums=16000, each the same: yes
// CHECK-NEXT: 40 regions: at most 9 in flight, and several: yes
// CHECK: mock: {{[0-9]+}} allocations live at exit, 48 kernels ran on streams

// HOST: devices=0
// HOST: tasks=100 sum=16
// HOST: after taskwait: sums=16,16,16,16
// HOST: depend: the task saw 16, then sum=32
// HOST: outside parallel: sum=16 at once
// HOST: 40 regions: sums=16, each the same: yes
