/* The team's ring of worksharing descriptors (see workshare.h for the protocol). */
#include "workshare.h"
#include "../sync/single.h"

#include <stdlib.h>
#include <string.h>

#include "ordered.h"

#include "../../ompt/events.h"
#include "doacross.h"
#include "loop.h"
#include "../runtime.h"
#include "../threads/team.h"
#include "../store_changed.h"
#include "../sync/wait.h"

static void free_mem(struct glass_ws *ws)
{
    free(ws->mem);
    ws->mem = NULL;
    ws->mem_capacity = 0;
}

void glass_ws_ring_init(struct glass_ws_ring *ring, unsigned nthreads)
{
    (void)nthreads;
    for (unsigned s = 0; s < GLASS_WS_RING; s++) {
        struct glass_ws *ws = &ring->slots[s];
        /* Constructs are numbered from 1: a slot no construct claimed since
         * the last reset holds the reset values still, and is left alone,
         * its lines shared in the workers' caches (store_changed.h). A new
         * descriptor's slots (all zero) are not reset yet: free_for tells. */
        if (atomic_load_explicit(&ws->claimed, memory_order_relaxed) == 0 &&
            atomic_load_explicit(&ws->free_for, memory_order_relaxed) == s + 1)
            continue;
        /* The generation words keep counting: nobody waits on them between
         * regions, and restarting them would buy nothing. */
        atomic_store_explicit(&ws->claimed, 0, memory_order_relaxed);
        atomic_store_explicit(&ws->ready, 0, memory_order_relaxed);
        atomic_store_explicit(&ws->left, 0, memory_order_relaxed);
        atomic_store_explicit(&ws->free_for, s + 1, memory_order_relaxed);
        /* The previous region's threads are past its join barrier. */
        if (ws->mem) /* rare (lastprivate(conditional:), allocate): keep the common region start call-free */
            free_mem(ws);
        ws->loop.doacross = NULL;
    }
    GLASS_STORE_CHANGED_RELAXED(&ring->single_winner, 0);
}

void glass_ws_ring_free(struct glass_ws_ring *ring)
{
    for (unsigned s = 0; s < GLASS_WS_RING; s++) {
        free_mem(&ring->slots[s]);
        glass_loop_steal_free(&ring->slots[s].loop);
        glass_ordered_loop_free(&ring->slots[s].loop);
    }
}

/* Waits until *value reaches `target`, sleeping on the generation word the
 * writer advances after storing it. */
static void wait_for_construct(struct glass_thread *self, _Atomic unsigned long *value,
                               _Atomic unsigned *gen, unsigned long target)
{
    if (atomic_load_explicit(value, memory_order_acquire) == target)
        return;
    /* Not an OpenMP-visible barrier, but the thread is blocked by its team
     * inside the runtime, which is what this state says. */
    int previous = atomic_load_explicit(&self->state, memory_order_relaxed);
    glass_set_state(self, GLASS_STATE_WAIT_BARRIER_IMPLEMENTATION);
    for (;;) {
        unsigned seen = glass_gen_current(gen);
        if (atomic_load_explicit(value, memory_order_acquire) == target)
            break;
        glass_gen_wait(gen, seen, NULL, NULL);
    }
    glass_set_state(self, previous);
}

static void reset_task_progress(struct glass_task *task, struct glass_ws *ws)
{
    task->ws = ws;
    task->ws_static_trip = 0;
    task->ws_chunk_lo = 0;
    task->ws_chunk_hi = 0;
    task->ws_ordered_left = 0;
}

bool glass_ws_enter_unpublished(struct glass_thread *self)
{
    glass_single_close_open(self); /* a worksharing construct ends GCC's open single */
    struct glass_task *task = self->task;
    unsigned long construct = ++task->ws_count;
    struct glass_ws *ws = &self->team->ws.slots[(construct - 1) % GLASS_WS_RING];
    reset_task_progress(task, ws);

    /* Claim the initialization: values below `construct` belong to earlier
     * occupants; a value at or above it means another thread won (a thread
     * may even have claimed the slot's next occupant already). */
    unsigned long seen = atomic_load_explicit(&ws->claimed, memory_order_relaxed);
    while (seen < construct)
        if (atomic_compare_exchange_weak_explicit(&ws->claimed, &seen, construct,
                                                  memory_order_relaxed, memory_order_relaxed)) {
            wait_for_construct(self, &ws->free_for, &ws->free_gen, construct);
            return true;
        }
    return false;
}

void glass_ws_wait_published(struct glass_thread *self)
{
    struct glass_ws *ws = self->task->ws;
    wait_for_construct(self, &ws->ready, &ws->ready_gen, self->task->ws_count);
}

bool glass_ws_enter(struct glass_thread *self)
{
    if (glass_ws_enter_unpublished(self))
        return true;
    glass_ws_wait_published(self);
    return false;
}

void glass_ws_publish(struct glass_thread *self)
{
    struct glass_ws *ws = self->task->ws;
    atomic_store_explicit(&ws->ready, self->task->ws_count, memory_order_release);
    glass_gen_advance(&ws->ready_gen);
}

void *glass_ws_alloc_mem(struct glass_ws *ws, size_t size)
{
    if (size > ws->mem_capacity || !ws->mem) {
        free(ws->mem);
        ws->mem = calloc(1, size ? size : 1);
        if (!ws->mem)
            glass_fatal("out of memory for %zu bytes of worksharing scratch", size);
        ws->mem_capacity = size;
        return ws->mem;
    }
    return memset(ws->mem, 0, size);
}

struct glass_ws *glass_ws_prepare_first(struct glass_team *team)
{
    /* Runs before any worker exists in the region: plain stores suffice, the
     * workers' start publishes them. */
    struct glass_ws *ws = &team->ws.slots[0];
    atomic_store_explicit(&ws->claimed, 1, memory_order_relaxed);
    atomic_store_explicit(&ws->ready, 1, memory_order_relaxed);
    return ws;
}

/* The work-begin event of a combined construct: the call site is the
 * combined construct's own (the parallel region's). */
static void report_combined_begin(struct glass_thread *self, struct glass_ws *ws)
{
    GLASS_OMPT_EMIT(work, glass_ompt_work_type(ws), GLASS_SCOPE_BEGIN, &self->team->tool_data,
                    &self->task->tool_data, ws->loop.count, self->team->codeptr);
}

struct glass_ws *glass_ws_join_first(struct glass_thread *self)
{
    struct glass_task *task = self->task;
    task->ws_count = 1;
    reset_task_progress(task, &self->team->ws.slots[0]);
    report_combined_begin(self, task->ws);
    return task->ws;
}

void glass_ws_leave_at(struct glass_thread *self, const void *codeptr)
{
    struct glass_ws *ws = glass_ws_current(self);
    if (ws->kind != GLASS_WS_SINGLE_COPY)
        GLASS_OMPT_EMIT(work, glass_ompt_work_type(ws), GLASS_SCOPE_END, &self->team->tool_data,
                        &self->task->tool_data, ws->loop.count, codeptr);
    glass_ws_leave_unreported(self);
}

void glass_ws_leave_unreported(struct glass_thread *self)
{
    struct glass_task *task = self->task;
    struct glass_ws *ws = glass_ws_current(self);
    unsigned nthreads = self->team->nthreads;
    unsigned left = atomic_fetch_add_explicit(&ws->left, 1, memory_order_acq_rel) + 1;
    if (left < nthreads)
        return;
    /* Last one out: everybody is done with the descriptor. */
    atomic_store_explicit(&ws->left, 0, memory_order_relaxed);
    if (ws->loop.doacross) {
        glass_doacross_free(ws->loop.doacross);
        ws->loop.doacross = NULL;
    }
    atomic_store_explicit(&ws->free_for, task->ws_count + GLASS_WS_RING, memory_order_release);
    glass_gen_advance(&ws->free_gen);
}

void glass_ws_end_at(struct glass_thread *self, bool nowait, const void *codeptr)
{
    glass_loop_finish_chunk(self);
    glass_ws_leave_at(self, codeptr);
    if (!nowait)
        glass_team_barrier_at(self, GLASS_STATE_WAIT_BARRIER_IMPLICIT_WORKSHARE, codeptr);
}

bool glass_ws_end_cancellable_at(struct glass_thread *self, const void *codeptr)
{
    /* Loops with an ordered clause cannot be cancelled (OpenMP 5.1, 2.20.1),
     * and a cancelled loop may leave chunks nobody runs: never wait for an
     * ordered turn here. */
    self->task->ws_ordered_left = 0;
    glass_ws_leave_at(self, codeptr);
    return glass_team_barrier_cancellable_at(self, GLASS_STATE_WAIT_BARRIER_IMPLICIT_WORKSHARE, codeptr);
}
