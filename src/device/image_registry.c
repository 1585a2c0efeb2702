/* The offload image registry (image_registry.h). */
#include <pthread.h>
#include <stdlib.h>
#include <string.h>

#include "../core/runtime.h"
#include "device.h"
#include "image_registry.h"

/* GOMP_VERSION (gomp-constants.h) of the library ABI Glass speaks: GCC 12
 * images. Later images carry data this runtime would misread. */
#define GOMP_LIBRARY_VERSION 1

static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
static struct glass_image *images;
static size_t nimages, capacity;

void glass_image_register(unsigned version, const void *host_table, int target_type, const void *target_data)
{
    if ((version >> 16) > GOMP_LIBRARY_VERSION) {
        glass_warn("an offload image for target type %d has library version %u, newer than this runtime's %d "
                   "(GCC 12); it is ignored and its target regions run on the host",
                   target_type, version >> 16, GOMP_LIBRARY_VERSION);
        return;
    }
    pthread_mutex_lock(&lock);
    if (nimages == capacity) {
        size_t cap = capacity ? capacity * 2 : 4;
        struct glass_image *grown = realloc(images, cap * sizeof *grown);
        if (!grown)
            glass_fatal("out of memory registering an offload image");
        images = grown;
        capacity = cap;
    }
    struct glass_image image = {version, host_table, target_type, target_data};
    images[nimages++] = image;
    pthread_mutex_unlock(&lock);
    /* Devices already running get it now; the others at their init. */
    glass_device_image_registered(&image);
}

void glass_image_unregister(unsigned version, const void *host_table, int target_type, const void *target_data)
{
    bool found = false;
    pthread_mutex_lock(&lock);
    for (size_t i = 0; i < nimages; i++)
        if (images[i].host_table == host_table && images[i].target_type == target_type &&
            images[i].target_data == target_data) {
            memmove(images + i, images + i + 1, (nimages - i - 1) * sizeof *images);
            nimages--;
            found = true;
            break;
        }
    pthread_mutex_unlock(&lock);
    /* Unloaded from the devices that loaded it, while its tables (in the
     * code being unloaded) are still there. */
    if (found)
        glass_device_image_unregistered(&(struct glass_image){version, host_table, target_type, target_data});
}

void glass_image_each(int target_type, void (*visit)(const struct glass_image *image, void *arg), void *arg)
{
    pthread_mutex_lock(&lock);
    for (size_t i = 0; i < nimages; i++)
        if (images[i].target_type == target_type)
            visit(&images[i], arg);
    pthread_mutex_unlock(&lock);
}

size_t glass_image_count(void)
{
    pthread_mutex_lock(&lock);
    size_t n = nimages;
    pthread_mutex_unlock(&lock);
    return n;
}
