/* GCC ABI: scope. GCC calls into the runtime for a scope construct only when
 * it has task reductions (reduction(task, ...)); plain reductions and the
 * closing barrier are compiled inline. */
#include <stdint.h>

#include "../../core/export.h"
#include "gomp.h"
#include "../../core/runtime.h"

GLASS_EXPORT void GOMP_scope_start(uintptr_t *reductions)
{
    if (reductions)
        gomp_workshare_task_reduction_register(reductions);
}
