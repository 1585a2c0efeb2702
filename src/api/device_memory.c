/* User API: device memory routines (OpenMP 5.1, 3.8) on the devices of the
 * device table (src/device/) and on the host, the initial device. Host
 * memory is plain malloc'ed memory and memmove; device memory goes through
 * the device's kind, with the data-op events a tool sees for the mapping
 * engine's operations (target id none: no construct). Invalid device
 * numbers give the routine's failure result (NULL, 0 or EINVAL, as libgomp).
 * The _async forms are target tasks (target_async.c). */
#include <errno.h>
#include <limits.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "../core/tasks/tasking.h"
#include "../device/device.h"
#include "../device/mapping.h"
#include "api.h"
#include "target_copy.h"

/* The device `num` names, NULL for the host; *valid false when it names
 * neither. A device of LLVM's libomptarget (device_table.c) is not one of
 * Glass's: a clang program's calls of these routines go to libomptarget's
 * own, and a GCC-compiled caller cannot reach its devices. */
static struct glass_device *device_named(int num, bool *valid)
{
    bool host = num == glass_device_initial_number();
    *valid = host || (num >= 0 && num < glass_device_count());
    return *valid && !host ? glass_device_get(num) : NULL;
}

bool glass_target_device_valid(int num)
{
    bool valid;
    device_named(num, &valid);
    return valid;
}

GLASS_EXPORT void *omp_target_alloc(size_t size, int device_num)
{
    bool valid;
    struct glass_device *device = device_named(device_num, &valid);
    if (!valid)
        return NULL;
    if (!device)
        return malloc(size ? size : 1);
    struct glass_target_op op;
    glass_target_op_standalone(&op, device, __builtin_return_address(0));
    pthread_mutex_lock(&device->lock);
    void *address = glass_device_alloc_op(device, &op, NULL, size);
    pthread_mutex_unlock(&device->lock);
    return address;
}

GLASS_EXPORT void omp_target_free(void *device_ptr, int device_num)
{
    bool valid;
    struct glass_device *device = device_named(device_num, &valid);
    if (!device_ptr || !valid)
        return;
    if (!device) {
        free(device_ptr);
        return;
    }
    struct glass_target_op op;
    glass_target_op_standalone(&op, device, __builtin_return_address(0));
    pthread_mutex_lock(&device->lock);
    glass_device_free_op(device, &op, device_ptr, NULL);
    pthread_mutex_unlock(&device->lock);
}

GLASS_EXPORT int omp_target_is_present(const void *ptr, int device_num)
{
    if (!ptr)
        return 1; /* as libgomp, whatever the device */
    bool valid;
    struct glass_device *device = device_named(device_num, &valid);
    if (!valid)
        return 0;
    if (!device)
        return 1;
    pthread_mutex_lock(&device->lock);
    bool present = glass_present_find(&device->present, (uintptr_t)ptr, (uintptr_t)ptr) != NULL;
    pthread_mutex_unlock(&device->lock);
    return present;
}

/* 3.8.4 (5.1): whether the device can reach host memory [ptr, ptr+size)
 * through the host address: the host can; host devices run the host's code
 * in the host's address space, so they can too. */
GLASS_EXPORT int omp_target_is_accessible(const void *ptr, size_t size, int device_num)
{
    (void)ptr, (void)size;
    bool valid;
    device_named(device_num, &valid);
    return valid;
}

/* 3.8.11 (5.1): the device address of a mapped host address, NULL when not
 * mapped; the address itself for the host. */
GLASS_EXPORT void *omp_get_mapped_ptr(const void *ptr, int device_num)
{
    bool valid;
    struct glass_device *device = device_named(device_num, &valid);
    if (!valid || !ptr)
        return NULL;
    if (!device)
        return (void *)ptr;
    pthread_mutex_lock(&device->lock);
    struct glass_present_entry *entry = glass_present_find(&device->present, (uintptr_t)ptr, (uintptr_t)ptr);
    void *mapped = entry ? (void *)glass_present_translate(entry, (uintptr_t)ptr) : NULL;
    pthread_mutex_unlock(&device->lock);
    return mapped;
}

/* One contiguous copy between any two devices (NULL: the host). */
static int copy_between(struct glass_device *dst_dev, struct glass_device *src_dev, void *dst, const void *src,
                        size_t length, const void *codeptr)
{
    if (!length)
        return 0;
    if (!dst_dev && !src_dev) {
        memmove(dst, src, length);
        return 0;
    }
    struct glass_target_op op;
    int status;
    if (dst_dev && src_dev && dst_dev != src_dev) {
        /* Two devices: through the host. */
        void *staging = malloc(length);
        if (!staging)
            return ENOMEM;
        status = copy_between(NULL, src_dev, staging, src, length, codeptr);
        if (!status)
            status = copy_between(dst_dev, NULL, dst, staging, length, codeptr);
        free(staging);
        return status;
    }
    struct glass_device *device = dst_dev ? dst_dev : src_dev;
    glass_target_op_standalone(&op, device, codeptr);
    pthread_mutex_lock(&device->lock);
    if (dst_dev && src_dev) {
        /* OpenMP 5.1 has no device-to-device kind: a transfer from the
         * device, to the same device (as libomptarget reports it). */
        struct glass_host_op host_op;
        glass_data_op_begin(&op, &host_op, GLASS_DATA_FROM_DEVICE, src, device->number, dst, device->number,
                            length);
        status = device->kind->device_to_device(device, dst, src, length);
        glass_data_op_end(&op, &host_op, GLASS_DATA_FROM_DEVICE, src, device->number, dst, device->number, length);
    } else
        status = glass_device_copy_op(device, &op, dst_dev ? GLASS_DATA_TO_DEVICE : GLASS_DATA_FROM_DEVICE, dst, src,
                                      length);
    pthread_mutex_unlock(&device->lock);
    return status ? EINVAL : 0;
}

int glass_target_memcpy(void *dst, const void *src, size_t length, size_t dst_offset, size_t src_offset,
                         int dst_device_num, int src_device_num, const void *codeptr)
{
    bool dst_valid, src_valid;
    struct glass_device *dst_dev = device_named(dst_device_num, &dst_valid);
    struct glass_device *src_dev = device_named(src_device_num, &src_valid);
    if (!dst_valid || !src_valid || (length && (!dst || !src)))
        return EINVAL;
    return copy_between(dst_dev, src_dev, (char *)dst + dst_offset, (const char *)src + src_offset, length,
                        codeptr);
}

GLASS_EXPORT int omp_target_memcpy(void *dst, const void *src, size_t length, size_t dst_offset,
                                   size_t src_offset, int dst_device_num, int src_device_num)
{
    return glass_target_memcpy(dst, src, length, dst_offset, src_offset, dst_device_num, src_device_num,
                         __builtin_return_address(0));
}

/* Copies the sub-volume of dimension `dims` (elements of element_size bytes)
 * one dimension at a time, the last as contiguous rows. */
static int copy_rect(struct glass_device *dst_dev, struct glass_device *src_dev, char *dst, const char *src,
                     size_t element_size, int dims, const size_t *volume, const size_t *dst_offsets,
                     const size_t *src_offsets, const size_t *dst_dimensions, const size_t *src_dimensions,
                     const void *codeptr)
{
    if (dims == 1)
        return copy_between(dst_dev, src_dev, dst + dst_offsets[0] * element_size,
                            src + src_offsets[0] * element_size, volume[0] * element_size, codeptr);
    /* Bytes of one slice along the first dimension. */
    size_t dst_slice = element_size, src_slice = element_size;
    for (int i = 1; i < dims; i++) {
        dst_slice *= dst_dimensions[i];
        src_slice *= src_dimensions[i];
    }
    for (size_t j = 0; j < volume[0]; j++) {
        int status = copy_rect(dst_dev, src_dev, dst + (dst_offsets[0] + j) * dst_slice,
                               src + (src_offsets[0] + j) * src_slice, element_size, dims - 1, volume + 1,
                               dst_offsets + 1, src_offsets + 1, dst_dimensions + 1, src_dimensions + 1, codeptr);
        if (status)
            return status;
    }
    return 0;
}

int glass_target_memcpy_rect(void *dst, const void *src, size_t element_size, int num_dims,
                              const size_t *volume, const size_t *dst_offsets, const size_t *src_offsets,
                              const size_t *dst_dimensions, const size_t *src_dimensions, int dst_device_num,
                              int src_device_num, const void *codeptr)
{
    /* Both NULL: the number of dimensions supported (OpenMP 5.1, 3.8.6). */
    if (!dst && !src)
        return INT_MAX;
    if (!dst || !src || num_dims < 1 || element_size == 0 || !volume || !dst_offsets || !src_offsets ||
        !dst_dimensions || !src_dimensions)
        return EINVAL;
    bool dst_valid, src_valid;
    struct glass_device *dst_dev = device_named(dst_device_num, &dst_valid);
    struct glass_device *src_dev = device_named(src_device_num, &src_valid);
    if (!dst_valid || !src_valid)
        return EINVAL;
    for (int i = 0; i < num_dims; i++)
        if (volume[i] == 0)
            return 0;
    return copy_rect(dst_dev, src_dev, dst, src, element_size, num_dims, volume, dst_offsets, src_offsets,
                     dst_dimensions, src_dimensions, codeptr);
}

GLASS_EXPORT int omp_target_memcpy_rect(void *dst, const void *src, size_t element_size, int num_dims,
                                        const size_t *volume, const size_t *dst_offsets,
                                        const size_t *src_offsets, const size_t *dst_dimensions,
                                        const size_t *src_dimensions, int dst_device_num, int src_device_num)
{
    return glass_target_memcpy_rect(dst, src, element_size, num_dims, volume, dst_offsets, src_offsets, dst_dimensions,
                              src_dimensions, dst_device_num, src_device_num, __builtin_return_address(0));
}

/* 3.8.9: device memory `device_ptr` + device_offset becomes the corresponding
 * storage of [host_ptr, host_ptr + size) until disassociated; constructs
 * never unmap it (an infinite reference count). The host device cannot be
 * associated (its memory is the host's), as in libgomp. */
GLASS_EXPORT int omp_target_associate_ptr(const void *host_ptr, const void *device_ptr, size_t size,
                                          size_t device_offset, int device_num)
{
    bool valid;
    struct glass_device *device = device_named(device_num, &valid);
    if (!device || !host_ptr || !device_ptr)
        return EINVAL;
    uintptr_t start = (uintptr_t)host_ptr, end = start + size;
    uintptr_t device_start = (uintptr_t)device_ptr + device_offset;
    int status = 0;
    struct glass_target_op op;
    glass_target_op_standalone(&op, device, __builtin_return_address(0));
    pthread_mutex_lock(&device->lock);
    struct glass_present_entry *entry = glass_present_overlap(&device->present, start, end);
    if (entry) {
        /* Associating the same storage again is allowed; anything else over
         * mapped memory is not. */
        status = entry->host_start == start && entry->host_end == end && entry->device_start == device_start ? 0
                                                                                                           : EINVAL;
    } else {
        struct glass_host_op host_op;
        glass_data_op_begin(&op, &host_op, GLASS_DATA_ASSOCIATE, host_ptr, glass_device_initial_number(),
                            (void *)device_start, device_num, size);
        entry = glass_present_add(&device->present, start, end, device_start, NULL);
        entry->dynamic_refcount = GLASS_REFCOUNT_INFINITE;
        glass_data_op_end(&op, &host_op, GLASS_DATA_ASSOCIATE, host_ptr, glass_device_initial_number(),
                          (void *)device_start, device_num, size);
    }
    pthread_mutex_unlock(&device->lock);
    return status;
}

GLASS_EXPORT int omp_target_disassociate_ptr(const void *ptr, int device_num)
{
    bool valid;
    struct glass_device *device = device_named(device_num, &valid);
    if (!device || !ptr)
        return EINVAL;
    int status = EINVAL;
    struct glass_target_op op;
    glass_target_op_standalone(&op, device, __builtin_return_address(0));
    pthread_mutex_lock(&device->lock);
    struct glass_present_entry *entry = glass_present_find(&device->present, (uintptr_t)ptr, (uintptr_t)ptr);
    if (entry && entry->host_start == (uintptr_t)ptr && !entry->allocation &&
        entry->dynamic_refcount == GLASS_REFCOUNT_INFINITE) {
        struct glass_host_op host_op;
        size_t size = entry->host_end - entry->host_start;
        void *device_start = (void *)entry->device_start;
        glass_data_op_begin(&op, &host_op, GLASS_DATA_DISASSOCIATE, ptr, glass_device_initial_number(),
                            device_start, device_num, size);
        glass_present_remove(&device->present, entry);
        glass_data_op_end(&op, &host_op, GLASS_DATA_DISASSOCIATE, ptr, glass_device_initial_number(), device_start,
                          device_num, size);
        status = 0;
    }
    pthread_mutex_unlock(&device->lock);
    return status;
}
