/* The lookup functions a tool's initializer receives (OpenMP 5.1, 4.2.3.1), and
 * the enumeration entry points (4.6.1.1, 4.6.1.2). None of the entry points is
 * an exported symbol: a tool reaches them only by name through lookup. */
#include <string.h>

#include "hooks.h"
#include "ompt_internal.h"
#include "state_list.h"

/* The states Glass can report, in the order ompt_enumerate_states hands them
 * out, starting after ompt_state_undefined (the enumeration's start value).
 * The states deprecated in 5.1 are not reported and not listed. */
static const struct {
    int value;
    const char *name;
} states[] = {
#define STATE_ENTRY(name, NAME, value) {value, "ompt_state_" #name},
#define NOT_LISTED(name, NAME, value)
    GLASS_OMPT_STATE_LIST(STATE_ENTRY, NOT_LISTED)
#undef STATE_ENTRY
#undef NOT_LISTED
};

#define COUNT(array) (sizeof(array) / sizeof *(array))

/* 1 and the next state while there is one; 0 when current_state was the last
 * (or is not a state Glass knows). */
static int enumerate_states(int current_state, int *next_state, const char **next_state_name)
{
    for (size_t i = 0; i + 1 < COUNT(states); i++)
        if (states[i].value == current_state) {
            *next_state = states[i + 1].value;
            *next_state_name = states[i + 1].name;
            return 1;
        }
    return 0;
}

static const struct {
    int value;
    const char *name;
} mutex_impls[] = {
    {ompt_mutex_impl_none, "ompt_mutex_impl_none"},
    {GLASS_MUTEX_IMPL_FUTEX, "glass_futex_lock"},
    {GLASS_MUTEX_IMPL_ORDERED, "glass_ordered_turn"},
};

static int enumerate_mutex_impls(int current_impl, int *next_impl, const char **next_impl_name)
{
    for (size_t i = 0; i + 1 < COUNT(mutex_impls); i++)
        if (mutex_impls[i].value == current_impl) {
            *next_impl = mutex_impls[i + 1].value;
            *next_impl_name = mutex_impls[i + 1].name;
            return 1;
        }
    return 0;
}

static ompt_interface_fn_t lookup(int tool, const char *interface_function_name)
{
    const char *name = interface_function_name;
    if (!name)
        return NULL;
    if (strcmp(name, "ompt_enumerate_states") == 0)
        return (ompt_interface_fn_t)enumerate_states;
    if (strcmp(name, "ompt_enumerate_mutex_impls") == 0)
        return (ompt_interface_fn_t)enumerate_mutex_impls;
    if (strcmp(name, "ompt_set_callback") == 0)
        return glass_ompt_set_callback_entry(tool);
    if (strcmp(name, "ompt_get_callback") == 0)
        return glass_ompt_get_callback_entry(tool);
    return glass_ompt_lookup_inquiry(tool, name);
}

/* One lookup function per tool index: the entry points it hands out act for
 * that tool (its callback table, its ompt_data_t, its finalization). */
#define TOOL_LOOKUP(tool)                                                     \
    static ompt_interface_fn_t lookup_##tool(const char *interface_function_name) \
    {                                                                         \
        return lookup(tool, interface_function_name);                         \
    }
GLASS_FOR_EACH_TOOL_INDEX(TOOL_LOOKUP)
#undef TOOL_LOOKUP

#define LOOKUP_ENTRY(tool) lookup_##tool,
static const ompt_function_lookup_t lookups[] = {GLASS_FOR_EACH_TOOL_INDEX(LOOKUP_ENTRY)};
#undef LOOKUP_ENTRY

ompt_function_lookup_t glass_ompt_lookup_for(int tool)
{
    return lookups[tool];
}
