/* User API: omp_control_tool (OpenMP 5.1, 3.14), the program's way to talk
 * to the OMPT tool, in C and Fortran. Not in GCC 12's libgomp: the names have
 * their own version node (src/ompt/ompt.map). */
#include <stdint.h>

#include "../core/export.h"
#include "../core/runtime.h"
#include "../ompt/events.h"

/* Values of omp_control_tool_result_t. */
#define CONTROL_TOOL_NOTOOL (-2)

/* Always inlined, so the call site it reports is the program's. */
static inline __attribute__((always_inline)) int control_tool(int command, int modifier, void *arg)
{
    GLASS_OMPT_ENTRY();
    /* Callable before any construct: the tool is found during initialization. */
    glass_initialize();
    if (!GLASS_OMPT_ACTIVE())
        return CONTROL_TOOL_NOTOOL;
    return glass_ompt_control_tool((uint64_t)(int64_t)command, (uint64_t)(int64_t)modifier, arg,
                                   __builtin_return_address(0));
}

GLASS_EXPORT int omp_control_tool(int command, int modifier, void *arg)
{
    return control_tool(command, modifier, arg);
}

/* Fortran: integer function omp_control_tool(command, modifier); no arg. */
GLASS_EXPORT int omp_control_tool_(const int *command, const int *modifier)
{
    return control_tool(*command, *modifier, NULL);
}
