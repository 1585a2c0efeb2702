// What tools written for LLVM's target callbacks rely on, on a host device
// (found running LLVM 19's own test tool, tests/external/llvm-target-tool.sh):
// - target_emi's target_task_data is never NULL for a construct: without
//   nowait the construct's target task is included, and gets data of its
//   own for the construct (it was NULL; LLVM's tool reads it, and crashed);
//   a nowait construct's target_task_data is its target task's;
// - the device memory routines' data operations carry the routine's return
//   address as codeptr_ra (it was NULL; LLVM's tool asserts it is not);
// - a device-to-device omp_target_memcpy is a data operation too: a transfer
//   from the device, with the device on both sides, as libomptarget reports
//   it (it raised no event);
// - omp_target_associate_ptr and omp_target_disassociate_ptr are data
//   operations (ompt_target_data_associate, _disassociate) from the host
//   address, on the initial device, to the device address (the device
//   pointer plus the offset), on the device, with the associated bytes and
//   the routine's return address; neither at a second disassociate, which
//   fails.
// REQUIRES: gcc
// RUN: %ompt-cc %s %ompt-link -o %t
// RUN: env GLASS_HOST_DEVICES=1 %run %t | FileCheck %s
// CHECK: target: target-task-data non-null 1 same at end 1
// CHECK-NEXT: nowait: target-task-data non-null 1 not the included one's 1
// CHECK-NEXT: memory routines: ops 7 alloc 2 to 1 from 2 delete 2 with code 7 in the program 7
// CHECK-NEXT: d2d: transfer_from_device 0 -> 0 bytes 16
// CHECK-NEXT: constructs without target task data 0
// CHECK-NEXT: associate: 0 events 1 host w 1 device r+8 1 bytes 16 devices 1 -> 0 in the program 1
// CHECK-NEXT: disassociate: 0 events 1 host w 1 device r+8 1 bytes 16 devices 1 -> 0 in the program 1
// CHECK-NEXT: disassociate again: 22 events 0
#define _GNU_SOURCE
#include <dlfcn.h>
#include <omp-tools.h>
#include <omp.h>
#include <stdio.h>
#include "frame_flags.h" /* every event checks the frame-flag rule */

static ompt_data_t *begin_target_task, *end_target_task, *nowait_target_task;
static int null_target_tasks;
static int routine_ops, with_code, in_program, kinds[8];
static int d2d_src = -1, d2d_dst = -1;
static size_t d2d_bytes;

/* The last associate or disassociate operation (end callbacks). */
static struct {
    int count;
    void *src, *dest;
    int src_device, dest_device;
    size_t bytes;
    const void *codeptr;
} association[8];

static void on_target_emi(ompt_target_t kind, ompt_scope_endpoint_t endpoint, int device_num,
                          ompt_data_t *task_data, ompt_data_t *target_task_data, ompt_data_t *target_data,
                          const void *codeptr_ra)
{
    frame_flags_check_tasks(NULL, "target_emi");
    (void)device_num, (void)task_data, (void)codeptr_ra;
    if (endpoint == ompt_scope_begin)
        target_data->value = 1; /* a construct's data operations are not the routines' */
    null_target_tasks += target_task_data == NULL;
    if (kind == ompt_target_nowait)
        nowait_target_task = target_task_data;
    else if (kind == ompt_target && endpoint == ompt_scope_begin && !begin_target_task)
        begin_target_task = target_task_data;
    else if (kind == ompt_target && endpoint == ompt_scope_end && !end_target_task)
        end_target_task = target_task_data;
}

/* Whether `code` lies in the program (not in the runtime). */
static int in_the_program(const void *code)
{
    Dl_info at, program;
    return code && dladdr(code, &at) && dladdr((void *)in_the_program, &program) &&
           at.dli_fbase == program.dli_fbase;
}

static void on_data_op_emi(ompt_scope_endpoint_t endpoint, ompt_data_t *target_task_data,
                           ompt_data_t *target_data, ompt_id_t *host_op_id, ompt_target_data_op_t optype,
                           void *src, int src_device, void *dest, int dest_device, size_t bytes,
                           const void *codeptr_ra)
{
    frame_flags_check_tasks(NULL, "data_op_emi");
    (void)target_task_data, (void)host_op_id;
    if (endpoint != ompt_scope_end || target_data->value != 0)
        return; /* count the memory routines' operations, once each */
    if (optype == ompt_target_data_associate || optype == ompt_target_data_disassociate) {
        association[optype].count++;
        association[optype].src = src, association[optype].dest = dest, association[optype].bytes = bytes;
        association[optype].src_device = src_device, association[optype].dest_device = dest_device;
        association[optype].codeptr = codeptr_ra;
        return;
    }
    routine_ops++;
    with_code += codeptr_ra != NULL;
    in_program += in_the_program(codeptr_ra);
    if (optype >= 1 && optype < 8)
        kinds[optype]++;
    if (optype == ompt_target_data_transfer_from_device && src_device == dest_device)
        d2d_src = src_device, d2d_dst = dest_device, d2d_bytes = bytes;
}

static int initialize(ompt_function_lookup_t lookup, int initial_device_num, ompt_data_t *tool_data)
{
    (void)initial_device_num, (void)tool_data;
    ompt_set_callback_t set_callback = (ompt_set_callback_t)lookup("ompt_set_callback");
    frame_flags_init(lookup);
    set_callback(ompt_callback_target_emi, (ompt_callback_t)on_target_emi);
    set_callback(ompt_callback_target_data_op_emi, (ompt_callback_t)on_data_op_emi);
    return 1;
}

static void finalize(ompt_data_t *tool_data)
{
    (void)tool_data;
}

ompt_start_tool_result_t *ompt_start_tool(unsigned int omp_version, const char *runtime_version)
{
    (void)omp_version, (void)runtime_version;
    static ompt_start_tool_result_t result = {initialize, finalize, {0}};
    return &result;
}

static void report_association(const char *what, int optype, int result, void *host_addr, void *device_addr)
{
    printf("%s: %d events %d host w %d device r+8 %d bytes %zu devices %d -> %d in the program %d\n", what, result,
           association[optype].count, association[optype].src == host_addr, association[optype].dest == device_addr,
           association[optype].bytes, association[optype].src_device, association[optype].dest_device,
           in_the_program(association[optype].codeptr));
}

int main(void)
{
    int x = 0;
#pragma omp target map(tofrom : x)
    x++;
    printf("target: target-task-data non-null %d same at end %d\n", begin_target_task != NULL,
           begin_target_task == end_target_task);
#pragma omp target map(tofrom : x) nowait
    x++;
#pragma omp taskwait
    printf("nowait: target-task-data non-null %d not the included one's %d\n", nowait_target_task != NULL,
           nowait_target_task != begin_target_task);

    int device = omp_get_default_device(), host = omp_get_initial_device();
    int v[4] = {1, 2, 3, 4}, w[4] = {0};
    int *p = omp_target_alloc(sizeof v, device);
    int *q = omp_target_alloc(sizeof v, device);
    omp_target_memcpy(p, v, sizeof v, 0, 0, device, host);
    omp_target_memcpy(q, p, sizeof v, 0, 0, device, device);
    omp_target_memcpy(w, q, sizeof w, 0, 0, host, device);
    omp_target_free(p, device);
    omp_target_free(q, device);
    printf("memory routines: ops %d alloc %d to %d from %d delete %d with code %d in the program %d\n",
           routine_ops, kinds[ompt_target_data_alloc], kinds[ompt_target_data_transfer_to_device],
           kinds[ompt_target_data_transfer_from_device], kinds[ompt_target_data_delete], with_code, in_program);
    printf("d2d: transfer_from_device %d -> %d bytes %zu\n", d2d_src, d2d_dst, d2d_bytes);
    printf("constructs without target task data %d\n", null_target_tasks);

    char *r = omp_target_alloc(sizeof w + 8, device);
    int associated = omp_target_associate_ptr(w, r, sizeof w, 8, device);
    report_association("associate", ompt_target_data_associate, associated, w, r + 8);
    int disassociated = omp_target_disassociate_ptr(w, device);
    report_association("disassociate", ompt_target_data_disassociate, disassociated, w, r + 8);
    association[ompt_target_data_disassociate].count = 0;
    int again = omp_target_disassociate_ptr(w, device);
    printf("disassociate again: %d events %d\n", again, association[ompt_target_data_disassociate].count);
    omp_target_free(r, device);
    return w[3] != 4 || x != 2;
}
