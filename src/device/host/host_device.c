/* The host as a device of its own: its memory is separate from the host's
 * (every mapped item gets its own allocation and real copies), and a region
 * runs its host version, on the encountering thread, on the device copies.
 * A missing or wrong map clause therefore gives the wrong answer here as it
 * would on a GPU. What it cannot separate: variables the region reaches
 * without a map clause (globals, declare target variables, memory reached
 * through host pointers the compiler passed unmapped) stay shared, since
 * the code is the host's own. */
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "../../core/threads/contention_group.h"
#include "../../core/globals.h"
#include "../../core/runtime.h"
#include "../../core/threads/thread.h"
#include "../device.h"

/* Enough for any type the compilers align map items to by default. */
#define HOST_DEVICE_ALIGN 64

/* As many as GLASS_HOST_DEVICES=N asks for (none by default; the setting is
 * read and checked with the environment, core/settings/env.c). */
static int host_count(const char **why)
{
    (void)why; /* none is the default, not a failure */
    return glass_globals.host_devices;
}

static bool host_init(struct glass_device *device)
{
    (void)device;
    return true;
}

static void host_fini(struct glass_device *device)
{
    (void)device;
}

static void *host_alloc(struct glass_device *device, size_t bytes)
{
    (void)device;
    void *address;
    return posix_memalign(&address, HOST_DEVICE_ALIGN, bytes ? bytes : 1) ? NULL : address;
}

static void host_free(struct glass_device *device, void *address)
{
    (void)device;
    free(address);
}

static int host_copy(struct glass_device *device, void *dst, const void *src, size_t bytes)
{
    (void)device;
    memmove(dst, src, bytes);
    return 0;
}

static unsigned host_run(struct glass_device *device, void (*host_fn)(void *), void *args,
                         const struct glass_launch *launch)
{
    /* The region is a new contention group on this thread (core
     * contention_group.c); its teams construct, if any, makes the league. */
    glass_contention_group_run(glass_self(), host_fn, args, launch->thread_limit, device->number);
    return launch->num_teams ? launch->num_teams : 1;
}

static uint64_t host_now(struct glass_device *device)
{
    (void)device;
    struct timespec now;
    clock_gettime(CLOCK_MONOTONIC, &now);
    return (uint64_t)now.tv_sec * 1000000000u + (uint64_t)now.tv_nsec;
}

static int host_num_procs(struct glass_device *device)
{
    (void)device;
    return (int)glass_globals.num_procs;
}

const struct glass_device_kind glass_host_device_kind = {
    .name = "host",
    .type = "glass-host",
    .documentation = "Glass host device: the host with separate memory, running the host's code",
    .count = host_count,
    .setting = "GLASS_HOST_DEVICES",
    .init = host_init,
    .fini = host_fini,
    .alloc = host_alloc,
    .free = host_free,
    .to_device = host_copy,
    .from_device = host_copy,
    .device_to_device = host_copy,
    .run = host_run,
    .now = host_now,
    .num_procs = host_num_procs,
};
