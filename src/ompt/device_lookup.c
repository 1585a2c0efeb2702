/* The lookup a tool receives in device_initialize (OpenMP 5.1, 4.2.3.1 and
 * 4.6.2): the device's entry points. Each takes the ompt_device_t the
 * callback passed, which is the device's descriptor. Each tool gets its own
 * lookup, whose ompt_start_trace records that the tool traces the device. */
#include <string.h>

#include "../device/device.h"
#include "../device/tracing/device_tracing.h"
#include "ompt_internal.h"

static struct glass_device *device_of(ompt_device_t *handle)
{
    return (struct glass_device *)handle;
}

/* 4.6.2.1 */
static int get_device_num_procs(ompt_device_t *handle)
{
    struct glass_device *device = device_of(handle);
    return device ? device->kind->num_procs(device) : 0;
}

/* 4.6.2.2: the device's clock, nanoseconds. */
static ompt_device_time_t get_device_time(ompt_device_t *handle)
{
    struct glass_device *device = device_of(handle);
    return device ? device->kind->now(device) : ompt_time_none;
}

/* 4.6.2.3: a device time in the host's omp_get_wtime seconds. Every device
 * kind's clock is CLOCK_MONOTONIC nanoseconds or translated to it by its
 * kind, which is omp_get_wtime's clock (src/api/timing.c). */
static double translate_time(ompt_device_t *handle, ompt_device_time_t time)
{
    (void)handle;
    return (double)time / 1e9;
}

struct named_entry {
    const char *name;
    ompt_interface_fn_t fn;
};

static ompt_interface_fn_t lookup(int tool, const char *name)
{
    static const struct named_entry entries[] = {
        {"ompt_get_device_num_procs", (ompt_interface_fn_t)get_device_num_procs},
        {"ompt_get_device_time", (ompt_interface_fn_t)get_device_time},
        {"ompt_translate_time", (ompt_interface_fn_t)translate_time},
    };
    if (!name)
        return NULL;
    for (size_t i = 0; i < sizeof entries / sizeof *entries; i++)
        if (strcmp(entries[i].name, name) == 0)
            return entries[i].fn;
    return glass_device_trace_lookup(tool, name);
}

/* One lookup per tool index: its ompt_start_trace is that tool's. */
#define TOOL_LOOKUP(tool)                                                  \
    static ompt_interface_fn_t lookup_##tool(const char *name)             \
    {                                                                      \
        return lookup(tool, name);                                         \
    }
GLASS_FOR_EACH_TOOL_INDEX(TOOL_LOOKUP)
#undef TOOL_LOOKUP

ompt_function_lookup_t glass_ompt_device_lookup(int tool)
{
#define LOOKUP_ENTRY(tool) lookup_##tool,
    static const ompt_function_lookup_t lookups[] = {GLASS_FOR_EACH_TOOL_INDEX(LOOKUP_ENTRY)};
#undef LOOKUP_ENTRY
    return lookups[tool];
}
