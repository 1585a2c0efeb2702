/* The target constructs, for any ABI: their map items are neutral
 * (map_item.h), decoded by the ABI from its compiler's encoding. Where each runs (a device, or the host), their events (device_events.h),
 * their mappings, and the region's launch. A construct that runs on the host
 * (no device, the host fallback, OMP_TARGET_OFFLOAD=disabled) still raises
 * its target events, with the initial device's number, so a tool sees every
 * target construct; it has no data operations (the host's data is used in
 * place). */
#ifndef GLASS_DEVICE_TARGET_OPS_H
#define GLASS_DEVICE_TARGET_OPS_H

#include <stdbool.h>
#include <stddef.h>

#include "device.h"
#include "map_item.h"

/* A construct's device: a device number, or one of these. */
#define GLASS_DEVICE_FROM_ICV (-1)   /* no device clause: default-device-var */
#define GLASS_DEVICE_HOST_FALLBACK (-2) /* if(false): the host, whatever OMP_TARGET_OFFLOAD says */

/* The device a construct runs on, or NULL for the host. An unknown device
 * falls back to the host, unless OMP_TARGET_OFFLOAD=mandatory, which ends
 * the program with a message naming the device; so does a construct that
 * would run on the host only because there are no devices. */
struct glass_device *glass_target_resolve(int device);
/* omp_set_default_device was called: the default device is the program's
 * choice, so the initial device there is not an unmet mandatory offload. */
void glass_target_default_device_chosen(void);

/* A target region. `nowait`: in the body of its target task, deferred (the
 * OMPT kind target_nowait); on a device whose kind has queues it runs on
 * one, the thread running other tasks until it ends (async_target.h). */
void glass_target_region(struct glass_device *device, void (*fn)(void *), size_t mapnum,
                         struct glass_map_item *items, const struct glass_launch *launch, bool nowait,
                         const void *codeptr);
/* Rewrites the host address of each use_device item (mapping.h). */
void glass_target_data_begin(struct glass_device *device, size_t mapnum, struct glass_map_item *items,
                             const void *codeptr);
void glass_target_data_end(const void *codeptr);
void glass_target_enter_exit_data(struct glass_device *device, bool exit, size_t mapnum,
                                  struct glass_map_item *items, bool nowait, const void *codeptr);
void glass_target_update(struct glass_device *device, size_t mapnum, const struct glass_map_item *items,
                         bool nowait, const void *codeptr);

#endif
