/* The tools the runtime started, in the order they were found (the address
 * space first, then OMP_TOOL_LIBRARIES left to right). A tool's index is its
 * place here: it names its callback table (callbacks.c), its ompt_data_t slot
 * in every thread, region and task (tool_slots.h) and the entry points its
 * lookup function hands out (lookup.c). Without GLASS_OMPT_ALL_TOOLS there is
 * at most one, index 0.
 *
 * An index is given once, before the tool's initializer runs (the entry points
 * it may call there must know it), and never given again: a tool that returns
 * 0 from its initializer, or ends itself, keeps its index, inactive, so an
 * entry point it kept can never act for another tool. */
#include <stdatomic.h>

#include "ompt_internal.h"

static ompt_start_tool_result_t *results[GLASS_OMPT_MAX_TOOLS];
static _Atomic bool active[GLASS_OMPT_MAX_TOOLS];
static _Atomic bool declined[GLASS_OMPT_MAX_TOOLS]; /* its initializer returned 0 */
static _Atomic int count;
/* Set before the tool's initializer runs, read by the implicit_task
 * dispatcher (callbacks.c). */
static bool initial_region_at_end[GLASS_OMPT_MAX_TOOLS];

int glass_ompt_tool_add(ompt_start_tool_result_t *result)
{
    int tool = atomic_load_explicit(&count, memory_order_relaxed);
    if (tool >= GLASS_OMPT_MAX_TOOLS)
        return -1;
    results[tool] = result;
    atomic_store_explicit(&count, tool + 1, memory_order_release);
    return tool;
}

int glass_ompt_tool_count(void)
{
    return atomic_load_explicit(&count, memory_order_acquire);
}

ompt_start_tool_result_t *glass_ompt_tool_result(int tool)
{
    return tool >= 0 && tool < glass_ompt_tool_count() ? results[tool] : NULL;
}

void glass_ompt_tool_set_active(int tool, bool on)
{
    atomic_store_explicit(&active[tool], on, memory_order_release);
}

bool glass_ompt_tool_end(int tool)
{
    return atomic_exchange_explicit(&active[tool], false, memory_order_acq_rel);
}

bool glass_ompt_tool_is_active(int tool)
{
    return tool >= 0 && tool < GLASS_OMPT_MAX_TOOLS && atomic_load_explicit(&active[tool], memory_order_acquire);
}

int glass_ompt_active_tools(void)
{
    int n = 0;
    for (int tool = 0; tool < glass_ompt_tool_count(); tool++)
        n += glass_ompt_tool_is_active(tool);
    return n;
}

void glass_ompt_tool_set_initial_region_at_end(int tool, bool on)
{
    initial_region_at_end[tool] = on;
}

bool glass_ompt_tool_initial_region_at_end(int tool)
{
    return initial_region_at_end[tool];
}

void glass_ompt_tool_declined(int tool)
{
    atomic_store_explicit(&declined[tool], true, memory_order_release);
}

bool glass_ompt_tool_started(int tool)
{
    return tool >= 0 && tool < glass_ompt_tool_count() && !atomic_load_explicit(&declined[tool], memory_order_acquire);
}

bool glass_ompt_interface_started(void)
{
    for (int tool = 0; tool < glass_ompt_tool_count(); tool++)
        if (glass_ompt_tool_started(tool))
            return true;
    return false;
}
