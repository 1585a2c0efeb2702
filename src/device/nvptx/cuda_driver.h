/* The part of the CUDA driver API the NVIDIA device kind uses, declared here
 * (types and values from NVIDIA's cuda.h, the driver ABI every CUDA driver
 * keeps) and reached through dlopen("libcuda.so.1") at run time: Glass
 * builds without the CUDA toolkit, and a machine without the driver simply
 * has no NVIDIA device. */
#ifndef GLASS_DEVICE_CUDA_DRIVER_H
#define GLASS_DEVICE_CUDA_DRIVER_H

#include <stdbool.h>
#include <stddef.h>

typedef int CUresult; /* 0: CUDA_SUCCESS */
typedef int CUdevice;
typedef struct CUctx_st *CUcontext;
typedef struct CUmod_st *CUmodule;
typedef struct CUfunc_st *CUfunction;
typedef struct CUlinkState_st *CUlinkState;
typedef struct CUevent_st *CUevent;
typedef struct CUstream_st *CUstream;
typedef unsigned long long CUdeviceptr;

enum {
    GLASS_CU_SUCCESS = 0,
    GLASS_CU_ERROR_NO_DEVICE = 100,
    /* CUdevice_attribute */
    GLASS_CU_ATTR_MAX_THREADS_PER_BLOCK = 1,
    GLASS_CU_ATTR_WARP_SIZE = 10,
    GLASS_CU_ATTR_CLOCK_RATE = 13,
    GLASS_CU_ATTR_MULTIPROCESSOR_COUNT = 16,
    GLASS_CU_ATTR_MAX_THREADS_PER_MULTIPROCESSOR = 39,
    GLASS_CU_ATTR_MAX_REGISTERS_PER_MULTIPROCESSOR = 82,
    /* CUfunction_attribute */
    GLASS_CU_FUNC_MAX_THREADS_PER_BLOCK = 0,
    GLASS_CU_FUNC_NUM_REGS = 4,
    /* CUjit_option */
    GLASS_CU_JIT_INFO_LOG_BUFFER = 3,
    GLASS_CU_JIT_INFO_LOG_BUFFER_SIZE_BYTES = 4,
    GLASS_CU_JIT_ERROR_LOG_BUFFER = 5,
    GLASS_CU_JIT_ERROR_LOG_BUFFER_SIZE_BYTES = 6,
    /* CUjitInputType */
    GLASS_CU_JIT_INPUT_PTX = 1,
    /* CUevent_flags */
    GLASS_CU_EVENT_DEFAULT = 0,
    /* CUstream_flags: no implicit wait for (or by) the legacy default stream */
    GLASS_CU_STREAM_NON_BLOCKING = 1,
};

/* cuLaunchHostFunc's function: called by a driver thread, in stream order. */
typedef void (*CUhostFn)(void *data);
/* cuStreamAddCallback's function: also called after a device error, with the
 * error as its status (cuLaunchHostFunc's is then never called). */
typedef void (*CUstreamCallback)(CUstream stream, CUresult status, void *data);

/* cuLaunchKernel's `extra`: the parameters as one buffer. */
#define GLASS_CU_LAUNCH_PARAM_END ((void *)0)
#define GLASS_CU_LAUNCH_PARAM_BUFFER_POINTER ((void *)1)
#define GLASS_CU_LAUNCH_PARAM_BUFFER_SIZE ((void *)2)

/* The driver's entry points, by their exported (versioned) names. */
#define GLASS_CUDA_FUNCTIONS(X)                                                                           \
    X(cuInit, CUresult, (unsigned flags))                                                                 \
    X(cuDriverGetVersion, CUresult, (int *version))                                                       \
    X(cuDeviceGetCount, CUresult, (int *count))                                                           \
    X(cuDeviceGet, CUresult, (CUdevice * device, int ordinal))                                            \
    X(cuDeviceGetName, CUresult, (char *name, int len, CUdevice device))                                  \
    X(cuDeviceGetAttribute, CUresult, (int *value, int attribute, CUdevice device))                       \
    X(cuDevicePrimaryCtxRetain, CUresult, (CUcontext * context, CUdevice device))                         \
    X(cuDevicePrimaryCtxRelease_v2, CUresult, (CUdevice device))                                          \
    X(cuCtxPushCurrent_v2, CUresult, (CUcontext context))                                                 \
    X(cuCtxPopCurrent_v2, CUresult, (CUcontext * context))                                                \
    X(cuCtxSynchronize, CUresult, (void))                                                                 \
    X(cuLinkCreate_v2, CUresult, (unsigned nopts, int *opts, void **values, CUlinkState *state))          \
    X(cuLinkAddData_v2, CUresult,                                                                         \
      (CUlinkState state, int type, void *data, size_t size, const char *name, unsigned nopts, int *opts, \
       void **values))                                                                                    \
    X(cuLinkComplete, CUresult, (CUlinkState state, void **cubin, size_t *size))                          \
    X(cuLinkDestroy, CUresult, (CUlinkState state))                                                       \
    X(cuModuleLoadData, CUresult, (CUmodule * module, const void *image))                                 \
    X(cuModuleUnload, CUresult, (CUmodule module))                                                        \
    X(cuModuleGetFunction, CUresult, (CUfunction * function, CUmodule module, const char *name))          \
    X(cuModuleGetGlobal_v2, CUresult, (CUdeviceptr * address, size_t *bytes, CUmodule module,             \
                                       const char *name))                                                 \
    X(cuFuncGetAttribute, CUresult, (int *value, int attribute, CUfunction function))                     \
    X(cuMemAlloc_v2, CUresult, (CUdeviceptr * address, size_t bytes))                                     \
    X(cuMemFree_v2, CUresult, (CUdeviceptr address))                                                      \
    X(cuMemcpyHtoD_v2, CUresult, (CUdeviceptr dst, const void *src, size_t bytes))                        \
    X(cuMemcpyDtoH_v2, CUresult, (void *dst, CUdeviceptr src, size_t bytes))                              \
    X(cuMemcpyDtoD_v2, CUresult, (CUdeviceptr dst, CUdeviceptr src, size_t bytes))                        \
    X(cuMemcpyHtoDAsync_v2, CUresult, (CUdeviceptr dst, const void *src, size_t bytes, CUstream stream))  \
    X(cuStreamCreate, CUresult, (CUstream * stream, unsigned flags))                                      \
    X(cuStreamDestroy_v2, CUresult, (CUstream stream))                                                    \
    X(cuStreamSynchronize, CUresult, (CUstream stream))                                                   \
    X(cuLaunchHostFunc, CUresult, (CUstream stream, CUhostFn fn, void *data))                             \
    X(cuLaunchKernel, CUresult,                                                                           \
      (CUfunction function, unsigned grid_x, unsigned grid_y, unsigned grid_z, unsigned block_x,          \
       unsigned block_y, unsigned block_z, unsigned shared_bytes, CUstream stream, void **params,         \
       void **extra))                                                                                     \
    X(cuEventCreate, CUresult, (CUevent * event, unsigned flags))                                         \
    X(cuEventRecord, CUresult, (CUevent event, CUstream stream))                                          \
    X(cuEventSynchronize, CUresult, (CUevent event))                                                      \
    X(cuEventElapsedTime, CUresult, (float *milliseconds, CUevent start, CUevent end))                    \
    X(cuEventDestroy_v2, CUresult, (CUevent event))                                                       \
    X(cuGetErrorString, CUresult, (CUresult error, const char **text))

#define GLASS_CUDA_MEMBER(name, result, params) result(*name) params;
struct glass_cuda {
    GLASS_CUDA_FUNCTIONS(GLASS_CUDA_MEMBER)
    /* Optional (NULL when the driver lacks it): NVIDIA has announced its
     * deprecation, but only it reports a failed stream. */
    CUresult (*cuStreamAddCallback)(CUstream stream, CUstreamCallback callback, void *data, unsigned flags);
};
#undef GLASS_CUDA_MEMBER

/* The driver, loaded once; NULL when libcuda.so.1 or one of its entry points
 * is missing (*why says which) or cuInit fails. */
const struct glass_cuda *glass_cuda_driver(const char **why);
/* The driver's text for an error. */
const char *glass_cuda_error(CUresult error);

#endif
