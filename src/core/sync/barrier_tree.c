/* The tree-shaped barrier (barrier.h): a combining tree over consecutive
 * thread numbers. Level 0 node j counts threads j*fanout .. j*fanout+fanout-1;
 * level h node j counts level h-1 nodes the same way; the top (the barrier's
 * own words) counts the nodes of the highest level. So the threads under one
 * node are a contiguous range of thread numbers, which the fork tree
 * (pool.c) follows too, and which close binding maps to neighbouring places. */
#include <limits.h>
#include <stdlib.h>

#include "barrier_tree.h"
#include "../runtime.h"
#include "wait.h"

#define SLEEPERS GLASS_GEN_SLEEPERS
#define CANCELLED GLASS_BARRIER_CANCELLED

static inline struct glass_barrier_node *node_of(struct glass_barrier *barrier, unsigned level, unsigned num)
{
    return &barrier->nodes[barrier->level_first[level] + num / barrier->level_span[level]];
}

/* Computes levels, level_first and level_span; returns the node count. */
static unsigned lay_out(struct glass_barrier *barrier, unsigned nthreads, unsigned fanout)
{
    unsigned levels = 0, total = 0, below = nthreads, span = fanout;
    while (below > fanout) {
        if (levels == GLASS_BARRIER_MAX_LEVELS)
            glass_fatal("a tree barrier for %u threads needs more than %d levels", nthreads,
                        GLASS_BARRIER_MAX_LEVELS);
        unsigned count = (below + fanout - 1) / fanout;
        barrier->level_first[levels] = total;
        barrier->level_span[levels] = span;
        total += count;
        below = count;
        levels++;
        /* Saturates rather than overflows: one node then covers every thread. */
        span = span > UINT_MAX / fanout ? UINT_MAX : span * fanout;
    }
    barrier->levels = levels;
    barrier->nthreads = below; /* what the top counts */
    return total;
}

void glass_barrier_tree_init(struct glass_barrier *barrier, unsigned nthreads, unsigned fanout, unsigned gen)
{
    bool same_shape = barrier->nodes && barrier->team_size == nthreads && barrier->fanout == fanout;
    bool was_cancelled = gen & CANCELLED;
    if (same_shape && !was_cancelled) {
        /* Every node's count went back to 0 and its generation moved with the
         * top's in each completed episode: nothing to touch. lay_out's
         * results are still in place, but levels was cleared by a central use. */
        if (barrier->levels)
            return;
    }
    unsigned total = lay_out(barrier, nthreads, fanout);
    if (total > barrier->nodes_capacity) {
        free(barrier->nodes);
        barrier->nodes = aligned_alloc(GLASS_CACHE_LINE, (size_t)total * sizeof *barrier->nodes);
        if (!barrier->nodes)
            glass_fatal("out of memory for a tree barrier of %u threads", nthreads);
        barrier->nodes_capacity = total;
    }
    barrier->team_size = nthreads;
    barrier->fanout = fanout;
    /* No thread is inside the barrier (barrier.h): plain stores will do. The
     * flags are dropped: a sleeper bit left by a cancelled episode has no
     * sleeper behind it any more. */
    unsigned common = gen & ~(SLEEPERS | CANCELLED);
    unsigned below = nthreads;
    for (unsigned level = 0; level < barrier->levels; level++) {
        unsigned count = (below + fanout - 1) / fanout;
        for (unsigned j = 0; j < count; j++) {
            struct glass_barrier_node *node = &barrier->nodes[barrier->level_first[level] + j];
            atomic_store_explicit(&node->arrived, 0, memory_order_relaxed);
            node->expected = below - j * fanout < fanout ? below - j * fanout : fanout;
            atomic_store_explicit(&node->gen, common, memory_order_relaxed);
        }
        below = count;
    }
}

struct glass_barrier_ticket glass_barrier_tree_arrive(struct glass_barrier *barrier, unsigned num)
{
    /* The episode's generation, read from the leaf: every node on this
     * thread's path was released in the last episode before the thread left
     * it, and none can advance again before the thread arrives, so all equal
     * this value. The leaf is the line the thread most likely still holds. */
    struct glass_barrier_node *node = node_of(barrier, 0, num);
    struct glass_barrier_ticket ticket = {
        .wait_word = &node->gen,
        .word = atomic_load_explicit(&node->gen, memory_order_acquire) & ~SLEEPERS,
        .level = 0,
    };
    if (ticket.word & CANCELLED)
        return ticket;
    unsigned levels = barrier->levels;
    for (unsigned level = 0;; level++) {
        /* Each count is read before arriving, as the top's (barrier.c). */
        if (level == levels) {
            unsigned expected = barrier->nthreads;
            ticket.wait_word = &barrier->gen;
            ticket.level = level;
            if (atomic_fetch_add_explicit(&barrier->arrived, 1, memory_order_acq_rel) + 1 == expected)
                ticket.word |= GLASS_BARRIER_LAST;
            return ticket;
        }
        node = node_of(barrier, level, num);
        unsigned expected = node->expected;
        ticket.wait_word = &node->gen;
        ticket.level = level;
        if (atomic_fetch_add_explicit(&node->arrived, 1, memory_order_acq_rel) + 1 != expected)
            return ticket;
        /* Last of this node: nobody else counts here before the release,
         * which this thread itself will make on its way back. */
        atomic_store_explicit(&node->arrived, 0, memory_order_relaxed);
    }
}

void glass_barrier_tree_release_below(struct glass_barrier *barrier, unsigned level, unsigned num)
{
    while (level-- > 0)
        glass_barrier_release_word(&node_of(barrier, level, num)->gen);
}

void glass_barrier_tree_cancel(struct glass_barrier *barrier)
{
    unsigned below = barrier->team_size, fanout = barrier->fanout;
    for (unsigned level = 0; level < barrier->levels; level++) {
        unsigned count = (below + fanout - 1) / fanout;
        for (unsigned j = 0; j < count; j++) {
            _Atomic unsigned *word = &barrier->nodes[barrier->level_first[level] + j].gen;
            if (atomic_fetch_or_explicit(word, CANCELLED, memory_order_release) & SLEEPERS)
                glass_gen_poke(word);
        }
        below = count;
    }
}

void glass_barrier_destroy(struct glass_barrier *barrier)
{
    free(barrier->nodes);
    barrier->nodes = NULL;
    barrier->nodes_capacity = 0;
    barrier->levels = 0;
}
