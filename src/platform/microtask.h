/* Calling a compiler-outlined parallel region ("microtask") with any number of
 * shared-variable arguments: Clang's __kmpc_fork_call passes them as C
 * variadic arguments, and the region function takes them as ordinary
 * parameters after the two thread-number pointers. */
#ifndef GLASS_PLATFORM_MICROTASK_H
#define GLASS_PLATFORM_MICROTASK_H

#include <stdint.h>

/* fn(gtid, tid, args[0], ..., args[nargs - 1]). */
void glass_invoke_microtask(void (*fn)(void), int32_t *gtid, int32_t *tid, unsigned nargs, void **args);

#endif
