/* GCC ABI: the critical construct. For a named critical GCC passes the address
 * of a zero-initialized, pointer-sized variable it emits once per name
 * (".gomp_critical_user_NAME"); the lock lives in that variable. */
#include <stddef.h>

#include "../../core/lock.h"
#include "gomp.h"

_Static_assert(sizeof(struct glass_lock) <= sizeof(void *) &&
                   _Alignof(struct glass_lock) <= _Alignof(void *),
               "a critical lock must fit the compiler's per-name pointer variable");

GLASS_EXPORT void GOMP_critical_start(void)
{
    glass_critical_enter(NULL);
}

GLASS_EXPORT void GOMP_critical_end(void)
{
    glass_critical_exit(NULL);
}

GLASS_EXPORT void GOMP_critical_name_start(void **pptr)
{
    glass_critical_enter((struct glass_lock *)pptr);
}

GLASS_EXPORT void GOMP_critical_name_end(void **pptr)
{
    glass_critical_exit((struct glass_lock *)pptr);
}
