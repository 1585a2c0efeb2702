/* Offload images registered by the program (GOMP_offload_register_ver, from
 * the constructor mkoffload puts in the executable or a shared library;
 * unregistered by its destructor). An image is loaded when a device of its
 * type is initialized, or at once into the devices already initialized, and
 * unloaded from them when unregistered (image_loading.c). Host devices run
 * the host code and load none; a device kind that runs device code (the
 * NVIDIA one) takes the images of its type from here. */
#ifndef GLASS_DEVICE_IMAGE_REGISTRY_H
#define GLASS_DEVICE_IMAGE_REGISTRY_H

#include <stddef.h>

/* GCC's offload target types (gomp-constants.h). */
#define GLASS_OFFLOAD_TARGET_NVIDIA_PTX 5
#define GLASS_OFFLOAD_TARGET_GCN 8

struct glass_image {
    unsigned version;        /* GOMP_VERSION_PACK(library, device) */
    const void *host_table;  /* __OFFLOAD_TABLE__: functions and variables, host side */
    int target_type;
    const void *target_data; /* the device kind's own description of the image */
};

void glass_image_register(unsigned version, const void *host_table, int target_type, const void *target_data);
void glass_image_unregister(unsigned version, const void *host_table, int target_type, const void *target_data);
/* Calls `visit` for each registered image of `target_type`, in order of
 * registration, under the registry's lock. */
void glass_image_each(int target_type, void (*visit)(const struct glass_image *image, void *arg), void *arg);
/* Images registered now, of any type. */
size_t glass_image_count(void);

#endif
