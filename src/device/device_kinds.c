/* The table of device kinds: the one place that names them. Their devices
 * are numbered in this order (device_table.c): NVIDIA GPUs first, then the
 * host devices, so a program's GPU keeps number 0 when host devices are
 * asked for too. A kind is defined in its own file(s); adding one is that
 * code and one entry here (docs/architecture.md, "Adding a device kind"). */
#include <stddef.h>

#include "device.h"

extern const struct glass_device_kind glass_nvptx_device_kind; /* nvptx_device.c */
extern const struct glass_device_kind glass_host_device_kind;  /* host_device.c */
#ifdef GLASS_MOCK_DEVICE_KIND
/* Only in the test copy of the runtime (CMakeLists.txt, GLASS_MOCK_DEVICE_KIND). */
extern const struct glass_device_kind glass_mock_device_kind;  /* tests/runtime/Inputs/mock_device_kind.c */
#endif

const struct glass_device_kind *const glass_device_kinds[] = {
    &glass_nvptx_device_kind,
    &glass_host_device_kind,
#ifdef GLASS_MOCK_DEVICE_KIND
    &glass_mock_device_kind,
#endif
    NULL,
};
