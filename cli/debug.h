/* glass debug: gdb with the OMPD extension (cli/debug.c). */
#ifndef GLASS_CLI_DEBUG_H
#define GLASS_CLI_DEBUG_H

/* Runs gdb on args = PROGRAM [CORE] [-- GDB-ARGS...], with the inferior's
 * environment set to run on the Glass runtime in lib_dir. Returns only on error. */
int glass_debug(char **args, const char *lib_dir);

#endif
