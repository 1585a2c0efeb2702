/* GCC's map kinds on a device's present table (mapping.h). The device's lock
 * is held from the first item of a construct to its last, so constructs on
 * the same device from several threads each see a consistent table. */
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>

#include "../core/runtime.h"
#include "../core/team.h"
#include "mapping.h"

/* gomp-constants.h (GCC 12), low byte of a map kind. */
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

static bool implicit(unsigned short kind)
{
    return (kind & MAP_SPECIAL_BITS) == MAP_IMPLICIT_BITS;
}

/* The map kind, without the implicit mark (which changes no copy). */
static int kind_of(unsigned short kind)
{
    return implicit(kind) ? kind & 0xff & ~MAP_IMPLICIT_BITS : kind & 0xff;
}

static size_t align_of(unsigned short kind)
{
    return (size_t)1 << (kind >> 8);
}

static bool copies_to(int k)
{
    return k == MAP_TO || k == MAP_TOFROM || k == MAP_TO_PSET || k == MAP_ALWAYS_TO || k == MAP_ALWAYS_TOFROM ||
           k == MAP_FORCE_TO || k == MAP_FORCE_TOFROM;
}

static bool copies_from(int k)
{
    return k == MAP_FROM || k == MAP_TOFROM || k == MAP_ALWAYS_FROM || k == MAP_ALWAYS_TOFROM ||
           k == MAP_FORCE_FROM || k == MAP_FORCE_TOFROM;
}

static bool always(int k)
{
    return k == MAP_ALWAYS_TO || k == MAP_ALWAYS_FROM || k == MAP_ALWAYS_TOFROM;
}

static int host_number(void)
{
    return glass_device_initial_number();
}

bool glass_firstprivate_is(unsigned short kind)
{
    return kind_of(kind) == MAP_FIRSTPRIVATE;
}

size_t glass_firstprivate_offset(size_t previous_end, unsigned short kind)
{
    size_t a = align_of(kind);
    return (previous_end + a - 1) & ~(a - 1);
}

size_t glass_firstprivate_room(size_t mapnum, const size_t *sizes, const unsigned short *kinds, size_t *align)
{
    size_t room = 0;
    *align = 16;
    for (size_t i = 0; i < mapnum; i++)
        if (glass_firstprivate_is(kinds[i])) {
            *align = align_of(kinds[i]) > *align ? align_of(kinds[i]) : *align;
            room = glass_firstprivate_offset(room, kinds[i]) + sizes[i];
        }
    return room;
}

void glass_firstprivate_copy(size_t mapnum, void **out, void *const *hostaddrs, const size_t *sizes,
                             const unsigned short *kinds, char *base)
{
    size_t end = 0;
    for (size_t i = 0; i < mapnum; i++)
        if (glass_firstprivate_is(kinds[i]) && hostaddrs[i]) {
            size_t at = glass_firstprivate_offset(end, kinds[i]);
            out[i] = memcpy(base + at, hostaddrs[i], sizes[i]);
            end = at + sizes[i];
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
                          void **hostaddrs, const size_t *sizes, size_t count)
{
    for (size_t j = 0; j < count; j++) {
        uintptr_t start = (uintptr_t)hostaddrs[j], end = start + sizes[j];
        if (created)
            glass_present_add_member(entry, start, end);
        else if (!glass_present_is_member(entry, start, end))
            glass_fatal("map clause on device %d: structure element [%p, %p) (%zu bytes) is mapped while other "
                        "elements of its structure are mapped without it (%zu elements mapped together in "
                        "[%p, %p)): map the elements together, or the whole structure",
                        device->number, (void *)start, (void *)end, sizes[j], entry->nmembers,
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

static unsigned enter_flags(int k, bool created)
{
    unsigned flags = 0;
    if (copies_to(k))
        flags |= GLASS_MAP_FLAG_TO;
    if (copies_from(k))
        flags |= GLASS_MAP_FLAG_FROM;
    if (created)
        flags |= GLASS_MAP_FLAG_ALLOC;
    return flags;
}

/* A mapped item: present storage, or new storage (copied to when the kind
 * says so). Returns its device address. */
static uintptr_t map_item(struct map_state *st, uintptr_t host, size_t size, unsigned short kind,
                          struct glass_present_entry **held)
{
    int k = kind_of(kind);
    uintptr_t end = host + size;
    struct glass_present_entry *entry = glass_present_find(&st->device->present, host, end);
    if (!entry && implicit(kind)) {
        /* An object the region uses without a clause, of which a part is
         * mapped (map(a[10:20]) around a region using a): the region uses
         * that part's storage, as libgomp does (an implicit map may contain
         * what is mapped; an explicit one must be inside it). */
        struct glass_present_entry *part = glass_present_overlap(&st->device->present, host, end);
        if (part && part->host_start >= host && part->host_end <= end)
            entry = part;
    }
    if (!entry) {
        if (k == MAP_FORCE_PRESENT)
            glass_fatal("map(present: ...) on device %d: host memory [%p, %p) is not mapped", st->device->number,
                        (void *)host, (void *)end);
        entry = map_new(st, host, end, align_of(kind));
    }
    hold(entry, st->stamp, st->purpose);
    /* Storage new in this construct (a struct group's too) gets the host's
     * values; present storage only with always (5.1, 2.21.7.1). */
    bool created = entry->created == st->stamp;
    uintptr_t device = glass_present_translate(entry, host);
    if (copies_to(k) && (created || always(k)))
        copy_around_attached(st->device, st->op, GLASS_DATA_TO_DEVICE, entry, host, size);
    report(st, host, device, size, enter_flags(k, created) | (implicit(kind) ? GLASS_MAP_FLAG_IMPLICIT : 0));
    *held = entry;
    return device;
}

/* A pointer variable at host address `where` made to point, on the device, to
 * the device copy of its host target (`bias` bytes after the address it
 * holds is what was mapped). With `held`, the pointer's own storage is mapped
 * and held by the construct (map kinds pointer and always pointer), and the
 * device pointer is written when its storage is new or for always pointer,
 * not over a pointer an earlier construct set. Without, it is attached
 * (attach, which GCC emits after an array section based on a pointer) when
 * its storage is mapped (the pointer itself may be unmapped: then there is
 * nothing to attach, as in libgomp): written at its first attach, counted
 * after that, so that the last detach gives it back its host value.
 * Returns the device address of the pointer, 0 when nothing was attached. */
static uintptr_t attach_pointer(struct map_state *st, uintptr_t where, size_t bias, unsigned short kind,
                                struct glass_present_entry **held)
{
    struct glass_present_entry *entry = glass_present_find(&st->device->present, where, where + sizeof(void *));
    if (!entry) {
        if (!held)
            return 0;
        entry = map_new(st, where, where + sizeof(void *), align_of(kind));
    }
    uintptr_t device_where = glass_present_translate(entry, where);
    bool write;
    if (held) {
        hold(entry, st->stamp, st->purpose);
        *held = entry;
        write = entry->created == st->stamp || kind_of(kind) != MAP_POINTER;
    } else {
        write = glass_present_attach(entry, where) == 1;
    }
    if (write) {
        uintptr_t value = device_pointer_value(st->device, *(uintptr_t *)where, bias, (void *)where);
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

struct glass_mapping *glass_map_enter(struct glass_device *device, struct glass_target_op *op, size_t mapnum,
                                      void **hostaddrs, size_t *sizes, unsigned short *kinds,
                                      enum glass_map_purpose purpose)
{
    size_t arrays = mapnum * (sizeof(void *) + sizeof(uintptr_t) + sizeof(void *) + sizeof(size_t) +
                              sizeof(unsigned short) + sizeof(bool));
    struct glass_mapping *m = calloc(1, sizeof *m + arrays);
    if (!m)
        glass_fatal("out of memory for a construct's %zu map items", mapnum);
    m->device = device;
    m->purpose = purpose;
    m->mapnum = mapnum;
    m->held = (struct glass_present_entry **)(m + 1);
    m->device_addrs = (uintptr_t *)(m->held + mapnum);
    m->hostaddrs = (void **)(m->device_addrs + mapnum);
    m->sizes = (size_t *)(m->hostaddrs + mapnum);
    m->kinds = (unsigned short *)(m->sizes + mapnum);
    m->attached = (bool *)(m->kinds + mapnum);
    if (mapnum) { /* a construct without map items may pass NULL arrays */
        memcpy(m->sizes, sizes, mapnum * sizeof *sizes);
        memcpy(m->kinds, kinds, mapnum * sizeof *kinds);
    }

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
        uintptr_t host = (uintptr_t)hostaddrs[i];
        int k = kind_of(kinds[i]);
        if (k == MAP_FIRSTPRIVATE_INT || k == MAP_FORCE_DEVICEPTR) {
            m->device_addrs[i] = host; /* the value itself, or already a device address */
            continue;
        }
        if (!host || k == MAP_USE_DEVICE_PTR || k == MAP_USE_DEVICE_PTR_IF_PRESENT)
            continue; /* NULL stays NULL; use_device_*: after every map item, below */
        switch (k) {
        case MAP_FIRSTPRIVATE:
            continue; /* below, in one block */
        case MAP_STRUCT: {
            /* The members, entries i+1..i+sizes[i], are mapped as one range
             * from the first to the end of the last. */
            size_t last = i + sizes[i];
            if (last >= mapnum)
                glass_fatal("map clause: a structure group of %zu members runs past the %zu map items", sizes[i],
                            mapnum);
            uintptr_t end = (uintptr_t)hostaddrs[last] + sizes[last];
            struct glass_present_entry *entry = glass_present_find(&device->present, host, end);
            bool created = !entry;
            if (created)
                entry = map_new(&st, host, end, align_of(kinds[i]));
            check_members(device, entry, created, hostaddrs + i + 1, sizes + i + 1, sizes[i]);
            m->device_addrs[i] = glass_present_translate(entry, host);
            continue; /* the members take the reference and copy */
        }
        case MAP_POINTER:
        case MAP_ALWAYS_POINTER:
            m->device_addrs[i] = attach_pointer(&st, host, sizes[i], kinds[i], &m->held[i]);
            if (k == MAP_ALWAYS_POINTER)
                m->device_addrs[i] = 0;
            continue;
        case MAP_ATTACH:
            m->attached[i] = attach_pointer(&st, host, sizes[i], kinds[i], NULL) != 0;
            continue;
        case MAP_DETACH:
        case MAP_FORCE_DETACH:
            continue;
        case MAP_ZERO_LEN_ARRAY_SECTION: {
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
        case MAP_IF_PRESENT:
            if (!glass_present_find(&device->present, host, host + sizes[i])) {
                if (i + 1 < mapnum && kind_of(kinds[i + 1]) == MAP_POINTER)
                    i++; /* its pointer goes with it */
                continue;
            }
            break;
        default:
            break;
        }
        m->device_addrs[i] = map_item(&st, host, sizes[i], kinds[i], &m->held[i]);
        if (purpose == GLASS_MAP_FOR_ENTER_DATA)
            m->held[i] = NULL; /* enter data holds a dynamic reference, not this construct */
    }

    /* use_device_ptr / use_device_addr: the device address of what the host
     * address points into, written back for the compiler; unmapped
     * addresses stay as they are (5.1, 2.14.4). */
    for (size_t i = 0; i < mapnum; i++) {
        int k = kind_of(kinds[i]);
        if ((k != MAP_USE_DEVICE_PTR && k != MAP_USE_DEVICE_PTR_IF_PRESENT) || !hostaddrs[i])
            continue;
        uintptr_t host = (uintptr_t)hostaddrs[i];
        struct glass_present_entry *entry = glass_present_find(&device->present, host, host);
        m->device_addrs[i] = entry ? glass_present_translate(entry, host) : host;
        hostaddrs[i] = (void *)m->device_addrs[i];
    }
    if (mapnum)
        memcpy(m->hostaddrs, hostaddrs, mapnum * sizeof *hostaddrs);

    /* Firstprivate copies, in one block of device memory. */
    size_t fp_align, fp_size = glass_firstprivate_room(mapnum, sizes, kinds, &fp_align);
    if (fp_size) {
        m->firstprivate_block = device->kind->alloc(device, fp_size + fp_align);
        if (!m->firstprivate_block)
            glass_fatal("device %d: out of device memory for %zu bytes of firstprivate data", device->number,
                        fp_size);
        uintptr_t base = ((uintptr_t)m->firstprivate_block + fp_align - 1) & ~(uintptr_t)(fp_align - 1);
        size_t end = 0;
        for (size_t i = 0; i < mapnum; i++)
            if (glass_firstprivate_is(kinds[i]) && hostaddrs[i]) {
                size_t at = glass_firstprivate_offset(end, kinds[i]);
                m->device_addrs[i] = base + at;
                copy_or_die(device, op, GLASS_DATA_TO_DEVICE, base + at, (uintptr_t)hostaddrs[i], sizes[i]);
                end = at + sizes[i];
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

/* The end of a construct's items, once their counts are down: each item of
 * a from kind copies back what its storage holds (an implicit item may be
 * larger than the storage it found) when the storage goes or with always;
 * then storage no construct holds is unmapped, once. `held[i]` is item i's
 * storage or NULL. */
static void copy_back_and_release(struct glass_device *device, struct glass_target_op *op, size_t n,
                                  struct glass_present_entry **held, void *const *hostaddrs, const size_t *sizes,
                                  const unsigned short *kinds)
{
    for (size_t i = 0; i < n; i++) {
        struct glass_present_entry *entry = held[i];
        int k = kind_of(kinds[i]);
        if (!entry || !copies_from(k) || !(released(entry) || always(k)))
            continue;
        uintptr_t start = (uintptr_t)hostaddrs[i], end = start + sizes[i];
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
            detach_pointer(device, op, (uintptr_t)m->hostaddrs[i], false);
    /* The construct's references, once per storage. */
    for (size_t i = 0; i < m->mapnum; i++) {
        struct glass_present_entry *entry = m->held[i];
        if (entry && entry->stamp != stamp && entry->dynamic_refcount != GLASS_REFCOUNT_INFINITE) {
            entry->stamp = stamp;
            if (entry->structured_refcount)
                entry->structured_refcount--;
        }
    }
    copy_back_and_release(device, op, m->mapnum, m->held, m->hostaddrs, m->sizes, m->kinds);
    if (m->firstprivate_block)
        device->kind->free(device, m->firstprivate_block);
    if (m->args)
        device->kind->free(device, m->args);
    pthread_mutex_unlock(&device->lock);
    free(m);
}

/* What a target exit data construct releases: per storage it touches, the
 * range of the item in it, the item's kind and the report's values. An item may touch several
 * storages (a structure whose members were mapped on their own), so the
 * list grows as it goes. */
struct exit_touches {
    size_t n, cap;
    struct glass_present_entry **entry;
    void **host;
    size_t *size;
    unsigned short *kind;
    void **report_device;
    unsigned *report_flags;
};

static void touch(struct exit_touches *t, struct glass_present_entry *entry, uintptr_t host, size_t size,
                  unsigned short kind, unsigned flags)
{
    if (t->n == t->cap) {
        size_t cap = t->cap ? 2 * t->cap : 8;
        size_t one = sizeof *t->entry + sizeof *t->host + sizeof *t->size + sizeof *t->kind +
                     sizeof *t->report_device + sizeof *t->report_flags;
        char *block = malloc(cap * one);
        if (!block)
            glass_fatal("out of memory for a target exit data construct's %zu items", cap);
        struct exit_touches grown = {.n = t->n, .cap = cap};
        grown.entry = (struct glass_present_entry **)block;
        grown.host = (void **)(grown.entry + cap);
        grown.report_device = grown.host + cap;
        grown.size = (size_t *)(grown.report_device + cap);
        grown.report_flags = (unsigned *)(grown.size + cap);
        grown.kind = (unsigned short *)(grown.report_flags + cap);
        if (t->n) {
            memcpy(grown.entry, t->entry, t->n * sizeof *t->entry);
            memcpy(grown.host, t->host, t->n * sizeof *t->host);
            memcpy(grown.report_device, t->report_device, t->n * sizeof *t->report_device);
            memcpy(grown.size, t->size, t->n * sizeof *t->size);
            memcpy(grown.report_flags, t->report_flags, t->n * sizeof *t->report_flags);
            memcpy(grown.kind, t->kind, t->n * sizeof *t->kind);
        }
        free(t->entry);
        *t = grown;
    }
    t->entry[t->n] = entry;
    t->host[t->n] = (void *)host;
    t->size[t->n] = size;
    t->kind[t->n] = kind;
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

void glass_map_exit_data(struct glass_device *device, struct glass_target_op *op, size_t mapnum, void **hostaddrs,
                         size_t *sizes, unsigned short *kinds)
{
    uint64_t stamp = new_stamp();
    struct exit_touches t = {0};

    pthread_mutex_lock(&device->lock);
    /* Detach first: a structure copied back below must carry the host's
     * pointers, not device addresses. */
    for (size_t i = 0; i < mapnum; i++) {
        int k = kind_of(kinds[i]);
        if (hostaddrs[i] && (k == MAP_DETACH || k == MAP_FORCE_DETACH))
            detach_pointer(device, op, (uintptr_t)hostaddrs[i], k == MAP_FORCE_DETACH);
    }
    for (size_t i = 0; i < mapnum; i++) {
        uintptr_t host = (uintptr_t)hostaddrs[i];
        int k = kind_of(kinds[i]);
        if (!host || k == MAP_STRUCT || k == MAP_POINTER || k == MAP_ALWAYS_POINTER || k == MAP_DETACH ||
            k == MAP_FORCE_DETACH || k == MAP_FIRSTPRIVATE || k == MAP_FIRSTPRIVATE_INT)
            continue;
        bool zero_length = k == MAP_ZERO_LEN_ARRAY_SECTION || k == MAP_DELETE_ZERO_LEN_ARRAY_SECTION;
        bool deleting = k == MAP_DELETE || k == MAP_DELETE_ZERO_LEN_ARRAY_SECTION;
        unsigned flags = (deleting ? GLASS_MAP_FLAG_DELETE : GLASS_MAP_FLAG_RELEASE) |
                         (copies_from(k) ? GLASS_MAP_FLAG_FROM : 0);
        size_t size = zero_length ? 0 : sizes[i];
        struct glass_present_entry *entry = zero_length ? glass_present_find_at(&device->present, host)
                                                        : glass_present_find(&device->present, host, host + size);
        if (entry) {
            if (entry->dynamic_refcount == GLASS_REFCOUNT_INFINITE)
                continue;
            release_for_exit(entry, deleting, stamp);
            touch(&t, entry, host, size, kinds[i], flags);
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
                touch(&t, part, part->host_start, part->host_end - part->host_start, kinds[i], flags);
            }
            at = part->host_end > at ? part->host_end : at + 1;
        }
    }
    /* Reported before the copies and deletions, while the device addresses
     * it lists are still the items' storage. */
    glass_target_map_report(op, (unsigned)t.n, t.host, t.report_device, t.size, t.report_flags);
    copy_back_and_release(device, op, t.n, t.entry, t.host, t.size, t.kind);
    pthread_mutex_unlock(&device->lock);
    free(t.entry);
}

void glass_map_update(struct glass_device *device, struct glass_target_op *op, size_t mapnum, void **hostaddrs,
                      size_t *sizes, unsigned short *kinds)
{
    pthread_mutex_lock(&device->lock);
    for (size_t i = 0; i < mapnum; i++) {
        uintptr_t host = (uintptr_t)hostaddrs[i];
        int k = kind_of(kinds[i]);
        if (!host || !sizes[i] || !(copies_to(k) || copies_from(k)))
            continue;
        struct glass_present_entry *entry = glass_present_find(&device->present, host, host + sizes[i]);
        if (!entry) {
            struct glass_present_entry *part = glass_present_overlap(&device->present, host, host + sizes[i]);
            if (part)
                glass_fatal("target update on device %d: host memory [%p, %p) is only partly mapped (mapped: "
                            "[%p, %p))", device->number, (void *)host, (void *)(host + sizes[i]),
                            (void *)part->host_start, (void *)part->host_end);
            continue; /* not present: no effect (5.1, 2.14.6) */
        }
        copy_around_attached(device, op, copies_to(k) ? GLASS_DATA_TO_DEVICE : GLASS_DATA_FROM_DEVICE, entry, host,
                             sizes[i]);
    }
    pthread_mutex_unlock(&device->lock);
}
