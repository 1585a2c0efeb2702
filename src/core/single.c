/* single and single copyprivate. */
#include "single.h"

#include "team.h"

bool glass_single_begin(struct glass_thread *self)
{
    /* The n-th single construct goes to whoever moves the team's counter from
     * n-1 to n first. A late thread finds the counter at n or beyond and
     * loses; no thread can be at n+1 before n was won. */
    unsigned long number = ++self->task->single_count;
    unsigned long expected = number - 1;
    return atomic_compare_exchange_strong_explicit(&self->team->ws.single_winner, &expected, number,
                                                   memory_order_relaxed, memory_order_relaxed);
}

void *glass_single_copy_begin(struct glass_thread *self)
{
    /* The descriptor's initializer is the executing thread: it publishes the
     * descriptor only once its data is there, in glass_single_copy_end. */
    if (glass_ws_enter_unpublished(self)) {
        self->task->ws->kind = GLASS_WS_SINGLE_COPY;
        return NULL;
    }
    glass_ws_wait_published(self);
    void *data = self->task->ws->copy_data;
    glass_ws_leave(self);
    return data;
}

void glass_single_copy_end(struct glass_thread *self, void *data)
{
    self->task->ws->copy_data = data;
    glass_ws_publish(self);
    glass_ws_leave(self);
}
