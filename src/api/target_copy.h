/* The copies of the device memory routines (device_memory.c), shared by their
 * synchronous forms and the _async ones (target_async.c). Both check every
 * argument first and return EINVAL, without copying, for a device number
 * that names no device, a NULL address where bytes are to be copied, or a
 * malformed rectangle; `codeptr` is the user's call site, for the data
 * operations' events. */
#ifndef GLASS_API_TARGET_COPY_H
#define GLASS_API_TARGET_COPY_H

#include <stdbool.h>
#include <stddef.h>

/* Whether `num` names a device of Glass's or the host. */
bool glass_target_device_valid(int num);

int glass_target_memcpy(void *dst, const void *src, size_t length, size_t dst_offset, size_t src_offset,
                        int dst_device_num, int src_device_num, const void *codeptr);
/* Both NULL: INT_MAX, the number of dimensions supported. */
int glass_target_memcpy_rect(void *dst, const void *src, size_t element_size, int num_dims, const size_t *volume,
                             const size_t *dst_offsets, const size_t *src_offsets, const size_t *dst_dimensions,
                             const size_t *src_dimensions, int dst_device_num, int src_device_num,
                             const void *codeptr);

#endif
