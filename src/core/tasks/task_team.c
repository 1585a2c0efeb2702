/* Setting up a team's tasking state for a region (task_team.h). */
#include <stdlib.h>
#include <string.h>

#include "../globals.h"
#include "../runtime.h"
#include "../store_changed.h"
#include "task_internal.h"

/* OpenMP leaves the bound on queued tasks to the implementation; libgomp
 * uses the same per-thread figure. */
#define MIN_DEQUE_SLOTS 256

static long deque_slots(unsigned long throttle)
{
    /* Room for the whole throttle on one deque (a single producer), so a push
     * fails only in odd cases (tasks made ready by dependences). */
    long slots = MIN_DEQUE_SLOTS;
    while ((unsigned long)slots < 2 * throttle)
        slots *= 2;
    return slots;
}

static void reserve_deques(struct glass_team_tasking *tasking, unsigned nthreads, long slots)
{
    if (tasking->deques_allocated >= nthreads && tasking->deques && tasking->deques[0].mask + 1 >= slots)
        return;
    if (nthreads < tasking->deques_allocated)
        nthreads = tasking->deques_allocated; /* never shrink: member_maps holds maps */
    for (unsigned i = 0; i < tasking->deques_allocated; i++)
        free(tasking->deques[i].slots);
    free(tasking->deques);
    struct glass_task_deque *deques = aligned_alloc(64, nthreads * sizeof *deques);
    struct glass_depend_map **maps = realloc(tasking->member_maps, nthreads * sizeof *maps);
    if (!deques || !maps)
        glass_fatal("out of memory for the task queues of %u threads", nthreads);
    memset(deques, 0, nthreads * sizeof *deques); /* the fork compares before it stores (store_changed.h) */
    for (unsigned i = 0; i < nthreads; i++) {
        deques[i].slots = calloc((size_t)slots, sizeof *deques[i].slots);
        if (!deques[i].slots)
            glass_fatal("out of memory for the task queues of %u threads", nthreads);
        deques[i].mask = slots - 1;
    }
    for (unsigned i = tasking->deques_allocated; i < nthreads; i++)
        maps[i] = NULL;
    tasking->deques = deques;
    tasking->member_maps = maps;
    tasking->deques_allocated = nthreads;
}

void glass_team_ws_reductions_reset(struct glass_team_tasking *tasking)
{
    for (unsigned i = 0; i < GLASS_WS_REDUCTION_SLOTS; i++) {
        struct glass_ws_reduction_slot *slot = &tasking->ws_reductions[i];
        /* A slot no construct claimed (constructs are numbered from 1) holds
         * the reset values still: left alone (store_changed.h). */
        if (atomic_load_explicit(&slot->claimed, memory_order_relaxed) == 0)
            continue;
        atomic_store_explicit(&slot->claimed, 0, memory_order_relaxed);
        atomic_store_explicit(&slot->ready, 0, memory_order_relaxed);
        atomic_store_explicit(&slot->pending, 0, memory_order_relaxed);
        slot->data = NULL;
    }
}

void glass_team_tasking_init(struct glass_team *team)
{
    struct glass_team_tasking *tasking = &team->tasking;
    unsigned nthreads = team->nthreads;
    unsigned long per_thread = glass_globals.task_throttle_per_thread;
    /* Reset at every fork, so stored only where it changes
     * (store_changed.h): lines the last region left as they are stay in
     * the workers' caches. */
    GLASS_STORE_CHANGED(tasking->throttle, per_thread == GLASS_TASK_THROTTLE_OFF ? per_thread : per_thread * nthreads);
    /* Deques sized for the default throttle: without one, a full deque's
     * push fails over as it does for tasks made ready by dependences. */
    reserve_deques(tasking, nthreads, deque_slots(GLASS_TASK_THROTTLE_PER_THREAD * nthreads));
    for (unsigned i = 0; i < nthreads; i++) {
        GLASS_STORE_CHANGED_RELAXED(&tasking->deques[i].top, 0);
        GLASS_STORE_CHANGED_RELAXED(&tasking->deques[i].bottom, 0);
        GLASS_STORE_CHANGED(tasking->deques[i].top_seen, 0);
    }
    GLASS_STORE_CHANGED(tasking->ndeques, nthreads);
    if (!tasking->heap_ready) {
        glass_task_heap_init(&tasking->shared);
        tasking->heap_ready = true;
    }
    GLASS_STORE_CHANGED(tasking->shared.count, 0);
    GLASS_STORE_CHANGED_RELAXED(&tasking->shared_count, 0);
    GLASS_STORE_CHANGED_RELAXED(&tasking->active, 0);
    GLASS_STORE_CHANGED(tasking->implicit_taskgroup, NULL);
    glass_team_ws_reductions_reset(tasking);
    /* `events` keeps its value: a thread of the previous region may still be
     * waking sleepers through it. */

    /* The master's implicit task is reused from region to region. */
    struct glass_task *master = &team->master_task;
    atomic_store_explicit(&master->kids, 0, memory_order_relaxed);
    master->kids_credits = 0;
    master->taskgroup = NULL;
    master->depend_map = NULL; /* member_maps[0] is its map */
    master->ws_reduction_seq = 0;
}

void glass_team_tasking_free(struct glass_team *team)
{
    struct glass_team_tasking *tasking = &team->tasking;
    for (unsigned i = 0; i < tasking->deques_allocated; i++) {
        free(tasking->deques[i].slots);
        glass_depend_map_destroy(tasking->member_maps[i]);
    }
    free(tasking->deques);
    free(tasking->member_maps);
    if (tasking->heap_ready) {
        free(tasking->shared.items);
        pthread_mutex_destroy(&tasking->shared.lock);
    }
    *tasking = (struct glass_team_tasking){0};
}
