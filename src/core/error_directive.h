/* The error directive with at(execution) (OpenMP 5.1, 2.5.4), for every ABI:
 * prints an implementation-defined message that quotes the user's text, and
 * with severity(fatal) ends the program with a failure status. */
#ifndef GLASS_CORE_ERROR_DIRECTIVE_H
#define GLASS_CORE_ERROR_DIRECTIVE_H

#include <stdbool.h>
#include <stddef.h>

/* `message` may be NULL (no message clause); `length` (size_t)-1 means a
 * NUL-terminated string. `where` names the source location when the
 * compiler provides one, else NULL. */
void glass_error_directive(const char *message, size_t length, const char *where, bool fatal);

#endif
