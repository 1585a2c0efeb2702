/* GCC's map kinds (gomp-constants.h: the low byte of each 16-bit kind says
 * what to do, the high byte is log2 of the alignment) decoded into the
 * offload engine's neutral items (src/device/map_item.h). */
#ifndef GLASS_ABI_GOMP_MAP_KINDS_H
#define GLASS_ABI_GOMP_MAP_KINDS_H

#include <stddef.h>

#include "../../device/map_item.h"

/* A construct's items: on the stack for the usual few, else on the heap. */
#define GOMP_LOCAL_ITEMS 16
struct gomp_items {
    struct glass_map_item local[GOMP_LOCAL_ITEMS];
    struct glass_map_item *items;
};

/* Decodes the construct's arrays into `out` (gomp_items_release frees). */
void gomp_items_decode(struct gomp_items *out, size_t mapnum, void *const *hostaddrs, const size_t *sizes,
                       const unsigned short *kinds);
/* The same from the 8-bit kinds of the OpenMP 4.0 entry points (3 bits of
 * kind, the alignment above). */
void gomp_items_decode_narrow(struct gomp_items *out, size_t mapnum, void *const *hostaddrs, const size_t *sizes,
                              const unsigned char *kinds);
void gomp_items_release(struct gomp_items *items);

/* One kind's item (host and size as given). */
struct glass_map_item gomp_map_item(void *host, size_t size, unsigned short kind);

#endif
