/* A mock device kind, compiled only into the test copy of the runtime
 * (CMakeLists.txt, GLASS_MOCK_DEVICE_KIND; tests/runtime/device-kind.test):
 * it shows that a kind is its own file plus one entry in the table of kinds
 * (src/device/device_kinds.c). GLASS_MOCK_DEVICES=N gives N devices,
 * numbered after the other kinds'. Its memory is separate (malloc'ed, real
 * copies), its regions run the host code on the device copies as a new
 * contention group, and each operation that starts, ends, allocates, copies
 * or runs says so on stderr, so that a test sees which ones ran and with
 * what. */
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "../../../src/core/threads/contention_group.h"
#include "../../../src/core/settings/env_parse.h"
#include "../../../src/core/globals.h"
#include "../../../src/core/runtime.h"
#include "../../../src/core/threads/thread.h"
#include "../../../src/device/device.h"

#define MOCK_MAX_DEVICES 8

static int mock_count(const char **why)
{
    const char *value = getenv("GLASS_MOCK_DEVICES");
    unsigned long long n;
    if (!value || !*value) {
        if (why)
            *why = "GLASS_MOCK_DEVICES is not set";
        return 0;
    }
    if (!glass_parse_uint(value, 0, MOCK_MAX_DEVICES, &n)) {
        static _Atomic bool warned;
        if (!atomic_exchange(&warned, true))
            glass_warn("GLASS_MOCK_DEVICES=%s: not a number of mock devices from 0 to %d; no mock devices",
                       value, MOCK_MAX_DEVICES);
        return 0;
    }
    return (int)n;
}

static bool mock_init(struct glass_device *device)
{
    fprintf(stderr, "mock-kind: device %d init\n", device->number);
    return true;
}

static void mock_fini(struct glass_device *device)
{
    fprintf(stderr, "mock-kind: device %d fini\n", device->number);
}

static void *mock_alloc(struct glass_device *device, size_t bytes)
{
    fprintf(stderr, "mock-kind: device %d alloc %zu\n", device->number, bytes);
    return malloc(bytes ? bytes : 1);
}

static void mock_free(struct glass_device *device, void *address)
{
    fprintf(stderr, "mock-kind: device %d free\n", device->number);
    free(address);
}

static int mock_to_device(struct glass_device *device, void *dst, const void *src, size_t bytes)
{
    fprintf(stderr, "mock-kind: device %d to %zu\n", device->number, bytes);
    memmove(dst, src, bytes);
    return 0;
}

static int mock_from_device(struct glass_device *device, void *dst, const void *src, size_t bytes)
{
    fprintf(stderr, "mock-kind: device %d from %zu\n", device->number, bytes);
    memmove(dst, src, bytes);
    return 0;
}

static int mock_device_to_device(struct glass_device *device, void *dst, const void *src, size_t bytes)
{
    fprintf(stderr, "mock-kind: device %d within %zu\n", device->number, bytes);
    memmove(dst, src, bytes);
    return 0;
}

static unsigned mock_run(struct glass_device *device, void (*host_fn)(void *), void *args,
                         const struct glass_launch *launch)
{
    fprintf(stderr, "mock-kind: device %d run\n", device->number);
    glass_contention_group_run(glass_self(), host_fn, args, launch->thread_limit, device->number);
    return launch->num_teams ? launch->num_teams : 1;
}

static uint64_t mock_now(struct glass_device *device)
{
    (void)device;
    struct timespec now;
    clock_gettime(CLOCK_MONOTONIC, &now);
    return (uint64_t)now.tv_sec * 1000000000u + (uint64_t)now.tv_nsec;
}

/* A number no machine's host devices would report, so that a tool that
 * asks (ompt_get_device_num_procs) sees that the mock's operation answered. */
#define MOCK_NUM_PROCS 3

static int mock_num_procs(struct glass_device *device)
{
    (void)device;
    return MOCK_NUM_PROCS;
}

const struct glass_device_kind glass_mock_device_kind = {
    .name = "mock",
    .type = "glass-mock",
    .documentation = "Glass mock device: a test kind that reports its operations on stderr",
    .count = mock_count,
    .setting = "GLASS_MOCK_DEVICES",
    .init = mock_init,
    .fini = mock_fini,
    .alloc = mock_alloc,
    .free = mock_free,
    .to_device = mock_to_device,
    .from_device = mock_from_device,
    .device_to_device = mock_device_to_device,
    .run = mock_run,
    .now = mock_now,
    .num_procs = mock_num_procs,
};
