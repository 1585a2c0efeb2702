/* A stand-in for the NVIDIA driver (libcuda.so.1) for machines without a GPU:
 * it implements the driver calls Glass's NVIDIA device makes on host memory,
 * so the device kind's own logic (image loading, kernel lookup, variables,
 * launch geometry and parameters, copies, timing) is tested everywhere. A
 * kernel named K "runs" as the program's function mock_kernel_K(args, teams,
 * warps), which the test writes to do on the device copies what the region
 * does. MOCK_CUDA_LOG=1 prints each launch, global and leak on stderr.
 *
 * Streams other than the default one are asynchronous, as on a GPU: each has
 * a thread of its own that runs its work in order (copies, kernels, event
 * records, host functions) while the caller goes on; a kernel that takes
 * time (the test's function sleeps) keeps its stream busy that long. An
 * asynchronous copy to the device reads its source before returning, as the
 * driver does for pageable host memory. The default stream, and everything
 * else, runs at once.
 *
 * MOCK_CUDA_FAIL_KERNEL=K makes kernel K fail on a stream as a faulting GPU
 * kernel does: the stream's later work is skipped, host functions
 * (cuLaunchHostFunc) are never called, stream callbacks (cuStreamAddCallback)
 * are called with the error, and cuStreamSynchronize returns it. Built with
 * -DMOCK_NO_STREAM_CALLBACK, the mock has no cuStreamAddCallback (NVIDIA has
 * announced its deprecation). */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

typedef int CUresult;
typedef unsigned long long CUdeviceptr;

static int logging(void)
{
    const char *v = getenv("MOCK_CUDA_LOG");
    return v && *v == '1';
}

static long live_allocations;

struct function {
    char name[128];
    void (*kernel)(void **args, unsigned teams, unsigned warps);
};

struct event {
    double ms;
    int pending; /* recorded on a stream that has not reached it yet */
    int failed;  /* reached by a failed stream: it has no time */
};

static pthread_mutex_t streams_lock = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t streams_progress = PTHREAD_COND_INITIALIZER;

enum work_type { WORK_COPY, WORK_KERNEL, WORK_EVENT, WORK_HOST_FN, WORK_CALLBACK };

#define MOCK_ERROR_ILLEGAL_ADDRESS 700

struct work {
    enum work_type type;
    void *dst, *src; /* copy: src is the mock's own snapshot */
    size_t bytes;
    struct function *function; /* kernel */
    void **args;
    unsigned teams, warps;
    struct event *event;
    void (*host_fn)(void *);
    void (*callback)(void *stream, CUresult status, void *data);
    void *data;
    struct work *next;
};

struct stream {
    pthread_t thread;
    struct work *head, **tail;
    int pending; /* queued or running */
    int destroyed;
    CUresult error; /* a kernel failed: the stream is lost */
};

static double now_ms(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return t.tv_sec * 1e3 + t.tv_nsec / 1e6;
}

CUresult cuInit(unsigned flags) { (void)flags; return 0; }
CUresult cuDriverGetVersion(int *v) { *v = 13000; return 0; }
CUresult cuDeviceGetCount(int *count)
{
    const char *n = getenv("MOCK_CUDA_DEVICES");
    *count = n ? atoi(n) : 1;
    return 0;
}
CUresult cuDeviceGet(int *device, int ordinal) { *device = ordinal; return 0; }
CUresult cuDeviceGetName(char *name, int len, int device) { snprintf(name, len, "Mock GPU %d", device); return 0; }
CUresult cuDeviceGetAttribute(int *value, int attribute, int device)
{
    (void)device;
    switch (attribute) {
    case 1: *value = 1024; break;   /* max threads per block */
    case 10: *value = 32; break;    /* warp size */
    case 13: *value = 1000000; break; /* clock, kHz */
    case 16: *value = 4; break;     /* multiprocessors */
    case 39: *value = 2048; break;  /* threads per multiprocessor */
    case 82: *value = 65536; break; /* registers per multiprocessor */
    default: *value = 0;
    }
    return 0;
}
static int context_token;
CUresult cuDevicePrimaryCtxRetain(void **context, int device) { (void)device; *context = &context_token; return 0; }
CUresult cuDevicePrimaryCtxRelease_v2(int device) { (void)device; return 0; }
CUresult cuCtxPushCurrent_v2(void *context) { (void)context; return 0; }
CUresult cuCtxPopCurrent_v2(void **context) { *context = &context_token; return 0; }
CUresult cuCtxSynchronize(void) { return 0; }

static int link_token, ptx_objects;
CUresult cuLinkCreate_v2(unsigned n, int *opts, void **values, void **state)
{
    (void)n, (void)opts, (void)values;
    *state = &link_token;
    ptx_objects = 0;
    return 0;
}
CUresult cuLinkAddData_v2(void *state, int type, void *data, size_t size, const char *name, unsigned n, int *opts,
                          void **values)
{
    (void)state, (void)name, (void)n, (void)opts, (void)values;
    if (type != 1 || size == 0 || ((char *)data)[size - 1] != '\0')
        return 218; /* CUDA_ERROR_INVALID_PTX: PTX text with its NUL, please */
    ptx_objects++;
    return 0;
}
static char cubin[] = "mock cubin";
CUresult cuLinkComplete(void *state, void **out, size_t *size)
{
    (void)state;
    *out = cubin;
    *size = sizeof cubin;
    if (logging())
        fprintf(stderr, "mock: linked %d PTX objects\n", ptx_objects);
    return 0;
}
CUresult cuLinkDestroy(void *state) { (void)state; return 0; }
static int module_token;
CUresult cuModuleLoadData(void **module, const void *image) { (void)image; *module = &module_token; return 0; }
CUresult cuModuleUnload(void *module)
{
    (void)module;
    if (logging())
        fprintf(stderr, "mock: module unloaded\n");
    return 0;
}

CUresult cuModuleGetFunction(struct function **out, void *module, const char *name)
{
    (void)module;
    struct function *f = calloc(1, sizeof *f);
    snprintf(f->name, sizeof f->name, "%s", name);
    char symbol[160];
    snprintf(symbol, sizeof symbol, "mock_kernel_%s", name);
    *(void **)&f->kernel = dlsym(RTLD_DEFAULT, symbol);
    if (!f->kernel) {
        free(f);
        return 500; /* CUDA_ERROR_NOT_FOUND */
    }
    *out = f;
    return 0;
}

/* A global named G has the size the program's mock_global_bytes_G says
 * (__nvptx_clocktick: a double). */
CUresult cuModuleGetGlobal_v2(CUdeviceptr *address, size_t *bytes, void *module, const char *name)
{
    (void)module;
    size_t size = 0;
    if (!strcmp(name, "__nvptx_clocktick")) {
        size = sizeof(double);
    } else {
        char symbol[160];
        snprintf(symbol, sizeof symbol, "mock_global_bytes_%s", name);
        const size_t *declared = dlsym(RTLD_DEFAULT, symbol);
        if (!declared)
            return 500;
        size = *declared;
    }
    void *storage = calloc(1, size);
    char symbol[160];
    snprintf(symbol, sizeof symbol, "mock_device_%s", name);
    void **published = dlsym(RTLD_DEFAULT, symbol); /* the test may look at the device copy */
    if (published)
        *published = storage;
    *address = (CUdeviceptr)(size_t)storage;
    *bytes = size;
    if (logging())
        fprintf(stderr, "mock: global %s, %zu bytes\n", name, size);
    return 0;
}

CUresult cuFuncGetAttribute(int *value, int attribute, struct function *f)
{
    (void)f;
    *value = attribute == 4 ? 32 : 1024;
    return 0;
}

CUresult cuMemAlloc_v2(CUdeviceptr *address, size_t bytes)
{
    *address = (CUdeviceptr)(size_t)malloc(bytes);
    live_allocations++;
    return *address ? 0 : 2;
}
CUresult cuMemFree_v2(CUdeviceptr address)
{
    free((void *)(size_t)address);
    live_allocations--;
    return 0;
}
CUresult cuMemcpyHtoD_v2(CUdeviceptr dst, const void *src, size_t bytes) { memcpy((void *)(size_t)dst, src, bytes); return 0; }
CUresult cuMemcpyDtoH_v2(void *dst, CUdeviceptr src, size_t bytes) { memcpy(dst, (void *)(size_t)src, bytes); return 0; }
CUresult cuMemcpyDtoD_v2(CUdeviceptr dst, CUdeviceptr src, size_t bytes)
{
    memcpy((void *)(size_t)dst, (void *)(size_t)src, bytes);
    return 0;
}

/* ---- Streams ------------------------------------------------------------------ */

static long kernels_on_streams;

static int failing(const struct function *f)
{
    const char *name = getenv("MOCK_CUDA_FAIL_KERNEL");
    return name && !strcmp(name, f->name);
}

static void perform(struct stream *s, struct work *w)
{
    if (s->error) { /* a failed stream runs nothing more but its callbacks */
        if (w->type == WORK_CALLBACK)
            w->callback(s, s->error, w->data);
        else if (w->type == WORK_COPY)
            free(w->src);
        else if (w->type == WORK_EVENT) { /* no waiter may hang on it */
            pthread_mutex_lock(&streams_lock);
            w->event->failed = 1;
            w->event->pending = 0;
            pthread_cond_broadcast(&streams_progress);
            pthread_mutex_unlock(&streams_lock);
        }
        return;
    }
    switch (w->type) {
    case WORK_CALLBACK:
        w->callback(s, 0, w->data);
        break;
    case WORK_COPY:
        memcpy(w->dst, w->src, w->bytes);
        free(w->src);
        break;
    case WORK_KERNEL:
        if (logging())
            fprintf(stderr, "mock: stream kernel %s starts\n", w->function->name);
        if (failing(w->function)) {
            s->error = MOCK_ERROR_ILLEGAL_ADDRESS;
            break;
        }
        w->function->kernel(w->args, w->teams, w->warps);
        __atomic_fetch_add(&kernels_on_streams, 1, __ATOMIC_RELAXED);
        break;
    case WORK_EVENT:
        pthread_mutex_lock(&streams_lock);
        w->event->ms = now_ms();
        w->event->pending = 0;
        pthread_cond_broadcast(&streams_progress);
        pthread_mutex_unlock(&streams_lock);
        break;
    case WORK_HOST_FN:
        w->host_fn(w->data);
        break;
    }
}

static void *stream_thread(void *arg)
{
    struct stream *s = arg;
    pthread_mutex_lock(&streams_lock);
    for (;;) {
        while (!s->head && !s->destroyed)
            pthread_cond_wait(&streams_progress, &streams_lock);
        if (!s->head)
            break;
        struct work *w = s->head;
        pthread_mutex_unlock(&streams_lock);
        perform(s, w);
        pthread_mutex_lock(&streams_lock);
        s->head = w->next;
        if (!s->head)
            s->tail = &s->head;
        s->pending--;
        free(w);
        pthread_cond_broadcast(&streams_progress);
    }
    pthread_mutex_unlock(&streams_lock);
    return NULL;
}

static CUresult enqueue(struct stream *s, struct work w)
{
    struct work *copy = malloc(sizeof *copy);
    if (!copy)
        return 2; /* CUDA_ERROR_OUT_OF_MEMORY */
    *copy = w;
    copy->next = NULL;
    pthread_mutex_lock(&streams_lock);
    *s->tail = copy;
    s->tail = &copy->next;
    s->pending++;
    pthread_cond_broadcast(&streams_progress);
    pthread_mutex_unlock(&streams_lock);
    return 0;
}

CUresult cuStreamCreate(struct stream **out, unsigned flags)
{
    if (flags != 1)
        return 1; /* Glass asks for non-blocking streams (CU_STREAM_NON_BLOCKING) */
    struct stream *s = calloc(1, sizeof *s);
    s->tail = &s->head;
    pthread_create(&s->thread, NULL, stream_thread, s);
    pthread_detach(s->thread);
    *out = s;
    return 0;
}

CUresult cuStreamSynchronize(struct stream *s)
{
    if (!s)
        return 0; /* the default stream's work is done when its call returns */
    pthread_mutex_lock(&streams_lock);
    while (s->pending)
        pthread_cond_wait(&streams_progress, &streams_lock);
    CUresult error = s->error;
    pthread_mutex_unlock(&streams_lock);
    return error;
}

CUresult cuStreamDestroy_v2(struct stream *s)
{
    pthread_mutex_lock(&streams_lock);
    s->destroyed = 1; /* its thread ends once the work queued is done, and frees nothing of it */
    pthread_cond_broadcast(&streams_progress);
    pthread_mutex_unlock(&streams_lock);
    return 0;
}

CUresult cuMemcpyHtoDAsync_v2(CUdeviceptr dst, const void *src, size_t bytes, struct stream *s)
{
    if (!s)
        return cuMemcpyHtoD_v2(dst, src, bytes);
    void *snapshot = malloc(bytes ? bytes : 1);
    memcpy(snapshot, src, bytes); /* pageable memory: read before the call returns */
    return enqueue(s, (struct work){.type = WORK_COPY, .dst = (void *)(size_t)dst, .src = snapshot, .bytes = bytes});
}

CUresult cuLaunchHostFunc(struct stream *s, void (*fn)(void *), void *data)
{
    if (!s) {
        fn(data);
        return 0;
    }
    return enqueue(s, (struct work){.type = WORK_HOST_FN, .host_fn = fn, .data = data});
}

#ifndef MOCK_NO_STREAM_CALLBACK
CUresult cuStreamAddCallback(struct stream *s, void (*fn)(void *, CUresult, void *), void *data, unsigned flags)
{
    if (flags != 0)
        return 1; /* CUDA_ERROR_INVALID_VALUE: the flags must be 0 */
    if (!s) {
        fn(s, 0, data);
        return 0;
    }
    return enqueue(s, (struct work){.type = WORK_CALLBACK, .callback = fn, .data = data});
}
#endif

/* GCC's kernel parameters: the device argument array, the soft stacks' base
 * and the stack bytes per warp, as one buffer. */
CUresult cuLaunchKernel(struct function *f, unsigned gx, unsigned gy, unsigned gz, unsigned bx, unsigned by,
                        unsigned bz, unsigned shared, void *stream, void **params, void **extra)
{
    if (params || !extra || extra[0] != (void *)1 || extra[2] != (void *)2 || *(size_t *)extra[3] != 24 ||
        gy != 1 || gz != 1 || bx != 32 || bz != 1 || shared != 0)
        return 1; /* CUDA_ERROR_INVALID_VALUE */
    struct {
        void **args;
        CUdeviceptr stacks;
        size_t stack_bytes;
    } *p = extra[1];
    if (logging())
        fprintf(stderr, "mock: launch %s teams=%u warps=%u stack=%zu stacks=%s%s\n", f->name, gx, by, p->stack_bytes,
                p->stacks ? "yes" : "no", stream ? " on a stream" : "");
    if (stream)
        return enqueue(stream, (struct work){.type = WORK_KERNEL, .function = f, .args = p->args, .teams = gx,
                                             .warps = by});
    f->kernel(p->args, gx, by);
    return 0;
}

CUresult cuEventCreate(struct event **e, unsigned flags) { (void)flags; *e = calloc(1, sizeof **e); return 0; }
CUresult cuEventRecord(struct event *e, struct stream *stream)
{
    e->failed = 0;
    if (!stream) {
        e->ms = now_ms();
        return 0;
    }
    pthread_mutex_lock(&streams_lock);
    e->pending = 1;
    pthread_mutex_unlock(&streams_lock);
    return enqueue(stream, (struct work){.type = WORK_EVENT, .event = e});
}
CUresult cuEventSynchronize(struct event *e)
{
    pthread_mutex_lock(&streams_lock);
    while (e->pending)
        pthread_cond_wait(&streams_progress, &streams_lock);
    pthread_mutex_unlock(&streams_lock);
    return 0;
}
CUresult cuEventElapsedTime(float *ms, struct event *a, struct event *b)
{
    pthread_mutex_lock(&streams_lock);
    int pending = a->pending || b->pending, failed = a->failed || b->failed;
    pthread_mutex_unlock(&streams_lock);
    if (failed)
        return MOCK_ERROR_ILLEGAL_ADDRESS;
    if (pending)
        return 600; /* CUDA_ERROR_NOT_READY */
    *ms = (float)(b->ms - a->ms);
    return 0;
}
CUresult cuEventDestroy_v2(struct event *e) { free(e); return 0; }
CUresult cuGetErrorString(CUresult error, const char **text)
{
    *text = error == MOCK_ERROR_ILLEGAL_ADDRESS ? "an illegal memory access was encountered (mock)" : "mock CUDA error";
    return 0;
}

__attribute__((destructor)) static void report(void)
{
    if (logging())
        fprintf(stderr, "mock: %ld allocations live at exit, %ld kernels ran on streams\n", live_allocations,
                kernels_on_streams);
}
