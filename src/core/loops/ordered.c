/* Ordered regions. Chunks of a loop partition its logical iterations into
 * contiguous ranges, and a thread runs the iterations of a chunk in order, so
 * the turn to enter ordered regions moves chunk by chunk: the chunk starting
 * at the first iteration not yet passed holds it. A thread keeps the turn
 * for its whole chunk and hands it on when the chunk's last possible ordered
 * region ends (one per iteration at most), or else when it asks for its next
 * chunk or leaves the loop (an iteration may skip its ordered region)
 * (OpenMP 5.1, 2.19.9).
 *
 * The turn is handed from one thread to the next, not announced to all:
 * passing it stores the next chunk's start in that chunk's slot of the
 * loop's turns (one line each), where only the next chunk's owner waits.
 * With one word for the whole team, every waiting thread read the line each
 * passer wrote, and the hand-off cost grew with the team. Chunk
 * starts map to slots by start / step modulo a power of two at least the
 * team size: consecutive chunks of a static or dynamic schedule get distinct
 * slots. Where two waiting chunks share one (guided, or static without a
 * chunk size), each still waits for its own start: the turn cannot move past
 * a chunk before its owner passes it, so the value stays until then. */
#include "ordered.h"

#include <stdlib.h>

#include "../../ompt/events.h"
#include "loop.h"
#include "../runtime.h"
#include "../threads/team.h"
#include "../sync/wait.h"

#define NO_TURN UINT64_MAX /* a chunk start cannot be it: starts are below count */

static _Atomic uint64_t *turn_slot(const struct glass_loop *loop, uint64_t first)
{
    return &loop->turns[(first / loop->turns_step) & loop->turns_mask].first;
}

void glass_ordered_loop_init(struct glass_loop *loop, unsigned nthreads)
{
    unsigned slots = 2;
    while (slots < nthreads)
        slots *= 2;
    if (loop->turns_capacity < slots) {
        free(loop->turns);
        loop->turns = aligned_alloc(_Alignof(struct glass_ordered_turn), slots * sizeof *loop->turns);
        if (!loop->turns)
            glass_fatal("out of memory for the turns of an ordered loop of %u threads", nthreads);
        loop->turns_capacity = slots;
    }
    loop->turns_mask = slots - 1;
    loop->turns_step = loop->chunk ? loop->chunk : 1;
    /* Values from the ring slot's earlier loops must not be taken for turns
     * of this one. */
    for (unsigned i = 0; i < slots; i++)
        atomic_store_explicit(&loop->turns[i].first, NO_TURN, memory_order_relaxed);
    atomic_store_explicit(turn_slot(loop, 0), 0, memory_order_relaxed);
}

void glass_ordered_loop_free(struct glass_loop *loop)
{
    free(loop->turns);
    loop->turns = NULL;
    loop->turns_capacity = 0;
}

struct turn {
    _Atomic uint64_t *slot;
    uint64_t first;
};

static bool turn_arrived(void *arg)
{
    const struct turn *turn = arg;
    /* seq_cst pairs with the fence in glass_ordered_pass: a waiter that set
     * the sleepers bit either sees its turn here or is seen and woken. */
    return atomic_load_explicit(turn->slot, memory_order_seq_cst) == turn->first;
}

static void wait_for_turn(struct glass_thread *self, struct glass_loop *loop, uint64_t first)
{
    _Atomic uint64_t *slot = turn_slot(loop, first);
    if (atomic_load_explicit(slot, memory_order_acquire) == first)
        return;
    int previous_state = atomic_load_explicit(&self->state, memory_order_relaxed);
    const void *previous_wait_id = self->wait_id;
    glass_wait_begin(self, GLASS_STATE_WAIT_ORDERED, &loop->ordered_gen);
    struct turn turn = {slot, first};
    while (!turn_arrived(&turn))
        glass_gen_wait(&loop->ordered_gen, glass_gen_current(&loop->ordered_gen), turn_arrived, &turn);
    glass_wait_end(self, previous_state, previous_wait_id);
}

/* The object OMPT names in the ordered region's mutex events: the loop's turn
 * (the implicit task itself outside an ordered loop's chunk). */
static const void *ordered_wait_id(const struct glass_task *task)
{
    return task->ws_ordered_left ? (const void *)&task->ws->loop.ordered_gen : (const void *)task;
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
    atomic_store_explicit(turn_slot(loop, task->ws_chunk_hi), task->ws_chunk_hi, memory_order_release);
    /* Dekker with a waiter going to sleep (it sets the sleepers bit, then
     * re-reads its slot). Several passers may wake at once: the next
     * chunk's owner can pass its own turn before this wake is done, hence the
     * advance that tolerates several advancers. */
    atomic_thread_fence(memory_order_seq_cst);
    if (atomic_load_explicit(&loop->ordered_gen, memory_order_relaxed) & GLASS_GEN_SLEEPERS)
        glass_gen_advance_shared(&loop->ordered_gen);
    task->ws_ordered_left = 0;
}
