/* The cancel and cancellation point constructs (OpenMP 5.1, 2.20.1, 2.20.2);
 * the protocol is described in cancel.h. */
#include "cancel.h"

#include "../ompt/events.h"
#include "globals.h"

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

bool glass_cancel_at(struct glass_thread *self, enum glass_cancel_kind kind, const void *codeptr)
{
    bool activated = cancel(self, kind);
    if (activated)
        GLASS_OMPT_EMIT(cancel, &self->task->tool_data, ompt_construct_flag(kind) | GLASS_CANCEL_FLAG_ACTIVATED,
                        codeptr);
    return activated;
}

bool glass_cancellation_point_at(struct glass_thread *self, enum glass_cancel_kind kind, const void *codeptr)
{
    bool detected = cancellation_point(self, kind);
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
        return true;
    case GLASS_CANCEL_LOOP:
    case GLASS_CANCEL_SECTIONS:
        atomic_fetch_or_explicit(&team->cancelled, kind, memory_order_release);
        return true;
    case GLASS_CANCEL_TASKGROUP:
        /* Without explicit tasks there is no taskgroup whose tasks could be
         * discarded: the only effect is that the encountering task continues at
         * the end of its task region. Tasking work: mark the innermost taskgroup
         * of the current task cancelled here (glass_taskgroup_cancel, tasking.h)
         * so that its tasks not yet started are discarded, and still return
         * true. */
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
        /* No taskgroup can be cancelled without explicit tasks (see
         * glass_cancel). Tasking work: return glass_taskgroup_cancelled(self)
         * here (tasking.h), which also covers the parallel case below, since
         * cancelling the parallel region cancels its explicit tasks (2.20.1). */
    case GLASS_CANCEL_PARALLEL:
        return cancelled & GLASS_CANCEL_PARALLEL;
    }
    return false;
}
