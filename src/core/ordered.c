/* Ordered regions. Chunks of a loop partition its logical iterations into
 * contiguous ranges, and a thread runs the iterations of a chunk in order, so
 * the turn to enter ordered regions moves chunk by chunk: the chunk whose
 * first iteration equals loop->ordered_done holds it. A thread keeps the turn
 * for its whole chunk (an iteration may skip its ordered region, so counting
 * regions would not work) and hands it on when it asks for its next chunk or
 * leaves the loop (OpenMP 5.1, 2.19.9). */
#include "ordered.h"

#include "../ompt/events.h"
#include "loop.h"
#include "team.h"
#include "wait.h"

static void wait_for_turn(struct glass_thread *self, struct glass_loop *loop, uint64_t first)
{
    if (atomic_load_explicit(&loop->ordered_done, memory_order_acquire) == first)
        return;
    int previous_state = atomic_load_explicit(&self->state, memory_order_relaxed);
    const void *previous_wait_id = self->wait_id;
    glass_wait_begin(self, GLASS_STATE_WAIT_ORDERED, &loop->ordered_done);
    for (;;) {
        unsigned seen = glass_gen_current(&loop->ordered_gen);
        if (atomic_load_explicit(&loop->ordered_done, memory_order_acquire) == first)
            break;
        glass_gen_wait(&loop->ordered_gen, seen, NULL, NULL);
    }
    glass_wait_end(self, previous_state, previous_wait_id);
}

/* The object OMPT names in the ordered region's mutex events: the loop's turn
 * (the implicit task itself outside an ordered loop's chunk). */
static const void *ordered_wait_id(const struct glass_task *task)
{
    return task->ws_chunk_ordered ? (const void *)&task->ws->loop.ordered_done : (const void *)task;
}

void glass_ordered_begin_at(struct glass_thread *self, const void *codeptr)
{
    struct glass_task *task = self->task;
    GLASS_OMPT_EMIT(mutex_acquire, GLASS_MUTEX_ORDERED, GLASS_SYNC_HINT_NONE, GLASS_MUTEX_IMPL_ORDERED,
                    ordered_wait_id(task), codeptr);
    /* Outside an ordered loop's chunk there is nothing to order against. */
    if (task->ws_chunk_ordered)
        wait_for_turn(self, &task->ws->loop, task->ws_chunk_lo);
    GLASS_OMPT_EMIT(mutex_acquired, GLASS_MUTEX_ORDERED, ordered_wait_id(task), codeptr);
}

void glass_ordered_end_at(struct glass_thread *self, const void *codeptr)
{
    /* The turn stays with the chunk until the thread moves on from it. */
    GLASS_OMPT_EMIT(mutex_released, GLASS_MUTEX_ORDERED, ordered_wait_id(self->task), codeptr);
}

void glass_ordered_pass(struct glass_thread *self, struct glass_loop *loop)
{
    struct glass_task *task = self->task;
    wait_for_turn(self, loop, task->ws_chunk_lo);
    atomic_store_explicit(&loop->ordered_done, task->ws_chunk_hi, memory_order_release);
    /* The next chunk's owner may pass its own turn on before this bump is
     * done, hence the bump that tolerates several advancers. */
    glass_gen_advance_shared(&loop->ordered_gen);
    task->ws_chunk_ordered = false;
}
