/* Offload images on devices: loaded at a device's init, loaded later into
 * the initialized devices when the program registers one after they started
 * (a library with offload code opened with dlopen), unloaded when the
 * program unregisters one (mkoffload's destructor, at dlclose or exit), as
 * libgomp does. Each load and unload is a device_load / device_unload event
 * with the module's id. The kind does the device's part (device.h,
 * load_image / unload_image); the records of what is loaded (modules, link
 * variables) are kept here, with the device's lock held throughout, so a
 * device initializing while another thread registers an image loads it
 * once: whoever comes second finds its module. */
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>

#include "../core/runtime.h"
#include "device.h"
#include "tracing/device_events.h"
#include "image_registry.h"

static struct glass_device_module *module_of(struct glass_device *device, const void *image)
{
    for (size_t i = 0; i < device->nmodules; i++)
        if (device->modules[i].image == image)
            return &device->modules[i];
    return NULL;
}

bool glass_device_add_module(struct glass_device *device, const void *image, const char *filename, void *host_copy,
                             size_t bytes)
{
    struct glass_device_module *grown = realloc(device->modules, (device->nmodules + 1) * sizeof *grown);
    if (!grown)
        return false;
    device->modules = grown;
    device->modules[device->nmodules++] = (struct glass_device_module){filename, host_copy, bytes, 0, image};
    return true;
}

bool glass_device_add_link(struct glass_device *device, const void *image, const void *host, size_t bytes,
                           uintptr_t device_pointer)
{
    struct glass_device_link *grown = realloc(device->links, (device->nlinks + 1) * sizeof *grown);
    if (!grown)
        return false;
    device->links = grown;
    device->links[device->nlinks++] =
        (struct glass_device_link){(uintptr_t)host, (uintptr_t)host + bytes, device_pointer, image};
    return true;
}

struct load {
    struct glass_device *device;
    bool at_init;
    bool failed;
};

static void forget_links(struct glass_device *device, const void *image);

/* One image into one device, unless it is there already. */
static void load_one(const struct glass_image *image, void *arg)
{
    struct load *load = arg;
    struct glass_device *device = load->device;
    if (load->failed || module_of(device, image->host_table))
        return;
    const char *why = "no reason given";
    size_t before = device->nmodules;
    if (!device->kind->load_image(device, image, &why)) {
        forget_links(device, image->host_table);
        if (load->at_init)
            glass_warn("device %d (%s) cannot be used: an offload image cannot be loaded: %s", device->number,
                       device->kind->name, why);
        else
            glass_warn("device %d (%s): an offload image registered after the device started cannot be loaded "
                       "(%s); its target regions run on the host",
                       device->number, device->kind->name, why);
        load->failed = true;
        return;
    }
    if (device->nmodules != before + 1)
        glass_fatal("device %d (%s): loading an offload image added %zu modules, not one", device->number,
                    device->kind->name, device->nmodules - before);
    /* At init the device's initialization announces its modules. */
    if (!load->at_init)
        glass_device_events_loaded(device, &device->modules[before]);
}

bool glass_device_load_images(struct glass_device *device)
{
    if (!device->kind->load_image)
        return true;
    struct load load = {device, true, false};
    glass_image_each(device->kind->image_type, load_one, &load);
    return !load.failed;
}

void glass_device_image_registered(const struct glass_image *image)
{
    int count = glass_device_count_built();
    for (int i = 0; i < count; i++) {
        struct glass_device *device = glass_device_peek(i);
        if (!device->kind->load_image || device->kind->image_type != image->target_type)
            continue;
        pthread_mutex_lock(&device->lock);
        /* Not initialized yet: its init loads every image registered by then. */
        if (atomic_load_explicit(&device->initialized, memory_order_relaxed)) {
            struct load load = {device, false, false};
            load_one(image, &load);
        }
        pthread_mutex_unlock(&device->lock);
    }
}

/* The image's link variables go with it; a mapping of one of them made
 * meanwhile stays until its constructs end, with no device pointer to set. */
static void forget_links(struct glass_device *device, const void *image)
{
    size_t kept = 0;
    for (size_t i = 0; i < device->nlinks; i++)
        if (device->links[i].image != image)
            device->links[kept++] = device->links[i];
    device->nlinks = kept;
}

void glass_device_image_unregistered(const struct glass_image *image)
{
    int count = glass_device_count_built();
    for (int i = 0; i < count; i++) {
        struct glass_device *device = glass_device_peek(i);
        if (!device->kind->unload_image || device->kind->image_type != image->target_type)
            continue;
        pthread_mutex_lock(&device->lock);
        struct glass_device_module *module = module_of(device, image->host_table);
        if (module && atomic_load_explicit(&device->initialized, memory_order_relaxed)) {
            glass_device_events_unloading(device, module);
            device->kind->unload_image(device, image);
            forget_links(device, image->host_table);
            free((void *)module->host_copy);
            free((void *)module->filename);
            size_t index = (size_t)(module - device->modules);
            memmove(module, module + 1, (device->nmodules - index - 1) * sizeof *module);
            device->nmodules--;
        }
        pthread_mutex_unlock(&device->lock);
    }
}
