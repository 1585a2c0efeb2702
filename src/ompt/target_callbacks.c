/* The target and device dispatchers (target_events.h). Each tool gets the
 * form it registered: EMI callbacks receive the construct's and operation's
 * per-tool data (which the tool may set at begin and read at end), non-EMI
 * callbacks the runtime's ids (one per construct, one per operation). */
#include <omp-tools.h>

#include "dispatch.h"
#include "target_events.h"

/* The tool's form of `family`: `emi` when registered, else `plain`, else none. */
#define FOR_EACH_TOOL(self, body)                                                   \
    do {                                                                            \
        if (self)                                                                   \
            dispatch_enter(self);                                                   \
        for (int tool = 0, tools = glass_ompt_tool_count(); tool < tools; tool++) { \
            body;                                                                   \
        }                                                                           \
        if (self)                                                                   \
            dispatch_leave(self);                                                   \
    } while (0)

/* The calling tool's target task data (target_events.h). */
#define TARGET_TASK(task, included) \
    ((task) ? TASK(task) : (included) ? (ompt_data_t *)&(included)[tool] : (ompt_data_t *)NULL)

void glass_ompt_emit_target(int kind, int endpoint, int device_num, glass_tool_data *task,
                            glass_tool_data *target_task, glass_tool_data *included, glass_tool_data *target_data,
                            uint64_t target_id, const void *codeptr)
{
    struct glass_thread *self = glass_self_ptr;
    FOR_EACH_TOOL(self, {
        ompt_callback_target_emi_t emi = (ompt_callback_target_emi_t)callback_of(tool, ompt_callback_target_emi);
        ompt_callback_target_t plain = (ompt_callback_target_t)callback_of(tool, ompt_callback_target);
        if (emi)
            emi((ompt_target_t)kind, (ompt_scope_endpoint_t)endpoint, device_num, TASK(task),
                TARGET_TASK(target_task, included),
                (ompt_data_t *)&target_data[tool], user_site(codeptr));
        else if (plain)
            plain((ompt_target_t)kind, (ompt_scope_endpoint_t)endpoint, device_num, TASK(task), target_id,
                  user_site(codeptr));
    });
}

/* Non-EMI data operations are reported once, when done (endpoint end), with
 * the addresses known then; EMI ones at both ends (5.1, 4.5.2.25). */
void glass_ompt_emit_target_data_op(int endpoint, glass_tool_data *target_task, glass_tool_data *included,
                                    glass_tool_data *target_data, uint64_t target_id, uint64_t *host_op_id,
                                    int optype, void *src, int src_device, void *dest, int dest_device,
                                    size_t bytes, const void *codeptr)
{
    struct glass_thread *self = glass_self_ptr;
    FOR_EACH_TOOL(self, {
        ompt_callback_target_data_op_emi_t emi =
            (ompt_callback_target_data_op_emi_t)callback_of(tool, ompt_callback_target_data_op_emi);
        ompt_callback_target_data_op_t plain =
            (ompt_callback_target_data_op_t)callback_of(tool, ompt_callback_target_data_op);
        if (emi)
            emi((ompt_scope_endpoint_t)endpoint, TARGET_TASK(target_task, included), (ompt_data_t *)&target_data[tool],
                (ompt_id_t *)&host_op_id[tool], (ompt_target_data_op_t)optype, src, src_device, dest, dest_device,
                bytes, user_site(codeptr));
        else if (plain && endpoint == GLASS_SCOPE_END)
            plain(target_id, host_op_id[GLASS_OMPT_MAX_TOOLS], (ompt_target_data_op_t)optype, src, src_device,
                  dest, dest_device, bytes, user_site(codeptr));
    });
}

/* Non-EMI submit: once, before the region runs, as LLVM reports it. */
void glass_ompt_emit_target_submit(int endpoint, glass_tool_data *target_data, uint64_t target_id,
                                   uint64_t *host_op_id, unsigned requested_num_teams)
{
    struct glass_thread *self = glass_self_ptr;
    FOR_EACH_TOOL(self, {
        ompt_callback_target_submit_emi_t emi =
            (ompt_callback_target_submit_emi_t)callback_of(tool, ompt_callback_target_submit_emi);
        ompt_callback_target_submit_t plain =
            (ompt_callback_target_submit_t)callback_of(tool, ompt_callback_target_submit);
        if (emi)
            emi((ompt_scope_endpoint_t)endpoint, (ompt_data_t *)&target_data[tool], (ompt_id_t *)&host_op_id[tool],
                requested_num_teams);
        else if (plain && endpoint == GLASS_SCOPE_BEGIN)
            plain(target_id, host_op_id[GLASS_OMPT_MAX_TOOLS], requested_num_teams);
    });
}

void glass_ompt_emit_target_map(glass_tool_data *target_data, uint64_t target_id, unsigned nitems,
                                void **host_addr, void **device_addr, size_t *bytes, unsigned *flags,
                                const void *codeptr)
{
    struct glass_thread *self = glass_self_ptr;
    FOR_EACH_TOOL(self, {
        ompt_callback_target_map_emi_t emi =
            (ompt_callback_target_map_emi_t)callback_of(tool, ompt_callback_target_map_emi);
        ompt_callback_target_map_t plain = (ompt_callback_target_map_t)callback_of(tool, ompt_callback_target_map);
        if (emi)
            emi((ompt_data_t *)&target_data[tool], nitems, host_addr, device_addr, bytes, flags, user_site(codeptr));
        else if (plain)
            plain(target_id, nitems, host_addr, device_addr, bytes, flags, user_site(codeptr));
    });
}

void glass_ompt_emit_device_initialize(int device_num, const char *type, void *device, const char *documentation)
{
    struct glass_thread *self = glass_self_ptr;
    FOR_EACH_TOOL(self, {
        ompt_callback_device_initialize_t callback =
            (ompt_callback_device_initialize_t)callback_of(tool, ompt_callback_device_initialize);
        if (callback)
            callback(device_num, type, (ompt_device_t *)device, glass_ompt_device_lookup(tool), documentation);
    });
}

void glass_ompt_emit_device_finalize(int device_num)
{
    struct glass_thread *self = glass_self_ptr;
    FOR_EACH_TOOL(self, {
        ompt_callback_device_finalize_t callback =
            (ompt_callback_device_finalize_t)callback_of(tool, ompt_callback_device_finalize);
        if (callback)
            callback(device_num);
    });
}

void glass_ompt_emit_device_load(int device_num, const char *filename, int64_t offset, void *vma, size_t bytes,
                                 void *host_addr, void *device_addr, uint64_t module_id)
{
    struct glass_thread *self = glass_self_ptr;
    FOR_EACH_TOOL(self, {
        ompt_callback_device_load_t callback =
            (ompt_callback_device_load_t)callback_of(tool, ompt_callback_device_load);
        if (callback)
            callback(device_num, filename, offset, vma, bytes, host_addr, device_addr, module_id);
    });
}

void glass_ompt_emit_device_unload(int device_num, uint64_t module_id)
{
    struct glass_thread *self = glass_self_ptr;
    FOR_EACH_TOOL(self, {
        ompt_callback_device_unload_t callback =
            (ompt_callback_device_unload_t)callback_of(tool, ompt_callback_device_unload);
        if (callback)
            callback(device_num, module_id);
    });
}
