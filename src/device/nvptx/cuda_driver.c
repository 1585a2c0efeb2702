/* Loading the CUDA driver (cuda_driver.h). */
#include <dlfcn.h>
#include <pthread.h>
#include <stdio.h>

#include "cuda_driver.h"

static struct glass_cuda driver;
static const struct glass_cuda *loaded;
static const char *failure = "not loaded";
static char failure_text[256];
static pthread_once_t once = PTHREAD_ONCE_INIT;

static void load(void)
{
    void *library = dlopen("libcuda.so.1", RTLD_NOW | RTLD_LOCAL);
    if (!library) {
        failure = "the NVIDIA driver, libcuda.so.1, is not installed";
        return;
    }
#define GLASS_CUDA_LOOKUP(name, result, params)                                                        \
    if (!(*(void **)&driver.name = dlsym(library, #name))) {                                           \
        snprintf(failure_text, sizeof failure_text, "libcuda.so.1 has no %s (driver too old)", #name); \
        failure = failure_text;                                                                        \
        return;                                                                                        \
    }
    GLASS_CUDA_FUNCTIONS(GLASS_CUDA_LOOKUP)
#undef GLASS_CUDA_LOOKUP
    *(void **)&driver.cuStreamAddCallback = dlsym(library, "cuStreamAddCallback");
    CUresult status = driver.cuInit(0);
    if (status != GLASS_CU_SUCCESS) {
        const char *text = NULL;
        driver.cuGetErrorString(status, &text);
        snprintf(failure_text, sizeof failure_text, "cuInit failed: %s", text ? text : "unknown error");
        failure = failure_text;
        return;
    }
    loaded = &driver;
}

const struct glass_cuda *glass_cuda_driver(const char **why)
{
    pthread_once(&once, load);
    if (why)
        *why = loaded ? NULL : failure;
    return loaded;
}

const char *glass_cuda_error(CUresult error)
{
    const char *text = NULL;
    if (loaded)
        loaded->cuGetErrorString(error, &text);
    return text ? text : "unknown CUDA error";
}
