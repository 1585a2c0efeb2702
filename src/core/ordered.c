/* Ordered regions. Chunks of a loop partition its logical iterations into
 * contiguous ranges, and a thread runs the iterations of a chunk in order, so
 * the turn to enter ordered regions moves chunk by chunk: the chunk whose
 * first iteration equals loop->ordered_done holds it. A thread keeps the turn
 * for its whole chunk and hands it on when the chunk's last possible ordered
 * region ends (one per iteration at most), or else when it asks for its next
 * chunk or leaves the loop (an iteration may skip its ordered region)
 * (OpenMP 5.1, 2.19.9). */
#include "ordered.h"

#include "../ompt/events.h"
#include "loop.h"
#include "team.h"
#include "wait.h"

/* Waiters watch ordered_done itself, so passing the turn is one plain store
 * on a line the waiter already reads: no read-modify-write, which would pull
 * the line back from the spinning waiter a second time. ordered_gen is only
 * a futex word for waiters that went to sleep. */
struct turn {
    struct glass_loop *loop;
    uint64_t first;
};

static bool turn_arrived(void *arg)
{
    const struct turn *turn = arg;
    /* seq_cst pairs with the fence in glass_ordered_pass: a waiter that set
     * the sleepers bit either sees the new turn here or is seen and woken. */
    return atomic_load_explicit(&turn->loop->ordered_done, memory_order_seq_cst) == turn->first;
}

static void wait_for_turn(struct glass_thread *self, struct glass_loop *loop, uint64_t first)
{
    if (atomic_load_explicit(&loop->ordered_done, memory_order_acquire) == first)
        return;
    int previous_state = atomic_load_explicit(&self->state, memory_order_relaxed);
    const void *previous_wait_id = self->wait_id;
    glass_wait_begin(self, GLASS_STATE_WAIT_ORDERED, &loop->ordered_done);
    struct turn turn = {loop, first};
    while (!turn_arrived(&turn))
        glass_gen_wait(&loop->ordered_gen, glass_gen_current(&loop->ordered_gen), turn_arrived, &turn);
    glass_wait_end(self, previous_state, previous_wait_id);
}

/* The object OMPT names in the ordered region's mutex events: the loop's turn
 * (the implicit task itself outside an ordered loop's chunk). */
static const void *ordered_wait_id(const struct glass_task *task)
{
    return task->ws_ordered_left ? (const void *)&task->ws->loop.ordered_done : (const void *)task;
}

void glass_ordered_begin_at(struct glass_thread *self, const void *codeptr)
{
    struct glass_task *task = self->task;
    GLASS_OMPT_EMIT(mutex_acquire, GLASS_MUTEX_ORDERED, GLASS_SYNC_HINT_NONE, GLASS_MUTEX_IMPL_ORDERED,
                    ordered_wait_id(task), codeptr);
    /* Outside an ordered loop's chunk there is nothing to order against. */
    if (task->ws_ordered_left)
        wait_for_turn(self, &task->ws->loop, task->ws_chunk_lo);
    GLASS_OMPT_EMIT(mutex_acquired, GLASS_MUTEX_ORDERED, ordered_wait_id(task), codeptr);
}

void glass_ordered_end_at(struct glass_thread *self, const void *codeptr)
{
    struct glass_task *task = self->task;
    GLASS_OMPT_EMIT(mutex_released, GLASS_MUTEX_ORDERED, ordered_wait_id(task), codeptr);
    /* An iteration runs at most one ordered region (OpenMP 5.1, 2.19.9), so
     * once as many have ended as the chunk has iterations, none is left and
     * the turn moves on now rather than when the thread asks for more work:
     * the next chunk's owner no longer waits for the rest of our iteration. */
    if (task->ws_ordered_left && --task->ws_ordered_left == 0)
        glass_ordered_pass(self, &task->ws->loop);
}

void glass_ordered_pass(struct glass_thread *self, struct glass_loop *loop)
{
    struct glass_task *task = self->task;
    wait_for_turn(self, loop, task->ws_chunk_lo);
    atomic_store_explicit(&loop->ordered_done, task->ws_chunk_hi, memory_order_release);
    /* Dekker with a waiter going to sleep (it sets the sleepers bit, then
     * re-reads ordered_done). Several passers may wake at once: the next
     * chunk's owner can pass its own turn before this wake is done, hence the
     * advance that tolerates several advancers. */
    atomic_thread_fence(memory_order_seq_cst);
    if (atomic_load_explicit(&loop->ordered_gen, memory_order_relaxed) & GLASS_GEN_SLEEPERS)
        glass_gen_advance_shared(&loop->ordered_gen);
    task->ws_ordered_left = 0;
}
