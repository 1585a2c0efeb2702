/* A map item as the offload engine takes it, in Glass's own terms: each ABI
 * decodes its compiler's encoding of a construct's clauses (GCC's map kinds:
 * src/abi/gomp/map_kinds.c) into an array of these, and the engine
 * (mapping.h, target_ops.h) knows no compiler's numbering. The rules each
 * item follows are OpenMP 5.1's (2.21.7.1 map clause, 2.21.7.2 pointer
 * attachment, 2.14.4 use_device_ptr/addr). */
#ifndef GLASS_DEVICE_MAP_ITEM_H
#define GLASS_DEVICE_MAP_ITEM_H

#include <stddef.h>
#include <stdint.h>

/* What an item is. */
enum glass_map_op {
    /* Storage for [host, host + size): found present or made, with the
     * copies and reference counts its flags ask for. */
    GLASS_MAP_DATA,
    /* A structure: the `size` items after it are its members, mapped as one
     * storage from the first member's start to the last member's end. */
    GLASS_MAP_STRUCT,
    /* The pointer variable at `host` mapped with its construct and made to
     * point at the device copy of its target (`size`: the bias, bytes from
     * the address it holds to what was mapped); written when its storage is
     * new, or always with GLASS_MAP_ALWAYS. */
    GLASS_MAP_POINTER,
    /* The pointer at `host` attached (written at its first attach, counted
     * after) if its storage is mapped; `size` is the bias. Detached at the
     * end of the construct that attached it. */
    GLASS_MAP_ATTACH,
    /* exit data: the pointer at `host` detached (GLASS_MAP_FORCE: whatever
     * its count). Nothing on entry. */
    GLASS_MAP_DETACH,
    /* A zero-length array section: the storage holding the byte at `host`,
     * if any (the device address is NULL otherwise). */
    GLASS_MAP_ZERO_LENGTH,
    /* A firstprivate copy of `size` bytes, at `align` in the construct's
     * block of copies. */
    GLASS_MAP_FIRSTPRIVATE,
    /* `host` is passed as it is: a value (firstprivate scalar) or an address
     * already on the device (is_device_ptr). */
    GLASS_MAP_VALUE,
    /* use_device_ptr / use_device_addr: after every other item, `host` is
     * rewritten to the device address of what it points into, when mapped. */
    GLASS_MAP_USE_DEVICE,
};

/* How a GLASS_MAP_DATA item is mapped (some apply to other ops, as said). */
enum glass_map_item_flag {
    GLASS_MAP_TO = 1 << 0,          /* host to device when new (or always) */
    GLASS_MAP_FROM = 1 << 1,        /* device to host when released (or always) */
    GLASS_MAP_ALWAYS = 1 << 2,      /* the copies whatever the count; POINTER: rewrite */
    GLASS_MAP_PRESENT = 1 << 3,     /* must be present: an error otherwise */
    GLASS_MAP_IF_PRESENT = 1 << 4,  /* only if present (a POINTER after it goes with it) */
    GLASS_MAP_DELETE = 1 << 5,      /* exit data: the dynamic count to 0 (DATA, ZERO_LENGTH) */
    GLASS_MAP_IMPLICIT = 1 << 6,    /* added by the compiler: may contain present storage */
    GLASS_MAP_FORCE = 1 << 7,       /* DETACH: whatever the attachment count */
};

struct glass_map_item {
    void *host;
    size_t size;
    uint8_t op;         /* enum glass_map_op */
    uint8_t align_log2; /* alignment of new storage or of a firstprivate copy */
    uint16_t flags;     /* enum glass_map_item_flag */
};

static inline size_t glass_map_item_align(const struct glass_map_item *item)
{
    return (size_t)1 << item->align_log2;
}

#endif
