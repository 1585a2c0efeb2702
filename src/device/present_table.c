/* The present table: a sorted array of non-overlapping host ranges. */
#include <stdlib.h>
#include <string.h>

#include "../core/runtime.h"
#include "present_table.h"

/* Index of the first entry whose host_end is beyond `address` (or, for
 * equal ends, the first that could contain it): entries before it end at or
 * before `address`. */
static size_t first_ending_after(const struct glass_present_table *table, uintptr_t address)
{
    size_t lo = 0, hi = table->len;
    while (lo < hi) {
        size_t mid = lo + (hi - lo) / 2;
        if (table->entries[mid]->host_end <= address)
            lo = mid + 1;
        else
            hi = mid;
    }
    return lo;
}

struct glass_present_entry *glass_present_overlap(const struct glass_present_table *table, uintptr_t start,
                                                  uintptr_t end)
{
    size_t i = first_ending_after(table, start);
    if (i < table->len) {
        struct glass_present_entry *e = table->entries[i];
        if (start == end ? e->host_start <= start : e->host_start < end)
            return e;
    }
    return NULL;
}

struct glass_present_entry *glass_present_find(const struct glass_present_table *table, uintptr_t start,
                                               uintptr_t end)
{
    struct glass_present_entry *e = glass_present_overlap(table, start, end);
    if (e && e->host_start <= start && end <= e->host_end)
        return e;
    if (start == end) {
        /* A zero-length item just past a mapped range, or a zero-length entry
         * at its address. */
        size_t i = first_ending_after(table, start ? start - 1 : 0);
        for (; i < table->len && table->entries[i]->host_start <= start; i++)
            if (table->entries[i]->host_end == start || table->entries[i]->host_start == start)
                return table->entries[i];
    }
    return NULL;
}

struct glass_present_entry *glass_present_find_at(const struct glass_present_table *table, uintptr_t address)
{
    size_t i = first_ending_after(table, address ? address - 1 : 0); /* the first ending at or after it */
    for (; i < table->len && table->entries[i]->host_start <= address; i++) {
        struct glass_present_entry *e = table->entries[i];
        if (e->host_start == e->host_end ? e->host_start == address : address < e->host_end)
            return e;
    }
    return NULL;
}

struct glass_present_entry *glass_present_add(struct glass_present_table *table, uintptr_t host_start,
                                              uintptr_t host_end, uintptr_t device_start, void *allocation)
{
    if (table->len == table->cap) {
        size_t cap = table->cap ? table->cap * 2 : 16;
        struct glass_present_entry **grown = realloc(table->entries, cap * sizeof *grown);
        if (!grown)
            glass_fatal("out of memory for the device's present table (%zu entries)", cap);
        table->entries = grown;
        table->cap = cap;
    }
    struct glass_present_entry *entry = calloc(1, sizeof *entry);
    if (!entry)
        glass_fatal("out of memory for the device's present table");
    *entry = (struct glass_present_entry){.host_start = host_start, .host_end = host_end,
                                          .device_start = device_start, .allocation = allocation};
    /* Before the first entry that starts after it (zero-length entries sort
     * before a range starting at the same address). */
    size_t i = first_ending_after(table, host_start);
    while (i < table->len && table->entries[i]->host_start < host_start)
        i++;
    memmove(table->entries + i + 1, table->entries + i, (table->len - i) * sizeof *table->entries);
    table->entries[i] = entry;
    table->len++;
    return entry;
}

uint64_t glass_present_attach(struct glass_present_entry *entry, uintptr_t where)
{
    for (size_t i = 0; i < entry->nattached; i++)
        if (entry->attached[i].where == where)
            return ++entry->attached[i].count;
    struct glass_attached_pointer *grown = realloc(entry->attached, (entry->nattached + 1) * sizeof *grown);
    if (!grown)
        glass_fatal("out of memory for the device's attached pointers");
    entry->attached = grown;
    entry->attached[entry->nattached++] = (struct glass_attached_pointer){where, 1};
    return 1;
}

uint64_t glass_present_detach(struct glass_present_entry *entry, uintptr_t where, bool force)
{
    for (size_t i = 0; i < entry->nattached; i++) {
        struct glass_attached_pointer *a = &entry->attached[i];
        if (a->where != where)
            continue;
        uint64_t left = force ? 0 : a->count - 1;
        if (left)
            a->count = left;
        else
            *a = entry->attached[--entry->nattached]; /* order does not matter */
        return left;
    }
    return UINT64_MAX;
}

void glass_present_add_member(struct glass_present_entry *entry, uintptr_t start, uintptr_t end)
{
    struct glass_member_range *grown = realloc(entry->members, (entry->nmembers + 1) * sizeof *grown);
    if (!grown)
        glass_fatal("out of memory for the elements of a mapped structure");
    entry->members = grown;
    entry->members[entry->nmembers++] = (struct glass_member_range){start, end};
}

bool glass_present_is_member(const struct glass_present_entry *entry, uintptr_t start, uintptr_t end)
{
    if (!entry->nmembers)
        return true;
    for (size_t i = 0; i < entry->nmembers; i++)
        if (start >= entry->members[i].start && end <= entry->members[i].end)
            return true;
    return false;
}

void glass_present_remove(struct glass_present_table *table, struct glass_present_entry *entry)
{
    for (size_t i = 0; i < table->len; i++)
        if (table->entries[i] == entry) {
            memmove(table->entries + i, table->entries + i + 1, (table->len - i - 1) * sizeof *table->entries);
            table->len--;
            break;
        }
    free(entry->attached);
    free(entry->members);
    free(entry);
}

struct glass_present_entry *glass_present_find_device(const struct glass_present_table *table, uintptr_t device)
{
    for (size_t i = 0; i < table->len; i++) {
        struct glass_present_entry *e = table->entries[i];
        if (device >= e->device_start && device < e->device_start + (e->host_end - e->host_start))
            return e;
    }
    return NULL;
}
