/* glass_invoke_microtask that first publishes the invoker's frame pointer as
 * an implicit task's exit frame (microtask_frame.c). */
#ifndef GLASS_ABI_KMP_MICROTASK_FRAME_H
#define GLASS_ABI_KMP_MICROTASK_FRAME_H

#include <stdint.h>

/* `exit_frame` receives the frame pointer of glass_invoke_microtask; the
 * caller sets the frame's flags beforehand. */
void kmp_invoke_microtask_framed(void **exit_frame, void (*fn)(void), int32_t *gtid, int32_t *tid,
                                 unsigned nargs, void **args);

#endif
