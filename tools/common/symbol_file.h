/* The names of a run's code and lock addresses, kept in a file beside its
 * trace (written by libglass-trace, read by `glass report`), and looked up
 * by tool_symbolize once read. */
#ifndef GLASS_TOOL_SYMBOL_FILE_H
#define GLASS_TOOL_SYMBOL_FILE_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

/* Writes the names of `code` (return addresses) and `data` (lock
 * addresses) as this process sees them. Returns 0, or -1 on a write error. */
int tool_symbol_file_write(FILE *out, const uint64_t *code, size_t code_count, const uint64_t *data,
                           size_t data_count);

/* Reads such a file: from then on tool_symbolize names addresses from it.
 * Returns 0, or -1 when it cannot be read or is not one. */
int tool_symbol_file_read(const char *path);
int tool_symbol_file_loaded(void);
/* Whether the run that wrote it had file:line positions. */
int tool_symbol_file_has_lines(void);
/* The name of `address` ('c' code, plain or detailed; 'd' data), or NULL. */
const char *tool_symbol_file_lookup(uint64_t address, char kind, int detailed);

#endif
