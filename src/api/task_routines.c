/* User API: tasking routines (OpenMP 5.1, 3.5 and 3.11.1). */
#include <stdint.h>

#include "../core/tasks/tasking.h"
#include "api.h"

GLASS_EXPORT int omp_in_final(void)
{
    return glass_task_in_final(glass_self());
}

/* omp_event_handle_t is an integer the size of a pointer in GCC's and
 * Clang's omp.h. */
GLASS_EXPORT void omp_fulfill_event(uintptr_t event)
{
    glass_task_fulfill(event);
}

/* Fortran: omp_in_final returns a default logical; omp_fulfill_event takes
 * its event by value (omp_lib's interface says so). */
GLASS_EXPORT int omp_in_final_(void)
{
    return glass_task_in_final(glass_self());
}

GLASS_EXPORT void omp_fulfill_event_(uintptr_t event)
{
    glass_task_fulfill(event);
}
