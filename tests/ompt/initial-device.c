// The initial device number a tool's initializer gets (OpenMP 5.1, 4.2.3) is
// omp_get_initial_device(): the host, numbered after the devices, so 0
// without devices and 2 with two host devices (found by the glass trace
// work: it was always 0). Its tool also checks the frame-flag rule
// (Inputs/frame_flags.h) at each implicit task.
// RUN: %ompt-cc %s %ompt-link -o %t
// RUN: %run %t | FileCheck %s --check-prefix=NONE
// RUN: env GLASS_HOST_DEVICES=2 %run %t | FileCheck %s --check-prefix=TWO
#include <omp-tools.h>
#include <omp.h>
#include <stdio.h>
#include "frame_flags.h"

static int given = -1;
static int frames_checked;

/* The frame-flag rule (frame_flags.h) on the task frames at each implicit
 * task's begin and end. */
static void on_implicit_task(ompt_scope_endpoint_t endpoint, ompt_data_t *parallel, ompt_data_t *task,
                             unsigned actual_parallelism, unsigned index, int flags)
{
    (void)endpoint, (void)parallel, (void)task, (void)actual_parallelism, (void)index, (void)flags;
    frame_flags_check_tasks(NULL, "implicit_task");
    __atomic_fetch_add(&frames_checked, 1, __ATOMIC_RELAXED);
}

static int initialize(ompt_function_lookup_t lookup, int initial_device_num, ompt_data_t *tool_data)
{
    (void)tool_data;
    given = initial_device_num;
    frame_flags_init(lookup);
    ompt_set_callback_t set_callback = (ompt_set_callback_t)lookup("ompt_set_callback");
    set_callback(ompt_callback_implicit_task, (ompt_callback_t)on_implicit_task);
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

int main(void)
{
    int initial = omp_get_initial_device(); /* first: the tool may start at the first OpenMP call */
    printf("tool got %d, omp_get_initial_device()=%d\n", given, initial);
    int threads = 0;
#pragma omp parallel num_threads(2) reduction(+ : threads)
    threads++;
    /* The initial task's begin, the two implicit tasks' begins and the
     * master's end at least (a worker's end may come after the join). */
    printf("threads %d, frames checked: %s\n", threads,
           __atomic_load_n(&frames_checked, __ATOMIC_RELAXED) >= 4 ? "yes" : "no");
    return 0;
}

// NONE: tool got 0, omp_get_initial_device()=0
// NONE-NEXT: threads 2, frames checked: yes
// TWO: tool got 2, omp_get_initial_device()=2
// TWO-NEXT: threads 2, frames checked: yes
