/* Runtime-wide services: initialization and diagnostics. */
#ifndef GLASS_CORE_RUNTIME_H
#define GLASS_CORE_RUNTIME_H

#include <stdbool.h>

/* GLASS_VERSION_STRING comes from CMake (project() in CMakeLists.txt). */

/* Idempotent; runs the environment parser and configures waiting. */
void glass_initialize(void);
/* Whether the runtime's load-time constructor is running: libraries loaded
 * after it (libomptarget) may not be initialized yet. */
bool glass_loading(void);
/* Whether the runtime is being unloaded (its destructors have begun):
 * libraries that depend on it (LLVM 19's libomptarget) may be gone. */
bool glass_unloading(void);
void glass_mark_unloading(void);

/* "glass: <message>" on stderr, then abort: for states the runtime cannot
 * continue from (out of memory creating a thread, ...). */
_Noreturn void glass_fatal(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

/* "glass: <message>" on stderr; the program continues. */
void glass_warn(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
/* false: glass_warn prints nothing (KMP_WARNINGS=false, as libomp). */
extern bool glass_warnings_enabled;

#endif
