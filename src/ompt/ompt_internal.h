/* Shared by the files of src/ompt/ (not by the core, which uses hooks.h and
 * events.h): start-up, finalization, the entry points and their helpers. */
#ifndef GLASS_OMPT_INTERNAL_H
#define GLASS_OMPT_INTERNAL_H

#include <omp-tools.h>
#include <stdbool.h>
#include <stdint.h>

#include "hooks.h"

/* The OpenMP version Glass implements, as _OPENMP would say (5.1). */
#define GLASS_OMPT_OPENMP_VERSION 202011u

/* Each tool's copies of the entry points that act for the calling tool are
 * generated once per index: X(0) X(1) ... up to GLASS_OMPT_MAX_TOOLS. */
#define GLASS_FOR_EACH_TOOL_INDEX(X) X(0) X(1) X(2) X(3)
_Static_assert(GLASS_OMPT_MAX_TOOLS == 4, "GLASS_FOR_EACH_TOOL_INDEX lists GLASS_OMPT_MAX_TOOLS indices");

/* callbacks.c: ompt_set_callback and ompt_get_callback of tool `tool`. */
ompt_interface_fn_t glass_ompt_set_callback_entry(int tool);
ompt_interface_fn_t glass_ompt_get_callback_entry(int tool);
/* Sets the active flag and the per-event flags of what the active tools
 * registered. */
void glass_ompt_enable_registered(void);
/* Clears every flag (and with `forget`, every tool's registrations). */
void glass_ompt_disable_all(bool forget);
/* Clears what `tool` registered (it was dropped or has ended) and the flags
 * of the events no other tool wants. */
void glass_ompt_forget_callbacks(int tool);

/* tool_list.c: the started tools, by index in the order they were found. */
/* The next index for `result`, or -1 when GLASS_OMPT_MAX_TOOLS are started. */
int glass_ompt_tool_add(ompt_start_tool_result_t *result);
/* Indices given so far (active or not). */
int glass_ompt_tool_count(void);
ompt_start_tool_result_t *glass_ompt_tool_result(int tool);
/* Active: started and neither dropped (its initializer returned 0) nor ended. */
void glass_ompt_tool_set_active(int tool, bool on);
bool glass_ompt_tool_is_active(int tool);
/* The tool's initializer returned 0 (tool_init.c): its OMPT interface stays
 * inactive for good (4.2.3). glass_ompt_tool_started: the tool has an index
 * and did not decline (it may have been finalized since: a finalizer may
 * still use the inquiry entry points). glass_ompt_interface_started: some
 * tool did. */
void glass_ompt_tool_declined(int tool);
bool glass_ompt_tool_started(int tool);
bool glass_ompt_interface_started(void);
/* Makes `tool` inactive; true for the one call that found it active. */
bool glass_ompt_tool_end(int tool);
int glass_ompt_active_tools(void);
/* Whether `tool` gets the initial task's region at its end (archer.c). */
void glass_ompt_tool_set_initial_region_at_end(int tool, bool on);
bool glass_ompt_tool_initial_region_at_end(int tool);

/* archer.c: LLVM's Archer, tried when no tool was found, and recognized. */
const char *glass_ompt_archer_library(void);
bool glass_ompt_process_uses_tsan(void);
bool glass_ompt_tool_is_archer(const ompt_start_tool_result_t *tool);

/* lookup.c: the lookup function passed to tool `tool`'s initializer. */
ompt_function_lookup_t glass_ompt_lookup_for(int tool);

/* device_lookup.c: the lookup device_initialize hands tool `tool`, with the
 * device's tracing entry points (OpenMP 5.1, 4.6.2). */
ompt_function_lookup_t glass_ompt_device_lookup(int tool);

/* inquiry.c: the inquiry entry point called `name`, as tool `tool` gets it,
 * or NULL. */
ompt_interface_fn_t glass_ompt_lookup_inquiry(int tool, const char *name);

/* ids.c: ompt_get_unique_id. */
uint64_t glass_ompt_unique_id(void);

/* finalize.c: ends every active tool once, at process exit (the devices end
 * with them). */
void glass_ompt_finalize(void);
/* ompt_finalize_tool of tool `tool`: ends that tool alone while others are
 * active, else every tool; either way the program goes on, its devices
 * included. */
void glass_ompt_finalize_tool(int tool);

/* libomptarget_connect.c: LLVM's libomptarget stops raising events to the
 * tools (its finalizer runs) when tool `tool` ends and it holds one of that
 * tool's callbacks, or, with tool < 0, when every tool ends. */
void glass_ompt_disconnect_offload(int tool);
/* libomptarget's connector held back while the tool's start was deferred
 * (libomptarget_connect.c), connected once the start has happened. */
void glass_ompt_connect_pending_offload(void);
/* Whether the tool's start was put off at load (a tool in the address
 * space) and has not happened yet (tool_init.c). */
bool glass_ompt_start_deferred(void);

#endif
