/* The data environment of a device: neutral map items (map_item.h, which
 * each ABI decodes its compiler's encoding into) applied to the device's
 * present table under OpenMP 5.1's rules (2.21.7.1):
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
#include "tracing/device_events.h"
#include "map_item.h"

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
    struct glass_map_item *items; /* a copy of the construct's items (use_device ones rewritten) */
    void *firstprivate_block;    /* device storage of the firstprivate copies, or NULL */
    void *args;                  /* target: the device's array of mapnum addresses */
    /* Per item: the storage this construct holds a structured reference on
     * (or NULL), and what the region receives for it. */
    struct glass_present_entry **held;
    uintptr_t *device_addrs;
    bool *attached;              /* item i (GLASS_MAP_ATTACH) attached a pointer, detached at the end */
};

/* Maps the construct's items (the host address of each use_device item is
 * rewritten to its device address, which the ABI hands back to the
 * compiler). Returns NULL for enter data, which keeps nothing. */
struct glass_mapping *glass_map_enter(struct glass_device *device, struct glass_target_op *op, size_t mapnum,
                                      struct glass_map_item *items, enum glass_map_purpose purpose);
/* The end of a target or target data region: copies back and unmaps. */
void glass_map_exit(struct glass_mapping *mapping, struct glass_target_op *op);
/* target exit data. */
void glass_map_exit_data(struct glass_device *device, struct glass_target_op *op, size_t mapnum,
                         const struct glass_map_item *items);
/* target update. */
void glass_map_update(struct glass_device *device, struct glass_target_op *op, size_t mapnum,
                      const struct glass_map_item *items);

/* Firstprivate items (GLASS_MAP_FIRSTPRIVATE): their copies go one after
 * another, each at its item's alignment, in one block (on the host for the
 * host fallback and for a target task's arguments, on the device for a
 * device). The block's bytes, and the alignment its start needs: */
size_t glass_firstprivate_room(size_t mapnum, const struct glass_map_item *items, size_t *align);
/* Item's copy's offset given where the previous copy ended. */
size_t glass_firstprivate_offset(size_t previous_end, const struct glass_map_item *item);
/* Copies the firstprivate items into the host block at `base` (laid out as
 * above) and points each one's host address at its copy. */
void glass_firstprivate_copy(size_t mapnum, struct glass_map_item *items, char *base);

/* Data operations with their events, for the device memory routines too. */
void *glass_device_alloc_op(struct glass_device *device, struct glass_target_op *op, const void *host,
                            size_t bytes);
void glass_device_free_op(struct glass_device *device, struct glass_target_op *op, void *address,
                          const void *host);
int glass_device_copy_op(struct glass_device *device, struct glass_target_op *op, int optype, void *dst,
                         const void *src, size_t bytes);

#endif
