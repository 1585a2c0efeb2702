// omp_target_memcpy_async and omp_target_memcpy_rect_async (OpenMP 5.1,
// 3.8.7-3.8.8) are deferrable target tasks with the dependences of their
// depobj list: each routine returns 0 before its copy is done (a task it
// depends on is still waiting for the routine to return), the copy happens
// after that task's write and before a later task's inout on the same
// variable, and taskwait waits for it. On a host device (separate memory)
// and without devices (the initial device, host to host). Bad arguments are
// EINVAL returns, with nothing copied and no crash.
// GCC 12's omp.h predates the _async routines: they are declared below and
// linked from Glass (-L%libdir). The depobj layout is GCC's; the tool runs
// need the OMPT build:
// REQUIRES: gcc, ompt
// RUN: %omp-cc -idirafter %srcroot/include %s -L%libdir -o %t
// RUN: env GLASS_HOST_DEVICES=1 OMP_NUM_THREADS=2 %run %t | FileCheck %s --check-prefixes=CHECK,DEV
// RUN: env OMP_NUM_THREADS=2 %run %t | FileCheck %s --check-prefixes=CHECK,HOST
// What a tool sees of the flat copy (the program's own tool, started when
// ASYNC_TOOL is set): one target task with dependences, and its transfer
// with the synchronous kind (the task completes it before its end callback;
// no _async kind is reported), beside the copy back by omp_target_memcpy.
// RUN: env ASYNC_TOOL=1 GLASS_HOST_DEVICES=1 OMP_NUM_THREADS=2 %run %t | FileCheck %s --check-prefixes=CHECK,DEV,TOOL-DEV
// RUN: env ASYNC_TOOL=1 OMP_NUM_THREADS=2 %run %t | FileCheck %s --check-prefixes=CHECK,HOST,TOOL-HOST
// CHECK: flat: returned=0 before-its-dependence=1 values=ok after-later-write=ok
// DEV-NEXT: devices=1 target-is-initial=0
// HOST-NEXT: devices=0 target-is-initial=1
// TOOL-DEV-NEXT: tool: target tasks=1 with dependences=1 explicit tasks=2; data ops: to-device=1 (256 bytes) from-device=1 (256 bytes) async kinds=0 other=0
// The host copies in place: no data operation.
// TOOL-HOST-NEXT: tool: target tasks=1 with dependences=1 explicit tasks=2; data ops: to-device=0 (0 bytes) from-device=0 (0 bytes) async kinds=0 other=0
// CHECK: rect: returned=0 before-its-dependence=1 values=ok untouched=ok
// CHECK: bad device: 22 22 22 22
// CHECK: bad pointers: 22 22 22 22 0
// CHECK: sync bad pointers: 22 22
// CHECK: bad depobj list: 22 22 22
// CHECK: dims: 2147483647
// CHECK: nothing copied by bad calls: ok
#include <errno.h>
#include <limits.h>
#include <omp-tools.h>
#include <omp.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <stdio.h>
#include <string.h>
#include <time.h>

int omp_target_memcpy_async(void *, const void *, size_t, size_t, size_t, int, int, int, omp_depend_t *);
int omp_target_memcpy_rect_async(void *, const void *, size_t, int, const size_t *, const size_t *,
                                 const size_t *, const size_t *, const size_t *, int, int, int, omp_depend_t *);

enum { N = 64, ROWS = 4, COLS = 5 };

static atomic_int returned; /* the routine under test has returned */

/* ---- The tool: counts while `watching` (the flat copy and its copy back) ---- */

static atomic_int watching, target_tasks, target_tasks_deps, explicit_tasks, to_device, from_device, async_kinds,
    other_ops;
static atomic_size_t to_bytes, from_bytes;

static void on_task_create(ompt_data_t *parent, const ompt_frame_t *frame, ompt_data_t *task, int flags,
                           int has_dependences, const void *codeptr)
{
    (void)parent, (void)frame, (void)task, (void)codeptr;
    if (!atomic_load(&watching))
        return;
    if (flags & ompt_task_target) {
        atomic_fetch_add(&target_tasks, 1);
        atomic_fetch_add(&target_tasks_deps, has_dependences != 0);
    } else if (flags & ompt_task_explicit) {
        atomic_fetch_add(&explicit_tasks, 1);
    }
}

static void on_data_op(ompt_id_t target_id, ompt_id_t host_op_id, ompt_target_data_op_t optype, void *src,
                       int src_device, void *dst, int dst_device, size_t bytes, const void *codeptr)
{
    (void)target_id, (void)host_op_id, (void)src, (void)src_device, (void)dst, (void)dst_device, (void)codeptr;
    if (!atomic_load(&watching))
        return;
    if (optype == ompt_target_data_transfer_to_device) {
        atomic_fetch_add(&to_device, 1);
        atomic_fetch_add(&to_bytes, bytes);
    } else if (optype == ompt_target_data_transfer_from_device) {
        atomic_fetch_add(&from_device, 1);
        atomic_fetch_add(&from_bytes, bytes);
    } else if (optype >= ompt_target_data_alloc_async && optype <= ompt_target_data_delete_async) {
        atomic_fetch_add(&async_kinds, 1);
    } else {
        atomic_fetch_add(&other_ops, 1);
    }
}

static int tool_initialize(ompt_function_lookup_t lookup, int initial_device_num, ompt_data_t *tool_data)
{
    (void)initial_device_num, (void)tool_data;
    ompt_set_callback_t set_callback = (ompt_set_callback_t)lookup("ompt_set_callback");
    set_callback(ompt_callback_task_create, (ompt_callback_t)on_task_create);
    set_callback(ompt_callback_target_data_op, (ompt_callback_t)on_data_op);
    return 1;
}

static void tool_finalize(ompt_data_t *tool_data)
{
    (void)tool_data;
}

ompt_start_tool_result_t *ompt_start_tool(unsigned int omp_version, const char *runtime_version)
{
    (void)omp_version, (void)runtime_version;
    static ompt_start_tool_result_t result = {tool_initialize, tool_finalize, {0}};
    return getenv("ASYNC_TOOL") ? &result : NULL;
}
int marker; /* the rectangle's dependence */

/* The producer's wait: until the routine has returned, at most 2 s (so an
 * implementation that waits for its dependences inside the routine gives a
 * wrong answer, not a hang). 1 when it saw the routine return first. */
static int wait_for_return(void)
{
    struct timespec start, now;
    clock_gettime(CLOCK_MONOTONIC, &start);
    do {
        if (atomic_load(&returned))
            return 1;
        clock_gettime(CLOCK_MONOTONIC, &now);
    } while ((now.tv_sec - start.tv_sec) * 1000000000L + (now.tv_nsec - start.tv_nsec) < 2000000000L);
    return 0;
}

static void flat(int dev, int host)
{
    static int a[N], back[N];
    int *d = omp_target_alloc(sizeof a, dev);
    int rc = -1, before = -1, ok = 1, later_ok = 1;
    atomic_store(&returned, 0);
    atomic_store(&watching, 1);
#pragma omp parallel
#pragma omp single
    {
        omp_depend_t obj;
#pragma omp depobj(obj) depend(inout : a)
#pragma omp task depend(out : a) shared(before)
        {
            before = wait_for_return();
            for (int i = 0; i < N; i++)
                a[i] = 3 * i + 1;
        }
        rc = omp_target_memcpy_async(d, a, sizeof a, 0, 0, dev, host, 1, &obj);
        atomic_store(&returned, 1);
        // Runs after the copy (inout after its inout): the device keeps the
        // producer's values.
#pragma omp task depend(inout : a)
        for (int i = 0; i < N; i++)
            a[i] = -1;
#pragma omp taskwait
#pragma omp depobj(obj) destroy
    }
    omp_target_memcpy(back, d, sizeof back, 0, 0, host, dev);
    atomic_store(&watching, 0);
    for (int i = 0; i < N; i++) {
        ok &= back[i] == 3 * i + 1;
        later_ok &= a[i] == -1;
    }
    printf("flat: returned=%d before-its-dependence=%d values=%s after-later-write=%s\n", rc, before,
           ok ? "ok" : "WRONG", later_ok ? "ok" : "WRONG");
    omp_target_free(d, dev);
}

/* A 2x3 block of a 4x5 device matrix, at row 1 column 2, to a 3x4 host
 * matrix at row 1 column 1; the device matrix is filled by a task the
 * copy depends on (out, through the depobj of a marker variable). */
static void rect(int dev, int host)
{

    int m[ROWS][COLS], h[3][4];
    int *d = omp_target_alloc(sizeof m, dev);
    for (int i = 0; i < 3; i++)
        for (int j = 0; j < 4; j++)
            h[i][j] = -7;
    int rc = -1, before = -1;
    atomic_store(&returned, 0);
#pragma omp parallel
#pragma omp single
    {
        omp_depend_t obj;
#pragma omp depobj(obj) depend(in : marker)
#pragma omp task depend(out : marker) shared(before, m)
        {
            before = wait_for_return();
            for (int i = 0; i < ROWS; i++)
                for (int j = 0; j < COLS; j++)
                    m[i][j] = 10 * i + j;
            omp_target_memcpy(d, m, sizeof m, 0, 0, dev, host);
        }
        size_t volume[2] = {2, 3}, dst_off[2] = {1, 1}, src_off[2] = {1, 2}, dst_dims[2] = {3, 4},
               src_dims[2] = {ROWS, COLS};
        rc = omp_target_memcpy_rect_async(h, d, sizeof(int), 2, volume, dst_off, src_off, dst_dims, src_dims,
                                          host, dev, 1, &obj);
        // The routine keeps its own copies of the arrays.
        memset(volume, 0, sizeof volume);
        memset(src_off, 0, sizeof src_off);
        atomic_store(&returned, 1);
#pragma omp taskwait
    }
    int ok = 1, untouched = 1;
    for (int i = 0; i < 3; i++)
        for (int j = 0; j < 4; j++) {
            int inside = i >= 1 && i < 3 && j >= 1 && j < 4;
            if (inside)
                ok &= h[i][j] == 10 * (i - 1 + 1) + (j - 1 + 2);
            else
                untouched &= h[i][j] == -7;
        }
    printf("rect: returned=%d before-its-dependence=%d values=%s untouched=%s\n", rc, before, ok ? "ok" : "WRONG",
           untouched ? "ok" : "WRONG");
    omp_target_free(d, dev);
}

static void bad_arguments(int dev, int host)
{
    int src[4] = {1, 2, 3, 4}, dst[4] = {0, 0, 0, 0};
    size_t one[1] = {4}, zero[1] = {0};
    omp_depend_t obj;
    printf("bad device: %d %d %d %d\n", omp_target_memcpy_async(dst, src, sizeof src, 0, 0, host, 99, 0, NULL),
           omp_target_memcpy_async(dst, src, sizeof src, 0, 0, -5, host, 0, NULL),
           omp_target_memcpy_rect_async(dst, src, sizeof(int), 1, one, zero, zero, one, one, 99, host, 0, NULL),
           omp_target_memcpy_rect_async(dst, src, sizeof(int), 1, one, zero, zero, one, one, host, -5, 0, NULL));
    printf("bad pointers: %d %d %d %d %d\n", omp_target_memcpy_async(NULL, src, sizeof src, 0, 0, host, host, 0, NULL),
           omp_target_memcpy_async(dst, NULL, sizeof src, 0, 0, dev, host, 0, NULL),
           omp_target_memcpy_rect_async(dst, src, sizeof(int), 1, NULL, zero, zero, one, one, host, host, 0, NULL),
           omp_target_memcpy_rect_async(dst, NULL, sizeof(int), 1, one, zero, zero, one, one, host, host, 0, NULL),
           omp_target_memcpy_async(NULL, NULL, 0, 0, 0, host, host, 0, NULL));
    // The synchronous routine checks its pointers the same way.
    printf("sync bad pointers: %d %d\n", omp_target_memcpy(NULL, src, sizeof src, 0, 0, host, host),
           omp_target_memcpy(dst, NULL, sizeof src, 0, 0, dev, host));
    // A count without a list, a negative count, a depobj never initialized.
    memset(&obj, 0, sizeof obj);
    printf("bad depobj list: %d %d %d\n", omp_target_memcpy_async(dst, src, sizeof src, 0, 0, host, host, 1, NULL),
           omp_target_memcpy_async(dst, src, sizeof src, 0, 0, host, host, -1, NULL),
           omp_target_memcpy_async(dst, src, sizeof src, 0, 0, host, host, 1, &obj));
    printf("dims: %d\n",
           omp_target_memcpy_rect_async(NULL, NULL, sizeof(int), 1, one, zero, zero, one, one, host, host, 0, NULL));
#pragma omp taskwait
    printf("nothing copied by bad calls: %s\n", dst[0] == 0 && dst[3] == 0 ? "ok" : "WRONG");
}

int main(void)
{
    int host = omp_get_initial_device();
    int dev = omp_get_num_devices() > 0 ? 0 : host;
    flat(dev, host);
    printf("devices=%d target-is-initial=%d\n", omp_get_num_devices(), dev == host);
    if (getenv("ASYNC_TOOL"))
        printf("tool: target tasks=%d with dependences=%d explicit tasks=%d; data ops: to-device=%d (%zu bytes) "
               "from-device=%d (%zu bytes) async kinds=%d other=%d\n",
               atomic_load(&target_tasks), atomic_load(&target_tasks_deps), atomic_load(&explicit_tasks),
               atomic_load(&to_device), atomic_load(&to_bytes), atomic_load(&from_device), atomic_load(&from_bytes),
               atomic_load(&async_kinds), atomic_load(&other_ops));
    rect(dev, host);
    bad_arguments(dev, host);
    return 0;
}
