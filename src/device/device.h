/* The device layer (design.md, "Devices and offload"): the device table, one
 * interface every kind of device implements, and the per-device state the
 * mapping engine keeps. A device kind is one file (host_device.c, later the
 * NVIDIA one) and never sees map kinds, reference counts or OMPT: the layer
 * above it (mapping.c, target_ops.c) does that once for all kinds.
 *
 * Devices are numbered 0..count-1; the host, the initial device, is number
 * `count` (OpenMP 5.1, 3.7.7). A device is initialized on its first use
 * (device_initialize, device_load) and finalized at exit (device_unload,
 * device_finalize); ompt_finalize_tool ends only the tools' view of it. */
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
    const char *type;   /* the OMPT device type string (device_initialize), unless the device has its own */
    const char *documentation; /* device_initialize's documentation string */
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
    /* Optional: whether the device has code for the region whose host
     * version is `host_fn` (without, the region runs on the host). */
    bool (*can_run)(struct glass_device *device, void (*host_fn)(void *));
    /* Optional: the device-measured start and end (the kind's clock) of its
     * last copy or region on this thread; false when it did not measure. */
    bool (*last_times)(struct glass_device *device, uint64_t *start, uint64_t *end);

    /* Optional, all or none: queues for nowait target regions (async_target.h).
     * A queue (a CUDA stream) runs its work in order, asynchronously to the
     * host; queues run at the same time as each other. The kind takes no
     * device lock of its own for them and may be called without it. */
    void *(*queue_open)(struct glass_device *device); /* NULL: none to be had */
    /* Queued copy to the device; `src` is read before the call returns (as
     * the CUDA driver does for pageable host memory). With `timed`, the
     * operation is timed on the device and *timed gets its number in the
     * queue (queue_times), else -1. 0: queued. */
    int (*to_device_async)(struct glass_device *device, void *queue, void *dst, const void *src, size_t bytes,
                           int *timed);
    /* Queued launch of a region (see run); returns the teams granted, 0 when
     * it could not be queued. `timed` as above. */
    unsigned (*run_async)(struct glass_device *device, void *queue, void (*host_fn)(void *), void *args,
                          const struct glass_launch *launch, int *timed);
    /* Calls done(arg) once, from a thread that is the kind's own (never an
     * OpenMP thread; done must not call the kind), when everything queued
     * so far has finished. 0: it will. */
    int (*queue_notify)(struct glass_device *device, void *queue, void (*done)(void *), void *arg);
    /* After done: the device start and end (the kind's clock) of the queue's
     * timed operation `n`. */
    bool (*queue_times)(struct glass_device *device, void *queue, int n, uint64_t *start, uint64_t *end);
    /* After done was called: gives the queue back, once done has returned
     * (what done uses may go then); 0 when all its work succeeded, else the
     * kind's message for the failure in `why`. */
    int (*queue_close)(struct glass_device *device, void *queue, const char **why);
};

/* Code a device loaded (device_load): an image and its host copy. */
struct glass_device_module {
    const char *filename;  /* the file it came from (the executable), or NULL */
    const void *host_copy; /* the loaded image as the device took it, or NULL */
    size_t bytes;
    uint64_t id;
};

struct glass_device {
    int number;
    const struct glass_device_kind *kind;
    pthread_mutex_t lock;         /* the present table and every operation on the device */
    _Atomic bool initialized;
    bool finalized;
    bool failed;                  /* init failed: the device's constructs run on the host */
    struct glass_present_table present;
    const char *type;             /* the OMPT type string: the kind's, or the card's name */
    struct glass_device_module *modules; /* what init loaded; none: the program itself */
    size_t nmodules;
    uint64_t module_id;           /* the program's own module id when nothing else was loaded */
    void *kind_data;              /* the kind's own state */
    struct glass_device_trace *trace; /* device tracing (trace.c), NULL until a tool asks */
};

/* Glass's own devices other than the host (GLASS_HOST_DEVICES, NVIDIA; 0
 * with OMP_TARGET_OFFLOAD=disabled or when libomptarget is loaded). */
int glass_device_count(void);
/* The initial device's number, which is also the number of devices the
 * program sees: Glass's own count, or libomptarget's when it is loaded
 * (device_table.c). */
int glass_device_initial_number(void);
/* Device `number`, initialized on first use; NULL for the host, a number
 * that is not a device, or a device that could not be initialized. */
struct glass_device *glass_device_get(int number);
/* Device `number` without initializing it (NULL as above). */
struct glass_device *glass_device_peek(int number);
/* The initial device's number for a tool's initializer (OMPT 4.2.3): the
 * device count once the table is built; before, the devices known so far
 * (an offload image registered after the tool starts adds its GPUs later;
 * libomptarget's devices come with the program's constructors). */
int glass_device_initial_number_now(void);
/* Why there is no NVIDIA device (for messages), or NULL when there is one. */
const char *glass_device_no_gpu_reason(void);
/* Ends every initialized device (process exit, with tools watching). */
void glass_device_finalize_all(void);
/* Tools stop watching the devices while the program goes on using them
 * (ompt_finalize_tool, OpenMP 5.1 4.6.1.1): the traces tool `tool` started
 * stop, their last buffers handed back; with tool < 0 (the last tool ends)
 * every trace stops and each initialized device raises device_unload and
 * device_finalize. The devices stay initialized, their data and code in
 * place, for the program's next constructs. */
void glass_device_tools_end(int tool);

/* For a kind's init: storage the device already has for host memory
 * [host, host+bytes), at `device_addr` (the image's `declare target`
 * variables), present for the whole run. */
void glass_device_map_static(struct glass_device *device, const void *host, size_t bytes, uintptr_t device_addr);

/* The device kinds: the host with separate memory (host_device.c) and
 * NVIDIA GPUs (nvptx_device.c). */
extern const struct glass_device_kind glass_host_device_kind;
extern const struct glass_device_kind glass_nvptx_device_kind;
/* NVIDIA devices the driver offers for the program's NVIDIA images (0 without
 * images, driver or GPU: *why then says which, when not NULL). */
int glass_nvptx_device_count(const char **why);

#endif
