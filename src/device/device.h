/* The device layer (design.md, "Devices and offload"): the device table, one
 * interface every kind of device implements, and the per-device state the
 * mapping engine keeps. A device kind is its own file(s), defining one
 * struct glass_device_kind, and one entry in the table of kinds
 * (device_kinds.c); nothing else names it. A kind never sees map kinds,
 * reference counts or OMPT: the layer above it (mapping.c, target_ops.c)
 * does that once for all kinds.
 *
 * Devices are numbered 0..count-1; the host, the initial device, is number
 * `count` (OpenMP 5.1, 3.7.7). A device is initialized on its first use
 * (device_initialize, device_load) and finalized at exit (device_unload,
 * device_finalize); ompt_finalize_tool ends only the tools' view of it. A
 * kind that runs offload images loads each registered one at init, one
 * registered later into the devices already initialized, and unloads an
 * image when the program unregisters it (image_loading.c: device_load and
 * device_unload with it). */
#ifndef GLASS_DEVICE_DEVICE_H
#define GLASS_DEVICE_DEVICE_H

#include <pthread.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "present_table.h"

struct glass_device;
struct glass_image;

/* The geometry a region asks for (0: unspecified). */
struct glass_launch {
    unsigned num_teams;
    unsigned thread_limit;
};

/* What a kind of device provides: its entry in the table of kinds. Copies
 * return 0 on success; every operation on a device may be called from any
 * thread, with the device's lock held. */
struct glass_device_kind {
    const char *name;   /* for messages: "host" */
    const char *type;   /* the OMPT device type string (device_initialize), unless the device has its own */
    const char *documentation; /* device_initialize's documentation string */
    /* How many devices of this kind the program gets; 0 with the reason in
     * *why (when not NULL) where the kind has one to give. Called before the
     * table is built and for it, from any thread, any number of times: the
     * answer must not change once the program has started. */
    int (*count)(const char **why);
    /* The environment variable that asks for the kind's devices (named in
     * messages); NULL for a kind whose devices come with the program's
     * offload images (load_image): such a kind is not counted when LLVM's
     * libomptarget numbers the devices (device_table.c). */
    const char *setting;
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

    /* Optional, both or none: the offload images of GCC target type
     * `image_type` (image_registry.h) the kind runs. load_image loads one
     * into the initialized device, adding exactly one module
     * (glass_device_add_module), its `declare target` variables
     * (glass_device_map_static) and link pointers (glass_device_add_link);
     * false, with the reason in *why, when it cannot. unload_image takes away
     * what load_image added but the module record (image_loading.c ends
     * that). Both are called with the device's lock held. */
    int image_type;
    bool (*load_image)(struct glass_device *device, const struct glass_image *image, const char **why);
    void (*unload_image)(struct glass_device *device, const struct glass_image *image);

    /* Optional, all or none: queues for nowait target regions (async_target.h).
     * A queue (a GPU driver's stream) runs its work in order, asynchronously to the
     * host; queues run at the same time as each other. The kind takes no
     * device lock of its own for them and may be called without it. */
    void *(*queue_open)(struct glass_device *device); /* NULL: none to be had */
    /* Queued copy to the device; `src` is read before the call returns (as
     * GPU drivers do for pageable host memory). With `timed`, the
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
    const char *filename;  /* the file it came from (the executable, a library), or NULL */
    const void *host_copy; /* the loaded image as the device took it (malloc'ed, the module's), or NULL */
    size_t bytes;
    uint64_t id;
    const void *image;     /* the registered image's host table: which image it is */
};

/* A `declare target link` variable (OpenMP 5.1, 2.14.7) on a device that
 * has code of its own: the device code reaches host storage
 * [host_start, host_end) through a pointer at `device_pointer` in device
 * memory, which mapping.c sets to the device copy while the variable is
 * mapped and to NULL while it is not (as libgomp's gomp_map_vars; a host
 * device runs the host's code, which uses the host variable itself). */
struct glass_device_link {
    uintptr_t host_start, host_end;
    uintptr_t device_pointer;
    const void *image; /* the host table of the image it came with */
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
    struct glass_device_module *modules; /* the images loaded; none at init: the program itself */
    size_t nmodules;
    uint64_t module_id;           /* the program's own module id when nothing else was loaded */
    bool program_loaded;          /* that module was announced (device_load) */
    struct glass_device_link *links; /* the loaded images' link variables */
    size_t nlinks;
    void *kind_data;              /* the kind's own state */
    struct glass_device_trace *trace; /* device tracing (device_tracing_rules.c), NULL until a tool asks */
};

/* The device count once the table exists, 0 before (without building it:
 * an image registered by a constructor must not fix the table early). */
int glass_device_count_built(void);
/* Glass's own devices other than the host (every kind's count; 0 with
 * OMP_TARGET_OFFLOAD=disabled or when libomptarget is loaded). */
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
/* Why there is no device at all (for messages): the first reason a kind
 * gave for having none; NULL when none gave one. */
const char *glass_device_none_reason(void);
/* Ends every initialized device (process exit, with tools watching). */
void glass_device_finalize_all(void);
/* Tools stop watching the devices while the program goes on using them
 * (ompt_finalize_tool, OpenMP 5.1 4.6.1.1): the traces tool `tool` started
 * stop, their last buffers handed back; with tool < 0 (the last tool ends)
 * every trace stops and each initialized device raises device_unload and
 * device_finalize. The devices stay initialized, their data and code in
 * place, for the program's next constructs. */
void glass_device_tools_end(int tool);

/* For a kind's load_image: storage the device already has for host memory
 * [host, host+bytes), at `device_addr` (the image's `declare target`
 * variables), present until the image is unloaded; glass_device_unmap_static
 * for unload_image. */
void glass_device_map_static(struct glass_device *device, const void *host, size_t bytes, uintptr_t device_addr);
void glass_device_unmap_static(struct glass_device *device, const void *host, size_t bytes);
/* For a kind's load_image: the image's module (the device takes `filename`
 * and `host_copy`, both malloc'ed, or NULL) and its link variables; false
 * when out of memory. */
bool glass_device_add_module(struct glass_device *device, const void *image, const char *filename, void *host_copy,
                             size_t bytes);
bool glass_device_add_link(struct glass_device *device, const void *image, const void *host, size_t bytes,
                           uintptr_t device_pointer);

/* image_loading.c: at a device's init (its lock held), the images of its
 * kind's type registered so far; false when one could not be loaded. */
bool glass_device_load_images(struct glass_device *device);
/* A registered image (a copy of its record) is loaded into, or unloaded from,
 * every initialized device whose kind runs its type (image_registry.c, after
 * registering or unregistering it, its own lock released). */
void glass_device_image_registered(const struct glass_image *image);
void glass_device_image_unregistered(const struct glass_image *image);

/* The table of kinds (device_kinds.c), NULL-ended, in the order their
 * devices are numbered: all of the first kind's devices, then the next's. */
extern const struct glass_device_kind *const glass_device_kinds[];

#endif
