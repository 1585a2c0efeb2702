/* glass_mutex_calls (mutex_dispatch.h): what the inline mutex dispatch calls
 * for each mutex event, never NULL, and the functions it holds besides the
 * tools' own callbacks. */
#include <stdbool.h>

#include "dispatch_core.h"
#include "mutex_dispatch.h"

/* An event no tool gets: nothing to do. */
static void ignore_acquire(int kind, unsigned hint, unsigned impl, uint64_t wait_id, const void *site)
{
    (void)kind, (void)hint, (void)impl, (void)wait_id, (void)site;
}

static void ignore(int kind, uint64_t wait_id, const void *site)
{
    (void)kind, (void)wait_id, (void)site;
}

/* An event that goes to its dispatcher (several tools, or a fence for every
 * dispatch): the dispatcher announces itself and withdraws, so the caller's
 * window is closed around it and opened again after, with the fence
 * dispatch_enter makes. The caller is registered (glass_watched_self). */
static void fan_out_acquire(int kind, unsigned hint, unsigned impl, uint64_t wait_id, const void *site)
{
    struct glass_thread *self = glass_registered_self_ptr;
    dispatch_leave(self);
    glass_ompt_emit_mutex_acquire(kind, hint, impl, (const void *)(uintptr_t)wait_id, site);
    dispatch_enter(self);
}

static void fan_out_acquired(int kind, uint64_t wait_id, const void *site)
{
    struct glass_thread *self = glass_registered_self_ptr;
    dispatch_leave(self);
    glass_ompt_emit_mutex_acquired(kind, (const void *)(uintptr_t)wait_id, site);
    dispatch_enter(self);
}

static void fan_out_released(int kind, uint64_t wait_id, const void *site)
{
    struct glass_thread *self = glass_registered_self_ptr;
    dispatch_leave(self);
    glass_ompt_emit_mutex_released(kind, (const void *)(uintptr_t)wait_id, site);
    dispatch_enter(self);
}

/* Before any tool is found every event does nothing: the watched paths run
 * from the start, while discovery has not decided yet. */
struct glass_mutex_calls glass_mutex_calls = {ignore_acquire, ignore, ignore};

/* What an entry holds for the event's dispatch flag. */
static glass_ompt_callback choose(unsigned char flag, glass_ompt_callback tool_callback, glass_ompt_callback fan_out,
                                  glass_ompt_callback nothing)
{
    return flag == DISPATCH_DIRECT ? tool_callback : flag == DISPATCH_FAN_OUT ? fan_out : nothing;
}

void glass_mutex_calls_update(int event, unsigned char flag, glass_ompt_callback tool_callback)
{
    switch (event) {
    case GLASS_OMPT_EV_mutex_acquire:
        atomic_store_explicit(&glass_mutex_calls.acquire,
                              (glass_mutex_acquire_callback)choose(flag, tool_callback,
                                                                   (glass_ompt_callback)fan_out_acquire,
                                                                   (glass_ompt_callback)ignore_acquire),
                              memory_order_release);
        break;
    case GLASS_OMPT_EV_mutex_acquired:
    case GLASS_OMPT_EV_mutex_released: {
        bool acquired = event == GLASS_OMPT_EV_mutex_acquired;
        glass_ompt_callback fan_out =
            acquired ? (glass_ompt_callback)fan_out_acquired : (glass_ompt_callback)fan_out_released;
        atomic_store_explicit(acquired ? &glass_mutex_calls.acquired : &glass_mutex_calls.released,
                              (glass_mutex_callback)choose(flag, tool_callback, fan_out, (glass_ompt_callback)ignore),
                              memory_order_release);
        break;
    }
    default:
        break;
    }
}
