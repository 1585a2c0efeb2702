/* The ompt_data_t objects of the tasks and parallel regions alive now, so that
 * a runtime handing a live one out again is caught (id.unique). A fixed-size
 * open-addressing set shared by all threads, lock-free: insertion claims a
 * slot with a compare-and-swap, removal leaves a tombstone that a later
 * insertion may reuse. Probes stop after a fixed window, so every operation
 * is bounded; an object that finds no slot is simply not tracked. */
#ifndef GLASS_CHECK_LIVE_H
#define GLASS_CHECK_LIVE_H

#include <stdint.h>

enum live_result { LIVE_ADDED, LIVE_ALREADY, LIVE_FULL };

/* Adds `key` (an object's address); LIVE_ALREADY if it is live already. */
enum live_result live_add(uintptr_t key);

/* Removes `key`; returns whether it was there. */
int live_remove(uintptr_t key);

/* Whether `key` is live now. */
int live_contains(uintptr_t key);

/* Empties the set (the replay driver runs several streams). */
void live_reset(void);

#endif
