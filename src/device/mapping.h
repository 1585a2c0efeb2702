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

struct glass_map_item {
    struct glass_present_entry *entry; /* storage this construct holds a structured reference on */
    uintptr_t device_addr;             /* what the region receives for the item */
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
    struct glass_map_item items[];
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

/* Data operations with their events, for the device memory routines too. */
void *glass_device_alloc_op(struct glass_device *device, struct glass_target_op *op, const void *host,
                            size_t bytes);
void glass_device_free_op(struct glass_device *device, struct glass_target_op *op, void *address,
                          const void *host);
int glass_device_copy_op(struct glass_device *device, struct glass_target_op *op, int optype, void *dst,
                         const void *src, size_t bytes);

#endif
