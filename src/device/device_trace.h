/* OMPT device tracing (OpenMP 5.1, 4.6.2): a device's target, data-op,
 * kernel (submit) and map events as trace records, written into buffers the
 * tool supplies.
 *
 * OpenMP threads never call the tool's buffer callbacks: a record is staged
 * in the runtime's own memory, and a helper thread per traced device (not an
 * OpenMP thread) asks the tool for buffers (buffer_request), copies records
 * into them, and hands each buffer back exactly once (buffer_complete), when
 * it is full, on ompt_flush_trace, and on ompt_stop_trace, which the runtime
 * also does itself before the device's device_finalize (at exit and at
 * ompt_finalize_tool). A buffer of 0 bytes from the tool turns recording off
 * for the device, as 4.6.2.5 says, without handing anything back. */
#ifndef GLASS_DEVICE_DEVICE_TRACE_H
#define GLASS_DEVICE_DEVICE_TRACE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

struct glass_device;

/* The tracing entry points by name (for device_initialize's lookup); NULL
 * for other names. */
void (*glass_device_trace_lookup(const char *name))(void);

/* Whether the device records events of callback type `event` now. */
bool glass_device_trace_wants(struct glass_device *device, int event);

/* One record; `time` is the device time of the event (its start for data
 * operations and kernels). */
struct glass_trace_event {
    int type;            /* ompt_callback_target, _target_data_op, _target_submit, _target_map */
    uint64_t time;
    uint64_t target_id;
    /* target */
    int kind, endpoint, device_num;
    uint64_t task_id;
    const void *codeptr;
    /* data op and kernel */
    uint64_t host_op_id, end_time;
    int optype, src_device, dest_device;
    const void *src, *dest;
    size_t bytes;
    unsigned requested_teams, granted_teams;
    /* map */
    unsigned nitems;
    void *const *host_addr, *const *device_addr;
    const size_t *item_bytes;
    const unsigned *flags;
};
void glass_device_trace_record(struct glass_device *device, const struct glass_trace_event *event);

/* Stops tracing on the device (flushing first): the device is ending. */
void glass_device_trace_end(struct glass_device *device);

#endif
