/* NVIDIA GPUs through the CUDA driver (loaded at run time, cuda_driver.h),
 * running GCC 12's offload images (nvptx_image.h). Facts from
 * shared/offload-survey.md section 2 (GCC's plugin-nvptx.c and its device
 * libgomp): the whole OpenMP device runtime is inside the image; the host
 * links its PTX objects into one module, finds each region's kernel by name
 * and launches it with three parameters (the device array of mapped
 * addresses, the base of the soft stacks, the stack size per warp), a grid of
 * teams x 1 x 1 and blocks of 32 x warps x 1; the image's `declare target`
 * variables are its module's globals, and `__nvptx_clocktick` (when the image
 * has it) must hold the seconds of one clock tick for omp_get_wtime. A
 * `declare target link` variable is a pointer in the module, which the
 * mapping engine points at the variable's device copy while it is mapped
 * (glass_device_add_link). Each image is one module, loaded at init or when
 * the program registers it later, unloaded when the program unregisters it
 * (image_loading.c).
 *
 * One device per GPU (device ordinal = Glass device number, before any host
 * device). Every call runs in the device's primary context. Regions and
 * copies are synchronous on the default stream, except nowait regions: each
 * gets a queue, a non-blocking stream of its own (async_target.h). When the device is traced, each is timed with CUDA
 * events, anchored to the host clock by a reference event taken with a host
 * clock reading at initialization (offload-survey.md section 6), so device
 * times are CLOCK_MONOTONIC nanoseconds like the host's. */
#include <dlfcn.h>
#include <link.h>
#include <limits.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "../../core/runtime.h"
#include "cuda_driver.h"
#include "../device.h"
#include "../image_registry.h"
#include "nvptx_image.h"

#define STACK_BYTES_PER_WARP (128 * 1024) /* GCC's soft stack per warp */
#define DEFAULT_WARPS 8                   /* GCC's default threads (warps) per team */
#define MAX_WARPS 32

struct kernel {
    void (*host_fn)(void *);
    CUfunction function;
    int regs_per_thread;
    int max_threads;
    const void *image; /* the host table of the image it came with */
};

struct loaded_module {
    const void *image;
    CUmodule module;
};

struct nvptx {
    const struct glass_cuda *cu;
    CUdevice ordinal;
    CUcontext context;
    int sms, regs_per_sm, max_threads_per_block, warp_size, clock_khz, threads_per_sm;
    char name[96], type[128];
    /* The loaded images. The kernels are looked up without the device's lock
     * (nowait regions), while another thread may load or unload an image
     * under it: `images_lock` guards both arrays. */
    pthread_mutex_t images_lock;
    struct loaded_module *cu_modules;
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

/* The GPUs the driver offers (0 without driver or GPU: *why then says which).
 * With or without the program's NVIDIA images, as libgomp counts its
 * plugin's devices: a program of data directives and device memory routines
 * alone has no image and still uses the GPU; a region without device code
 * runs on the host (target_ops.c). */
static int nvptx_count(const char **why)
{
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

/* ---- Loading and unloading images ------------------------------------------------ */

static void remember_module(struct nvptx *st, const void *image, CUmodule module)
{
    pthread_mutex_lock(&st->images_lock);
    struct loaded_module *grown = realloc(st->cu_modules, (st->ncu_modules + 1) * sizeof *grown);
    if (grown) {
        st->cu_modules = grown;
        st->cu_modules[st->ncu_modules++] = (struct loaded_module){image, module};
    }
    pthread_mutex_unlock(&st->images_lock);
    if (!grown) /* nothing to unload it by: unloaded now, its regions run on the host */
        st->cu->cuModuleUnload(module);
}

static bool add_kernels(struct nvptx *st, const struct kernel *kernels, size_t n)
{
    pthread_mutex_lock(&st->images_lock);
    struct kernel *grown = realloc(st->kernels, (st->nkernels + n) * sizeof *grown);
    if (grown) {
        st->kernels = grown;
        memcpy(st->kernels + st->nkernels, kernels, n * sizeof *kernels);
        st->nkernels += n;
    }
    pthread_mutex_unlock(&st->images_lock);
    return grown != NULL;
}

/* Links the image's PTX objects into a module; its host copy in *cubin_copy
 * (malloc'ed). With the context current. */
static bool link_module(struct nvptx *st, const struct glass_nvptx_image *image, CUmodule *module, void **cubin_copy,
                        size_t *cubin_bytes)
{
    const struct glass_cuda *cu = st->cu;
    char info[2048] = "", errors[2048] = "";
    int opts[] = {GLASS_CU_JIT_INFO_LOG_BUFFER, GLASS_CU_JIT_INFO_LOG_BUFFER_SIZE_BYTES, GLASS_CU_JIT_ERROR_LOG_BUFFER,
                  GLASS_CU_JIT_ERROR_LOG_BUFFER_SIZE_BYTES};
    void *values[] = {info, (void *)(uintptr_t)sizeof info, errors, (void *)(uintptr_t)sizeof errors};
    CUlinkState link;
    if (!ok(st, cu->cuLinkCreate_v2(4, opts, values, &link), "cuLinkCreate"))
        return false;
    bool linked = true;
    for (unsigned i = 0; i < image->data->ptx_count && linked; i++) {
        const struct glass_nvptx_ptx *ptx = &image->data->ptx[i];
        /* The size counts the NUL; a JIT error names the object. */
        linked = ok(st, cu->cuLinkAddData_v2(link, GLASS_CU_JIT_INPUT_PTX, (void *)ptx->code, ptx->size, "", 0, NULL, NULL),
                    "linking the image's PTX");
    }
    void *cubin = NULL;
    *module = NULL;
    if (linked)
        linked = ok(st, cu->cuLinkComplete(link, &cubin, cubin_bytes), "completing the link") &&
                 ok(st, cu->cuModuleLoadData(module, cubin), "loading the linked module");
    /* The linker's output lives until cuLinkDestroy: device_load's copy. */
    if (linked && (*cubin_copy = malloc(*cubin_bytes ? *cubin_bytes : 1)) != NULL)
        memcpy(*cubin_copy, cubin, *cubin_bytes);
    cu->cuLinkDestroy(link);
    if (linked && !*cubin_copy) {
        cu->cuModuleUnload(*module);
        snprintf(st->error, sizeof st->error, "out of memory for the module's host copy");
        return false;
    }
    if (!linked && errors[0])
        snprintf(st->error + strlen(st->error), sizeof st->error - strlen(st->error), " (%.80s)", errors);
    return linked;
}

/* The kernels and variables of a linked module: false (st->error says why)
 * when one is missing or a variable does not match its host side. The
 * variables are made present only once everything is found. */
static bool find_symbols(struct glass_device *device, struct nvptx *st, const struct glass_image *registered,
                         const struct glass_nvptx_image *image, CUmodule module)
{
    const struct glass_cuda *cu = st->cu;
    unsigned nfn = image->data->function_count, nvar = image->data->var_count;
    struct kernel *kernels = calloc(nfn ? nfn : 1, sizeof *kernels);
    CUdeviceptr *addresses = calloc(nvar ? nvar : 1, sizeof *addresses);
    bool found = kernels && addresses;
    if (!found)
        snprintf(st->error, sizeof st->error, "out of memory loading an image");
    for (unsigned i = 0; i < nfn && found; i++) {
        struct kernel *k = &kernels[i];
        *k = (struct kernel){(void (*)(void *))image->host_functions[i], NULL, 0, 0, registered->host_table};
        found = ok(st, cu->cuModuleGetFunction(&k->function, module, image->data->functions[i].name),
                   "finding a kernel");
        if (found) {
            cu->cuFuncGetAttribute(&k->regs_per_thread, GLASS_CU_FUNC_NUM_REGS, k->function);
            cu->cuFuncGetAttribute(&k->max_threads, GLASS_CU_FUNC_MAX_THREADS_PER_BLOCK, k->function);
        }
    }
    for (unsigned i = 0; i < nvar && found; i++) {
        size_t bytes;
        bool link = image->host_vars[i].size & GLASS_OFFLOAD_VAR_LINK;
        size_t host_bytes = image->host_vars[i].size & ~GLASS_OFFLOAD_VAR_LINK;
        found = ok(st, cu->cuModuleGetGlobal_v2(&addresses[i], &bytes, module, image->data->var_names[i]),
                   "finding a declare target variable");
        /* A link variable is the device's pointer to it. */
        size_t want = link ? sizeof(void *) : host_bytes;
        if (found && bytes != want) {
            snprintf(st->error, sizeof st->error,
                     "declare target%s variable %.60s has %zu bytes on the device and %zu on the host", link ? " link" : "",
                     image->data->var_names[i], bytes, want);
            found = false;
        }
    }
    if (found)
        found = add_kernels(st, kernels, nfn);
    for (unsigned i = 0; i < nvar && found; i++) {
        const struct glass_offload_var *var = &image->host_vars[i];
        size_t host_bytes = var->size & ~GLASS_OFFLOAD_VAR_LINK;
        if (var->size & GLASS_OFFLOAD_VAR_LINK)
            found = glass_device_add_link(device, registered->host_table, var->host, host_bytes, (uintptr_t)addresses[i]);
        else
            glass_device_map_static(device, var->host, host_bytes, (uintptr_t)addresses[i]);
        if (!found)
            snprintf(st->error, sizeof st->error, "out of memory loading an image");
    }
    free(kernels);
    free(addresses);
    return found;
}

static void unload_symbols(struct glass_device *device, struct nvptx *st, const struct glass_image *registered);

/* The file holding the image (device_load's filename): the shared library
 * whose tables they are, or the executable; malloc'ed, NULL when unknown. */
static char *file_of(const void *host_table)
{
    Dl_info info;
    struct link_map *map = NULL;
    /* The executable's link map has an empty name; a library's is the name
     * it was opened by, made absolute now (a relative one is relative to
     * the directory it was opened from, most likely still the current one). */
    if (dladdr1(host_table, &info, (void **)&map, RTLD_DL_LINKMAP) && map && map->l_name && map->l_name[0])
        return realpath(map->l_name, NULL);
    char path[PATH_MAX];
    ssize_t len = readlink("/proc/self/exe", path, sizeof path - 1);
    if (len <= 0)
        return NULL;
    path[len] = '\0';
    return strdup(path);
}

static bool nvptx_load_image(struct glass_device *device, const struct glass_image *registered, const char **why)
{
    struct nvptx *st = state(device);
    const struct glass_cuda *cu = st->cu;
    *why = st->error;
    struct glass_nvptx_image image;
    const char *bad = glass_nvptx_image_read(registered->host_table, registered->target_data, &image);
    if (bad) {
        snprintf(st->error, sizeof st->error, "an NVIDIA offload image cannot be read: %s", bad);
        return false;
    }
    enter(st);
    CUmodule module;
    void *cubin = NULL;
    size_t cubin_bytes = 0;
    bool loaded = link_module(st, &image, &module, &cubin, &cubin_bytes);
    if (loaded && !find_symbols(device, st, registered, &image, module)) {
        unload_symbols(device, st, registered);
        cu->cuModuleUnload(module);
        free(cubin);
        loaded = false;
    }
    char *file = loaded ? file_of(registered->host_table) : NULL;
    if (loaded && !glass_device_add_module(device, registered->host_table, file, cubin, cubin_bytes)) {
        snprintf(st->error, sizeof st->error, "out of memory loading an image");
        free(file);
        unload_symbols(device, st, registered);
        cu->cuModuleUnload(module);
        free(cubin);
        loaded = false;
    }
    if (loaded) {
        remember_module(st, registered->host_table, module);
        /* omp_get_wtime on the device: seconds per clock tick. */
        CUdeviceptr tick;
        size_t tick_bytes;
        if (cu->cuModuleGetGlobal_v2(&tick, &tick_bytes, module, "__nvptx_clocktick") == GLASS_CU_SUCCESS &&
            tick_bytes == sizeof(double) && st->clock_khz > 0) {
            double seconds = 1e-3 / st->clock_khz;
            cu->cuMemcpyHtoD_v2(tick, &seconds, sizeof seconds);
        }
    }
    leave(st);
    return loaded;
}

/* What find_symbols added for the image (kernels, variables); the link
 * records go with the module (image_loading.c). */
static void unload_symbols(struct glass_device *device, struct nvptx *st, const struct glass_image *registered)
{
    pthread_mutex_lock(&st->images_lock);
    size_t kept = 0;
    for (size_t i = 0; i < st->nkernels; i++)
        if (st->kernels[i].image != registered->host_table)
            st->kernels[kept++] = st->kernels[i];
    st->nkernels = kept;
    pthread_mutex_unlock(&st->images_lock);
    struct glass_nvptx_image image;
    if (glass_nvptx_image_read(registered->host_table, registered->target_data, &image))
        return;
    for (unsigned i = 0; i < image.data->var_count; i++)
        if (!(image.host_vars[i].size & GLASS_OFFLOAD_VAR_LINK))
            glass_device_unmap_static(device, image.host_vars[i].host, image.host_vars[i].size);
}

static void nvptx_unload_image(struct glass_device *device, const struct glass_image *registered)
{
    struct nvptx *st = state(device);
    unload_symbols(device, st, registered);
    CUmodule module = NULL;
    pthread_mutex_lock(&st->images_lock);
    for (size_t i = 0; i < st->ncu_modules; i++)
        if (st->cu_modules[i].image == registered->host_table) {
            module = st->cu_modules[i].module;
            st->cu_modules[i] = st->cu_modules[--st->ncu_modules];
            break;
        }
    pthread_mutex_unlock(&st->images_lock);
    if (module) {
        enter(st);
        st->cu->cuModuleUnload(module);
        leave(st);
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
    pthread_mutex_init(&st->images_lock, NULL);
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
    bool events = ok(st, st->cu->cuEventCreate(&st->reference, GLASS_CU_EVENT_DEFAULT), "cuEventCreate") &&
                  ok(st, st->cu->cuEventCreate(&st->start, GLASS_CU_EVENT_DEFAULT), "cuEventCreate") &&
                  ok(st, st->cu->cuEventCreate(&st->end, GLASS_CU_EVENT_DEFAULT), "cuEventCreate");
    if (events) {
        /* The anchor: a reference event and the host clock, together. */
        st->cu->cuEventRecord(st->reference, NULL);
        st->cu->cuEventSynchronize(st->reference);
        st->reference_ns = host_ns();
    }
    leave(st);
    if (!events) {
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
        st->cu->cuModuleUnload(st->cu_modules[i].module);
    st->ncu_modules = 0;
    st->nkernels = 0;
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

/* The kernel of the region whose host version is host_fn, copied into *k
 * (the array may change meanwhile); false when no loaded image has it. */
static bool kernel_of(struct nvptx *st, void (*host_fn)(void *), struct kernel *k)
{
    bool found = false;
    pthread_mutex_lock(&st->images_lock);
    for (size_t i = 0; i < st->nkernels && !found; i++)
        if (st->kernels[i].host_fn == host_fn) {
            *k = st->kernels[i];
            found = true;
        }
    pthread_mutex_unlock(&st->images_lock);
    return found;
}

static bool nvptx_can_run(struct glass_device *device, void (*host_fn)(void *))
{
    struct kernel k;
    return kernel_of(state(device), host_fn, &k);
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
    struct kernel k;
    if (!kernel_of(st, host_fn, &k))
        glass_fatal("NVIDIA device %d: no kernel for the target region at %p", device->number, (void *)host_fn);
    unsigned teams, warps;
    geometry(st, &k, launch, &teams, &warps);
    size_t stacks = (size_t)teams * warps * STACK_BYTES_PER_WARP;
    enter(st);
    if (!ok(st, grow_stacks(st, &st->stacks, &st->stacks_bytes, stacks), "allocating the soft stacks")) {
        leave(st);
        glass_fatal("NVIDIA device %d: %s (%zu bytes for %u teams of %u warps)", device->number, st->error, stacks,
                    teams, warps);
    }
    begin_timing(device, st);
    bool launched = ok(st, launch_kernel(st, &k, teams, warps, args, st->stacks, NULL), "launching the region");
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
    struct kernel k;
    if (!kernel_of(st, host_fn, &k))
        return 0;
    unsigned teams, warps;
    geometry(st, &k, launch, &teams, &warps);
    size_t stacks = (size_t)teams * warps * STACK_BYTES_PER_WARP;
    enter(st);
    if (grow_stacks(st, &q->stacks, &q->stacks_bytes, stacks) != GLASS_CU_SUCCESS) {
        leave(st);
        return 0;
    }
    int n = timed ? timing_begin(st, q) : -1;
    CUresult status = launch_kernel(st, &k, teams, warps, args, q->stacks, q->stream);
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
    .count = nvptx_count,
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
    .image_type = GLASS_OFFLOAD_TARGET_NVIDIA_PTX,
    .load_image = nvptx_load_image,
    .unload_image = nvptx_unload_image,
    .last_times = nvptx_last_times,
    .queue_open = nvptx_queue_open,
    .to_device_async = nvptx_to_device_async,
    .run_async = nvptx_run_async,
    .queue_notify = nvptx_queue_notify,
    .queue_times = nvptx_queue_times,
    .queue_close = nvptx_queue_close,
};
