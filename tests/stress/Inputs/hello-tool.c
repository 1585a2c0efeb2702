/* A tool that only announces that it was loaded, then declines. */
#include <omp-tools.h>
#include <stdio.h>

ompt_start_tool_result_t *ompt_start_tool(unsigned int omp_version, const char *runtime_version)
{
    (void)omp_version;
    printf("tool loaded by %s\n", runtime_version);
    return NULL;
}
