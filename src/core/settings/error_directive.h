/* The error directive with at(execution) (OpenMP 5.1, 2.5.4), for every ABI:
 * tells a tool (the error event, 5.1 4.5.2.30), prints an
 * implementation-defined message that quotes the user's text, and with
 * severity(fatal) ends the program with a failure status. The ABIs only
 * translate their arguments. */
#ifndef GLASS_CORE_ERROR_DIRECTIVE_H
#define GLASS_CORE_ERROR_DIRECTIVE_H

#include <stdbool.h>
#include <stddef.h>

/* `message` may be NULL (no message clause); `length` (size_t)-1 means a
 * NUL-terminated string. `where` names the source location when the
 * compiler provides one, else NULL. `codeptr`: the directive's call site,
 * for tools. Does not return when `fatal`. */
void glass_error_directive(const char *message, size_t length, const char *where, bool fatal, const void *codeptr);

#endif
