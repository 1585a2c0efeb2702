/* The tree shape of the team barrier (barrier.h describes both shapes);
 * barrier.c calls these only for a barrier with levels below its top. */
#ifndef GLASS_CORE_BARRIER_TREE_H
#define GLASS_CORE_BARRIER_TREE_H

#include "barrier.h"

/* Lays the tree out for nthreads > fanout, allocating nodes when needed, and
 * makes every node's count 0 and generation `gen` (the top's, without its
 * flags) where the shape changed or the last episode was cancelled. */
void glass_barrier_tree_init(struct glass_barrier *barrier, unsigned nthreads, unsigned fanout, unsigned gen);
struct glass_barrier_ticket glass_barrier_tree_arrive(struct glass_barrier *barrier, unsigned num);
/* Releases the nodes of levels level-1 down to 0 on thread num's path. */
void glass_barrier_tree_release_below(struct glass_barrier *barrier, unsigned level, unsigned num);
/* Sets the cancelled flag in every node below the top. */
void glass_barrier_tree_cancel(struct glass_barrier *barrier);

/* Advances one generation word (one releaser per word and episode) and wakes
 * its sleepers. */
void glass_barrier_release_word(_Atomic unsigned *word);

#endif
