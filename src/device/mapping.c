/* Neutral map items (map_item.h) on a device's present table (mapping.h). The device's lock
 * is held from the first item of a construct to its last, so constructs on
 * the same device from several threads each see a consistent table. */
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>

#include "../core/runtime.h"
#include "../core/threads/team.h"
#include "mapping.h"

static bool copies_to(const struct glass_map_item *item)
{
    return (item->flags & GLASS_MAP_TO) != 0;
}

static bool copies_from(const struct glass_map_item *item)
{
    return (item->flags & GLASS_MAP_FROM) != 0;
}

static bool always(const struct glass_map_item *item)
{
    return (item->flags & GLASS_MAP_ALWAYS) != 0;
}

static bool implicit(const struct glass_map_item *item)
{
    return (item->flags & GLASS_MAP_IMPLICIT) != 0;
}

static int host_number(void)
{
    return glass_device_initial_number();
}

size_t glass_firstprivate_offset(size_t previous_end, const struct glass_map_item *item)
{
    size_t a = glass_map_item_align(item);
    return (previous_end + a - 1) & ~(a - 1);
}

size_t glass_firstprivate_room(size_t mapnum, const struct glass_map_item *items, size_t *align)
{
    size_t room = 0;
    *align = 16;
    for (size_t i = 0; i < mapnum; i++)
        if (items[i].op == GLASS_MAP_FIRSTPRIVATE) {
            size_t a = glass_map_item_align(&items[i]);
            *align = a > *align ? a : *align;
            room = glass_firstprivate_offset(room, &items[i]) + items[i].size;
        }
    return room;
}

void glass_firstprivate_copy(size_t mapnum, struct glass_map_item *items, char *base)
{
    size_t end = 0;
    for (size_t i = 0; i < mapnum; i++)
        if (items[i].op == GLASS_MAP_FIRSTPRIVATE && items[i].host) {
            size_t at = glass_firstprivate_offset(end, &items[i]);
            items[i].host = memcpy(base + at, items[i].host, items[i].size);
            end = at + items[i].size;
        }
}

/* Each construct's stamp: a count changes once per stamp. */
static _Atomic uint64_t construct_stamps;

static uint64_t new_stamp(void)
{
    return atomic_fetch_add_explicit(&construct_stamps, 1, memory_order_relaxed) + 1;
}

/* ---- Data operations with their events ------------------------------------ */

void *glass_device_alloc_op(struct glass_device *device, struct glass_target_op *op, const void *host,
                            size_t bytes)
{
    struct glass_host_op host_op;
    glass_data_op_begin(op, &host_op, GLASS_DATA_ALLOC, host, host_number(), NULL, device->number, bytes);
    void *address = device->kind->alloc(device, bytes);
    glass_data_op_end(op, &host_op, GLASS_DATA_ALLOC, host, host_number(), address, device->number, bytes);
    return address;
}

void glass_device_free_op(struct glass_device *device, struct glass_target_op *op, void *address, const void *host)
{
    struct glass_host_op host_op;
    glass_data_op_begin(op, &host_op, GLASS_DATA_DELETE, host, host_number(), address, device->number, 0);
    device->kind->free(device, address);
    glass_data_op_end(op, &host_op, GLASS_DATA_DELETE, host, host_number(), address, device->number, 0);
}

int glass_device_copy_op(struct glass_device *device, struct glass_target_op *op, int optype, void *dst,
                         const void *src, size_t bytes)
{
    struct glass_host_op host_op;
    bool to = optype == GLASS_DATA_TO_DEVICE;
    int src_dev = to ? host_number() : device->number, dst_dev = to ? device->number : host_number();
    glass_data_op_begin(op, &host_op, optype, src, src_dev, dst, dst_dev, bytes);
    int status;
    if (to && op->queue) { /* a nowait region's copy, on its queue */
        op->queued_timed = -1;
        status = device->kind->to_device_async(device, op->queue, dst, src, bytes,
                                               device->trace ? &op->queued_timed : NULL);
    } else {
        status = to ? device->kind->to_device(device, dst, src, bytes) : device->kind->from_device(device, dst, src, bytes);
    }
    glass_data_op_end(op, &host_op, optype, src, src_dev, dst, dst_dev, bytes);
    return status;
}

static void copy_or_die(struct glass_device *device, struct glass_target_op *op, int optype, uintptr_t dst,
                        uintptr_t src, size_t bytes)
{
    if (bytes && glass_device_copy_op(device, op, optype, (void *)dst, (const void *)src, bytes) != 0)
        glass_fatal("device %d (%s): copying %zu bytes %s the device failed", device->number, device->kind->name,
                    bytes, optype == GLASS_DATA_TO_DEVICE ? "to" : "from");
}

/* ---- The present table ---------------------------------------------------- */

/* Copies the part [host, host + size) of `entry` in the direction of
 * `optype`, around the pointers attached in it: until its last detach, an
 * attached pointer keeps its device address on the device and its own value
 * on the host, whatever always or target update copy (libgomp's update skips
 * them too). */
static void copy_around_attached(struct glass_device *device, struct glass_target_op *op, int optype,
                                 const struct glass_present_entry *entry, uintptr_t host, size_t size)
{
    uintptr_t at = host, end = host + size;
    while (at < end) {
        uintptr_t skip = end; /* the first attached pointer not wholly before `at` */
        for (size_t i = 0; i < entry->nattached; i++) {
            uintptr_t where = entry->attached[i].where;
            if (where + sizeof(void *) > at && where < skip)
                skip = where;
        }
        if (skip > at) {
            uintptr_t device_at = glass_present_translate(entry, at);
            bool to = optype == GLASS_DATA_TO_DEVICE;
            copy_or_die(device, op, optype, to ? device_at : at, to ? at : device_at, skip - at);
        }
        at = skip + sizeof(void *);
    }
}

struct map_state {
    struct glass_device *device;
    struct glass_target_op *op;
    enum glass_map_purpose purpose;
    uint64_t stamp;
    /* The target_map report. */
    unsigned nreport;
    void **report_host, **report_device;
    size_t *report_bytes;
    unsigned *report_flags;
};

/* The device pointers of the `declare target link` variables inside new
 * storage `entry` (device.h): each gets the device address of its variable's
 * copy when the storage is made (`mapped`), and NULL when it goes, so device
 * code never follows a pointer into freed memory. A mapped section that starts
 * inside the variable still gets the variable's base: the code indexes from
 * it. */
static void set_links(struct glass_device *device, struct glass_target_op *op,
                      const struct glass_present_entry *entry, bool mapped)
{
    for (size_t i = 0; i < device->nlinks; i++) {
        const struct glass_device_link *link = &device->links[i];
        if (link->host_start >= entry->host_end || link->host_end <= entry->host_start)
            continue;
        uintptr_t value = mapped ? entry->device_start + (link->host_start - entry->host_start) : 0;
        copy_or_die(device, op, GLASS_DATA_TO_DEVICE, link->device_pointer, (uintptr_t)&value, sizeof value);
    }
}

/* New storage for [start, end), aligned as the kind asks. */
static struct glass_present_entry *map_new(struct map_state *st, uintptr_t start, uintptr_t end, size_t align)
{
    struct glass_device *device = st->device;
    struct glass_present_entry *clash = glass_present_overlap(&device->present, start, end);
    if (clash)
        glass_fatal("map clause on device %d: host memory [%p, %p) (%zu bytes) overlaps [%p, %p), which is "
                    "already mapped, without being inside it: map the whole object, or unmap it first",
                    device->number, (void *)start, (void *)end, (size_t)(end - start), (void *)clash->host_start,
                    (void *)clash->host_end);
    size_t bytes = end - start, extra = align > 64 ? align : 0;
    void *allocation = glass_device_alloc_op(device, st->op, (const void *)start, bytes + extra);
    if (!allocation)
        glass_fatal("map clause on device %d (%s): out of device memory for %zu bytes at host %p", device->number,
                    device->kind->name, bytes, (void *)start);
    uintptr_t device_start = ((uintptr_t)allocation + (extra ? align - 1 : 0)) & ~(uintptr_t)(extra ? align - 1 : 0);
    struct glass_present_entry *entry = glass_present_add(&device->present, start, end, device_start, allocation);
    entry->created = st->stamp;
    if (device->nlinks)
        set_links(device, st->op, entry, true);
    return entry;
}

/* A structure group's elements: recorded in the storage made for them, or,
 * when the group found storage an earlier group made, each one of that
 * group's elements. Else the program maps an element while other elements
 * of its structure are mapped without it, which OpenMP 5.1 forbids
 * (2.21.7.1: the element must then be present already); the storage spans
 * it, but only by accident of layout (libgomp, whose storage does not,
 * stops the program too). */
static void check_members(struct glass_device *device, struct glass_present_entry *entry, bool created,
                          const struct glass_map_item *members, size_t count)
{
    for (size_t j = 0; j < count; j++) {
        uintptr_t start = (uintptr_t)members[j].host, end = start + members[j].size;
        if (created)
            glass_present_add_member(entry, start, end);
        else if (!glass_present_is_member(entry, start, end))
            glass_fatal("map clause on device %d: structure element [%p, %p) (%zu bytes) is mapped while other "
                        "elements of its structure are mapped without it (%zu elements mapped together in "
                        "[%p, %p)): map the elements together, or the whole structure",
                        device->number, (void *)start, (void *)end, members[j].size, entry->nmembers,
                        (void *)entry->host_start, (void *)entry->host_end);
    }
}

static void unmap_entry(struct glass_device *device, struct glass_target_op *op, struct glass_present_entry *entry)
{
    if (device->nlinks && entry->allocation)
        set_links(device, op, entry, false);
    if (entry->allocation)
        glass_device_free_op(device, op, entry->allocation, (const void *)entry->host_start);
    glass_present_remove(&device->present, entry);
}

static bool released(const struct glass_present_entry *entry)
{
    return entry->dynamic_refcount == 0 && entry->structured_refcount == 0;
}

/* Takes the construct's reference on `entry` (once per construct). */
static void hold(struct glass_present_entry *entry, uint64_t stamp, enum glass_map_purpose purpose)
{
    if (entry->stamp == stamp || entry->dynamic_refcount == GLASS_REFCOUNT_INFINITE)
        return;
    entry->stamp = stamp;
    if (purpose == GLASS_MAP_FOR_ENTER_DATA)
        entry->dynamic_refcount++;
    else
        entry->structured_refcount++;
}

/* The device address a pointer to host `target` must hold on the device. */
static uintptr_t device_pointer_value(struct glass_device *device, uintptr_t target, size_t bias, const void *where)
{
    if (!target)
        return 0;
    struct glass_present_entry *pointee = glass_present_find(&device->present, target + bias, target + bias);
    if (!pointee)
        glass_fatal("map clause on device %d: the pointer at %p points to %p, which is not mapped on the device; "
                    "map the array section it points to in the same or an earlier construct",
                    device->number, where, (void *)(target + bias));
    return glass_present_translate(pointee, target + bias) - bias;
}

/* ---- Constructs ----------------------------------------------------------- */

static void report(struct map_state *st, uintptr_t host, uintptr_t device, size_t bytes, unsigned flags)
{
    if (!st->report_host)
        return;
    st->report_host[st->nreport] = (void *)host;
    st->report_device[st->nreport] = (void *)device;
    st->report_bytes[st->nreport] = bytes;
    st->report_flags[st->nreport] = flags;
    st->nreport++;
}

static unsigned enter_flags(const struct glass_map_item *item, bool created)
{
    unsigned flags = 0;
    if (copies_to(item))
        flags |= GLASS_MAP_FLAG_TO;
    if (copies_from(item))
        flags |= GLASS_MAP_FLAG_FROM;
    if (created)
        flags |= GLASS_MAP_FLAG_ALLOC;
    if (implicit(item))
        flags |= GLASS_MAP_FLAG_IMPLICIT;
    return flags;
}

/* A mapped item: present storage, or new storage (copied to when the item
 * says so). Returns its device address. */
static uintptr_t map_item(struct map_state *st, const struct glass_map_item *item, struct glass_present_entry **held)
{
    uintptr_t host = (uintptr_t)item->host, end = host + item->size;
    struct glass_present_entry *entry = glass_present_find(&st->device->present, host, end);
    if (!entry && implicit(item)) {
        /* An object the region uses without a clause, of which a part is
         * mapped (map(a[10:20]) around a region using a): the region uses
         * that part's storage, as libgomp does (an implicit map may contain
         * what is mapped; an explicit one must be inside it). */
        struct glass_present_entry *part = glass_present_overlap(&st->device->present, host, end);
        if (part && part->host_start >= host && part->host_end <= end)
            entry = part;
    }
    if (!entry) {
        if (item->flags & GLASS_MAP_PRESENT)
            glass_fatal("map(present: ...) on device %d: host memory [%p, %p) is not mapped", st->device->number,
                        (void *)host, (void *)end);
        entry = map_new(st, host, end, glass_map_item_align(item));
    }
    hold(entry, st->stamp, st->purpose);
    /* Storage new in this construct (a struct group's too) gets the host's
     * values; present storage only with always (5.1, 2.21.7.1). */
    bool created = entry->created == st->stamp;
    uintptr_t device = glass_present_translate(entry, host);
    if (copies_to(item) && (created || always(item)))
        copy_around_attached(st->device, st->op, GLASS_DATA_TO_DEVICE, entry, host, item->size);
    report(st, host, device, item->size, enter_flags(item, created));
    *held = entry;
    return device;
}

/* A pointer variable at host address `where` made to point, on the device, to
 * the device copy of its host target (`bias` bytes after the address it
 * holds is what was mapped). With `held`, the pointer's own storage is mapped
 * and held by the construct (GLASS_MAP_POINTER), and the device pointer is
 * written when its storage is new or with GLASS_MAP_ALWAYS, not over a
 * pointer an earlier construct set. Without, it is attached
 * (GLASS_MAP_ATTACH) when its storage is mapped (the pointer itself may be
 * unmapped: then there is nothing to attach, as in libgomp): written at its
 * first attach, counted after that, so that the last detach gives it back
 * its host value. Returns the device address of the pointer, 0 when nothing
 * was attached. */
static uintptr_t attach_pointer(struct map_state *st, const struct glass_map_item *item,
                                struct glass_present_entry **held)
{
    uintptr_t where = (uintptr_t)item->host;
    struct glass_present_entry *entry = glass_present_find(&st->device->present, where, where + sizeof(void *));
    if (!entry) {
        if (!held)
            return 0;
        entry = map_new(st, where, where + sizeof(void *), glass_map_item_align(item));
    }
    uintptr_t device_where = glass_present_translate(entry, where);
    bool write;
    if (held) {
        hold(entry, st->stamp, st->purpose);
        *held = entry;
        write = entry->created == st->stamp || always(item);
    } else {
        write = glass_present_attach(entry, where) == 1;
    }
    if (write) {
        uintptr_t value = device_pointer_value(st->device, *(uintptr_t *)where, item->size, (void *)where);
        copy_or_die(st->device, st->op, GLASS_DATA_TO_DEVICE, device_where, (uintptr_t)&value, sizeof value);
    }
    return device_where;
}

/* The end of an attachment (a construct's attach item at its end, or exit
 * data's detach): at the last one, the device pointer gets the host
 * pointer's value back, before any copy back of the storage holding it
 * (5.1, 2.21.7.2), so that copying a structure back never leaves a device
 * address in the host's pointer. */
static void detach_pointer(struct glass_device *device, struct glass_target_op *op, uintptr_t where, bool force)
{
    struct glass_present_entry *entry = glass_present_find(&device->present, where, where + sizeof(void *));
    if (!entry || glass_present_detach(entry, where, force) != 0)
        return; /* unmapped meanwhile, not attached, or still attached by another construct */
    uintptr_t value = *(uintptr_t *)where;
    copy_or_die(device, op, GLASS_DATA_TO_DEVICE, glass_present_translate(entry, where), (uintptr_t)&value,
                sizeof value);
}

/* A structure group's storage: its members, items[1..items[0].size], as one
 * range from the first to the end of the last. */
static uintptr_t map_struct(struct map_state *st, const struct glass_map_item *items, size_t left)
{
    size_t count = items[0].size;
    if (count >= left)
        glass_fatal("map clause: a structure group of %zu members runs past the %zu map items", count, left);
    uintptr_t host = (uintptr_t)items[0].host;
    uintptr_t end = (uintptr_t)items[count].host + items[count].size;
    struct glass_present_entry *entry = glass_present_find(&st->device->present, host, end);
    bool created = !entry;
    if (created)
        entry = map_new(st, host, end, glass_map_item_align(&items[0]));
    check_members(st->device, entry, created, items + 1, count);
    return glass_present_translate(entry, host);
}

struct glass_mapping *glass_map_enter(struct glass_device *device, struct glass_target_op *op, size_t mapnum,
                                      struct glass_map_item *items, enum glass_map_purpose purpose)
{
    size_t arrays = mapnum * (sizeof(struct glass_map_item) + sizeof(void *) + sizeof(uintptr_t) + sizeof(bool));
    struct glass_mapping *m = calloc(1, sizeof *m + arrays);
    if (!m)
        glass_fatal("out of memory for a construct's %zu map items", mapnum);
    m->device = device;
    m->purpose = purpose;
    m->mapnum = mapnum;
    m->items = (struct glass_map_item *)(m + 1);
    m->held = (struct glass_present_entry **)(m->items + mapnum);
    m->device_addrs = (uintptr_t *)(m->held + mapnum);
    m->attached = (bool *)(m->device_addrs + mapnum);

    struct map_state st = {device, op, purpose, new_stamp(), 0, NULL, NULL, NULL, NULL};
    bool reporting = glass_target_op_wants_map(op) && mapnum;
    void *report_block = NULL;
    if (reporting && (report_block = malloc(mapnum * (2 * sizeof(void *) + sizeof(size_t) + sizeof(unsigned))))) {
        st.report_host = report_block;
        st.report_device = st.report_host + mapnum;
        st.report_bytes = (size_t *)(st.report_device + mapnum);
        st.report_flags = (unsigned *)(st.report_bytes + mapnum);
    }

    pthread_mutex_lock(&device->lock);
    for (size_t i = 0; i < mapnum; i++) {
        const struct glass_map_item *item = &items[i];
        uintptr_t host = (uintptr_t)item->host;
        if (item->op == GLASS_MAP_VALUE) {
            m->device_addrs[i] = host; /* the value itself, or already a device address */
            continue;
        }
        if (!host || item->op == GLASS_MAP_USE_DEVICE)
            continue; /* NULL stays NULL; use_device_*: after every map item, below */
        switch (item->op) {
        case GLASS_MAP_FIRSTPRIVATE:
        case GLASS_MAP_DETACH:
            continue; /* firstprivate: below, in one block; detach: exit data's */
        case GLASS_MAP_STRUCT:
            m->device_addrs[i] = map_struct(&st, item, mapnum - i);
            continue; /* the members take the reference and copy */
        case GLASS_MAP_POINTER:
            m->device_addrs[i] = attach_pointer(&st, item, &m->held[i]);
            if (always(item))
                m->device_addrs[i] = 0;
            continue;
        case GLASS_MAP_ATTACH:
            m->attached[i] = attach_pointer(&st, item, NULL) != 0;
            continue;
        case GLASS_MAP_ZERO_LENGTH: {
            /* The storage holding the byte it points at (not storage that
             * ends just before it), if any; else NULL, as libgomp. */
            struct glass_present_entry *entry = glass_present_find_at(&device->present, host);
            if (entry) {
                hold(entry, st.stamp, purpose);
                m->held[i] = entry;
                m->device_addrs[i] = glass_present_translate(entry, host);
            }
            continue;
        }
        default:
            break;
        }
        if ((item->flags & GLASS_MAP_IF_PRESENT) && !glass_present_find(&device->present, host, host + item->size)) {
            if (i + 1 < mapnum && items[i + 1].op == GLASS_MAP_POINTER && !always(&items[i + 1]))
                i++; /* its pointer goes with it */
            continue;
        }
        m->device_addrs[i] = map_item(&st, item, &m->held[i]);
        if (purpose == GLASS_MAP_FOR_ENTER_DATA)
            m->held[i] = NULL; /* enter data holds a dynamic reference, not this construct */
    }

    /* use_device_ptr / use_device_addr: the device address of what the host
     * address points into, written back for the compiler; unmapped
     * addresses stay as they are (5.1, 2.14.4). */
    for (size_t i = 0; i < mapnum; i++) {
        if (items[i].op != GLASS_MAP_USE_DEVICE || !items[i].host)
            continue;
        uintptr_t host = (uintptr_t)items[i].host;
        struct glass_present_entry *entry = glass_present_find(&device->present, host, host);
        m->device_addrs[i] = entry ? glass_present_translate(entry, host) : host;
        items[i].host = (void *)m->device_addrs[i];
    }
    if (mapnum)
        memcpy(m->items, items, mapnum * sizeof *items);

    /* Firstprivate copies, in one block of device memory. */
    size_t fp_align, fp_size = glass_firstprivate_room(mapnum, items, &fp_align);
    if (fp_size) {
        m->firstprivate_block = device->kind->alloc(device, fp_size + fp_align);
        if (!m->firstprivate_block)
            glass_fatal("device %d: out of device memory for %zu bytes of firstprivate data", device->number,
                        fp_size);
        uintptr_t base = ((uintptr_t)m->firstprivate_block + fp_align - 1) & ~(uintptr_t)(fp_align - 1);
        size_t end = 0;
        for (size_t i = 0; i < mapnum; i++)
            if (items[i].op == GLASS_MAP_FIRSTPRIVATE && items[i].host) {
                size_t at = glass_firstprivate_offset(end, &items[i]);
                m->device_addrs[i] = base + at;
                copy_or_die(device, op, GLASS_DATA_TO_DEVICE, base + at, (uintptr_t)items[i].host, items[i].size);
                end = at + items[i].size;
            }
    }

    /* A target region's argument: the array of device addresses, itself in
     * device memory. */
    if (purpose == GLASS_MAP_FOR_TARGET) {
        uintptr_t *values = malloc((mapnum ? mapnum : 1) * sizeof *values);
        m->args = device->kind->alloc(device, (mapnum ? mapnum : 1) * sizeof(void *));
        if (!values || !m->args)
            glass_fatal("device %d: out of memory for a target region's %zu arguments", device->number, mapnum);
        for (size_t i = 0; i < mapnum; i++)
            values[i] = m->device_addrs[i];
        int status = !mapnum ? 0
                     : op->queue ? device->kind->to_device_async(device, op->queue, m->args, values,
                                                                 mapnum * sizeof *values, NULL)
                                 : device->kind->to_device(device, m->args, values, mapnum * sizeof *values);
        if (status != 0)
            glass_fatal("device %d: copying a target region's arguments failed", device->number);
        free(values);
    }
    pthread_mutex_unlock(&device->lock);

    if (st.report_host)
        glass_target_map_report(op, st.nreport, st.report_host, st.report_device, st.report_bytes, st.report_flags);
    free(report_block);
    if (purpose == GLASS_MAP_FOR_ENTER_DATA) {
        free(m);
        return NULL;
    }
    return m;
}

/* The end of a construct's items, once their counts are down: each item
 * that copies from the device copies back what its storage holds (an
 * implicit item may be larger than the storage it found) when the storage
 * goes or with always; then storage no construct holds is unmapped, once.
 * `held[i]` is item i's storage or NULL. */
static void copy_back_and_release(struct glass_device *device, struct glass_target_op *op, size_t n,
                                  struct glass_present_entry **held, const struct glass_map_item *items)
{
    for (size_t i = 0; i < n; i++) {
        struct glass_present_entry *entry = held[i];
        if (!entry || !copies_from(&items[i]) || !(released(entry) || always(&items[i])))
            continue;
        uintptr_t start = (uintptr_t)items[i].host, end = start + items[i].size;
        start = start > entry->host_start ? start : entry->host_start;
        end = end < entry->host_end ? end : entry->host_end;
        if (end > start)
            copy_around_attached(device, op, GLASS_DATA_FROM_DEVICE, entry, start, end - start);
    }
    for (size_t i = 0; i < n; i++) {
        struct glass_present_entry *entry = held[i];
        if (!entry || !released(entry))
            continue;
        for (size_t j = i + 1; j < n; j++) /* the same storage, held by a later item */
            if (held[j] == entry)
                held[j] = NULL;
        unmap_entry(device, op, entry);
    }
}

void glass_map_exit(struct glass_mapping *m, struct glass_target_op *op)
{
    struct glass_device *device = m->device;
    uint64_t stamp = new_stamp();
    pthread_mutex_lock(&device->lock);
    for (size_t i = 0; i < m->mapnum; i++)
        if (m->attached[i])
            detach_pointer(device, op, (uintptr_t)m->items[i].host, false);
    /* The construct's references, once per storage. */
    for (size_t i = 0; i < m->mapnum; i++) {
        struct glass_present_entry *entry = m->held[i];
        if (entry && entry->stamp != stamp && entry->dynamic_refcount != GLASS_REFCOUNT_INFINITE) {
            entry->stamp = stamp;
            if (entry->structured_refcount)
                entry->structured_refcount--;
        }
    }
    copy_back_and_release(device, op, m->mapnum, m->held, m->items);
    if (m->firstprivate_block)
        device->kind->free(device, m->firstprivate_block);
    if (m->args)
        device->kind->free(device, m->args);
    pthread_mutex_unlock(&device->lock);
    free(m);
}

/* What a target exit data construct releases: per storage it touches, the
 * item narrowed to the range of it in that storage, and the report's
 * values. An item may touch several storages (a structure whose members
 * were mapped on their own), so the list grows as it goes. */
struct exit_touches {
    size_t n, cap;
    struct glass_present_entry **entry;
    struct glass_map_item *item;
    void **host;          /* the report's: the items' host addresses */
    size_t *size;
    void **report_device;
    unsigned *report_flags;
};

static void touch(struct exit_touches *t, struct glass_present_entry *entry, const struct glass_map_item *item,
                  uintptr_t host, size_t size, unsigned flags)
{
    if (t->n == t->cap) {
        size_t cap = t->cap ? 2 * t->cap : 8;
        size_t one = sizeof *t->entry + sizeof *t->item + sizeof *t->host + sizeof *t->size +
                     sizeof *t->report_device + sizeof *t->report_flags;
        char *block = malloc(cap * one);
        if (!block)
            glass_fatal("out of memory for a target exit data construct's %zu items", cap);
        struct exit_touches grown = {.n = t->n, .cap = cap};
        grown.item = (struct glass_map_item *)block;
        grown.entry = (struct glass_present_entry **)(grown.item + cap);
        grown.host = (void **)(grown.entry + cap);
        grown.report_device = grown.host + cap;
        grown.size = (size_t *)(grown.report_device + cap);
        grown.report_flags = (unsigned *)(grown.size + cap);
        if (t->n) {
            memcpy(grown.item, t->item, t->n * sizeof *t->item);
            memcpy(grown.entry, t->entry, t->n * sizeof *t->entry);
            memcpy(grown.host, t->host, t->n * sizeof *t->host);
            memcpy(grown.report_device, t->report_device, t->n * sizeof *t->report_device);
            memcpy(grown.size, t->size, t->n * sizeof *t->size);
            memcpy(grown.report_flags, t->report_flags, t->n * sizeof *t->report_flags);
        }
        free(t->item);
        *t = grown;
    }
    t->entry[t->n] = entry;
    t->item[t->n] = *item;
    t->item[t->n].host = (void *)host;
    t->item[t->n].size = size;
    t->host[t->n] = (void *)host;
    t->size[t->n] = size;
    t->report_device[t->n] = (void *)glass_present_translate(entry, host);
    t->report_flags[t->n] = flags;
    t->n++;
}

/* One exit data item's effect on one storage: a count down (once per
 * construct) or, for delete, the dynamic count to 0. */
static void release_for_exit(struct glass_present_entry *entry, bool deleting, uint64_t stamp)
{
    if (deleting)
        entry->dynamic_refcount = 0;
    else if (entry->stamp != stamp && entry->dynamic_refcount)
        entry->dynamic_refcount--;
    entry->stamp = stamp;
}

/* The items exit data releases storage for (the others do nothing there, or
 * are its detaches). */
static bool releases_on_exit(const struct glass_map_item *item)
{
    switch (item->op) {
    case GLASS_MAP_STRUCT:
    case GLASS_MAP_POINTER:
    case GLASS_MAP_DETACH:
    case GLASS_MAP_FIRSTPRIVATE:
    case GLASS_MAP_VALUE:
        return false;
    default:
        return item->host != NULL;
    }
}

void glass_map_exit_data(struct glass_device *device, struct glass_target_op *op, size_t mapnum,
                         const struct glass_map_item *items)
{
    uint64_t stamp = new_stamp();
    struct exit_touches t = {0};

    pthread_mutex_lock(&device->lock);
    /* Detach first: a structure copied back below must carry the host's
     * pointers, not device addresses. */
    for (size_t i = 0; i < mapnum; i++)
        if (items[i].host && items[i].op == GLASS_MAP_DETACH)
            detach_pointer(device, op, (uintptr_t)items[i].host, (items[i].flags & GLASS_MAP_FORCE) != 0);
    for (size_t i = 0; i < mapnum; i++) {
        const struct glass_map_item *item = &items[i];
        if (!releases_on_exit(item))
            continue;
        uintptr_t host = (uintptr_t)item->host;
        bool zero_length = item->op == GLASS_MAP_ZERO_LENGTH;
        bool deleting = (item->flags & GLASS_MAP_DELETE) != 0;
        unsigned flags = (deleting ? GLASS_MAP_FLAG_DELETE : GLASS_MAP_FLAG_RELEASE) |
                         (copies_from(item) ? GLASS_MAP_FLAG_FROM : 0);
        size_t size = zero_length ? 0 : item->size;
        struct glass_present_entry *entry = zero_length ? glass_present_find_at(&device->present, host)
                                                        : glass_present_find(&device->present, host, host + size);
        if (entry) {
            if (entry->dynamic_refcount == GLASS_REFCOUNT_INFINITE)
                continue;
            release_for_exit(entry, deleting, stamp);
            touch(&t, entry, item, host, size, flags);
            continue;
        }
        /* Not inside one storage: the storages inside it (a structure whose
         * members were mapped by themselves, as one group smaller than it)
         * are released each; one reaching out of it is an error; none: no
         * effect (5.1, 2.21.7.1). */
        for (uintptr_t at = host; size && at < host + size;) {
            struct glass_present_entry *part = glass_present_overlap(&device->present, at, host + size);
            if (!part)
                break;
            if (part->host_start < host || part->host_end > host + size)
                glass_fatal("target exit data on device %d: host memory [%p, %p) is only partly mapped (mapped: "
                            "[%p, %p)): unmap what was mapped", device->number, (void *)host, (void *)(host + size),
                            (void *)part->host_start, (void *)part->host_end);
            if (part->dynamic_refcount != GLASS_REFCOUNT_INFINITE) {
                release_for_exit(part, deleting, stamp);
                touch(&t, part, item, part->host_start, part->host_end - part->host_start, flags);
            }
            at = part->host_end > at ? part->host_end : at + 1;
        }
    }
    /* Reported before the copies and deletions, while the device addresses
     * it lists are still the items' storage. */
    glass_target_map_report(op, (unsigned)t.n, t.host, t.report_device, t.size, t.report_flags);
    copy_back_and_release(device, op, t.n, t.entry, t.item);
    pthread_mutex_unlock(&device->lock);
    free(t.item);
}

void glass_map_update(struct glass_device *device, struct glass_target_op *op, size_t mapnum,
                      const struct glass_map_item *items)
{
    pthread_mutex_lock(&device->lock);
    for (size_t i = 0; i < mapnum; i++) {
        const struct glass_map_item *item = &items[i];
        uintptr_t host = (uintptr_t)item->host;
        if (!host || !item->size || item->op != GLASS_MAP_DATA || !(copies_to(item) || copies_from(item)))
            continue;
        struct glass_present_entry *entry = glass_present_find(&device->present, host, host + item->size);
        if (!entry) {
            struct glass_present_entry *part = glass_present_overlap(&device->present, host, host + item->size);
            if (part)
                glass_fatal("target update on device %d: host memory [%p, %p) is only partly mapped (mapped: "
                            "[%p, %p))", device->number, (void *)host, (void *)(host + item->size),
                            (void *)part->host_start, (void *)part->host_end);
            continue; /* not present: no effect (5.1, 2.14.6) */
        }
        copy_around_attached(device, op, copies_to(item) ? GLASS_DATA_TO_DEVICE : GLASS_DATA_FROM_DEVICE, entry,
                             host, item->size);
    }
    pthread_mutex_unlock(&device->lock);
}
