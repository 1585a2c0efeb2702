/* OMPT device tracing (OpenMP 5.1, 4.6.2): a device's target, data-op,
 * kernel (submit) and map events, and the creation and dependences of the
 * target tasks generated for constructs on it (target_task_records.h), as
 * trace records, written into buffers the tool supplies.
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

/* The tracing entry points by name, as tool `tool` gets them from its
 * device_initialize's lookup (its own ompt_start_trace: the trace remembers
 * whose it is); NULL for other names. */
void (*glass_device_trace_lookup(int tool, const char *name))(void);

/* The index of the tool that started tracing on the device (0 when none
 * did): records that name a task carry that tool's ompt_data_t value of the
 * task, since the buffers are that tool's (target_task_records.h). */
int glass_device_trace_tool(const struct glass_device *device);

/* Whether the device records events of callback type `event` now. */
bool glass_device_trace_wants(struct glass_device *device, int event);

/* One record; `time` is the device time of the event (its start for data
 * operations and kernels). */
struct glass_trace_event {
    int type; /* ompt_callback_target, _target_data_op, _target_submit, _target_map, _task_create, _dependences */
    uint64_t time;
    uint64_t target_id;
    /* target; task_create (the encountering task); dependences (the task) */
    int kind, endpoint, device_num;
    uint64_t task_id;
    const void *codeptr;
    /* task_create */
    uint64_t new_task_id;
    int task_flags, has_dependences;
    /* dependences: one record per dependence, each with the count */
    const void *dep_variable;
    int dep_type, ndeps;
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
