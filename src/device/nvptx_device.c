/* NVIDIA GPUs through the CUDA driver (loaded at run time, cuda_driver.h),
 * running GCC 12's offload images (nvptx_image.h). Facts from
 * shared/offload-survey.md section 2 (GCC's plugin-nvptx.c and its device
 * libgomp): the whole OpenMP device runtime is inside the image; the host
 * links its PTX objects into one module, finds each region's kernel by name
 * and launches it with three parameters (the device array of mapped
 * addresses, the base of the soft stacks, the stack size per warp), a grid of
 * teams x 1 x 1 and blocks of 32 x warps x 1; the image's `declare target`
 * variables are its module's globals, and `__nvptx_clocktick` (when the image
 * has it) must hold the seconds of one clock tick for omp_get_wtime.
 *
 * One device per GPU (device ordinal = Glass device number, before any host
 * device). Every call runs in the device's primary context. Regions and
 * copies are synchronous on the default stream, except nowait regions: each
 * gets a queue, a non-blocking stream of its own (async_target.h). When the device is traced, each is timed with CUDA
 * events, anchored to the host clock by a reference event taken with a host
 * clock reading at initialization (offload-survey.md section 6), so device
 * times are CLOCK_MONOTONIC nanoseconds like the host's. */
#include <limits.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "../core/runtime.h"
#include "cuda_driver.h"
#include "device.h"
#include "image_registry.h"
#include "nvptx_image.h"

#define STACK_BYTES_PER_WARP (128 * 1024) /* GCC's soft stack per warp */
#define DEFAULT_WARPS 8                   /* GCC's default threads (warps) per team */
#define MAX_WARPS 32

struct kernel {
    void (*host_fn)(void *);
    CUfunction function;
    int regs_per_thread;
    int max_threads;
};

struct nvptx {
    const struct glass_cuda *cu;
    CUdevice ordinal;
    CUcontext context;
    int sms, regs_per_sm, max_threads_per_block, warp_size, clock_khz, threads_per_sm;
    char name[96], type[128];
    CUmodule *cu_modules;
    size_t ncu_modules;
    struct kernel *kernels;
    size_t nkernels;
    CUdeviceptr stacks;
    size_t stacks_bytes;
    CUevent reference, start, end;
    uint64_t reference_ns;
    uint64_t last_start, last_end;
    bool timed;
    char error[160];
    pthread_mutex_t queues_lock;
    struct queue *idle_queues; /* closed queues, kept for the next nowait region */
};

/* A nowait region's queue: a stream of its own, soft stacks of its own (its
 * kernel runs beside others), and the events timing its operations (two per
 * timed operation: start, end). */
struct queue {
    CUstream stream;
    CUdeviceptr stacks;
    size_t stacks_bytes;
    CUevent *events;
    int nevents, ntimed;
    void (*done)(void *); /* queue_notify's function and argument */
    void *done_arg;
    struct queue *next;
};

static uint64_t host_ns(void)
{
    struct timespec now;
    clock_gettime(CLOCK_MONOTONIC, &now);
    return (uint64_t)now.tv_sec * 1000000000u + (uint64_t)now.tv_nsec;
}

static struct nvptx *state(struct glass_device *device)
{
    return device->kind_data;
}

static bool ok(struct nvptx *st, CUresult status, const char *what)
{
    if (status == GLASS_CU_SUCCESS)
        return true;
    snprintf(st->error, sizeof st->error, "%s: %s", what, glass_cuda_error(status));
    return false;
}

static void enter(struct nvptx *st)
{
    st->cu->cuCtxPushCurrent_v2(st->context);
}

static void leave(struct nvptx *st)
{
    CUcontext popped;
    st->cu->cuCtxPopCurrent_v2(&popped);
}

/* ---- Counting ---------------------------------------------------------------- */

static void has_image(const struct glass_image *image, void *arg)
{
    (void)image;
    *(bool *)arg = true;
}

int glass_nvptx_device_count(const char **why)
{
    bool images = false;
    glass_image_each(GLASS_OFFLOAD_TARGET_NVIDIA_PTX, has_image, &images);
    if (!images) {
        if (why)
            *why = "the program has no NVIDIA offload code (gcc -foffload=nvptx-none)";
        return 0;
    }
    const struct glass_cuda *cu = glass_cuda_driver(why);
    int count = 0;
    if (!cu)
        return 0;
    if (cu->cuDeviceGetCount(&count) != GLASS_CU_SUCCESS || count <= 0) {
        if (why)
            *why = "the NVIDIA driver sees no GPU";
        return 0;
    }
    return count;
}

/* ---- Loading the images -------------------------------------------------------- */

struct load {
    struct glass_device *device;
    struct nvptx *st;
    bool failed;
};

static bool add_module(struct glass_device *device, const void *cubin, size_t bytes)
{
    struct glass_device_module *grown = realloc(device->modules, (device->nmodules + 1) * sizeof *grown);
    void *copy = malloc(bytes);
    if (!grown || !copy) {
        free(copy);
        if (grown)
            device->modules = grown;
        return false;
    }
    memcpy(copy, cubin, bytes);
    static char path[PATH_MAX];
    ssize_t len = readlink("/proc/self/exe", path, sizeof path - 1);
    path[len > 0 ? len : 0] = '\0';
    device->modules = grown;
    device->modules[device->nmodules++] = (struct glass_device_module){len > 0 ? path : NULL, copy, bytes, 0};
    return true;
}

/* Links one image's PTX objects into a module and registers its kernels and
 * variables. */
static void load_image(const struct glass_image *registered, void *arg)
{
    struct load *load = arg;
    struct nvptx *st = load->st;
    const struct glass_cuda *cu = st->cu;
    if (load->failed)
        return;
    struct glass_nvptx_image image;
    const char *bad = glass_nvptx_image_read(registered->host_table, registered->target_data, &image);
    if (bad) {
        snprintf(st->error, sizeof st->error, "an NVIDIA offload image cannot be read: %s", bad);
        load->failed = true;
        return;
    }
    char info[2048] = "", errors[2048] = "";
    int opts[] = {GLASS_CU_JIT_INFO_LOG_BUFFER, GLASS_CU_JIT_INFO_LOG_BUFFER_SIZE_BYTES, GLASS_CU_JIT_ERROR_LOG_BUFFER,
                  GLASS_CU_JIT_ERROR_LOG_BUFFER_SIZE_BYTES};
    void *values[] = {info, (void *)(uintptr_t)sizeof info, errors, (void *)(uintptr_t)sizeof errors};
    CUlinkState link;
    if (!ok(st, cu->cuLinkCreate_v2(4, opts, values, &link), "cuLinkCreate")) {
        load->failed = true;
        return;
    }
    bool linked = true;
    for (unsigned i = 0; i < image.data->ptx_count && linked; i++) {
        const struct glass_nvptx_ptx *ptx = &image.data->ptx[i];
        /* The size counts the NUL; a JIT error names the object. */
        linked = ok(st, cu->cuLinkAddData_v2(link, GLASS_CU_JIT_INPUT_PTX, (void *)ptx->code, ptx->size, "", 0, NULL, NULL),
                    "linking the image's PTX");
    }
    void *cubin = NULL;
    size_t cubin_bytes = 0;
    CUmodule module = NULL;
    if (linked)
        linked = ok(st, cu->cuLinkComplete(link, &cubin, &cubin_bytes), "completing the link") &&
                 ok(st, cu->cuModuleLoadData(&module, cubin), "loading the linked module");
    if (linked)
        add_module(load->device, cubin, cubin_bytes);
    cu->cuLinkDestroy(link);
    if (!linked) {
        if (errors[0])
            snprintf(st->error + strlen(st->error), sizeof st->error - strlen(st->error), " (%.80s)", errors);
        load->failed = true;
        return;
    }
    CUmodule *modules = realloc(st->cu_modules, (st->ncu_modules + 1) * sizeof *modules);
    struct kernel *kernels = realloc(st->kernels, (st->nkernels + image.data->function_count) * sizeof *kernels);
    if (modules)
        st->cu_modules = modules;
    if (kernels)
        st->kernels = kernels;
    if (!modules || !kernels) {
        snprintf(st->error, sizeof st->error, "out of memory loading an image");
        load->failed = true;
        return;
    }
    st->cu_modules[st->ncu_modules++] = module;
    for (unsigned i = 0; i < image.data->function_count; i++) {
        struct kernel k = {(void (*)(void *))image.host_functions[i], NULL, 0, 0};
        if (!ok(st, cu->cuModuleGetFunction(&k.function, module, image.data->functions[i].name), "finding a kernel")) {
            load->failed = true;
            return;
        }
        cu->cuFuncGetAttribute(&k.regs_per_thread, GLASS_CU_FUNC_NUM_REGS, k.function);
        cu->cuFuncGetAttribute(&k.max_threads, GLASS_CU_FUNC_MAX_THREADS_PER_BLOCK, k.function);
        st->kernels[st->nkernels++] = k;
    }
    for (unsigned i = 0; i < image.data->var_count; i++) {
        CUdeviceptr address;
        size_t bytes;
        if (!ok(st, cu->cuModuleGetGlobal_v2(&address, &bytes, module, image.data->var_names[i]),
                "finding a declare target variable")) {
            load->failed = true;
            return;
        }
        uintptr_t host_bytes = image.host_vars[i].size & ~GLASS_OFFLOAD_VAR_LINK;
        if (image.host_vars[i].size & GLASS_OFFLOAD_VAR_LINK)
            continue; /* declare target link: mapped by the constructs that use it */
        glass_device_map_static(load->device, image.host_vars[i].host, host_bytes, (uintptr_t)address);
    }
    /* omp_get_wtime on the device: seconds per clock tick. */
    CUdeviceptr tick;
    size_t tick_bytes;
    if (cu->cuModuleGetGlobal_v2(&tick, &tick_bytes, module, "__nvptx_clocktick") == GLASS_CU_SUCCESS &&
        tick_bytes == sizeof(double) && st->clock_khz > 0) {
        double seconds = 1e-3 / st->clock_khz;
        cu->cuMemcpyHtoD_v2(tick, &seconds, sizeof seconds);
    }
}

static int attribute(struct nvptx *st, int which)
{
    int value = 0;
    st->cu->cuDeviceGetAttribute(&value, which, st->ordinal);
    return value;
}

static bool nvptx_init(struct glass_device *device)
{
    struct nvptx *st = calloc(1, sizeof *st);
    if (!st)
        return false;
    device->kind_data = st;
    pthread_mutex_init(&st->queues_lock, NULL);
    st->cu = glass_cuda_driver(NULL);
    if (!st->cu)
        return false;
    if (!ok(st, st->cu->cuDeviceGet(&st->ordinal, device->number), "cuDeviceGet") ||
        !ok(st, st->cu->cuDevicePrimaryCtxRetain(&st->context, st->ordinal), "creating the device's context"))
        return false;
    st->sms = attribute(st, GLASS_CU_ATTR_MULTIPROCESSOR_COUNT);
    st->regs_per_sm = attribute(st, GLASS_CU_ATTR_MAX_REGISTERS_PER_MULTIPROCESSOR);
    st->max_threads_per_block = attribute(st, GLASS_CU_ATTR_MAX_THREADS_PER_BLOCK);
    st->warp_size = attribute(st, GLASS_CU_ATTR_WARP_SIZE);
    st->clock_khz = attribute(st, GLASS_CU_ATTR_CLOCK_RATE);
    st->threads_per_sm = attribute(st, GLASS_CU_ATTR_MAX_THREADS_PER_MULTIPROCESSOR);
    if (st->warp_size != 32) {
        snprintf(st->error, sizeof st->error, "warp size %d: GCC's device code needs 32", st->warp_size);
        return false;
    }
    st->cu->cuDeviceGetName(st->name, sizeof st->name, st->ordinal);
    /* Tools key on a type that starts with NVIDIA (offload-survey.md 4). */
    snprintf(st->type, sizeof st->type, "%s%s", strncmp(st->name, "NVIDIA", 6) ? "NVIDIA " : "", st->name);
    device->type = st->type;
    enter(st);
    struct load load = {device, st, false};
    glass_image_each(GLASS_OFFLOAD_TARGET_NVIDIA_PTX, load_image, &load);
    bool events = !load.failed && ok(st, st->cu->cuEventCreate(&st->reference, GLASS_CU_EVENT_DEFAULT), "cuEventCreate") &&
                  ok(st, st->cu->cuEventCreate(&st->start, GLASS_CU_EVENT_DEFAULT), "cuEventCreate") &&
                  ok(st, st->cu->cuEventCreate(&st->end, GLASS_CU_EVENT_DEFAULT), "cuEventCreate");
    if (events) {
        /* The anchor: a reference event and the host clock, together. */
        st->cu->cuEventRecord(st->reference, NULL);
        st->cu->cuEventSynchronize(st->reference);
        st->reference_ns = host_ns();
    }
    leave(st);
    if (load.failed || !events) {
        glass_warn("NVIDIA device %d (%s) cannot be used: %s", device->number, st->name, st->error);
        return false;
    }
    return true;
}

static void nvptx_fini(struct glass_device *device)
{
    struct nvptx *st = state(device);
    if (!st || !st->cu)
        return;
    enter(st);
    if (st->stacks)
        st->cu->cuMemFree_v2(st->stacks);
    /* The idle queues; one still in use belongs to a region on a thread
     * that exit() did not wait for, like a synchronous region under way. */
    while (st->idle_queues) {
        struct queue *q = st->idle_queues;
        st->idle_queues = q->next;
        st->cu->cuStreamDestroy_v2(q->stream);
        if (q->stacks)
            st->cu->cuMemFree_v2(q->stacks);
        for (int i = 0; i < q->nevents; i++)
            st->cu->cuEventDestroy_v2(q->events[i]);
        free(q->events);
        free(q);
    }
    for (size_t i = 0; i < st->ncu_modules; i++)
        st->cu->cuModuleUnload(st->cu_modules[i]);
    leave(st);
    st->cu->cuDevicePrimaryCtxRelease_v2(st->ordinal);
}

/* ---- Memory -------------------------------------------------------------------- */

static void *nvptx_alloc(struct glass_device *device, size_t bytes)
{
    struct nvptx *st = state(device);
    CUdeviceptr address = 0;
    enter(st);
    CUresult status = st->cu->cuMemAlloc_v2(&address, bytes ? bytes : 1);
    leave(st);
    return status == GLASS_CU_SUCCESS ? (void *)(uintptr_t)address : NULL;
}

static void nvptx_free(struct glass_device *device, void *address)
{
    struct nvptx *st = state(device);
    enter(st);
    st->cu->cuMemFree_v2((CUdeviceptr)(uintptr_t)address);
    leave(st);
}

/* Times the operation between begin_timing and end_timing with events when
 * the device is traced (the only reader of the times). */
static void begin_timing(struct glass_device *device, struct nvptx *st)
{
    st->timed = device->trace != NULL;
    if (st->timed)
        st->cu->cuEventRecord(st->start, NULL);
}

static void end_timing(struct nvptx *st)
{
    if (!st->timed)
        return;
    st->cu->cuEventRecord(st->end, NULL);
    float from_reference = 0, duration = 0;
    if (st->cu->cuEventSynchronize(st->end) != GLASS_CU_SUCCESS ||
        st->cu->cuEventElapsedTime(&from_reference, st->reference, st->start) != GLASS_CU_SUCCESS ||
        st->cu->cuEventElapsedTime(&duration, st->start, st->end) != GLASS_CU_SUCCESS) {
        st->timed = false;
        return;
    }
    st->last_start = st->reference_ns + (uint64_t)((double)from_reference * 1e6);
    st->last_end = st->last_start + (uint64_t)((double)duration * 1e6);
}

static int nvptx_to_device(struct glass_device *device, void *dst, const void *src, size_t bytes)
{
    struct nvptx *st = state(device);
    enter(st);
    begin_timing(device, st);
    CUresult status = st->cu->cuMemcpyHtoD_v2((CUdeviceptr)(uintptr_t)dst, src, bytes);
    end_timing(st);
    leave(st);
    return status == GLASS_CU_SUCCESS ? 0 : -1;
}

static int nvptx_from_device(struct glass_device *device, void *dst, const void *src, size_t bytes)
{
    struct nvptx *st = state(device);
    enter(st);
    begin_timing(device, st);
    CUresult status = st->cu->cuMemcpyDtoH_v2(dst, (CUdeviceptr)(uintptr_t)src, bytes);
    end_timing(st);
    leave(st);
    return status == GLASS_CU_SUCCESS ? 0 : -1;
}

static int nvptx_device_to_device(struct glass_device *device, void *dst, const void *src, size_t bytes)
{
    struct nvptx *st = state(device);
    enter(st);
    begin_timing(device, st);
    CUresult status = st->cu->cuMemcpyDtoD_v2((CUdeviceptr)(uintptr_t)dst, (CUdeviceptr)(uintptr_t)src, bytes);
    end_timing(st);
    leave(st);
    return status == GLASS_CU_SUCCESS ? 0 : -1;
}

/* ---- Regions --------------------------------------------------------------------- */

static struct kernel *kernel_of(struct nvptx *st, void (*host_fn)(void *))
{
    for (size_t i = 0; i < st->nkernels; i++)
        if (st->kernels[i].host_fn == host_fn)
            return &st->kernels[i];
    return NULL;
}

static bool nvptx_can_run(struct glass_device *device, void (*host_fn)(void *))
{
    return kernel_of(state(device), host_fn) != NULL;
}

/* GCC's launch geometry: warps per team from thread_limit (default 8), capped
 * by the block and the kernel; teams from num_teams, else as many as the
 * registers of all multiprocessors hold. */
static void geometry(const struct nvptx *st, const struct kernel *k, const struct glass_launch *launch,
                     unsigned *teams, unsigned *warps)
{
    unsigned w = launch->thread_limit ? (launch->thread_limit + 31) / 32 : DEFAULT_WARPS;
    unsigned cap = (unsigned)(k->max_threads > 0 ? k->max_threads : st->max_threads_per_block) / 32;
    if (cap > MAX_WARPS)
        cap = MAX_WARPS;
    if (w > cap)
        w = cap ? cap : 1;
    unsigned t = launch->num_teams;
    if (!t) {
        int regs = k->regs_per_thread > 0 ? k->regs_per_thread : 32;
        t = (unsigned)(st->regs_per_sm / (regs * 32 * (int)w)) * (unsigned)st->sms;
        if (!t)
            t = (unsigned)st->sms;
    }
    *teams = t;
    *warps = w;
}

/* Soft stacks of at least `need` bytes at *stacks (*bytes their size): the
 * old ones are freed first, since their launches are over (a synchronous
 * region's, or the queue's earlier work). With the context current. */
static CUresult grow_stacks(struct nvptx *st, CUdeviceptr *stacks, size_t *bytes, size_t need)
{
    if (need <= *bytes)
        return GLASS_CU_SUCCESS;
    if (*stacks)
        st->cu->cuMemFree_v2(*stacks);
    *stacks = 0;
    *bytes = 0;
    CUresult status = st->cu->cuMemAlloc_v2(stacks, need);
    if (status != GLASS_CU_SUCCESS) {
        *stacks = 0;
        return status;
    }
    *bytes = need;
    return GLASS_CU_SUCCESS;
}

/* A launch with GCC's contract: the parameters {argument array, soft stacks,
 * stack bytes per warp} as one buffer, teams x 1 x 1 blocks of 32 x warps. */
static CUresult launch_kernel(struct nvptx *st, const struct kernel *k, unsigned teams, unsigned warps, void *args,
                              CUdeviceptr stacks, CUstream stream)
{
    struct {
        void *args;
        CUdeviceptr stacks;
        size_t stack_bytes;
    } params = {args, stacks, STACK_BYTES_PER_WARP};
    size_t params_bytes = sizeof params;
    void *extra[] = {GLASS_CU_LAUNCH_PARAM_BUFFER_POINTER, &params, GLASS_CU_LAUNCH_PARAM_BUFFER_SIZE, &params_bytes,
                     GLASS_CU_LAUNCH_PARAM_END};
    return st->cu->cuLaunchKernel(k->function, teams, 1, 1, 32, warps, 1, 0, stream, NULL, extra);
}

static unsigned nvptx_run(struct glass_device *device, void (*host_fn)(void *), void *args,
                          const struct glass_launch *launch)
{
    struct nvptx *st = state(device);
    struct kernel *k = kernel_of(st, host_fn);
    if (!k)
        glass_fatal("NVIDIA device %d: no kernel for the target region at %p", device->number, (void *)host_fn);
    unsigned teams, warps;
    geometry(st, k, launch, &teams, &warps);
    size_t stacks = (size_t)teams * warps * STACK_BYTES_PER_WARP;
    enter(st);
    if (!ok(st, grow_stacks(st, &st->stacks, &st->stacks_bytes, stacks), "allocating the soft stacks")) {
        leave(st);
        glass_fatal("NVIDIA device %d: %s (%zu bytes for %u teams of %u warps)", device->number, st->error, stacks,
                    teams, warps);
    }
    begin_timing(device, st);
    bool launched = ok(st, launch_kernel(st, k, teams, warps, args, st->stacks, NULL), "launching the region");
    /* The default stream only: nowait regions on their own streams go on. */
    bool finished = launched && ok(st, st->cu->cuStreamSynchronize(NULL), "running the region");
    end_timing(st);
    leave(st);
    if (!finished)
        glass_fatal("NVIDIA device %d: %s", device->number, st->error);
    return teams;
}

/* ---- Queues for nowait regions (device.h) ------------------------------------- */

static void *nvptx_queue_open(struct glass_device *device)
{
    struct nvptx *st = state(device);
    pthread_mutex_lock(&st->queues_lock);
    struct queue *q = st->idle_queues;
    if (q)
        st->idle_queues = q->next;
    pthread_mutex_unlock(&st->queues_lock);
    if (q) {
        q->ntimed = 0;
        return q;
    }
    if (!(q = calloc(1, sizeof *q)))
        return NULL;
    enter(st);
    /* Non-blocking: the synchronous constructs' work on the default stream
     * neither waits for it nor makes it wait. */
    CUresult status = st->cu->cuStreamCreate(&q->stream, GLASS_CU_STREAM_NON_BLOCKING);
    leave(st);
    if (status != GLASS_CU_SUCCESS) {
        free(q);
        return NULL;
    }
    return q;
}

/* Starts timing the queue's next operation; its number, or -1 (no events). */
static int timing_begin(struct nvptx *st, struct queue *q)
{
    if (2 * (q->ntimed + 1) > q->nevents) {
        int want = q->nevents ? 2 * q->nevents : 8;
        CUevent *grown = realloc(q->events, (size_t)want * sizeof *grown);
        if (!grown)
            return -1;
        q->events = grown;
        while (q->nevents < want && st->cu->cuEventCreate(&q->events[q->nevents], GLASS_CU_EVENT_DEFAULT) ==
                                        GLASS_CU_SUCCESS)
            q->nevents++;
        if (2 * (q->ntimed + 1) > q->nevents)
            return -1;
    }
    st->cu->cuEventRecord(q->events[2 * q->ntimed], q->stream);
    return q->ntimed;
}

static void timing_end(struct nvptx *st, struct queue *q, int n, int *timed)
{
    if (n < 0)
        return;
    st->cu->cuEventRecord(q->events[2 * n + 1], q->stream);
    q->ntimed++;
    *timed = n;
}

static int nvptx_to_device_async(struct glass_device *device, void *queue, void *dst, const void *src, size_t bytes,
                                 int *timed)
{
    struct nvptx *st = state(device);
    struct queue *q = queue;
    enter(st);
    int n = timed ? timing_begin(st, q) : -1;
    CUresult status = st->cu->cuMemcpyHtoDAsync_v2((CUdeviceptr)(uintptr_t)dst, src, bytes, q->stream);
    timing_end(st, q, n, timed);
    leave(st);
    return status == GLASS_CU_SUCCESS ? 0 : -1;
}

static unsigned nvptx_run_async(struct glass_device *device, void *queue, void (*host_fn)(void *), void *args,
                                const struct glass_launch *launch, int *timed)
{
    struct nvptx *st = state(device);
    struct queue *q = queue;
    struct kernel *k = kernel_of(st, host_fn);
    if (!k)
        return 0;
    unsigned teams, warps;
    geometry(st, k, launch, &teams, &warps);
    size_t stacks = (size_t)teams * warps * STACK_BYTES_PER_WARP;
    enter(st);
    if (grow_stacks(st, &q->stacks, &q->stacks_bytes, stacks) != GLASS_CU_SUCCESS) {
        leave(st);
        return 0;
    }
    int n = timed ? timing_begin(st, q) : -1;
    CUresult status = launch_kernel(st, k, teams, warps, args, q->stacks, q->stream);
    timing_end(st, q, n, timed);
    leave(st);
    return status == GLASS_CU_SUCCESS ? teams : 0;
}

/* The stream's end, whatever its status: a failed kernel or copy still ends
 * the wait, and queue_close then reports the error. */
static void stream_ended(CUstream stream, CUresult status, void *data)
{
    (void)stream;
    (void)status;
    struct queue *q = data;
    q->done(q->done_arg);
}

static int nvptx_queue_notify(struct glass_device *device, void *queue, void (*done)(void *), void *arg)
{
    struct nvptx *st = state(device);
    struct queue *q = queue;
    q->done = done;
    q->done_arg = arg;
    enter(st);
    /* cuLaunchHostFunc never calls its function once the stream has failed,
     * which would leave the target task waiting for good: the older
     * cuStreamAddCallback where the driver still has it. */
    CUresult status = st->cu->cuStreamAddCallback ? st->cu->cuStreamAddCallback(q->stream, stream_ended, q, 0)
                                                  : st->cu->cuLaunchHostFunc(q->stream, done, arg);
    leave(st);
    return status == GLASS_CU_SUCCESS ? 0 : -1;
}

static bool nvptx_queue_times(struct glass_device *device, void *queue, int n, uint64_t *start, uint64_t *end)
{
    struct nvptx *st = state(device);
    struct queue *q = queue;
    if (n < 0 || n >= q->ntimed)
        return false;
    float from_reference = 0, duration = 0;
    enter(st);
    bool measured = st->cu->cuEventElapsedTime(&from_reference, st->reference, q->events[2 * n]) == GLASS_CU_SUCCESS &&
                    st->cu->cuEventElapsedTime(&duration, q->events[2 * n], q->events[2 * n + 1]) == GLASS_CU_SUCCESS;
    leave(st);
    if (!measured)
        return false;
    *start = st->reference_ns + (uint64_t)((double)from_reference * 1e6);
    *end = *start + (uint64_t)((double)duration * 1e6);
    return true;
}

static int nvptx_queue_close(struct glass_device *device, void *queue, const char **why)
{
    struct nvptx *st = state(device);
    struct queue *q = queue;
    enter(st);
    /* Done already (the host function ran after the rest): this returns once
     * that function has, with the error of any earlier operation. */
    CUresult status = st->cu->cuStreamSynchronize(q->stream);
    leave(st);
    if (status != GLASS_CU_SUCCESS) {
        *why = glass_cuda_error(status);
        return -1; /* the context is lost: the queue is not reused */
    }
    pthread_mutex_lock(&st->queues_lock);
    q->next = st->idle_queues;
    st->idle_queues = q;
    pthread_mutex_unlock(&st->queues_lock);
    return 0;
}

static bool nvptx_last_times(struct glass_device *device, uint64_t *start, uint64_t *end)
{
    struct nvptx *st = state(device);
    if (!st->timed)
        return false;
    *start = st->last_start;
    *end = st->last_end;
    return true;
}

static uint64_t nvptx_now(struct glass_device *device)
{
    (void)device;
    return host_ns(); /* the device's times are anchored to it (above) */
}

static int nvptx_num_procs(struct glass_device *device)
{
    struct nvptx *st = state(device);
    return st->sms * st->threads_per_sm;
}

const struct glass_device_kind glass_nvptx_device_kind = {
    .name = "NVIDIA",
    .type = "NVIDIA",
    .documentation = "Glass NVIDIA device: GCC offload images through the CUDA driver; device times from CUDA "
                     "events, in CLOCK_MONOTONIC nanoseconds",
    .init = nvptx_init,
    .fini = nvptx_fini,
    .alloc = nvptx_alloc,
    .free = nvptx_free,
    .to_device = nvptx_to_device,
    .from_device = nvptx_from_device,
    .device_to_device = nvptx_device_to_device,
    .run = nvptx_run,
    .now = nvptx_now,
    .num_procs = nvptx_num_procs,
    .can_run = nvptx_can_run,
    .last_times = nvptx_last_times,
    .queue_open = nvptx_queue_open,
    .to_device_async = nvptx_to_device_async,
    .run_async = nvptx_run_async,
    .queue_notify = nvptx_queue_notify,
    .queue_times = nvptx_queue_times,
    .queue_close = nvptx_queue_close,
};
