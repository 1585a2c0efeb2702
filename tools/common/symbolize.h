/* Source positions of OMPT codeptr_ra return addresses, for the Glass tools. */
#ifndef GLASS_TOOL_SYMBOLIZE_H
#define GLASS_TOOL_SYMBOLIZE_H

#include <stddef.h>

/* "file.c:42 (function)" for a return address, or "function+0x12 (lib.so)";
 * writes into buf and returns it. Not thread-safe: call from one thread. */
const char *tool_symbolize(const void *codeptr, char *buf, size_t size);

/* The same; with `detail`, the line's column and discriminator too
 * ("file.c:42:9 discriminator 2 (function)") where the line table has them. */
const char *tool_symbolize_detailed(const void *codeptr, char *buf, size_t size, int detail);

/* The name of the data symbol (an object in .symtab or .dynsym) holding
 * `address`, or NULL when none does. For the variables compilers make per
 * named critical construct. */
const char *tool_symbolize_data(const void *address, char *buf, size_t size);

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
