/* The team's barrier, in one of two shapes chosen per team at fork
 * (GLASS_BARRIER, env.c):
 *
 * - central: arrivals count up on one cache line, the releasing generation
 *   lives on another; the last thread to arrive resets the count and advances
 *   the generation. The critical path moves the count's line once per thread.
 * - tree (barrier_tree.c): a combining tree of nodes with `fanout` children
 *   each, over consecutive thread numbers (threads with consecutive places
 *   under OMP_PROC_BIND=close are siblings). A thread counts itself at its
 *   leaf node; the last of a node goes on to count at the parent, and so on;
 *   the last at the top is the barrier's last thread. A thread that was not
 *   last at a node waits on that node's generation; once it changes, it
 *   releases the nodes below it on its own path, where it was last. Both the
 *   gather and the release take log_fanout(threads) steps of at most fanout
 *   line transfers each. The top node is the central barrier's two words, so
 *   a team no larger than the fanout is a central barrier.
 *
 * Generation words follow wait.h (bit 0: sleepers) and add a cancelled flag
 * (bit 1); the count lives in bits 2..31. Every node's generation advances
 * once per episode, so between episodes they are all equal. Cancelling sets
 * the flag in every node, which changes each word and so releases every
 * waiter, spinning or asleep. A cancelled barrier stays open: later arrivals
 * see the flag and pass without counting, so the arrival counts no longer
 * matter until glass_barrier_init, which the team runs before its next region. */
#ifndef GLASS_CORE_BARRIER_H
#define GLASS_CORE_BARRIER_H

#include <stdatomic.h>
#include <stdbool.h>

#define GLASS_CACHE_LINE 64

/* Levels below the top: enough for 2^24 threads at the smallest fanout. */
#define GLASS_BARRIER_MAX_LEVELS 24
#define GLASS_BARRIER_MAX_FANOUT 64

/* A node of the tree below the top: its count and its generation on lines of
 * their own, so that waiters polling the generation do not slow arrivals. */
struct glass_barrier_node {
    _Alignas(GLASS_CACHE_LINE) _Atomic unsigned arrived;
    unsigned expected; /* arrivals the node counts: threads or nodes below */
    _Alignas(GLASS_CACHE_LINE) _Atomic unsigned gen;
};

struct glass_barrier {
    _Alignas(GLASS_CACHE_LINE) _Atomic unsigned arrived;
    _Alignas(GLASS_CACHE_LINE) _Atomic unsigned gen;
    unsigned nthreads;  /* arrivals the top counts: the team size when central */
    unsigned levels;    /* levels below the top; 0: central */
    unsigned fanout;    /* tree: children per node; 0: central */
    unsigned team_size;
    /* Tree, level h: its first node in `nodes`, and how many threads one of
     * its nodes covers (fanout^(h+1)). */
    unsigned level_first[GLASS_BARRIER_MAX_LEVELS];
    unsigned level_span[GLASS_BARRIER_MAX_LEVELS];
    struct glass_barrier_node *nodes;
    unsigned nodes_capacity;
    /* The generation the primary thread last passed (team_barrier.c: the
     * others may let it go first), on a line of its own. */
    _Alignas(GLASS_CACHE_LINE) _Atomic unsigned primary_passed;
};

/* What a thread holds between arriving and leaving. */
struct glass_barrier_ticket {
    _Atomic unsigned *wait_word; /* the generation it waits on */
    unsigned word;               /* that generation at arrival, with the outcome bits below */
    unsigned level;              /* tree: the level it waits at (the nodes below are its to release) */
};

/* Arrival outcome, in ticket.word. */
#define GLASS_BARRIER_LAST 1u      /* the caller arrived last: it must call glass_barrier_release */
#define GLASS_BARRIER_CANCELLED 2u /* the barrier is cancelled: pass */

/* Not while any thread is inside the barrier. Clears a cancellation. fanout
 * 0: central; else a tree (2..GLASS_BARRIER_MAX_FANOUT). A tree's nodes are
 * allocated here when the team outgrows them (exits on allocation failure);
 * an unchanged shape costs what the central init costs. */
void glass_barrier_init(struct glass_barrier *barrier, unsigned nthreads, unsigned fanout);
/* Frees a tree's nodes (a team descriptor being freed). */
void glass_barrier_destroy(struct glass_barrier *barrier);

/* Split form, so the last thread can finish shared work before anyone leaves:
 * arrive (num: the caller's thread number in the team); if the ticket has
 * GLASS_BARRIER_LAST, do that work and release; otherwise, unless it has
 * GLASS_BARRIER_CANCELLED, await with the ticket. glass_barrier_await returns
 * true when it was released by a cancellation. */
struct glass_barrier_ticket glass_barrier_arrive(struct glass_barrier *barrier, unsigned num);
void glass_barrier_release(struct glass_barrier *barrier, const struct glass_barrier_ticket *ticket,
                           unsigned num);
bool glass_barrier_await(struct glass_barrier *barrier, const struct glass_barrier_ticket *ticket, unsigned num);
/* Whether a thread holding `ticket` may leave (released or cancelled), for
 * callers that wait by other means, e.g. while running tasks; such a waiter
 * must be woken by whoever releases or cancels the barrier. Once it is true
 * the caller must call glass_barrier_leave before it goes on. */
static inline bool glass_barrier_passed(const struct glass_barrier_ticket *ticket)
{
    if (ticket->word & GLASS_BARRIER_CANCELLED)
        return true;
    unsigned now = atomic_load_explicit(ticket->wait_word, memory_order_acquire) & ~1u;
    return now != (ticket->word & ~GLASS_BARRIER_LAST);
}
/* Tree: releases the nodes below the one the caller waited at (its share of
 * the release). Returns true when it released any, so that a caller whose
 * fellow waiters sleep elsewhere (task_barrier.h) knows to wake them. Central:
 * nothing to do, false. */
bool glass_barrier_leave(struct glass_barrier *barrier, const struct glass_barrier_ticket *ticket, unsigned num);

/* Whole barrier. Returns true in exactly one thread (the last to arrive); a
 * cancelled barrier returns false in every thread without waiting. */
bool glass_barrier_wait(struct glass_barrier *barrier, unsigned num);

/* Opens the barrier for good (until the next glass_barrier_init): releases the
 * waiters and lets later arrivals pass. Any thread, any number of times. */
void glass_barrier_cancel(struct glass_barrier *barrier);
bool glass_barrier_cancelled(struct glass_barrier *barrier);

#endif
