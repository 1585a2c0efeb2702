/* GCC ABI: the error directive with at(execution) (OpenMP 5.1, 2.5.4; at
 * compilation it is the compiler's business), carried out by the core
 * (error_directive.h). GCC passes the message clause as a pointer and a
 * length, a length of (size_t)-1 meaning a NUL-terminated string, and NULL
 * when there is no message clause; it gives no source location. */
#include <stddef.h>

#include "../../core/settings/error_directive.h"
#include "../../ompt/events.h"
#include "gomp.h"

GLASS_EXPORT void GOMP_warning(const char *msg, size_t msglen)
{
    GLASS_OMPT_ENTRY();
    glass_error_directive(msg, msglen, NULL, false, __builtin_return_address(0));
}

GLASS_EXPORT _Noreturn void GOMP_error(const char *msg, size_t msglen)
{
    GLASS_OMPT_ENTRY();
    glass_error_directive(msg, msglen, NULL, true, __builtin_return_address(0));
    __builtin_unreachable(); /* a fatal error directive ends the program */
}
