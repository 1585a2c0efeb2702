/* The runtime's side of OMPD (OpenMP 5.1 chapter 5): what a debugger needs to
 * find libompd.so and to follow the runtime's state (see
 * src/ompd/glass_ompd_abi.h for the contract with libompd). */
#ifndef GLASS_OMPD_SUPPORT_H
#define GLASS_OMPD_SUPPORT_H

#include <stdbool.h>

#include "../core/export.h"
#include "../ompt/hooks.h"

/* Called once by glass_initialize after the environment is read: sets
 * glass_ompd_enabled from debug-var, fills the process record and the display
 * control variables, and publishes ompd_dll_locations. */
void glass_ompd_initialize(void);

/* The thread registry, breakpoint functions and GLASS_OMPD_BP are declared in
 * src/ompt/hooks.h, which the core includes everywhere. */

/* Fills the display control variables (display_vars.c). */
void glass_ompd_build_display_vars(void);
extern const char **glass_ompd_display_vars;

#endif
