/* The device table: which devices exist, their numbering, and their
 * initialization on first use and finalization at the end.
 *
 * Every kind in the table of kinds (device_kinds.c) says how many devices
 * it has; they are numbered in the table's order, each kind's devices one
 * after another: NVIDIA GPUs (nvptx_device.c; on a machine with the driver
 * and a GPU, whether or not the program has NVIDIA offload images), then the
 * host devices GLASS_HOST_DEVICES=N asks for (host_device.c). Without any
 * there are none and every target construct runs on the host as with
 * libgomp's host fallback (target_ops.c still raises its target events).
 * OMP_TARGET_OFFLOAD=disabled hides every device (OpenMP 5.1, 6.17: as if the
 * host were the only one). A device that cannot be initialized says why,
 * once, and its constructs run on the host.
 *
 * One numbering per process: when LLVM's libomptarget is loaded (a clang
 * program built with -fopenmp-targets), its devices are the program's, as
 * it numbers them, and the host is device `its count` (llvm_offload.h).
 * Glass then presents none of its own, since the program's clang code calls
 * libomptarget with libomptarget's numbers and no numbering could serve
 * both; GCC-compiled target constructs in such a process run on the host. */
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>

#include "../core/globals.h"
#include "../core/runtime.h"
#include "device.h"
#include "tracing/device_events.h"
#include "tracing/device_tracing.h"
#include "image_registry.h"
#include "llvm/llvm_offload.h"

static struct glass_device *devices;
static int device_count;
static pthread_once_t table_once = PTHREAD_ONCE_INIT;
static _Atomic bool table_built; /* the fast path: no pthread_once per construct */

static const char *none_reason;

/* The first kind asked for by a setting that asks for devices, or NULL. */
static const struct glass_device_kind *kind_asked_by_setting(void)
{
    for (const struct glass_device_kind *const *kind = glass_device_kinds; *kind; kind++)
        if ((*kind)->setting && (*kind)->count(NULL))
            return *kind;
    return NULL;
}

static void build_table(void)
{
    glass_initialize();
    if (glass_globals.target_offload == GLASS_OFFLOAD_DISABLED)
        return;
    if (glass_llvm_offload_present()) {
        /* Kinds whose devices come with images are not counted: their count
         * may start a driver. */
        const struct glass_device_kind *asked = kind_asked_by_setting();
        bool images = glass_image_count() != 0;
        if (asked || images)
            glass_warn("LLVM's libomptarget is loaded and numbers the devices: %s%s ignored; GCC-compiled "
                       "target regions run on the host",
                       images ? "GCC's offload images are" : asked->setting, images ? "" : " is");
        return;
    }
    /* Each kind's count once: a kind's devices are numbered from the sum of
     * the counts of the kinds before it. */
    size_t nkinds = 0;
    while (glass_device_kinds[nkinds])
        nkinds++;
    int counts[nkinds ? nkinds : 1];
    int n = 0;
    for (size_t k = 0; k < nkinds; k++) {
        const char *why = NULL;
        counts[k] = glass_device_kinds[k]->count(&why);
        if (!counts[k] && why && !none_reason)
            none_reason = why;
        n += counts[k];
    }
    if (n == 0)
        return;
    devices = calloc((size_t)n, sizeof *devices);
    if (!devices)
        glass_fatal("out of memory for %d devices", n);
    /* Recursive: a tool's callback, called with the lock held (a data
     * operation, device_initialize), may call a device memory routine. */
    pthread_mutexattr_t recursive;
    pthread_mutexattr_init(&recursive);
    pthread_mutexattr_settype(&recursive, PTHREAD_MUTEX_RECURSIVE);
    int i = 0;
    for (size_t k = 0; k < nkinds; k++)
        for (int j = 0; j < counts[k]; j++, i++) {
            devices[i].number = i;
            devices[i].kind = glass_device_kinds[k];
            devices[i].type = devices[i].kind->type;
            pthread_mutex_init(&devices[i].lock, &recursive);
        }
    pthread_mutexattr_destroy(&recursive);
    device_count = n;
}

static void build_table_once(void)
{
    build_table();
    atomic_store_explicit(&table_built, true, memory_order_release);
}

int glass_device_count(void)
{
    if (__builtin_expect(!atomic_load_explicit(&table_built, memory_order_acquire), 0))
        pthread_once(&table_once, build_table_once);
    return device_count;
}

int glass_device_count_built(void)
{
    return atomic_load_explicit(&table_built, memory_order_acquire) ? device_count : 0;
}

struct glass_device *glass_device_peek(int number)
{
    if (number < 0 || number >= glass_device_count())
        return NULL;
    return &devices[number];
}

struct glass_device *glass_device_get(int number)
{
    struct glass_device *device = glass_device_peek(number);
    if (!device || atomic_load_explicit(&device->initialized, memory_order_acquire))
        return device;
    pthread_mutex_lock(&device->lock);
    if (device->failed) {
        pthread_mutex_unlock(&device->lock);
        return NULL;
    }
    if (!atomic_load_explicit(&device->initialized, memory_order_relaxed)) {
        if (device->finalized) {
            pthread_mutex_unlock(&device->lock);
            glass_fatal("device %d (%s) used after the program's end", number, device->kind->name);
        }
        bool started = device->kind->init(device);
        if (started && !glass_device_load_images(device)) {
            device->kind->fini(device);
            started = false;
        }
        if (!started) {
            /* The kind or the loading said why; from now on the device's
             * constructs run on the host (or end the program under
             * OMP_TARGET_OFFLOAD=mandatory). */
            device->failed = true;
            pthread_mutex_unlock(&device->lock);
            return NULL;
        }
        /* Usable from here on, also by the tool's device_initialize (the
         * lock is recursive); a tool learns of the device before any of its
         * data operations (OpenMP 5.1, 4.5.2.19), then of its code. */
        atomic_store_explicit(&device->initialized, true, memory_order_release);
        glass_device_events_initialized(device);
    }
    pthread_mutex_unlock(&device->lock);
    return device;
}

/* Storage still mapped at the end (enter data without exit data) is freed
 * with the device. */
static void release_present(struct glass_device *device)
{
    struct glass_present_table *table = &device->present;
    while (table->len) {
        struct glass_present_entry *entry = table->entries[table->len - 1];
        if (entry->allocation)
            device->kind->free(device, entry->allocation);
        glass_present_remove(table, entry);
    }
    free(table->entries);
    table->entries = NULL;
    table->cap = 0;
}

int glass_device_initial_number(void)
{
    int own = glass_device_count();
    return glass_llvm_offload_present() ? glass_llvm_offload_num_devices() : own;
}

int glass_device_initial_number_now(void)
{
    if (glass_globals.target_offload == GLASS_OFFLOAD_DISABLED)
        return 0;
    if (glass_llvm_offload_present())
        /* While the runtime loads, 0: libomptarget's devices come with the
         * program's images, registered by the program's constructors. */
        return glass_llvm_offload_num_devices();
    if (atomic_load_explicit(&table_built, memory_order_acquire))
        return device_count;
    /* Before the table exists (a tool starting while the runtime loads, when
     * the program's offload images may not be registered yet): the devices
     * known now, without fixing the table. */
    int known = 0;
    bool images = glass_image_count() != 0;
    for (const struct glass_device_kind *const *kind = glass_device_kinds; *kind; kind++)
        /* A kind without a setting may start a driver to count it, which is
         * slow: only for a program that has offload images. */
        if ((*kind)->setting || images)
            known += (*kind)->count(NULL);
    return known;
}

const char *glass_device_none_reason(void)
{
    glass_device_count();
    return none_reason;
}

void glass_device_map_static(struct glass_device *device, const void *host, size_t bytes, uintptr_t device_addr)
{
    uintptr_t start = (uintptr_t)host;
    if (glass_present_overlap(&device->present, start, start + bytes))
        return; /* the same variable from a second image */
    struct glass_present_entry *entry = glass_present_add(&device->present, start, start + bytes, device_addr, NULL);
    entry->dynamic_refcount = GLASS_REFCOUNT_INFINITE;
}

void glass_device_unmap_static(struct glass_device *device, const void *host, size_t bytes)
{
    uintptr_t start = (uintptr_t)host;
    struct glass_present_entry *entry = glass_present_find(&device->present, start, start + bytes);
    if (entry && entry->host_start == start && !entry->allocation &&
        entry->dynamic_refcount == GLASS_REFCOUNT_INFINITE)
        glass_present_remove(&device->present, entry);
}

void glass_device_finalize_all(void)
{
    for (int i = 0; i < device_count; i++) {
        struct glass_device *device = &devices[i];
        pthread_mutex_lock(&device->lock);
        if (atomic_load_explicit(&device->initialized, memory_order_relaxed) && !device->finalized) {
            glass_device_events_finalizing(device);
            release_present(device);
            device->kind->fini(device);
            device->finalized = true;
            atomic_store_explicit(&device->initialized, false, memory_order_release);
        }
        pthread_mutex_unlock(&device->lock);
    }
}

void glass_device_tools_end(int tool)
{
    for (int i = 0; i < device_count; i++) {
        struct glass_device *device = &devices[i];
        /* Not under the device's lock: the tool's buffer_complete, on the
         * trace's helper thread, may call a device memory routine. */
        if (tool < 0 || glass_device_trace_tool(device) == tool)
            glass_device_trace_end(device);
        if (tool >= 0)
            continue;
        pthread_mutex_lock(&device->lock);
        if (atomic_load_explicit(&device->initialized, memory_order_relaxed) && !device->finalized)
            glass_device_events_finalizing(device);
        pthread_mutex_unlock(&device->lock);
    }
}
