/* The single construct: the first thread to arrive runs the block. */
#ifndef GLASS_CORE_SINGLE_H
#define GLASS_CORE_SINGLE_H

#include <stdbool.h>
#include <stddef.h>

#include "../tasks/task.h"
#include "../threads/thread.h"

/* True in the one thread that runs the block. No barrier: the compiler adds
 * one unless nowait. `codeptr` is the user's call site for OMPT: the work-begin
 * event (single executor or single other) is reported here, and for the other
 * threads the work-end event as well. */
bool glass_single_begin_at(struct glass_thread *self, const void *codeptr);

/* The executing thread is done with the block (work-end event). An ABI whose
 * compiler makes no call at the end of the block calls it right after
 * glass_single_begin_at. */
void glass_single_end_at(struct glass_thread *self, const void *codeptr);

/* For an ABI that does not tell the runtime where the executor's block ends
 * (GCC's GOMP_single_start): the begin, and for the other threads the end at
 * once. The executor's end is reported where the block must have ended: at
 * that implicit task's next barrier, next worksharing construct or the end
 * of its region (glass_single_close_open, called there), not at calls made
 * inside the block (tasks, locks, a nested region's constructs, which are
 * other tasks'). */
bool glass_single_whole_at(struct glass_thread *self, const void *codeptr);
/* The same when no tool or debugger watches (GLASS_OMPT_ENTRY_SPLIT). */
bool glass_single_whole_unwatched(struct glass_thread *self);

/* single with copyprivate: NULL in the thread that runs the block, which then
 * calls glass_single_copy_end with the address of its values; the other
 * threads get that address once it is available. The executing thread's data
 * must stay valid until every thread has copied (compilers end the construct
 * with a barrier). */
void *glass_single_copy_begin_at(struct glass_thread *self, const void *codeptr);
void glass_single_copy_end_at(struct glass_thread *self, void *data, const void *codeptr);

/* The executor's end of a single left open by glass_single_whole_at, before
 * the event of the construct that closes it; nothing if none is open. The
 * flag is set only while a tool watches, so without one this is a load and
 * a branch never taken. */
void glass_single_report_open_end(struct glass_thread *self);
static inline void glass_single_close_open(struct glass_thread *self)
{
    if (__builtin_expect(self->task->single_open, 0))
        glass_single_report_open_end(self);
}

/* The same where the user's call site is unknown (codeptr NULL in OMPT events). */
static inline bool glass_single_begin(struct glass_thread *self)
{
    return glass_single_begin_at(self, NULL);
}

static inline void *glass_single_copy_begin(struct glass_thread *self)
{
    return glass_single_copy_begin_at(self, NULL);
}

static inline void glass_single_copy_end(struct glass_thread *self, void *data)
{
    glass_single_copy_end_at(self, data, NULL);
}

#endif
