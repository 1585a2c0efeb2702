/* GCC ABI: the critical construct. For a named critical GCC passes the address
 * of a zero-initialized, pointer-sized variable it emits once per name
 * (".gomp_critical_user_NAME"); the lock lives in that variable. */
#include <stddef.h>

#include "../../core/lock.h"
#include "../../ompt/events.h"
#include "gomp.h"

_Static_assert(sizeof(struct glass_lock) <= sizeof(void *) &&
                   _Alignof(struct glass_lock) <= _Alignof(void *),
               "a critical lock must fit the compiler's per-name pointer variable");

GLASS_EXPORT void GOMP_critical_start(void)
{
    GLASS_OMPT_ENTRY_SPLIT(glass_critical_enter_unwatched(NULL),
                           glass_critical_enter_at(NULL, GLASS_SYNC_HINT_NONE, __builtin_return_address(0)));
}

GLASS_EXPORT void GOMP_critical_end(void)
{
    GLASS_OMPT_ENTRY_SPLIT(glass_critical_exit_unwatched(NULL), glass_critical_exit_at(NULL, __builtin_return_address(0)));
}

/* The named forms take their watched half out of line (GLASS_OMPT_CALLER): an
 * inline one would make the compiler keep `pptr` in a saved register, and
 * give the unwatched path a frame. */
static void __attribute__((noinline)) critical_name_start_watched(void **pptr, const void *codeptr, void *cfa)
{
    GLASS_OMPT_ENTRY_AT(cfa);
    glass_critical_enter_at((struct glass_lock *)pptr, GLASS_SYNC_HINT_NONE, codeptr);
}

GLASS_EXPORT void GOMP_critical_name_start(void **pptr)
{
    if (GLASS_OMPT_ENTRY_WATCH())
        critical_name_start_watched(pptr, GLASS_OMPT_CALLER);
    else
        glass_critical_enter_unwatched((struct glass_lock *)pptr);
}

static void __attribute__((noinline)) critical_name_end_watched(void **pptr, const void *codeptr, void *cfa)
{
    GLASS_OMPT_ENTRY_AT(cfa);
    glass_critical_exit_at((struct glass_lock *)pptr, codeptr);
}

GLASS_EXPORT void GOMP_critical_name_end(void **pptr)
{
    if (GLASS_OMPT_ENTRY_WATCH())
        critical_name_end_watched(pptr, GLASS_OMPT_CALLER);
    else
        glass_critical_exit_unwatched((struct glass_lock *)pptr);
}
