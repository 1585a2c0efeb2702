/* GCC ABI: the target constructs (GOMP_target_ext, target data, update,
 * enter/exit data) and offload image registration. The device layer
 * (src/device/target_ops.c) decides where each runs and maps its data; this
 * file decodes GCC's arguments (its map kinds into neutral items:
 * map_kinds.c) and makes a construct with nowait or depend
 * clauses a target task, which carries copies of the construct's arrays (and
 * of its firstprivate values, taken when the task is created). */
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "../../core/globals.h"
#include "../../core/runtime.h"
#include "../../core/tasks/tasking.h"
#include "../../device/image_registry.h"
#include "../../device/mapping.h"
#include "../../device/target_ops.h"
#include "../../device/tracing/target_task_records.h"
#include "../../ompt/events.h"
#include "depend.h"
#include "gomp.h"
#include "map_kinds.h"

/* gomp-constants.h */
#define TARGET_FLAG_NOWAIT 1u
#define TARGET_FLAG_EXIT_DATA 2u
#define TARGET_ARG_DEVICE_MASK 0x7f
#define TARGET_ARG_SUBSEQUENT_PARAM 0x80
#define TARGET_ARG_ID_MASK 0xff00
#define TARGET_ARG_NUM_TEAMS 0x100
#define TARGET_ARG_THREAD_LIMIT 0x200
#define TARGET_ARG_VALUE_SHIFT 16

/* num_teams and thread_limit from GCC's target argument list (values for
 * every device; <= 0: not given or not known on the host). */
static struct glass_launch launch_of(void **args)
{
    struct glass_launch launch = {0, 0};
    while (args && *args) {
        intptr_t id = (intptr_t)*args++, value;
        if (id & TARGET_ARG_SUBSEQUENT_PARAM)
            value = (intptr_t)*args++;
        else
            value = id >> TARGET_ARG_VALUE_SHIFT;
        if ((id & TARGET_ARG_DEVICE_MASK) != 0 || value <= 0)
            continue;
        if ((id & TARGET_ARG_ID_MASK) == TARGET_ARG_THREAD_LIMIT)
            launch.thread_limit = (unsigned)value;
        else if ((id & TARGET_ARG_ID_MASK) == TARGET_ARG_NUM_TEAMS)
            launch.num_teams = (unsigned)value;
    }
    return launch;
}

enum construct { REGION, UPDATE, ENTER_DATA, EXIT_DATA };

/* A deferred construct: what it needs when it runs, in one block. */
struct deferred {
    enum construct construct;
    int device;               /* resolved when created: a device number, or -1 for the host */
    void (*fn)(void *);
    struct glass_launch launch;
    bool nowait;
    const void *codeptr;
    size_t mapnum;
    struct glass_map_item *items; /* after the header; firstprivate items point at their copies */
};

static size_t align_up(size_t n, size_t a)
{
    return (n + a - 1) & ~(a - 1);
}

/* A deferred construct's block: the header and its items, then the
 * firstprivate copies (mapping.h) at `align`. */
static size_t deferred_header(size_t mapnum)
{
    return sizeof(struct deferred) + mapnum * sizeof(struct glass_map_item);
}

static size_t deferred_size(size_t mapnum, const struct glass_map_item *items, size_t *align)
{
    size_t room = glass_firstprivate_room(mapnum, items, align);
    return align_up(deferred_header(mapnum), *align) + room;
}

static void fill_deferred(struct deferred *d, size_t mapnum, const struct glass_map_item *items, size_t align)
{
    d->mapnum = mapnum;
    d->items = (struct glass_map_item *)(d + 1);
    if (!mapnum)
        return;
    memcpy(d->items, items, mapnum * sizeof *items);
    glass_firstprivate_copy(mapnum, d->items, (char *)d + align_up(deferred_header(mapnum), align));
}

static struct glass_device *device_of(int number)
{
    return number < 0 ? NULL : glass_device_get(number);
}

static void run_deferred(void *arg)
{
    struct deferred *d = arg;
    struct glass_device *device = device_of(d->device);
    switch (d->construct) {
    case REGION:
        glass_target_region(device, d->fn, d->mapnum, d->items, &d->launch, d->nowait, d->codeptr);
        break;
    case UPDATE:
        glass_target_update(device, d->mapnum, d->items, d->nowait, d->codeptr);
        break;
    case ENTER_DATA:
    case EXIT_DATA:
        glass_target_enter_exit_data(device, d->construct == EXIT_DATA, d->mapnum, d->items, d->nowait,
                                     d->codeptr);
        break;
    }
}

/* A target task: deferred with nowait, else included (it still waits for
 * its dependences). On a traced device it has trace records
 * (target_task_records.h). Untied, as every target task is (OpenMP 5.1, 1.2.5): a
 * nowait region on a device queue waits for the device inside it, running
 * other tasks meanwhile (async_target.h). */
static void target_task(struct glass_thread *self, enum construct construct, struct glass_device *device,
                        void (*fn)(void *), size_t mapnum, void **hostaddrs, const size_t *sizes,
                        const unsigned short *kinds, unsigned flags, void **depend, struct glass_launch launch,
                        const void *codeptr)
{
    size_t ndeps = depend ? gomp_depend_count(depend) : 0;
    struct gomp_items items;
    gomp_items_decode(&items, mapnum, hostaddrs, sizes, kinds);
    size_t align;
    size_t size = deferred_size(mapnum, items.items, &align);
    struct glass_task_options opts = {
        .fn = run_deferred,
        .arg_size = size,
        .arg_align = align,
        .ndepend = ndeps,
        .undeferred = !(flags & TARGET_FLAG_NOWAIT),
        .untied = true,
        .target = true,
        .copy_args = true,
        .codeptr = codeptr,
    };
    struct glass_task *task = glass_task_new(self, &opts, NULL);
    if (!task) {
        gomp_items_release(&items);
        return;
    }
    struct deferred *d = glass_task_args(task);
    *d = (struct deferred){construct, device ? device->number : -1, fn, launch, (flags & TARGET_FLAG_NOWAIT) != 0,
                           codeptr, 0, NULL};
    fill_deferred(d, mapnum, items.items, align);
    gomp_items_release(&items);
    struct glass_depend *deps = NULL;
    if (ndeps) {
        if (!(deps = malloc(ndeps * sizeof *deps)))
            glass_fatal("out of memory for %zu task dependences", ndeps);
        gomp_depend_decode(depend, deps);
    }
    /* A traced device records the task's creation and dependences after
     * their events and before anything the task itself does (one branch
     * when the device is not traced). */
    if (__builtin_expect(glass_target_task_traced(device), 0)) {
        glass_target_task_record_create(device, task, ndeps != 0, codeptr);
        if (ndeps && GLASS_OMPT_ON(dependences))
            glass_ompt_report_dependences(task, deps, ndeps);
        glass_target_task_record_dependences(device, task, deps, ndeps);
        glass_task_submit_reported(self, task, deps, ndeps);
    } else {
        glass_task_submit(self, task, deps, ndeps);
    }
    free(deps);
}

/* The items' host addresses handed back to the compiler, which reads the
 * device addresses of use_device_ptr/use_device_addr items there. */
static void hand_back(size_t mapnum, void **hostaddrs, const struct glass_map_item *items)
{
    for (size_t i = 0; i < mapnum; i++)
        if (items[i].op == GLASS_MAP_USE_DEVICE)
            hostaddrs[i] = items[i].host;
}

GLASS_EXPORT void GOMP_target_ext(int device, void (*fn)(void *), size_t mapnum, void **hostaddrs,
                                  size_t *sizes, unsigned short *kinds, unsigned flags, void **depend,
                                  void **args)
{
    GLASS_OMPT_ENTRY(); /* the encountering task's enter frame (its target task's task_create) */
    const void *codeptr = __builtin_return_address(0);
    struct glass_thread *self = glass_self();
    struct glass_device *dev = glass_target_resolve(device);
    struct glass_launch launch = launch_of(args);
    if ((flags & TARGET_FLAG_NOWAIT) || depend) {
        target_task(self, REGION, dev, fn, mapnum, hostaddrs, sizes, kinds, flags, depend, launch, codeptr);
        return;
    }
    struct gomp_items items;
    gomp_items_decode(&items, mapnum, hostaddrs, sizes, kinds);
    glass_target_region(dev, fn, mapnum, items.items, &launch, false, codeptr);
    gomp_items_release(&items);
}

/* The OpenMP 4.0 forms have 8-bit kinds (map_kinds.h). */
GLASS_EXPORT void GOMP_target(int device, void (*fn)(void *), const void *unused, size_t mapnum,
                              void **hostaddrs, size_t *sizes, unsigned char *kinds)
{
    (void)unused;
    const void *codeptr = __builtin_return_address(0);
    struct glass_device *dev = glass_target_resolve(device);
    struct gomp_items items;
    gomp_items_decode_narrow(&items, mapnum, hostaddrs, sizes, kinds);
    struct glass_launch launch = {0, 0};
    glass_target_region(dev, fn, mapnum, items.items, &launch, false, codeptr);
    gomp_items_release(&items);
}

GLASS_EXPORT void GOMP_target_data(int device, const void *unused, size_t mapnum, void **hostaddrs,
                                   size_t *sizes, unsigned char *kinds)
{
    (void)unused;
    const void *codeptr = __builtin_return_address(0);
    struct glass_device *dev = glass_target_resolve(device);
    struct gomp_items items;
    gomp_items_decode_narrow(&items, mapnum, hostaddrs, sizes, kinds);
    glass_target_data_begin(dev, mapnum, items.items, codeptr);
    hand_back(mapnum, hostaddrs, items.items);
    gomp_items_release(&items);
}

GLASS_EXPORT void GOMP_target_data_ext(int device, size_t mapnum, void **hostaddrs, size_t *sizes,
                                       unsigned short *kinds)
{
    GLASS_OMPT_ENTRY();
    struct glass_device *dev = glass_target_resolve(device);
    struct gomp_items items;
    gomp_items_decode(&items, mapnum, hostaddrs, sizes, kinds);
    glass_target_data_begin(dev, mapnum, items.items, __builtin_return_address(0));
    hand_back(mapnum, hostaddrs, items.items);
    gomp_items_release(&items);
}

GLASS_EXPORT void GOMP_target_end_data(void)
{
    GLASS_OMPT_ENTRY();
    glass_target_data_end(__builtin_return_address(0));
}

GLASS_EXPORT void GOMP_target_update(int device, const void *unused, size_t mapnum, void **hostaddrs,
                                     size_t *sizes, unsigned char *kinds)
{
    (void)unused;
    const void *codeptr = __builtin_return_address(0);
    struct glass_device *dev = glass_target_resolve(device);
    struct gomp_items items;
    gomp_items_decode_narrow(&items, mapnum, hostaddrs, sizes, kinds);
    glass_target_update(dev, mapnum, items.items, false, codeptr);
    gomp_items_release(&items);
}

GLASS_EXPORT void GOMP_target_update_ext(int device, size_t mapnum, void **hostaddrs, size_t *sizes,
                                         unsigned short *kinds, unsigned flags, void **depend)
{
    GLASS_OMPT_ENTRY(); /* the encountering task's enter frame */
    const void *codeptr = __builtin_return_address(0);
    struct glass_device *dev = glass_target_resolve(device);
    if ((flags & TARGET_FLAG_NOWAIT) || depend) {
        target_task(glass_self(), UPDATE, dev, NULL, mapnum, hostaddrs, sizes, kinds, flags, depend,
                    (struct glass_launch){0, 0}, codeptr);
        return;
    }
    struct gomp_items items;
    gomp_items_decode(&items, mapnum, hostaddrs, sizes, kinds);
    glass_target_update(dev, mapnum, items.items, false, codeptr);
    gomp_items_release(&items);
}

GLASS_EXPORT void GOMP_target_enter_exit_data(int device, size_t mapnum, void **hostaddrs, size_t *sizes,
                                              unsigned short *kinds, unsigned flags, void **depend)
{
    GLASS_OMPT_ENTRY(); /* the encountering task's enter frame */
    const void *codeptr = __builtin_return_address(0);
    struct glass_device *dev = glass_target_resolve(device);
    bool exit = (flags & TARGET_FLAG_EXIT_DATA) != 0;
    if ((flags & TARGET_FLAG_NOWAIT) || depend) {
        target_task(glass_self(), exit ? EXIT_DATA : ENTER_DATA, dev, NULL, mapnum, hostaddrs, sizes, kinds, flags,
                    depend, (struct glass_launch){0, 0}, codeptr);
        return;
    }
    struct gomp_items items;
    gomp_items_decode(&items, mapnum, hostaddrs, sizes, kinds);
    glass_target_enter_exit_data(dev, exit, mapnum, items.items, false, codeptr);
    gomp_items_release(&items);
}

GLASS_EXPORT void GOMP_offload_register_ver(unsigned version, const void *host_table, int target_type,
                                            const void *target_data)
{
    glass_image_register(version, host_table, target_type, target_data);
}

GLASS_EXPORT void GOMP_offload_register(const void *host_table, int target_type, const void *target_data)
{
    glass_image_register(0, host_table, target_type, target_data);
}

GLASS_EXPORT void GOMP_offload_unregister_ver(unsigned version, const void *host_table, int target_type,
                                              const void *target_data)
{
    glass_image_unregister(version, host_table, target_type, target_data);
}

GLASS_EXPORT void GOMP_offload_unregister(const void *host_table, int target_type, const void *target_data)
{
    glass_image_unregister(0, host_table, target_type, target_data);
}
