/* Dispatchers of the target and device events (OpenMP 5.1, 4.5.2.19-4.5.2.28),
 * for the device layer (src/device/tracing/device_events.c). Each calls, for every
 * tool in list order, the EMI form of the callback when the tool registered
 * it, else the non-EMI form: a tool may register only one of the two
 * (callbacks.c, emi_partner), and different tools may choose differently.
 * Per-construct data is kept per tool: `target_data` is an array of
 * GLASS_OMPT_MAX_TOOLS, `host_op_id` one of GLASS_OMPT_MAX_TOOLS + 1 whose last
 * element is the runtime's own id (what non-EMI callbacks get). */
#ifndef GLASS_OMPT_TARGET_EVENTS_H
#define GLASS_OMPT_TARGET_EVENTS_H

#include <stddef.h>
#include <stdint.h>

#include "hooks.h"

/* Values of ompt_target_t (4.4.4.20). */
enum glass_target_kind {
    GLASS_TARGET = 1,
    GLASS_TARGET_ENTER_DATA = 2,
    GLASS_TARGET_EXIT_DATA = 3,
    GLASS_TARGET_UPDATE = 4,
    GLASS_TARGET_NOWAIT_FLAG = 8, /* ompt_target_nowait = ompt_target | 8, and so on */
};

/* Values of ompt_target_data_op_t (4.4.4.14). */
enum glass_data_op {
    GLASS_DATA_ALLOC = 1,
    GLASS_DATA_TO_DEVICE = 2,
    GLASS_DATA_FROM_DEVICE = 3,
    GLASS_DATA_DELETE = 4,
    GLASS_DATA_ASSOCIATE = 5,
    GLASS_DATA_DISASSOCIATE = 6,
};

/* Values of ompt_target_map_flag_t (4.4.4.22). */
enum glass_map_flag {
    GLASS_MAP_FLAG_TO = 0x01,
    GLASS_MAP_FLAG_FROM = 0x02,
    GLASS_MAP_FLAG_ALLOC = 0x04,
    GLASS_MAP_FLAG_RELEASE = 0x08,
    GLASS_MAP_FLAG_DELETE = 0x10,
    GLASS_MAP_FLAG_IMPLICIT = 0x20,
};

/* Whether any tool gets a target event of this family (either form). */
#define GLASS_OMPT_TARGET_ON(event) (GLASS_OMPT_ON(event) || GLASS_OMPT_ON(event##_emi))

/* The target task's data: `target_task`, a deferred target task's
 * tool_data, or else `included`, one slot per tool for the target task a
 * construct without nowait generates and runs at once (included: it has no
 * task of its own); both NULL outside constructs (the memory routines). */
void glass_ompt_emit_target(int kind, int endpoint, int device_num, glass_tool_data *task,
                            glass_tool_data *target_task, glass_tool_data *included, glass_tool_data *target_data,
                            uint64_t target_id, const void *codeptr);
void glass_ompt_emit_target_data_op(int endpoint, glass_tool_data *target_task, glass_tool_data *included,
                                    glass_tool_data *target_data, uint64_t target_id, uint64_t *host_op_id,
                                    int optype, void *src, int src_device, void *dest, int dest_device,
                                    size_t bytes, const void *codeptr);
void glass_ompt_emit_target_submit(int endpoint, glass_tool_data *target_data, uint64_t target_id,
                                   uint64_t *host_op_id, unsigned requested_num_teams);
void glass_ompt_emit_target_map(glass_tool_data *target_data, uint64_t target_id, unsigned nitems,
                                void **host_addr, void **device_addr, size_t *bytes, unsigned *flags,
                                const void *codeptr);
void glass_ompt_emit_device_initialize(int device_num, const char *type, void *device, const char *documentation);
void glass_ompt_emit_device_finalize(int device_num);
void glass_ompt_emit_device_load(int device_num, const char *filename, int64_t offset, void *vma, size_t bytes,
                                 void *host_addr, void *device_addr, uint64_t module_id);
void glass_ompt_emit_device_unload(int device_num, uint64_t module_id);

#endif
