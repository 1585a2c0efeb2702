/* GCC's map kinds into neutral map items (map_kinds.h). */
#include <stdlib.h>

#include "../../core/runtime.h"
#include "map_kinds.h"

/* gomp-constants.h (GCC 12), the low byte of a map kind. */
enum {
    MAP_ALLOC = 0,
    MAP_TO = 1,
    MAP_FROM = 2,
    MAP_TOFROM = 3,
    MAP_POINTER = 4,
    MAP_TO_PSET = 5,
    MAP_FORCE_PRESENT = 6,
    MAP_DELETE = 7,
    MAP_FORCE_DEVICEPTR = 8,
    MAP_DEVICE_RESIDENT = 9,
    MAP_LINK = 10,
    MAP_IF_PRESENT = 11,
    MAP_FIRSTPRIVATE = 12,
    MAP_FIRSTPRIVATE_INT = 13,
    MAP_USE_DEVICE_PTR = 14,
    MAP_ZERO_LEN_ARRAY_SECTION = 15,
    MAP_USE_DEVICE_PTR_IF_PRESENT = 16,
    MAP_ALWAYS_TO = 17,
    MAP_ALWAYS_FROM = 18,
    MAP_ALWAYS_TOFROM = 19,
    MAP_RELEASE = 23,
    MAP_STRUCT = 28,
    MAP_ALWAYS_POINTER = 29,
    MAP_DELETE_ZERO_LEN_ARRAY_SECTION = 31,
    MAP_ATTACH = 80,
    MAP_DETACH = 81,
    MAP_FORCE_ALLOC = 128,
    MAP_FORCE_TO = 129,
    MAP_FORCE_FROM = 130,
    MAP_FORCE_TOFROM = 131,
    MAP_FORCE_DETACH = 209,
};

/* GCC 12 marks the maps it adds itself (an aggregate a region uses without
 * a clause) with GOMP_MAP_IMPLICIT, two special bits over alloc, to, from
 * or tofrom (gomp-constants.h: GOMP_MAP_IMPLICIT_P). */
#define MAP_IMPLICIT_BITS 0x60
#define MAP_SPECIAL_BITS 0x7c

struct glass_map_item gomp_map_item(void *host, size_t size, unsigned short kind)
{
    struct glass_map_item item = {.host = host, .size = size, .op = GLASS_MAP_DATA, .align_log2 = kind >> 8};
    int k = kind & 0xff;
    if ((kind & MAP_SPECIAL_BITS) == MAP_IMPLICIT_BITS) { /* the mark changes no copy */
        item.flags |= GLASS_MAP_IMPLICIT;
        k &= ~MAP_IMPLICIT_BITS;
    }
    switch (k) {
    case MAP_TO:
    case MAP_TO_PSET:
    case MAP_FORCE_TO:
        item.flags |= GLASS_MAP_TO;
        break;
    case MAP_FROM:
    case MAP_FORCE_FROM:
        item.flags |= GLASS_MAP_FROM;
        break;
    case MAP_TOFROM:
    case MAP_FORCE_TOFROM:
        item.flags |= GLASS_MAP_TO | GLASS_MAP_FROM;
        break;
    case MAP_ALWAYS_TO:
        item.flags |= GLASS_MAP_TO | GLASS_MAP_ALWAYS;
        break;
    case MAP_ALWAYS_FROM:
        item.flags |= GLASS_MAP_FROM | GLASS_MAP_ALWAYS;
        break;
    case MAP_ALWAYS_TOFROM:
        item.flags |= GLASS_MAP_TO | GLASS_MAP_FROM | GLASS_MAP_ALWAYS;
        break;
    case MAP_FORCE_PRESENT:
        item.flags |= GLASS_MAP_PRESENT;
        break;
    case MAP_DELETE:
        item.flags |= GLASS_MAP_DELETE;
        break;
    case MAP_IF_PRESENT:
        item.flags |= GLASS_MAP_IF_PRESENT;
        break;
    case MAP_FIRSTPRIVATE:
        item.op = GLASS_MAP_FIRSTPRIVATE;
        break;
    case MAP_FIRSTPRIVATE_INT:
    case MAP_FORCE_DEVICEPTR:
        item.op = GLASS_MAP_VALUE;
        break;
    case MAP_USE_DEVICE_PTR:
    case MAP_USE_DEVICE_PTR_IF_PRESENT:
        item.op = GLASS_MAP_USE_DEVICE;
        break;
    case MAP_ZERO_LEN_ARRAY_SECTION:
        item.op = GLASS_MAP_ZERO_LENGTH;
        break;
    case MAP_DELETE_ZERO_LEN_ARRAY_SECTION:
        item.op = GLASS_MAP_ZERO_LENGTH;
        item.flags |= GLASS_MAP_DELETE;
        break;
    case MAP_STRUCT:
        item.op = GLASS_MAP_STRUCT;
        break;
    case MAP_POINTER:
        item.op = GLASS_MAP_POINTER;
        break;
    case MAP_ALWAYS_POINTER:
        item.op = GLASS_MAP_POINTER;
        item.flags |= GLASS_MAP_ALWAYS;
        break;
    case MAP_ATTACH:
        item.op = GLASS_MAP_ATTACH;
        break;
    case MAP_DETACH:
        item.op = GLASS_MAP_DETACH;
        break;
    case MAP_FORCE_DETACH:
        item.op = GLASS_MAP_DETACH;
        item.flags |= GLASS_MAP_FORCE;
        break;
    default: /* alloc, release, device_resident, link, force_alloc: storage without copies */
        break;
    }
    return item;
}

static struct glass_map_item *room_for(struct gomp_items *out, size_t mapnum)
{
    out->items = out->local;
    if (mapnum > GOMP_LOCAL_ITEMS && !(out->items = malloc(mapnum * sizeof *out->items)))
        glass_fatal("out of memory for %zu map items", mapnum);
    return out->items;
}

void gomp_items_decode(struct gomp_items *out, size_t mapnum, void *const *hostaddrs, const size_t *sizes,
                       const unsigned short *kinds)
{
    struct glass_map_item *items = room_for(out, mapnum);
    for (size_t i = 0; i < mapnum; i++)
        items[i] = gomp_map_item(hostaddrs[i], sizes[i], kinds[i]);
}

void gomp_items_decode_narrow(struct gomp_items *out, size_t mapnum, void *const *hostaddrs, const size_t *sizes,
                              const unsigned char *kinds)
{
    struct glass_map_item *items = room_for(out, mapnum);
    for (size_t i = 0; i < mapnum; i++)
        items[i] = gomp_map_item(hostaddrs[i], sizes[i], (unsigned short)((kinds[i] & 0x7) | ((kinds[i] >> 3) << 8)));
}

void gomp_items_release(struct gomp_items *items)
{
    if (items->items != items->local)
        free(items->items);
}
