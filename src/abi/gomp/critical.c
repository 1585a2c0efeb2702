/* GCC ABI: the critical construct. For a named critical GCC passes the address
 * of a zero-initialized, pointer-sized variable it emits once per name
 * (".gomp_critical_user_NAME"); the lock lives in that variable. */
#include <stddef.h>

#include "../../core/sync/lock.h"
#include "../../ompt/events.h"
#include "gomp.h"

_Static_assert(sizeof(struct glass_lock) <= sizeof(void *) &&
                   _Alignof(struct glass_lock) <= _Alignof(void *),
               "a critical lock must fit the compiler's per-name pointer variable");

/* Each entry's watched half is in the core (glass_critical_*_watched), out of
 * line, so that the unwatched path keeps no register and needs no frame. */
GLASS_EXPORT void GOMP_critical_start(void)
{
    if (GLASS_OMPT_ENTRY_WATCH())
        GLASS_CRITICAL_ENTER_WATCHED(GLASS_SYNC_HINT_NONE, &glass_unnamed_critical);
    else
        glass_critical_enter_unwatched(&glass_unnamed_critical);
}

GLASS_EXPORT void GOMP_critical_end(void)
{
    if (GLASS_OMPT_ENTRY_WATCH())
        GLASS_CRITICAL_EXIT_WATCHED(&glass_unnamed_critical);
    else
        glass_critical_exit_unwatched(&glass_unnamed_critical);
}

GLASS_EXPORT void GOMP_critical_name_start(void **pptr)
{
    if (GLASS_OMPT_ENTRY_WATCH())
        GLASS_CRITICAL_ENTER_WATCHED(GLASS_SYNC_HINT_NONE, (struct glass_lock *)pptr);
    else
        glass_critical_enter_unwatched((struct glass_lock *)pptr);
}

GLASS_EXPORT void GOMP_critical_name_end(void **pptr)
{
    if (GLASS_OMPT_ENTRY_WATCH())
        GLASS_CRITICAL_EXIT_WATCHED((struct glass_lock *)pptr);
    else
        glass_critical_exit_unwatched((struct glass_lock *)pptr);
}
