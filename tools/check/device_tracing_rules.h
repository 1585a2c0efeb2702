/* The device-tracing rules of glass check (OpenMP 5.1 4.2.5, 4.5.2.23-24,
 * 4.6.2; inventory O-12, O-13, O-14, C-40, C-41): the buffers a device's
 * trace hands back and the records in them, against the buffers the tool
 * handed out and the target callbacks of the same run.
 *
 * The tool (tool.c) starts tracing on each device in its device_initialize
 * and calls these from its buffer callbacks; the replay driver (replay.c)
 * calls them from a written stream. Buffer callbacks come on threads the
 * runtime chooses (not OpenMP threads), several devices at once, so the
 * state here is shared and guarded by one lock: they are rare (one per
 * buffer), and the target callbacks that note their ids are far rarer than
 * the host events the engine checks without locks. */
#ifndef GLASS_CHECK_TRACE_H
#define GLASS_CHECK_TRACE_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include <omp-tools.h>

#include "engine.h"

#define CHECK_TRACE_BUFFERS 1024 /* buffers handed out and not yet completed */
#define CHECK_TRACE_IDS 16384     /* target and host operation ids awaiting their records */

/* A traced device's record entry points (4.6.2.9-11), as its device_initialize
 * lookup gave them. */
struct check_trace_device {
    ompt_device_t *device;
    ompt_advance_buffer_cursor_t advance_cursor;
    ompt_get_record_type_t get_record_type;
    ompt_get_record_ompt_t get_record_ompt;
};

/* Tracing runs on the device from now on (after its device_initialize). */
void check_trace_started(int device_num, const struct check_trace_device *entry_points);

/* Whether any device is traced: the target callbacks note their ids only then. */
int check_trace_active(void);

/* The ids of the target callbacks, at their begin: a record must name one.
 * id 0 (ompt_id_none) says the runtime did not tell it: records of that
 * kind can then not be matched and are not judged. `tool_value` (0: none)
 * is what the tool stored in a data operation's host_op_id: a record may
 * carry the runtime's id or that value (5.1 4.5.2.25 does not say which),
 * so either names the operation. */
enum check_trace_kind { TRACE_TARGET = 1, TRACE_DATA_OP = 2, TRACE_SUBMIT = 4, TRACE_TASK = 8 };
void check_trace_note_id(enum check_trace_kind kind, uint64_t id, uint64_t tool_value);

/* A target task's task_create callback: its task_create record (5.1
 * 4.5.2.7) must name it, and its dependences records (4.5.2.8, one per
 * dependence) too. Tasks are named by the values the tracing tool keeps in
 * their ompt_data_t (no entry point gives a runtime id of a task), here
 * check_task_key of the checker's stamps (engine.h); the record must carry
 * the callback's encountering task, flags and has_dependences. */
void check_trace_note_task(uint64_t task, uint64_t encountering, int flags, int has_dependences);
/* Its dependences callback: each dependences record carries `ndeps`, and
 * there are no more records than that. */
void check_trace_note_dependences(uint64_t task, int ndeps);

/* The tool hands `buffer` of `bytes` out for device_num (buffer_request).
 * Returns 0 when the checker's table is full: the caller must then answer
 * with no buffer (which turns the device's recording off, 4.5.2.23). */
int check_trace_buffer_given(struct check_thread *t, int device_num, void *buffer, size_t bytes);

/* buffer_complete: checks the buffer and walks its records. `t` is the
 * calling thread's state (its thread_begin tells whether it is an OpenMP
 * thread). Returns 1 when the buffer is the tool's to free now (handed out
 * by it, owned, completed for the first time). */
int check_trace_buffer_complete(struct check_thread *t, int device_num, void *buffer, size_t bytes,
                                ompt_buffer_cursor_t begin, int buffer_owned);

/* device_finalize of a device: its buffers must all be back. */
void check_trace_device_finalize(struct check_thread *t, int device_num);

/* The tool's finalize: every buffer must be back. */
void check_trace_finalize(void);

/* After the report: one line saying what tracing covered (buffers
 * completed, records read, devices), when any device was traced. */
void check_trace_report(FILE *out);

/* Forgets everything (the replay driver runs several streams). */
void check_trace_reset(void);

#endif
