/* The data environment of a device: GCC's map kinds (gomp-constants.h, the
 * low byte of each 16-bit kind; the high byte is log2 of the alignment)
 * applied to the device's present table under OpenMP 5.1's rules (2.21.7.1):
 * a reference count changes at most once per construct; `always` copies
 * whatever the count; zero-length array sections find the storage they point
 * into; struct members are mapped as one group; pointers are attached to the
 * device copy of what they point to; firstprivate items get device copies of
 * their own. Every allocation, transfer and deletion is a data operation a
 * tool sees (device_events.h), and one target_map event per construct lists
 * its items. Knows nothing of the kind of device (device.h does that). */
#ifndef GLASS_DEVICE_MAPPING_H
#define GLASS_DEVICE_MAPPING_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "device.h"
#include "device_events.h"

enum glass_map_purpose {
    GLASS_MAP_FOR_TARGET,     /* a target region: also builds its argument block */
    GLASS_MAP_FOR_DATA,       /* a target data region */
    GLASS_MAP_FOR_ENTER_DATA, /* target enter data: dynamic reference counts, no exit */
};

/* One construct's mappings, from its start to its end. */
struct glass_mapping {
    struct glass_device *device;
    enum glass_map_purpose purpose;
    size_t mapnum;
    void **hostaddrs;            /* copies of the construct's arrays */
    size_t *sizes;
    unsigned short *kinds;
    void *firstprivate_block;    /* device storage of the firstprivate copies, or NULL */
    void *args;                  /* target: the device's array of mapnum addresses */
    /* Per item: the storage this construct holds a structured reference on
     * (or NULL), and what the region receives for it. */
    struct glass_present_entry **held;
    uintptr_t *device_addrs;
    bool *attached;              /* item i (map kind attach) attached a pointer, detached at the end */
};

/* Maps the construct's items (hostaddrs may be rewritten for
 * use_device_ptr/use_device_addr, which the compiler reads back). Returns
 * NULL for enter data, which keeps nothing. */
struct glass_mapping *glass_map_enter(struct glass_device *device, struct glass_target_op *op, size_t mapnum,
                                      void **hostaddrs, size_t *sizes, unsigned short *kinds,
                                      enum glass_map_purpose purpose);
/* The end of a target or target data region: copies back and unmaps. */
void glass_map_exit(struct glass_mapping *mapping, struct glass_target_op *op);
/* target exit data. */
void glass_map_exit_data(struct glass_device *device, struct glass_target_op *op, size_t mapnum, void **hostaddrs,
                         size_t *sizes, unsigned short *kinds);
/* target update. */
void glass_map_update(struct glass_device *device, struct glass_target_op *op, size_t mapnum, void **hostaddrs,
                      size_t *sizes, unsigned short *kinds);

/* GCC's firstprivate map items: their copies go one after another, each at
 * its kind's alignment, in one block (on the host for the host fallback and
 * for a target task's arguments, on the device for a device). The block's
 * bytes, and the alignment its start needs: */
size_t glass_firstprivate_room(size_t mapnum, const size_t *sizes, const unsigned short *kinds, size_t *align);
/* Whether item `kind` is firstprivate, and its copy's offset given where the
 * previous copy ended. */
bool glass_firstprivate_is(unsigned short kind);
size_t glass_firstprivate_offset(size_t previous_end, unsigned short kind);
/* Copies the firstprivate items into the host block at `base` (laid out as
 * above) and points out[i] at each copy; other items' out[i] are left as
 * they are. `out` may be `hostaddrs` itself. */
void glass_firstprivate_copy(size_t mapnum, void **out, void *const *hostaddrs, const size_t *sizes,
                             const unsigned short *kinds, char *base);

/* Data operations with their events, for the device memory routines too. */
void *glass_device_alloc_op(struct glass_device *device, struct glass_target_op *op, const void *host,
                            size_t bytes);
void glass_device_free_op(struct glass_device *device, struct glass_target_op *op, void *address,
                          const void *host);
int glass_device_copy_op(struct glass_device *device, struct glass_target_op *op, int optype, void *dst,
                         const void *src, size_t bytes);

#endif
