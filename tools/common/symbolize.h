/* Source positions of OMPT codeptr_ra return addresses, for the Glass tools. */
#ifndef GLASS_TOOL_SYMBOLIZE_H
#define GLASS_TOOL_SYMBOLIZE_H

#include <stddef.h>

/* "file.c:42 (function)" for a return address, or "function+0x12 (lib.so)";
 * writes into buf and returns it. Not thread-safe: call from one thread. */
const char *tool_symbolize(const void *codeptr, char *buf, size_t size);

/* Whether file:line positions can be given (the tools were built with
 * libdw); without, positions are function+offset. */
int tool_symbolize_has_lines(void);

/* Names the addresses of another process, whose /proc/PID/maps was saved
 * in `path` (a trace recovered after its process died): file:line with
 * libdw, else object+offset. */
void tool_symbolize_from_maps(const char *path);

/* Releases the debug information read so far. */
void tool_symbolize_end(void);

#endif
