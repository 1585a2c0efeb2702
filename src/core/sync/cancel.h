/* Cancellation (OpenMP 5.1, 2.20): the cancel and cancellation point constructs
 * and the barriers that are cancellation points.
 *
 * Requests live in team->cancelled (enum glass_cancel_kind bits) of the
 * innermost team; everything is inert unless cancel-var (OMP_CANCELLATION) is
 * true.
 * - Parallel: sets GLASS_CANCEL_PARALLEL and opens the team's barrier for the
 *   rest of the region (barrier.h), so threads waiting in a barrier leave and
 *   every later barrier of the region passes; the bit and the barrier are reset
 *   when the team starts its next region. The join barrier at the end of the
 *   region is separate and unaffected, so the region always ends together.
 * - Loop and sections: set their bit, which cancellation points of the
 *   construct observe. The bits are cleared by the last thread to arrive at the
 *   barrier that ends the construct (a cancelled construct cannot be nowait,
 *   2.20.1), before it releases the others: no thread can see a stale request in
 *   the next construct, and starting a construct costs nothing.
 * - Taskgroup: see cancel.c (needs tasking). */
#ifndef GLASS_CORE_CANCEL_H
#define GLASS_CORE_CANCEL_H

#include <stdbool.h>

#include "../threads/team.h"

/* The cancel construct: activates cancellation of the innermost region of
 * `kind`. True when the encountering task must continue at the end of that
 * region; false when cancel-var is false (the construct is then ignored). */
bool glass_cancel_at(struct glass_thread *self, enum glass_cancel_kind kind, const void *codeptr);

/* The cancellation point construct: true when cancellation of the innermost
 * region of `kind` has been activated. */
bool glass_cancellation_point_at(struct glass_thread *self, enum glass_cancel_kind kind, const void *codeptr);

/* The same where the user's call site is unknown (codeptr NULL in OMPT events). */
static inline bool glass_cancel(struct glass_thread *self, enum glass_cancel_kind kind)
{
    return glass_cancel_at(self, kind, NULL);
}

static inline bool glass_cancellation_point(struct glass_thread *self, enum glass_cancel_kind kind)
{
    return glass_cancellation_point_at(self, kind, NULL);
}

/* A team barrier that is a cancellation point for the parallel region: true
 * when the region has been cancelled (the caller then goes to its end).
 * glass_team_barrier_cancellable (team.h) is this with the state of an implicit
 * worksharing barrier. */
static inline bool glass_team_barrier_cancellable_as(struct glass_thread *self, enum glass_state wait_state)
{
    return glass_team_barrier_cancellable_at(self, wait_state, NULL);
}

#endif
