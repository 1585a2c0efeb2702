/* Fortran bindings libomp exports and GCC's libgomp does not: the lock
 * initializers with a hint (the C routines are in api/locks.c). */
#include <stdint.h>

#include "kmp.h"

void omp_init_lock_with_hint(void *lock, int hint);
void omp_init_nest_lock_with_hint(void *lock, int hint);

GLASS_EXPORT void omp_init_lock_with_hint_(void *lock, const int32_t *hint)
{
    omp_init_lock_with_hint(lock, *hint);
}

GLASS_EXPORT void omp_init_nest_lock_with_hint_(void *lock, const int32_t *hint)
{
    omp_init_nest_lock_with_hint(lock, *hint);
}
