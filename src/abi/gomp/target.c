/* GCC ABI: target constructs, run on the host (the only device, core
 * target.c). Map clauses are identities on the host: the region gets the
 * host addresses GCC collected (hostaddrs, which is also the region
 * function's argument), except firstprivate items, which get a private copy.
 * nowait makes the region a deferred target task; depend clauses order it
 * (or the target update / enter data / exit data construct) with sibling
 * tasks. */
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "../../core/globals.h"
#include "../../core/runtime.h"
#include "../../core/tasking.h"
#include "../../ompt/events.h"
#include "gomp.h"

/* gomp-constants.h */
#define DEVICE_ICV (-1)
#define DEVICE_HOST_FALLBACK (-2)
#define MAP_FIRSTPRIVATE 0x0c
#define TARGET_FLAG_NOWAIT 1u
#define TARGET_ARG_DEVICE_MASK 0x7f
#define TARGET_ARG_SUBSEQUENT_PARAM 0x80
#define TARGET_ARG_ID_MASK 0xff00
#define TARGET_ARG_THREAD_LIMIT 0x200
#define TARGET_ARG_VALUE_SHIFT 16

/* task.c of this directory. */
size_t gomp_depend_count(void **depend);
void gomp_depend_decode(void **depend, struct glass_depend *out);

static void check_device(struct glass_thread *self, int device)
{
    if (device == DEVICE_ICV)
        device = self->task->icv.default_device;
    if (device == DEVICE_HOST_FALLBACK || glass_target_device_valid(device))
        return;
    /* Any other device falls back to the host, unless the user demanded
     * offloading (OpenMP 5.1, 6.17). */
    if (glass_globals.target_offload == GLASS_OFFLOAD_MANDATORY)
        glass_fatal("OMP_TARGET_OFFLOAD=MANDATORY, but device %d is not available (the host, device %d, "
                    "is the only one)",
                    device, glass_target_initial_device());
}

/* thread_limit clause of the construct, from GCC's target argument list. */
static unsigned thread_limit_of(void **args)
{
    if (!args)
        return 0;
    while (*args) {
        intptr_t id = (intptr_t)*args++, value;
        if (id & TARGET_ARG_SUBSEQUENT_PARAM)
            value = (intptr_t)*args++;
        else
            value = id >> TARGET_ARG_VALUE_SHIFT;
        if ((id & TARGET_ARG_DEVICE_MASK) == 0 && (id & TARGET_ARG_ID_MASK) == TARGET_ARG_THREAD_LIMIT)
            return value > 0 ? (unsigned)value : 0;
    }
    return 0;
}

/* What a target region needs to run later: the region, the map addresses,
 * and room for the firstprivate copies, all in one block. */
struct launch {
    void (*fn)(void *);
    unsigned thread_limit;
    size_t mapnum;
    void *hostaddrs[];
};

static size_t align_of_kind(unsigned short kind)
{
    return (size_t)1 << (kind >> 8);
}

/* Bytes after the hostaddrs for the firstprivate copies, and the largest
 * alignment they need. */
static size_t firstprivate_room(size_t mapnum, const size_t *sizes, const unsigned short *kinds,
                                size_t *align)
{
    size_t room = 0;
    *align = 16;
    for (size_t i = 0; i < mapnum; i++)
        if ((kinds[i] & 0xff) == MAP_FIRSTPRIVATE) {
            size_t a = align_of_kind(kinds[i]);
            if (a > *align)
                *align = a;
            room = ((room + a - 1) & ~(a - 1)) + sizes[i];
        }
    return room;
}

static size_t launch_size(size_t mapnum, size_t room, size_t align)
{
    size_t header = sizeof(struct launch) + mapnum * sizeof(void *);
    return ((header + align - 1) & ~(align - 1)) + room;
}

/* Fills `launch` (aligned to the firstprivate alignment) from the map. */
static void fill_launch(struct launch *launch, void (*fn)(void *), unsigned thread_limit, size_t mapnum,
                        void **hostaddrs, const size_t *sizes, const unsigned short *kinds, size_t align)
{
    launch->fn = fn;
    launch->thread_limit = thread_limit;
    launch->mapnum = mapnum;
    memcpy(launch->hostaddrs, hostaddrs, mapnum * sizeof(void *));
    size_t header = sizeof(struct launch) + mapnum * sizeof(void *);
    char *copies = (char *)launch + ((header + align - 1) & ~(align - 1));
    size_t offset = 0;
    for (size_t i = 0; i < mapnum; i++)
        if ((kinds[i] & 0xff) == MAP_FIRSTPRIVATE) {
            size_t a = align_of_kind(kinds[i]);
            offset = (offset + a - 1) & ~(a - 1);
            memcpy(copies + offset, hostaddrs[i], sizes[i]);
            launch->hostaddrs[i] = copies + offset;
            offset += sizes[i];
        }
}

static void run_launch(void *arg)
{
    struct launch *launch = arg;
    glass_target_run(glass_self(), launch->fn, launch->hostaddrs, launch->thread_limit);
}

static void empty_region(void *arg)
{
    (void)arg;
}

/* A target task: deferred with nowait, else included (it still waits for its
 * dependences). fn NULL: a data construct, nothing to run. */
static void target_task(struct glass_thread *self, void (*fn)(void *), size_t mapnum, void **hostaddrs,
                        const size_t *sizes, const unsigned short *kinds, unsigned flags, void **depend,
                        unsigned thread_limit)
{
    size_t ndeps = depend ? gomp_depend_count(depend) : 0;
    size_t align = 16, room = 0;
    if (fn)
        room = firstprivate_room(mapnum, sizes, kinds, &align);
    struct glass_task_options opts = {
        .fn = fn ? run_launch : empty_region,
        .arg_size = fn ? launch_size(mapnum, room, align) : 0,
        .arg_align = align,
        .ndepend = ndeps,
        .undeferred = !(flags & TARGET_FLAG_NOWAIT),
        .mergeable = !fn,
        .target = true,
        .copy_args = true,
    };
    struct glass_task *task = glass_task_new(self, &opts, NULL);
    if (!task)
        return;
    if (fn)
        fill_launch(glass_task_args(task), fn, thread_limit, mapnum, hostaddrs, sizes, kinds, align);
    struct glass_depend *deps = NULL;
    if (ndeps) {
        if (!(deps = malloc(ndeps * sizeof *deps)))
            glass_fatal("out of memory for %zu task dependences", ndeps);
        gomp_depend_decode(depend, deps);
    }
    glass_task_submit(self, task, deps, ndeps);
    free(deps);
}

GLASS_EXPORT void GOMP_target_ext(int device, void (*fn)(void *), size_t mapnum, void **hostaddrs,
                                  size_t *sizes, unsigned short *kinds, unsigned flags, void **depend,
                                  void **args)
{
    GLASS_OMPT_ENTRY(); /* the encountering task's enter frame (its target task's task_create) */
    struct glass_thread *self = glass_self();
    check_device(self, device);
    unsigned thread_limit = thread_limit_of(args);
    if ((flags & TARGET_FLAG_NOWAIT) || depend) {
        target_task(self, fn, mapnum, hostaddrs, sizes, kinds, flags, depend, thread_limit);
        return;
    }
    size_t align;
    size_t room = firstprivate_room(mapnum, sizes, kinds, &align);
    if (!room) {
        glass_target_run(self, fn, hostaddrs, thread_limit);
        return;
    }
    void *block;
    if (posix_memalign(&block, align, launch_size(mapnum, room, align)))
        glass_fatal("out of memory for a target region's firstprivate data");
    fill_launch(block, fn, thread_limit, mapnum, hostaddrs, sizes, kinds, align);
    run_launch(block);
    free(block);
}

/* OpenMP 4.0 form: no firstprivate, no nowait. */
GLASS_EXPORT void GOMP_target(int device, void (*fn)(void *), const void *unused, size_t mapnum,
                              void **hostaddrs, size_t *sizes, unsigned char *kinds)
{
    (void)unused, (void)mapnum, (void)sizes, (void)kinds;
    struct glass_thread *self = glass_self();
    check_device(self, device);
    glass_target_run(self, fn, hostaddrs, 0);
}

/* target data: the host already holds the data. */
GLASS_EXPORT void GOMP_target_data(int device, const void *unused, size_t mapnum, void **hostaddrs,
                                   size_t *sizes, unsigned char *kinds)
{
    (void)unused, (void)mapnum, (void)hostaddrs, (void)sizes, (void)kinds;
    check_device(glass_self(), device);
}

GLASS_EXPORT void GOMP_target_data_ext(int device, size_t mapnum, void **hostaddrs, size_t *sizes,
                                       unsigned short *kinds)
{
    (void)mapnum, (void)hostaddrs, (void)sizes, (void)kinds;
    check_device(glass_self(), device);
}

GLASS_EXPORT void GOMP_target_end_data(void)
{
}

GLASS_EXPORT void GOMP_target_update(int device, const void *unused, size_t mapnum, void **hostaddrs,
                                     size_t *sizes, unsigned char *kinds)
{
    (void)unused, (void)mapnum, (void)hostaddrs, (void)sizes, (void)kinds;
    check_device(glass_self(), device);
}

/* target update / enter data / exit data: nothing to copy, but with nowait
 * or depend they are target tasks that order with their siblings. */
static void data_construct(int device, unsigned flags, void **depend)
{
    struct glass_thread *self = glass_self();
    check_device(self, device);
    if ((flags & TARGET_FLAG_NOWAIT) || depend)
        target_task(self, NULL, 0, NULL, NULL, NULL, flags, depend, 0);
}

GLASS_EXPORT void GOMP_target_update_ext(int device, size_t mapnum, void **hostaddrs, size_t *sizes,
                                         unsigned short *kinds, unsigned flags, void **depend)
{
    GLASS_OMPT_ENTRY(); /* the encountering task's enter frame */
    (void)mapnum, (void)hostaddrs, (void)sizes, (void)kinds;
    data_construct(device, flags, depend);
}

GLASS_EXPORT void GOMP_target_enter_exit_data(int device, size_t mapnum, void **hostaddrs, size_t *sizes,
                                              unsigned short *kinds, unsigned flags, void **depend)
{
    GLASS_OMPT_ENTRY(); /* the encountering task's enter frame */
    (void)mapnum, (void)hostaddrs, (void)sizes, (void)kinds;
    data_construct(device, flags, depend);
}

/* Offload images register themselves from their constructors; without
 * offload devices there is nothing to load them on. */
GLASS_EXPORT void GOMP_offload_register_ver(unsigned version, const void *host_table, int target_type,
                                            const void *target_data)
{
    (void)version, (void)host_table, (void)target_type, (void)target_data;
}

GLASS_EXPORT void GOMP_offload_register(const void *host_table, int target_type, const void *target_data)
{
    (void)host_table, (void)target_type, (void)target_data;
}

GLASS_EXPORT void GOMP_offload_unregister_ver(unsigned version, const void *host_table, int target_type,
                                              const void *target_data)
{
    (void)version, (void)host_table, (void)target_type, (void)target_data;
}

GLASS_EXPORT void GOMP_offload_unregister(const void *host_table, int target_type, const void *target_data)
{
    (void)host_table, (void)target_type, (void)target_data;
}
