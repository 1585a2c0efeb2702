/* The cancel and cancellation point constructs (OpenMP 5.1, 2.20.1, 2.20.2);
 * the protocol is described in cancel.h. */
#include "cancel.h"
#include "../tasks/task_barrier.h"
#include "../tasks/tasking.h"

#include "../../ompt/events.h"
#include "../globals.h"

/* ompt_cancel_flag_t bit of a construct kind (loop and sections differ). */
static int ompt_construct_flag(enum glass_cancel_kind kind)
{
    switch (kind) {
    case GLASS_CANCEL_PARALLEL:
        return GLASS_CANCEL_FLAG_PARALLEL;
    case GLASS_CANCEL_LOOP:
        return GLASS_CANCEL_FLAG_LOOP;
    case GLASS_CANCEL_SECTIONS:
        return GLASS_CANCEL_FLAG_SECTIONS;
    case GLASS_CANCEL_TASKGROUP:
        return GLASS_CANCEL_FLAG_TASKGROUP;
    }
    return 0;
}

static bool cancel(struct glass_thread *self, enum glass_cancel_kind kind);
static bool cancellation_point(struct glass_thread *self, enum glass_cancel_kind kind);

/* An explicit task whose code goes on at the end of its region (the
 * compiler's jump after a cancel or cancellation point that returned true)
 * completes as cancelled, not complete (ompt_task_status_t). */
static void note_task_cut_short(struct glass_thread *self, bool cut)
{
    if (cut && (self->task->flags & GLASS_TASK_EXPLICIT))
        self->task->cut_short = true;
}

bool glass_cancel_at(struct glass_thread *self, enum glass_cancel_kind kind, const void *codeptr)
{
    bool activated = cancel(self, kind);
    note_task_cut_short(self, activated);
    if (activated)
        GLASS_OMPT_EMIT(cancel, &self->task->tool_data, ompt_construct_flag(kind) | GLASS_CANCEL_FLAG_ACTIVATED,
                        codeptr);
    return activated;
}

bool glass_cancellation_point_at(struct glass_thread *self, enum glass_cancel_kind kind, const void *codeptr)
{
    bool detected = cancellation_point(self, kind);
    note_task_cut_short(self, detected);
    if (detected)
        GLASS_OMPT_EMIT(cancel, &self->task->tool_data, ompt_construct_flag(kind) | GLASS_CANCEL_FLAG_DETECTED,
                        codeptr);
    return detected;
}

static bool cancel(struct glass_thread *self, enum glass_cancel_kind kind)
{
    /* 2.20.1: with cancel-var false the cancel construct is ignored. */
    if (!glass_globals.cancellation)
        return false;
    struct glass_team *team = self->team;
    switch (kind) {
    case GLASS_CANCEL_PARALLEL:
        /* The bit first: a thread the barrier lets through reads it. */
        atomic_fetch_or_explicit(&team->cancelled, GLASS_CANCEL_PARALLEL, memory_order_release);
        glass_barrier_cancel(&team->barrier);
        /* Threads in the barrier that run tasks sleep on the task event word. */
        glass_team_tasking_wake(team);
        return true;
    case GLASS_CANCEL_LOOP:
    case GLASS_CANCEL_SECTIONS:
        atomic_fetch_or_explicit(&team->cancelled, kind, memory_order_release);
        return true;
    case GLASS_CANCEL_TASKGROUP:
        /* Tasks of the innermost taskgroup not yet started are discarded; the
         * encountering task continues at the end of its task region either way. */
        glass_taskgroup_cancel(self);
        return true;
    }
    return false;
}

static bool cancellation_point(struct glass_thread *self, enum glass_cancel_kind kind)
{
    if (!glass_globals.cancellation)
        return false;
    int cancelled = atomic_load_explicit(&self->team->cancelled, memory_order_acquire);
    switch (kind) {
    case GLASS_CANCEL_LOOP:
    case GLASS_CANCEL_SECTIONS:
        return cancelled & kind;
    case GLASS_CANCEL_TASKGROUP:
        /* Also true when the parallel region is cancelled (2.20.1). */
        return glass_taskgroup_cancelled(self);
    case GLASS_CANCEL_PARALLEL:
        return cancelled & GLASS_CANCEL_PARALLEL;
    }
    return false;
}
