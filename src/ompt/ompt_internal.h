/* Shared by the files of src/ompt/ (not by the core, which uses hooks.h and
 * events.h): start-up, finalization, the entry points and their helpers. */
#ifndef GLASS_OMPT_INTERNAL_H
#define GLASS_OMPT_INTERNAL_H

#include <omp-tools.h>
#include <stdbool.h>
#include <stdint.h>

/* The OpenMP version Glass implements, as _OPENMP would say (5.1). */
#define GLASS_OMPT_OPENMP_VERSION 202011u

/* callbacks.c */
ompt_interface_fn_t glass_ompt_set_callback_entry(void);
ompt_interface_fn_t glass_ompt_get_callback_entry(void);
/* Sets the active flag and the per-event flags of what was registered. */
void glass_ompt_enable_registered(void);
/* Clears every flag (and with `forget`, every registration). */
void glass_ompt_disable_all(bool forget);
ompt_callback_t glass_ompt_callback(int event);

/* lookup.c: the lookup function passed to the tool's initializer. */
ompt_interface_fn_t glass_ompt_lookup(const char *interface_function_name);

/* inquiry.c: the inquiry entry point called `name`, or NULL. */
ompt_interface_fn_t glass_ompt_lookup_inquiry(const char *name);

/* ids.c: ompt_get_unique_id. */
uint64_t glass_ompt_unique_id(void);

/* finalize.c: ends the tool once (ompt_finalize_tool or process exit). */
void glass_ompt_finalize(void);
/* tool_init.c: the tool's finalizer and data, NULL when no tool is active. */
ompt_start_tool_result_t *glass_ompt_tool(void);
void glass_ompt_forget_tool(void);

#endif
