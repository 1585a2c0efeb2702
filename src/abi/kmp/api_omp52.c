/* OpenMP 5.2 routines that libomp 19 exports (omp.h of Clang 19 declares
 * them) and GCC 12's libgomp does not, so they have only libomp's version
 * (libomp.map). */
#include <stdint.h>

#include "../../core/tasks/task.h"
#include "kmp.h"

/* omp_in_explicit_task (OpenMP 5.2, 18.5.2): whether the encountering task
 * is an explicit task (an undeferred or included one too); implicit and
 * initial tasks are not. */
GLASS_EXPORT int omp_in_explicit_task(void)
{
    return (glass_self()->task->flags & GLASS_TASK_EXPLICIT) != 0;
}

/* Fortran: a default logical, by value. */
GLASS_EXPORT int32_t omp_in_explicit_task_(void)
{
    return omp_in_explicit_task();
}
