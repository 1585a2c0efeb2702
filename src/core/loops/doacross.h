/* Doacross loops: ordered(n) with depend(sink: ...) waits and depend(source)
 * posts on n-dimensional logical iteration vectors (OpenMP 5.1, 2.19.9). */
#ifndef GLASS_CORE_DOACROSS_H
#define GLASS_CORE_DOACROSS_H

#include <stdint.h>

struct glass_thread;
struct glass_loop;
struct glass_doacross;

/* Bookkeeping for a loop whose schedule is already resolved; NULL when no
 * thread can ever wait (a team of one, or an empty loop nest). */
struct glass_doacross *glass_doacross_create(const struct glass_loop *loop, unsigned dims,
                                             const uint64_t *counts, unsigned nthreads);
void glass_doacross_free(struct glass_doacross *doacross);

/* Length of the iteration vectors of the calling thread's current loop; 0
 * when posts and waits have nothing to do. */
unsigned glass_doacross_dims(struct glass_thread *self);

/* Length of the iteration vectors of the calling thread's current loop
 * whether or not posts and waits have anything to do (what tools are told
 * of); 0 outside an ordered(n) loop. */
unsigned glass_doacross_loop_dims(struct glass_thread *self);

/* Iteration vectors hold 0-based logical iteration numbers, outermost first. */
void glass_doacross_post(struct glass_thread *self, const uint64_t *iteration);
void glass_doacross_wait(struct glass_thread *self, const uint64_t *iteration);

#endif
