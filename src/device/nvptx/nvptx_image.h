/* GCC 12's NVIDIA offload images, as mkoffload embeds them: the host table
 * (__OFFLOAD_TABLE__: host functions, then host variables as address and
 * size pairs) and the device data (PTX objects, the names of the variables
 * and of the kernels, in the host table's order). The layout is GCC's ABI for
 * library version 1 (GOMP_VERSION 1, GCC 11 and 12); image_registry.c refuses
 * later versions. */
#ifndef GLASS_DEVICE_NVPTX_IMAGE_H
#define GLASS_DEVICE_NVPTX_IMAGE_H

#include <stddef.h>
#include <stdint.h>

struct glass_nvptx_ptx {
    const char *code;
    size_t size; /* with the terminating NUL */
};

struct glass_nvptx_function {
    const char *name;
    unsigned short dim[3]; /* launch dimensions fixed by the compiler (OpenACC), 0: none */
};

/* mkoffload's target data for NVIDIA_PTX images. */
struct glass_nvptx_tdata {
    const struct glass_nvptx_ptx *ptx;
    unsigned ptx_count;
    const char *const *var_names;
    unsigned var_count;
    const struct glass_nvptx_function *functions;
    unsigned function_count;
};

/* A host variable of the table: its address and size (the top bit of the
 * size marks a `declare target link` variable). */
struct glass_offload_var {
    void *host;
    uintptr_t size;
};
#define GLASS_OFFLOAD_VAR_LINK ((uintptr_t)1 << (sizeof(uintptr_t) * 8 - 1))

/* The image's tables, checked against each other. */
struct glass_nvptx_image {
    const struct glass_nvptx_tdata *data;
    void *const *host_functions; /* data->function_count of them */
    const struct glass_offload_var *host_vars; /* data->var_count of them */
};

/* Reads an image; NULL and *why when its tables disagree. */
const char *glass_nvptx_image_read(const void *host_table, const void *target_data, struct glass_nvptx_image *out);

#endif
