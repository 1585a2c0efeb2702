/* OMPT device tracing (OpenMP 5.1, 4.6.2): trace records of a device's
 * target, data-op, kernel and map events, in buffers the tool supplies. */
#ifndef GLASS_DEVICE_DEVICE_TRACE_H
#define GLASS_DEVICE_DEVICE_TRACE_H

/* The tracing entry points by name (for device_initialize's lookup); NULL
 * for other names. */
void (*glass_device_trace_lookup(const char *name))(void);

#endif
