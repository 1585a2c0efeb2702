/* copyprivate broadcast (copyprivate.h): the data pointer travels through a
 * worksharing slot of the team, which stays valid while threads may still
 * read it; two barriers order the publication and the copies. */
#include "copyprivate.h"

#include "../threads/team.h"

void *glass_copyprivate_begin(struct glass_thread *self, void *data, bool source)
{
    if (self->team->nthreads == 1)
        return data;
    if (glass_ws_enter(self)) {
        struct glass_ws *ws = self->task->ws;
        ws->kind = GLASS_WS_SINGLE_COPY;
        ws->copy_data = NULL;
        glass_ws_publish(self);
    }
    struct glass_ws *ws = self->task->ws;
    if (source)
        ws->copy_data = data;
    /* The barrier publishes the source's store to everyone. */
    glass_team_barrier(self, GLASS_STATE_WAIT_BARRIER_IMPLICIT_WORKSHARE);
    return ws->copy_data;
}

void glass_copyprivate_end(struct glass_thread *self)
{
    if (self->team->nthreads == 1)
        return;
    glass_ws_leave(self);
    glass_team_barrier(self, GLASS_STATE_WAIT_BARRIER_IMPLICIT_WORKSHARE);
}

void *glass_copyprivate_broadcast(struct glass_thread *self, void *data, bool source)
{
    void *shared = glass_copyprivate_begin(self, data, source);
    /* The pointer is read: the slot may go, the program's barrier follows. */
    if (self->team->nthreads > 1)
        glass_ws_leave(self);
    return shared;
}
