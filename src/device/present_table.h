/* A device's present table (OpenMP 5.1, 2.21.7.1): which host ranges have a
 * corresponding storage on the device, where, and how many constructs and
 * enter data directives hold each one (its reference count). Entries never
 * overlap; the table is a sorted array searched by bisection, since a program
 * maps few distinct ranges and looks them up often. The caller holds the
 * device's lock. */
#ifndef GLASS_DEVICE_PRESENT_TABLE_H
#define GLASS_DEVICE_PRESENT_TABLE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* The reference count of storage that no construct unmaps: memory
 * associated with omp_target_associate_ptr. */
#define GLASS_REFCOUNT_INFINITE UINT64_MAX

struct glass_present_entry {
    uintptr_t host_start, host_end; /* [start, end); end == start for a zero-length item */
    uintptr_t device_start;         /* device address of host_start */
    void *allocation;               /* what the device allocated for it (freed on removal); NULL: associated */
    /* OpenMP 5.1, 2.21.7.1: the dynamic count (enter/exit data) and the
     * structured one (target and target data constructs) are kept apart, so
     * that exit data's delete, which zeroes the dynamic count, leaves storage
     * an enclosing construct still holds. The storage goes when both are 0. */
    uint64_t dynamic_refcount;
    uint64_t structured_refcount;
    uint64_t stamp;                 /* the last construct that changed a count (once per construct) */
    uint64_t created;               /* the construct that created it */
    /* Pointers inside this storage attached to device storage (map kind
     * attach), each with its attach count (5.1, 2.21.7.2): the device
     * pointer is written at the first attach and given back its host value
     * at the last detach. Few per entry: an array searched linearly. */
    struct glass_attached_pointer *attached;
    size_t nattached;
    /* Storage made for a structure's elements mapped as a group (map kind
     * struct) spans the first to the last of them, elements not listed in
     * between included: the elements that were listed, so that a later map
     * of another element of the structure is diagnosed (5.1, 2.21.7.1, as
     * libgomp does) rather than found present by accident. */
    struct glass_member_range *members;
    size_t nmembers;
};

struct glass_member_range {
    uintptr_t start, end;
};

struct glass_attached_pointer {
    uintptr_t where; /* host address of the pointer */
    uint64_t count;
};

struct glass_present_table {
    struct glass_present_entry **entries; /* sorted by host_start */
    size_t len, cap;
};

/* The entry whose range contains [start, end) entirely, or NULL. A
 * zero-length range (start == end) matches an entry containing start, or
 * ending at it. */
struct glass_present_entry *glass_present_find(const struct glass_present_table *table, uintptr_t start,
                                               uintptr_t end);
/* The entry holding the byte at `address`, or a zero-length entry at it:
 * the storage a zero-length array section finds (5.1, 2.21.7.1). Unlike a
 * pointer's target, an address just past a mapped range finds nothing. */
struct glass_present_entry *glass_present_find_at(const struct glass_present_table *table, uintptr_t address);
/* Any entry overlapping [start, end) (a zero-length range: containing start). */
struct glass_present_entry *glass_present_overlap(const struct glass_present_table *table, uintptr_t start,
                                                  uintptr_t end);
/* Adds an entry (which must overlap none); the table owns it. */
struct glass_present_entry *glass_present_add(struct glass_present_table *table, uintptr_t host_start,
                                              uintptr_t host_end, uintptr_t device_start, void *allocation);
/* Attaches the pointer at host address `where` (inside `entry`): returns its
 * attach count after the increment. */
uint64_t glass_present_attach(struct glass_present_entry *entry, uintptr_t where);
/* Detaches it (all at once with `force`): returns the count left, or
 * UINT64_MAX when the pointer was not attached. */
uint64_t glass_present_detach(struct glass_present_entry *entry, uintptr_t where, bool force);
/* Records a listed element of the group `entry` was made for. */
void glass_present_add_member(struct glass_present_entry *entry, uintptr_t start, uintptr_t end);
/* Whether [start, end) lies inside a recorded element (true when none is
 * recorded: the storage was not made for a structure group). */
bool glass_present_is_member(const struct glass_present_entry *entry, uintptr_t start, uintptr_t end);
/* Removes and frees `entry` (not its device storage). */
void glass_present_remove(struct glass_present_table *table, struct glass_present_entry *entry);
/* The device address of host address `host` inside `entry`. */
static inline uintptr_t glass_present_translate(const struct glass_present_entry *entry, uintptr_t host)
{
    return entry->device_start + (host - entry->host_start);
}
/* The entry whose device range contains `device` (omp_target_is_accessible and
 * the reverse lookups), or NULL. Linear: rare. */
struct glass_present_entry *glass_present_find_device(const struct glass_present_table *table, uintptr_t device);

#endif
