/* Target constructs in libglass-profile: the EMI target callbacks (OpenMP
 * 5.1, 4.5.2.26-29) fill the calling thread's target and map tables
 * (profile.h). The construct's slot travels in its target_data, so its data
 * operations and submits find it without a search; each operation's begin
 * time waits in its host_op_id, which the EMI form gives the tool. A runtime
 * reports a construct's events on the thread that began it, so each table has
 * one writer. On the host without devices a construct still has its begin
 * and end: calls and host time, no copies. */
#include <stdint.h>

#include "profile.h"

ompt_get_num_devices_t profile_num_devices;

static struct target_slot *target_slot(struct profile_thread *t, const void *codeptr, int kind)
{
    if (!codeptr)
        codeptr = (const void *)1; /* the runtime did not say where: one "unknown" construct */
    uintptr_t hash = ((uintptr_t)codeptr >> 2) ^ ((uintptr_t)kind * 0x9E3779B1u);
    for (unsigned probe = 0; probe < PROFILE_TARGET_SLOTS; probe++) {
        struct target_slot *slot = &t->targets[(hash + probe) % PROFILE_TARGET_SLOTS];
        if (slot->codeptr == codeptr && slot->kind == kind)
            return slot;
        if (!slot->codeptr) {
            slot->codeptr = codeptr;
            slot->kind = kind;
            return slot;
        }
    }
    return NULL; /* table full: not counted */
}

static struct map_slot *map_slot(struct profile_thread *t, const void *codeptr, const void *host)
{
    uintptr_t hash = ((uintptr_t)codeptr >> 2) ^ ((uintptr_t)host >> 3) * 0x9E3779B1u;
    for (unsigned probe = 0; probe < PROFILE_MAP_SLOTS; probe++) {
        struct map_slot *slot = &t->maps[(hash + probe) % PROFILE_MAP_SLOTS];
        if (slot->codeptr == codeptr && slot->host == host)
            return slot;
        if (!slot->codeptr) {
            slot->codeptr = codeptr;
            slot->host = host;
            return slot;
        }
    }
    return NULL;
}

static void on_target_emi(ompt_target_t kind, ompt_scope_endpoint_t endpoint, int device_num,
                          ompt_data_t *task_data, ompt_data_t *target_task_data, ompt_data_t *target_data,
                          const void *codeptr_ra)
{
    (void)task_data, (void)target_task_data;
    struct profile_thread *t = profile_self();
    uint64_t now = profile_now();
    if (endpoint == ompt_scope_begin) {
        struct target_slot *slot = target_slot(t, codeptr_ra, kind);
        if (slot)
            slot->device = device_num;
        target_data->ptr = slot;
        if (t->target_depth < PROFILE_TARGET_NESTING)
            t->target_stack[t->target_depth] = (typeof(t->target_stack[0])){slot, now};
        t->target_depth++;
        return;
    }
    if (!t->target_depth)
        return;
    t->target_depth--;
    if (t->target_depth >= PROFILE_TARGET_NESTING)
        return;
    struct target_slot *slot = t->target_stack[t->target_depth].slot;
    if (slot) {
        slot->calls++;
        slot->host_ns += now - t->target_stack[t->target_depth].start;
    }
}

/* The construct's slot; outside any construct (omp_target_memcpy and the
 * like) one slot per call site, of kind 0. */
static struct target_slot *slot_of(ompt_data_t *target_data, const void *codeptr_ra)
{
    if (target_data && target_data->ptr)
        return target_data->ptr;
    return target_slot(profile_self(), codeptr_ra, 0);
}

static void on_data_op_emi(ompt_scope_endpoint_t endpoint, ompt_data_t *target_task_data, ompt_data_t *target_data,
                           ompt_id_t *host_op_id, ompt_target_data_op_t optype, void *src_addr, int src_device_num,
                           void *dest_addr, int dest_device_num, size_t bytes, const void *codeptr_ra)
{
    (void)target_task_data, (void)src_device_num, (void)dest_device_num;
    if (endpoint == ompt_scope_begin) {
        *host_op_id = profile_now();
        return;
    }
    uint64_t now = profile_now(), ns = now - *host_op_id;
    if (profile_keep_timeline)
        profile_timeline_device(profile_self(), *host_op_id, now);
    struct target_slot *slot = slot_of(target_data, codeptr_ra);
    if (!slot)
        return;
    int direction;
    const void *host;
    switch ((int)optype) {
    case ompt_target_data_transfer_to_device:
    case ompt_target_data_transfer_to_device_async: direction = TO_DEVICE, host = src_addr; break;
    case ompt_target_data_transfer_from_device:
    case ompt_target_data_transfer_from_device_async: direction = FROM_DEVICE, host = dest_addr; break;
    case ompt_target_data_alloc:
    case ompt_target_data_alloc_async: slot->allocations++; return;
    case ompt_target_data_delete:
    case ompt_target_data_delete_async: slot->deletions++; return;
    default: return;
    }
    slot->bytes[direction] += bytes;
    slot->copies[direction]++;
    slot->copy_ns[direction] += ns;
    struct map_slot *item = map_slot(profile_self(), slot->codeptr, host);
    if (item) {
        item->bytes[direction] += bytes;
        item->copies[direction]++;
    }
}

static void on_submit_emi(ompt_scope_endpoint_t endpoint, ompt_data_t *target_data, ompt_id_t *host_op_id,
                          unsigned int requested_num_teams)
{
    (void)requested_num_teams;
    if (endpoint == ompt_scope_begin) {
        *host_op_id = profile_now();
        return;
    }
    struct target_slot *slot = target_data ? target_data->ptr : NULL;
    uint64_t now = profile_now();
    if (profile_keep_timeline)
        profile_timeline_device(profile_self(), *host_op_id, now);
    if (slot) {
        slot->kernels++;
        slot->kernel_ns += now - *host_op_id;
    }
}

/* The construct's map items: their sizes and map types, by host address. */
static void on_map_emi(ompt_data_t *target_data, unsigned int nitems, void **host_addr, void **device_addr,
                       size_t *bytes, unsigned int *mapping_flags, const void *codeptr_ra)
{
    (void)device_addr;
    struct target_slot *slot = slot_of(target_data, codeptr_ra);
    if (!slot)
        return;
    struct profile_thread *t = profile_self();
    for (unsigned i = 0; i < nitems; i++) {
        struct map_slot *item = map_slot(t, slot->codeptr, host_addr[i]);
        if (!item)
            return;
        item->size = bytes[i];
        item->item = i + 1;
        item->flags |= mapping_flags[i];
    }
}

void profile_target_register(ompt_set_callback_t set_callback)
{
    set_callback(ompt_callback_target_emi, (ompt_callback_t)on_target_emi);
    set_callback(ompt_callback_target_data_op_emi, (ompt_callback_t)on_data_op_emi);
    set_callback(ompt_callback_target_submit_emi, (ompt_callback_t)on_submit_emi);
    set_callback(ompt_callback_target_map_emi, (ompt_callback_t)on_map_emi);
}
