/* The target constructs (target_ops.h). */
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>

#include "../core/threads/contention_group.h"
#include "../core/globals.h"
#include "../core/runtime.h"
#include "../core/settings/settings.h"
#include "../core/tasks/tasking.h"
#include "async_target.h"
#include "tracing/device_events.h"
#include "mapping.h"
#include "target_ops.h"

/* Whether the program chose its default device (omp_set_default_device or
 * OMP_DEFAULT_DEVICE): then a construct without a device clause that finds
 * the initial device there asked for the host. Process-wide, as a program
 * that sets it does so for its tasks. */
static _Atomic bool default_device_chosen;

void glass_target_default_device_chosen(void)
{
    atomic_store_explicit(&default_device_chosen, true, memory_order_relaxed);
}

static bool program_chose_default_device(void)
{
    return atomic_load_explicit(&default_device_chosen, memory_order_relaxed) || glass_setting_given("OMP_DEFAULT_DEVICE");
}

struct glass_device *glass_target_resolve(int device)
{
    if (device == GLASS_DEVICE_HOST_FALLBACK)
        return NULL;
    bool from_icv = device == GLASS_DEVICE_FROM_ICV;
    if (from_icv)
        device = glass_self()->task->icv.default_device;
    int count = glass_device_count();
    int host = glass_device_initial_number();
    bool mandatory = glass_globals.target_offload == GLASS_OFFLOAD_MANDATORY;
    if (device >= 0 && device < count) {
        struct glass_device *ready = glass_device_get(device);
        if (!ready && mandatory)
            glass_fatal("OMP_TARGET_OFFLOAD=MANDATORY, but device %d could not be initialized (said above)", device);
        return ready;
    }
    /* The host: named by its number (the initial device), or a device that
     * does not exist (5.1, 6.17). */
    if (mandatory && device >= 0 && device < host)
        glass_fatal("OMP_TARGET_OFFLOAD=MANDATORY, but device %d is LLVM libomptarget's, which cannot run "
                    "GCC-compiled target regions (the host is device %d)", device, host);
    if (mandatory && device != host)
        glass_fatal("OMP_TARGET_OFFLOAD=MANDATORY, but device %d is not available (%d device%s; the host is "
                    "device %d)", device, count, count == 1 ? "" : "s", host);
    /* Without devices the default device is the host: mandatory cannot be
     * met, unless the program named the host itself (a device clause, or
     * the default device it set). */
    if (mandatory && host == 0 && from_icv && !program_chose_default_device()) {
        const char *why = glass_device_none_reason();
        glass_fatal("OMP_TARGET_OFFLOAD=MANDATORY, but there is no device to offload to (%s; set "
                    "GLASS_HOST_DEVICES=N for host devices)", why ? why : "no GPU");
    }
    return NULL;
}

static int device_number(struct glass_device *device)
{
    return device ? device->number : glass_device_initial_number();
}

static int kind_with(int kind, bool nowait)
{
    return nowait ? kind | GLASS_TARGET_NOWAIT_FLAG : kind;
}

/* The region on the host: the host's own data, firstprivate items copied;
 * the region's argument is the array of the items' host addresses (values
 * for GLASS_MAP_VALUE). */
static void run_on_host(void (*fn)(void *), size_t mapnum, struct glass_map_item *items, unsigned thread_limit)
{
    size_t align, room = glass_firstprivate_room(mapnum, items, &align);
    /* Small blocks (the common case: a few scalars) on the stack, as
     * libgomp's host fallback does: a malloc per region would cost more
     * than the rest of it. */
    size_t need = mapnum * sizeof(void *) + (room ? room + align : 0);
    _Alignas(16) char small[512];
    void **args = need <= sizeof small ? (void **)small : malloc(need);
    if (!args)
        glass_fatal("out of memory for a target region's arguments and firstprivate data");
    if (room) {
        uintptr_t copies = ((uintptr_t)(args + mapnum) + align - 1) & ~(uintptr_t)(align - 1);
        glass_firstprivate_copy(mapnum, items, (char *)copies);
    }
    for (size_t i = 0; i < mapnum; i++)
        args[i] = items[i].host;
    glass_contention_group_run(glass_self(), fn, args, thread_limit, -1);
    if (args != (void **)small)
        free(args);
}

/* The thread's state while the runtime maps or updates data for a construct. */
static int enter_state(int state)
{
    struct glass_thread *self = glass_self();
    int saved = atomic_load_explicit(&self->state, memory_order_relaxed);
    glass_set_state(self, state);
    return saved;
}

static void leave_state(int saved)
{
    glass_set_state(glass_self(), saved);
}

void glass_target_region(struct glass_device *device, void (*fn)(void *), size_t mapnum,
                         struct glass_map_item *items, const struct glass_launch *launch, bool nowait,
                         const void *codeptr)
{
    /* A device without code for the region (an image not loaded, a
     * function compiled for the host only) leaves it to the host. */
    if (device && device->kind->can_run && !device->kind->can_run(device, fn))
        device = NULL;
    /* nowait (in its target task): on a queue of the device's, when it has
     * them, while the thread runs other tasks. */
    if (nowait && glass_async_target_possible(device, fn) &&
        glass_async_target_region(device, fn, mapnum, items, launch, codeptr))
        return;
    struct glass_target_op op;
    glass_target_op_begin(&op, kind_with(GLASS_TARGET, nowait), device, device_number(device), codeptr);
    if (!device) {
        run_on_host(fn, mapnum, items, launch->thread_limit);
        glass_target_op_end(&op);
        return;
    }
    int saved = enter_state(GLASS_STATE_WAIT_TARGET_MAP);
    struct glass_mapping *m = glass_map_enter(device, &op, mapnum, items, GLASS_MAP_FOR_TARGET);
    leave_state(saved);
    struct glass_host_op submit;
    glass_submit_begin(&op, &submit, launch->num_teams);
    unsigned granted = device->kind->run(device, fn, m->args, launch);
    glass_submit_end(&op, &submit, launch->num_teams, granted);
    saved = enter_state(GLASS_STATE_WAIT_TARGET_MAP);
    glass_map_exit(m, &op);
    leave_state(saved);
    glass_target_op_end(&op);
}

/* Target data regions of this thread, innermost first: they nest within one
 * task, and a task that runs at a scheduling point inside one finishes
 * before the region goes on. */
struct data_region {
    struct glass_mapping *mapping; /* NULL: on the host */
    int device_num;
    struct data_region *outer;
};
static __thread struct data_region *data_regions __attribute__((tls_model("initial-exec")));

void glass_target_data_begin(struct glass_device *device, size_t mapnum, struct glass_map_item *items,
                             const void *codeptr)
{
    struct data_region *region = malloc(sizeof *region);
    if (!region)
        glass_fatal("out of memory for a target data region");
    struct glass_target_op op;
    glass_target_op_begin(&op, GLASS_TARGET_ENTER_DATA, device, device_number(device), codeptr);
    region->mapping = NULL;
    if (device) {
        int saved = enter_state(GLASS_STATE_WAIT_TARGET_MAP);
        region->mapping = glass_map_enter(device, &op, mapnum, items, GLASS_MAP_FOR_DATA);
        leave_state(saved);
    }
    region->device_num = device_number(device);
    region->outer = data_regions;
    data_regions = region;
    glass_target_op_end(&op);
}

void glass_target_data_end(const void *codeptr)
{
    struct data_region *region = data_regions;
    if (!region) {
        glass_warn("GOMP_target_end_data without a target data region; ignored");
        return;
    }
    data_regions = region->outer;
    struct glass_target_op op;
    glass_target_op_begin(&op, GLASS_TARGET_EXIT_DATA, region->mapping ? region->mapping->device : NULL,
                          region->device_num, codeptr);
    if (region->mapping) {
        int saved = enter_state(GLASS_STATE_WAIT_TARGET_MAP);
        glass_map_exit(region->mapping, &op);
        leave_state(saved);
    }
    glass_target_op_end(&op);
    free(region);
}

void glass_target_enter_exit_data(struct glass_device *device, bool exit, size_t mapnum,
                                  struct glass_map_item *items, bool nowait, const void *codeptr)
{
    struct glass_target_op op;
    glass_target_op_begin(&op, kind_with(exit ? GLASS_TARGET_EXIT_DATA : GLASS_TARGET_ENTER_DATA, nowait),
                          device, device_number(device), codeptr);
    if (device) {
        int saved = enter_state(GLASS_STATE_WAIT_TARGET_MAP);
        if (exit)
            glass_map_exit_data(device, &op, mapnum, items);
        else
            glass_map_enter(device, &op, mapnum, items, GLASS_MAP_FOR_ENTER_DATA);
        leave_state(saved);
    }
    glass_target_op_end(&op);
}

void glass_target_update(struct glass_device *device, size_t mapnum, const struct glass_map_item *items,
                         bool nowait, const void *codeptr)
{
    struct glass_target_op op;
    glass_target_op_begin(&op, kind_with(GLASS_TARGET_UPDATE, nowait), device, device_number(device), codeptr);
    if (device) {
        int saved = enter_state(GLASS_STATE_WAIT_TARGET_UPDATE);
        glass_map_update(device, &op, mapnum, items);
        leave_state(saved);
    }
    glass_target_op_end(&op);
}
