/* The device layer (design.md, "Devices and offload"): the device table, one
 * interface every kind of device implements, and the per-device state the
 * mapping engine keeps. A device kind is one file (host_device.c, later the
 * NVIDIA one) and never sees map kinds, reference counts or OMPT: the layer
 * above it (mapping.c, target_ops.c) does that once for all kinds.
 *
 * Devices are numbered 0..count-1; the host, the initial device, is number
 * `count` (OpenMP 5.1, 3.7.7). A device is initialized on its first use
 * (device_initialize, device_load) and finalized at exit (device_unload,
 * device_finalize). */
#ifndef GLASS_DEVICE_DEVICE_H
#define GLASS_DEVICE_DEVICE_H

#include <pthread.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "present_table.h"

struct glass_device;

/* The geometry a region asks for (0: unspecified). */
struct glass_launch {
    unsigned num_teams;
    unsigned thread_limit;
};

/* What a kind of device provides. Copies return 0 on success; every function
 * may be called from any thread, with the device's lock held. */
struct glass_device_kind {
    const char *name;   /* for messages: "host" */
    const char *type;   /* the OMPT device type string (device_initialize) */
    bool (*init)(struct glass_device *device);
    void (*fini)(struct glass_device *device);
    void *(*alloc)(struct glass_device *device, size_t bytes);
    void (*free)(struct glass_device *device, void *address);
    int (*to_device)(struct glass_device *device, void *dst, const void *src, size_t bytes);
    int (*from_device)(struct glass_device *device, void *dst, const void *src, size_t bytes);
    int (*device_to_device)(struct glass_device *device, void *dst, const void *src, size_t bytes);
    /* Runs the region whose host version is `host_fn` with the device's
     * argument block `args` (device memory); returns the teams granted. */
    unsigned (*run)(struct glass_device *device, void (*host_fn)(void *), void *args,
                    const struct glass_launch *launch);
    uint64_t (*now)(struct glass_device *device); /* the device's clock, nanoseconds */
    int (*num_procs)(struct glass_device *device);
};

struct glass_device {
    int number;
    const struct glass_device_kind *kind;
    pthread_mutex_t lock;         /* the present table and every operation on the device */
    _Atomic bool initialized;
    bool finalized;
    struct glass_present_table present;
    uint64_t module_id;           /* the image loaded at initialization (device_load) */
    void *kind_data;              /* the kind's own state */
    struct glass_device_trace *trace; /* device tracing (trace.c), NULL until a tool asks */
};

/* Devices other than the host (GLASS_HOST_DEVICES; 0 with
 * OMP_TARGET_OFFLOAD=disabled). */
int glass_device_count(void);
/* Device `number`, initialized on first use; NULL for the host or a number
 * that is not a device. */
struct glass_device *glass_device_get(int number);
/* Device `number` without initializing it (NULL as above). */
struct glass_device *glass_device_peek(int number);
/* Ends every initialized device (process exit, or the last tool's
 * finalization). */
void glass_device_finalize_all(void);

/* The host device kind (host_device.c). */
extern const struct glass_device_kind glass_host_device_kind;

#endif
