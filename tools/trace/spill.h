/* What a trace directory holds while the program runs, so that a run that
 * never wrote its trace (it crashed, or was killed by SIGKILL) can still be
 * converted: `glass trace --recover DIR` (recover.c).
 *
 * Beside the threads' raw files (thread-N.raw: struct trace_event records,
 * appended when a thread's buffer fills), the tool keeps
 *   glass-trace.info   the process (pid, MPI rank, program), the trace's start
 *                      time, the formats asked for and the record size;
 *   glass-trace.maps   a copy of /proc/self/maps, refreshed at each spill, so
 *                      that code addresses can be named after the process is gone.
 * Both are removed with the raw files once the trace is written. */
#ifndef GLASS_TRACE_SPILL_H
#define GLASS_TRACE_SPILL_H

#include <stdint.h>

#define TRACE_SPILL_INFO "glass-trace.info"
#define TRACE_SPILL_MAPS "glass-trace.maps"

/* Set while `glass trace --recover` converts a directory. */
extern int trace_recovering;

/* Writes the info and the maps into trace_dir. */
void trace_spill_begin(uint64_t start, unsigned formats);
/* Refreshes the maps (any thread). */
void trace_spill_maps(void);
/* The same at most once a second: a spill with a small GLASS_TRACE_BUFFER
 * comes every few hundred events. */
void trace_spill_maps_refresh(void);
/* Removes the info and the maps. */
void trace_spill_remove(void);
/* Whether the info is there and the trace not written yet (a crash then
 * saves the buffers: crash.c). */
int trace_spill_active(void);

/* crash.c: on SIGSEGV, SIGBUS, SIGFPE, SIGILL or SIGABRT the threads'
 * buffers are appended to their raw files before the crash goes on. */
void trace_crash_handlers(void);

/* Recovery: reads trace_dir's info and raw files into trace_threads (and
 * trace_pid, trace_start); returns the formats recorded, or 0 with a message. */
unsigned trace_spill_load(void);
/* The time of the last event in the raw files (recovery's end of the trace). */
uint64_t trace_spill_end_time(void);

/* In record.c: writes the trace in `formats` from what trace_threads holds;
 * returns 0 when every file was written. */
int trace_write_recovered(unsigned formats);

#endif
