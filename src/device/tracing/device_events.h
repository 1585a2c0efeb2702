/* The device layer's side of OMPT: one target construct's events, its data
 * operations and kernel submissions, and the device's own life (device
 * initialize, load, unload, finalize). Emitted here once for every kind of
 * device. When no tool watches target events, `op->watched` is false and
 * every helper below is one branch. */
#ifndef GLASS_DEVICE_DEVICE_EVENTS_H
#define GLASS_DEVICE_DEVICE_EVENTS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "../../ompt/hooks.h"
#include "../../ompt/target_events.h"

struct glass_device;

/* One target construct (target, target data, enter/exit data, update). */
struct glass_target_op {
    bool watched;                               /* a tool gets target events, or the device records them */
    struct glass_device *device;                /* NULL: the host */
    int kind;                                   /* enum glass_target_kind, nowait flag included */
    int device_num;
    uint64_t target_id;                         /* the runtime's id (non-EMI tools) */
    glass_tool_data target_data[GLASS_OMPT_MAX_TOOLS];
    glass_tool_data *task;                      /* the encountering task's data */
    glass_tool_data *target_task;               /* the target task's (nowait), else NULL */
    glass_tool_data included_task[GLASS_OMPT_MAX_TOOLS]; /* else the included target task's, per tool */
    bool construct;                             /* a construct, not a memory routine's operation */
    const void *codeptr;
    struct glass_target_op *outer;              /* the thread's enclosing construct (ompt_get_target_info) */
    /* A nowait region on a device queue (async_target.h): while its work is
     * queued, the queue (copies to the device go on it) and the number the
     * kind gave the operation just queued (-1: not timed); a traced
     * transfer's or kernel's record then waits for its device times. */
    void *queue;
    int queued_timed;
    struct glass_async_region *async;
};

/* One data operation or kernel submission inside a construct. */
struct glass_host_op {
    uint64_t host_op_id[GLASS_OMPT_MAX_TOOLS + 1];
    uint64_t start_time; /* the device's clock, for its trace record */
};

void glass_target_op_begin(struct glass_target_op *op, int kind, struct glass_device *device, int device_num,
                           const void *codeptr);
void glass_target_op_end(struct glass_target_op *op);
/* A nowait region waiting for its device queue (async_target.c): the thread
 * leaves the construct without ending it while it runs other tasks (leave),
 * which are not inside it, then takes it up again to end it (resume). */
void glass_target_op_leave(struct glass_target_op *op);
void glass_target_op_resume(struct glass_target_op *op);
/* The context of a data operation outside any construct (the device memory
 * routines): no target events, target id none; `codeptr`: the routine's
 * return address. */
void glass_target_op_standalone(struct glass_target_op *op, struct glass_device *device, const void *codeptr);

/* Data operations: begin before the operation, end after it (with the
 * allocated address for an alloc). */
void glass_data_op_begin(struct glass_target_op *op, struct glass_host_op *host_op, int optype, const void *src,
                         int src_device, const void *dest, int dest_device, size_t bytes);
void glass_data_op_end(struct glass_target_op *op, struct glass_host_op *host_op, int optype, const void *src,
                       int src_device, const void *dest, int dest_device, size_t bytes);

void glass_submit_begin(struct glass_target_op *op, struct glass_host_op *host_op, unsigned requested_teams);
void glass_submit_end(struct glass_target_op *op, struct glass_host_op *host_op, unsigned requested_teams,
                      unsigned granted_teams);

void glass_target_map_report(struct glass_target_op *op, unsigned nitems, void **host_addr, void **device_addr,
                             size_t *bytes, unsigned *flags);

/* Whether the construct's items are reported (target_map callback or record). */
bool glass_target_op_wants_map(const struct glass_target_op *op);

/* The thread's innermost construct being processed, or NULL. */
struct glass_target_op *glass_target_op_current(void);
/* The runtime's id of the thread's current data operation or submission. */
uint64_t glass_host_op_current(void);

struct glass_device_module;
/* device_initialize, then device_load for each module the device loaded at
 * init (the program itself when none). */
void glass_device_events_initialized(struct glass_device *device);
/* device_load of a module loaded after init; device_unload of one about to
 * be unloaded (image_loading.c). */
void glass_device_events_loaded(struct glass_device *device, struct glass_device_module *module);
void glass_device_events_unloading(struct glass_device *device, const struct glass_device_module *module);
/* The trace's end, device_unload of each module still loaded, device_finalize. */
void glass_device_events_finalizing(struct glass_device *device);

#endif
