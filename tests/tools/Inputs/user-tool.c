/* A user's own OMPT tool: counts the parallel regions it sees and prints the
 * count at finalize. `glass profile`, `trace` and `check` must run it beside
 * their own tool when OMP_TOOL_LIBRARIES names it. */
#include <stdatomic.h>
#include <stdio.h>

#include <omp-tools.h>

static atomic_int regions;

static void on_parallel_begin(ompt_data_t *task, const ompt_frame_t *frame, ompt_data_t *parallel,
                              unsigned int requested, int flags, const void *codeptr)
{
    (void)task, (void)frame, (void)parallel, (void)requested, (void)flags, (void)codeptr;
    atomic_fetch_add(&regions, 1);
}

static int initialize(ompt_function_lookup_t lookup, int device, ompt_data_t *data)
{
    (void)device, (void)data;
    ompt_set_callback_t set_callback = (ompt_set_callback_t)lookup("ompt_set_callback");
    set_callback(ompt_callback_parallel_begin, (ompt_callback_t)on_parallel_begin);
    return 1;
}

static void finalize(ompt_data_t *data)
{
    (void)data;
    printf("user tool: %d parallel regions\n", atomic_load(&regions));
    fflush(stdout);
}

ompt_start_tool_result_t *ompt_start_tool(unsigned int version, const char *runtime)
{
    (void)version, (void)runtime;
    static ompt_start_tool_result_t result = {initialize, finalize, {0}};
    return &result;
}
