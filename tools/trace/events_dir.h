/* DIR/events, the run's events kept for `glass report` (events_dir.c). */
#ifndef GLASS_TRACE_EVENTS_DIR_H
#define GLASS_TRACE_EVENTS_DIR_H

#include <stdint.h>

/* Notes what the report states about the run that is known at start. */
void trace_events_start(const char *runtime_version);

/* Writes DIR/events: symbols.txt, run.txt, and each thread's raw file,
 * moved there whole. After the writers (the buffers are then flushed).
 * Returns 0, or -1 when a file could not be written. */
int trace_events_keep(uint64_t end);

#endif
