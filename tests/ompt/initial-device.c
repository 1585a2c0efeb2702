// The initial device number a tool's initializer gets (OpenMP 5.1, 4.2.3) is
// omp_get_initial_device(): the host, numbered after the devices, so 0
// without devices and 2 with two host devices (found by the glass trace
// work: it was always 0).
// RUN: %ompt-cc %s %ompt-link -o %t
// RUN: %run %t | FileCheck %s --check-prefix=NONE
// RUN: env GLASS_HOST_DEVICES=2 %run %t | FileCheck %s --check-prefix=TWO
#include <omp-tools.h>
#include <omp.h>
#include <stdio.h>

static int given = -1;

static int initialize(ompt_function_lookup_t lookup, int initial_device_num, ompt_data_t *tool_data)
{
    (void)lookup, (void)tool_data;
    given = initial_device_num;
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
    return 0;
}

// NONE: tool got 0, omp_get_initial_device()=0
// TWO: tool got 2, omp_get_initial_device()=2
