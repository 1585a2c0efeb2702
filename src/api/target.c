/* User API: device memory routines (OpenMP 5.1, 3.8) with the host as the
 * only device. Memory of the host device is host memory: allocation is
 * malloc, copies are memcpy, and every host address is present. Invalid
 * device numbers give the routine's failure result (NULL, 0 or EINVAL, as
 * libgomp). Associating memory with the host device is refused: the host
 * address already is the device address. */
#include <errno.h>
#include <limits.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>

#include "../core/tasking.h"
#include "api.h"

GLASS_EXPORT void *omp_target_alloc(size_t size, int device_num)
{
    if (!glass_target_device_valid(device_num))
        return NULL;
    return malloc(size ? size : 1);
}

GLASS_EXPORT void omp_target_free(void *device_ptr, int device_num)
{
    if (device_ptr && glass_target_device_valid(device_num))
        free(device_ptr);
}

GLASS_EXPORT int omp_target_is_present(const void *ptr, int device_num)
{
    return glass_target_device_valid(device_num) || ptr == NULL;
}

GLASS_EXPORT int omp_target_memcpy(void *dst, const void *src, size_t length, size_t dst_offset,
                                   size_t src_offset, int dst_device_num, int src_device_num)
{
    if (!glass_target_device_valid(dst_device_num) || !glass_target_device_valid(src_device_num))
        return EINVAL;
    memmove((char *)dst + dst_offset, (const char *)src + src_offset, length);
    return 0;
}

/* Copies the sub-volume of dimension `dims` (elements of element_size bytes)
 * one dimension at a time. */
static void copy_rect(char *dst, const char *src, size_t element_size, int dims, const size_t *volume,
                      const size_t *dst_offsets, const size_t *src_offsets, const size_t *dst_dimensions,
                      const size_t *src_dimensions)
{
    if (dims == 1) {
        memmove(dst + dst_offsets[0] * element_size, src + src_offsets[0] * element_size,
                volume[0] * element_size);
        return;
    }
    /* Bytes of one slice along the first dimension. */
    size_t dst_slice = element_size, src_slice = element_size;
    for (int i = 1; i < dims; i++) {
        dst_slice *= dst_dimensions[i];
        src_slice *= src_dimensions[i];
    }
    for (size_t j = 0; j < volume[0]; j++)
        copy_rect(dst + (dst_offsets[0] + j) * dst_slice, src + (src_offsets[0] + j) * src_slice,
                  element_size, dims - 1, volume + 1, dst_offsets + 1, src_offsets + 1, dst_dimensions + 1,
                  src_dimensions + 1);
}

GLASS_EXPORT int omp_target_memcpy_rect(void *dst, const void *src, size_t element_size, int num_dims,
                                        const size_t *volume, const size_t *dst_offsets,
                                        const size_t *src_offsets, const size_t *dst_dimensions,
                                        const size_t *src_dimensions, int dst_device_num, int src_device_num)
{
    /* Both NULL: the number of dimensions supported (OpenMP 5.1, 3.8.6). */
    if (!dst && !src)
        return INT_MAX;
    if (!dst || !src || num_dims < 1 || element_size == 0)
        return EINVAL;
    if (!glass_target_device_valid(dst_device_num) || !glass_target_device_valid(src_device_num))
        return EINVAL;
    for (int i = 0; i < num_dims; i++)
        if (volume[i] == 0)
            return 0;
    copy_rect(dst, src, element_size, num_dims, volume, dst_offsets, src_offsets, dst_dimensions,
              src_dimensions);
    return 0;
}

GLASS_EXPORT int omp_target_associate_ptr(const void *host_ptr, const void *device_ptr, size_t size,
                                          size_t device_offset, int device_num)
{
    (void)host_ptr, (void)device_ptr, (void)size, (void)device_offset, (void)device_num;
    return EINVAL;
}

GLASS_EXPORT int omp_target_disassociate_ptr(const void *ptr, int device_num)
{
    (void)ptr, (void)device_num;
    return EINVAL;
}
