/* Worksharing state shared by a team: a small ring of descriptors so that
 * threads leaving a `nowait` construct can start the next one while others are
 * still in the previous. Owned by the worksharing code (loop, sections, single). */
#ifndef GLASS_CORE_WORKSHARE_H
#define GLASS_CORE_WORKSHARE_H

#include <stdatomic.h>

struct glass_ws_ring {
    _Atomic unsigned long single_winner; /* last single construct number claimed */
};

struct glass_team;
void glass_ws_ring_init(struct glass_ws_ring *ring, unsigned nthreads);

#endif
