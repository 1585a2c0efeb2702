/* Places and thread binding (OMP_PLACES, OMP_PROC_BIND, proc_bind). */
#ifndef GLASS_CORE_AFFINITY_H
#define GLASS_CORE_AFFINITY_H

struct glass_team;
struct glass_thread;

/* Chooses a place for every member of a new team from its proc_bind policy and
 * the master's place partition (OpenMP 5.1, 2.6.2). Called by the master. */
void glass_affinity_place_team(struct glass_team *team);

/* Binds the calling thread to the place chosen for it, if it changed. */
void glass_affinity_apply(struct glass_thread *self);

/* Reads OMP_PLACES (and the process's CPU mask) at initialization. */
void glass_affinity_init(void);

#endif
