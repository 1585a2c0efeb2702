/* glass debug: gdb with the OMPD extension (cli/debug.c). */
#ifndef GLASS_CLI_DEBUG_H
#define GLASS_CLI_DEBUG_H

/* Runs gdb on args = PROGRAM [CORE] [-- GDB-ARGS...], with the inferior's
 * environment set to run on the Glass runtime in lib_dir. Returns only on error. */
int glass_debug(char **args, const char *lib_dir);

/* The gdb glass debug runs (GLASS_GDB, else gdb on PATH) into out; 0 if none. */
#include <stddef.h>
int glass_find_gdb(char *out, size_t size);

#endif
