/* GCC ABI: scope. GCC calls into the runtime for a scope construct only when
 * it has task reductions (reduction(task, ...)); plain reductions and the
 * closing barrier are compiled inline. */
#include <stdint.h>

#include "../../core/export.h"
#include "../../core/runtime.h"

GLASS_EXPORT void GOMP_scope_start(uintptr_t *reductions)
{
    if (reductions)
        glass_fatal("task reductions on worksharing constructs are not supported yet");
}
