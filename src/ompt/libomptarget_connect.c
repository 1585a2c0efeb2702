/* LLVM's libomptarget reaches the tool through the runtime (LLVM 17 and
 * later): its constructor looks up `ompt_libomp_connect` in the process and
 * calls it with its own initializer and finalizer. When a tool is active,
 * the runtime calls that initializer with a lookup of three functions:
 * `ompt_get_callback` (libomptarget asks once, there, for every target and
 * device callback it raises, and calls them itself), `ompt_get_task_data`
 * and `ompt_get_target_task_data` (the ompt_data_t of the encountering task
 * and of the target task it passes to target callbacks). So a clang program
 * offloading through libomptarget raises its target, data-op, submit and
 * device events (those libomptarget raises) to a tool running on Glass, as
 * on LLVM's libomp. LLVM 14's libomptarget has no OMPT and never calls it.
 *
 * libomptarget keeps one pointer per callback and one ompt_data_t per
 * construct, so it serves one tool: the first active tool (in list order)
 * that registered the callback. It stops raising events (its finalizer
 * runs) before that tool's finalizer, when any connected tool ends.
 *
 * When it is called: the connector's initializer needs the tools started,
 * so the runtime starts them first, as libomp does (its test `target_lookup`
 * calls the entry point from main before any other OpenMP call). One case
 * waits instead: libomptarget calls it from its constructor, at load, and
 * when the tool is in the executable (or another object loaded with the
 * program) the start is deferred to the program's first use of OpenMP
 * (tool_init.c: the executable's own constructors have not run yet, and a
 * C++ tool's static objects would be used before their construction, the
 * crash of LLVM's libomp in that case). A call from a library while the
 * start is deferred is held and connected right after the start; a call
 * from the program itself starts the tools then and there. */
#include <dlfcn.h>
#include <link.h>
#include <omp-tools.h>
#include <pthread.h>
#include <string.h>

#include "../core/export.h"
#include "../core/runtime.h"
#include "../core/tasks/task.h"
#include "../core/threads/thread.h"
#include "dispatch.h"
#include "ompt_internal.h"
#include "tool_slots.h"

static ompt_start_tool_result_t *connected; /* libomptarget's, while it reports */
static ompt_start_tool_result_t *pending;   /* came while the start was deferred */
static unsigned connected_tools;            /* bit per tool whose callback it holds */
static pthread_mutex_t connect_lock = PTHREAD_MUTEX_INITIALIZER;

/* The tool whose ompt_data_t slots libomptarget gets: the first active one. */
static int served_tool(void)
{
    for (int tool = 0; tool < glass_ompt_tool_count(); tool++)
        if (glass_ompt_tool_is_active(tool))
            return tool;
    return 0;
}

static int get_callback(ompt_callbacks_t which, ompt_callback_t *callback)
{
    if (!callback || (int)which <= 0 || (int)which >= GLASS_OMPT_EVENT_LIMIT)
        return 0;
    for (int tool = 0; tool < glass_ompt_tool_count(); tool++) {
        ompt_callback_t registered = glass_ompt_tool_is_active(tool) ? callback_of(tool, which) : NULL;
        if (registered) {
            *callback = registered;
            connected_tools |= 1u << tool;
            return 1;
        }
    }
    *callback = NULL;
    return 0;
}

/* The encountering task of the construct libomptarget reports: in a target
 * task (nowait), the task that generated it, as for GCC-compiled constructs
 * (device_events.c). */
static ompt_data_t *get_task_data(void)
{
    struct glass_thread *self = glass_self_ptr;
    struct glass_task *task = self ? self->task : NULL;
    if (task && (task->flags & GLASS_TASK_TARGET) && task->parent)
        task = task->parent;
    return task ? (ompt_data_t *)glass_task_slot(&task->tool_data, served_tool()) : NULL;
}

/* The target task's data: a nowait construct's own task's; without one,
 * data of the thread's (never NULL, as LLVM's libomp answers: tools written
 * for it read it). */
static ompt_data_t *get_target_task_data(void)
{
    static __thread ompt_data_t included;
    struct glass_thread *self = glass_self_ptr;
    if (!self || !self->task || !(self->task->flags & GLASS_TASK_TARGET))
        return &included;
    return (ompt_data_t *)glass_task_slot(&self->task->tool_data, served_tool());
}

static ompt_interface_fn_t connect_lookup(const char *name)
{
    if (!name)
        return NULL;
    if (!strcmp(name, "ompt_get_callback"))
        return (ompt_interface_fn_t)get_callback;
    if (!strcmp(name, "ompt_get_task_data"))
        return (ompt_interface_fn_t)get_task_data;
    if (!strcmp(name, "ompt_get_target_task_data"))
        return (ompt_interface_fn_t)get_target_task_data;
    return NULL;
}

/* With the tools started: hand the connector the callbacks, if a tool is
 * active (otherwise libomptarget raises nothing, as with libomp). */
static void connect(ompt_start_tool_result_t *result)
{
    pthread_mutex_lock(&connect_lock);
    if (!connected && glass_ompt_active_tools() > 0) {
        connected_tools = 0;
        /* libomptarget's initializer returns 0 when it has set itself up. */
        result->initialize(connect_lookup, 0, NULL);
        connected = result;
    }
    pthread_mutex_unlock(&connect_lock);
}

/* Whether `code` is in the executable (the first object of the link map). */
static bool in_executable(const void *code)
{
    Dl_info info;
    struct link_map *object = NULL;
    return dladdr1(code, &info, (void **)&object, RTLD_DL_LINKMAP) && object && !object->l_prev;
}

GLASS_EXPORT void ompt_libomp_connect(ompt_start_tool_result_t *result)
{
    if (!result || !result->initialize)
        return;
    if (glass_ompt_start_deferred() && !in_executable(__builtin_return_address(0))) {
        pthread_mutex_lock(&connect_lock);
        pending = result;
        pthread_mutex_unlock(&connect_lock);
        /* The start may have happened meanwhile on another thread. */
        if (!glass_ompt_start_deferred())
            glass_ompt_connect_pending_offload();
        return;
    }
    glass_initialize(); /* starts the tools, if they have not started */
    connect(result);
}

void glass_ompt_connect_pending_offload(void)
{
    pthread_mutex_lock(&connect_lock);
    ompt_start_tool_result_t *result = pending;
    pending = NULL;
    pthread_mutex_unlock(&connect_lock);
    if (result)
        connect(result);
}

void glass_ompt_disconnect_offload(int tool)
{
    pthread_mutex_lock(&connect_lock);
    ompt_start_tool_result_t *result = connected;
    if (result && (tool < 0 || (connected_tools & (1u << tool)))) {
        connected = NULL;
        if (result->finalize)
            result->finalize(NULL);
    }
    pthread_mutex_unlock(&connect_lock);
}
