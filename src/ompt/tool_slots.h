/* Which ompt_data_t belongs to which tool. With several tools active
 * (GLASS_OMPT_ALL_TOOLS), one ompt_data_t per thread, parallel region or task
 * cannot serve them all: each structure keeps one per tool, the first tool's
 * in `tool_data` and the others' in `later_tools_data` (hooks.h). Event points
 * pass the address of `tool_data`; the dispatchers and the inquiry entry
 * points find tool `tool`'s own slot from it. With one tool (tool 0) every
 * helper here is the identity, so the one-tool path is unchanged. */
#ifndef GLASS_OMPT_TOOL_SLOTS_H
#define GLASS_OMPT_TOOL_SLOTS_H

#include <stddef.h>
#include <string.h>

#include "../core/threads/team.h"
#include "../core/threads/thread.h"
#include "hooks.h"

/* glass_<kind>_slot(first, tool): tool's slot of the structure whose
 * `tool_data` is *first (NULL stays NULL: an event without that data). */
#define GLASS_TOOL_SLOT_OF(kind, type)                                                                \
    static inline glass_tool_data *glass_##kind##_slot(glass_tool_data *first, int tool)            \
    {                                                                                                \
        if (!first || tool == 0)                                                                     \
            return first;                                                                            \
        type *object = (type *)(void *)((char *)first - offsetof(type, tool_data));                  \
        return &object->later_tools_data[tool - 1];                                                  \
    }
GLASS_TOOL_SLOT_OF(thread, struct glass_thread)
GLASS_TOOL_SLOT_OF(team, struct glass_team)
GLASS_TOOL_SLOT_OF(task, struct glass_task)
#undef GLASS_TOOL_SLOT_OF

/* Every tool's slot to 0 (ompt_data_none), before the object's first event. */
#define GLASS_OMPT_CLEAR_TOOL_DATA(object)                                      \
    do {                                                                        \
        (object)->tool_data.value = 0;                                          \
        memset((object)->later_tools_data, 0, sizeof (object)->later_tools_data); \
    } while (0)

#endif
