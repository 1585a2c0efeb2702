/* GCC ABI: the error directive with at(execution) (OpenMP 5.1, 2.5.4; at
 * compilation it is the compiler's business). GCC passes the message clause
 * as a pointer and a length, a length of (size_t)-1 meaning a NUL-terminated
 * string, and NULL when there is no message clause. The message is
 * implementation defined: ours names the directive and quotes the user's text.
 * severity(fatal) then ends the program with a failure status. */
#include <limits.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../../ompt/events.h"
#include "gomp.h"

static void report(const char *severity, const char *msg, size_t msglen)
{
    if (msg && msglen == (size_t)-1)
        msglen = strlen(msg);
    /* One call, so the line is not interleaved with other threads' output. */
    if (msg)
        fprintf(stderr, "OMP: %s: error directive encountered: %.*s\n", severity,
                msglen > (size_t)INT_MAX ? INT_MAX : (int)msglen, msg);
    else
        fprintf(stderr, "OMP: %s: error directive encountered\n", severity);
}

/* The OMPT error event (5.1 4.5.2.30) comes first, so a tool sees it even
 * when the directive ends the program. */
static inline __attribute__((always_inline)) void report_to_tool(int severity, const char *msg, size_t msglen)
{
    GLASS_OMPT_EMIT(error, severity, msg, msg ? (msglen == (size_t)-1 ? strlen(msg) : msglen) : 0,
                    __builtin_return_address(0));
}

GLASS_EXPORT void GOMP_warning(const char *msg, size_t msglen)
{
    GLASS_OMPT_ENTRY();
    report_to_tool(GLASS_SEVERITY_WARNING, msg, msglen);
    report("warning", msg, msglen);
}

GLASS_EXPORT _Noreturn void GOMP_error(const char *msg, size_t msglen)
{
    GLASS_OMPT_ENTRY();
    report_to_tool(GLASS_SEVERITY_FATAL, msg, msglen);
    report("error", msg, msglen);
    exit(EXIT_FAILURE);
}
