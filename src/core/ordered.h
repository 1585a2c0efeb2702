/* The ordered construct without parameters: ordered regions of a worksharing
 * loop run in the order of the loop's iterations. */
#ifndef GLASS_CORE_ORDERED_H
#define GLASS_CORE_ORDERED_H

struct glass_thread;
struct glass_loop;

/* Start and end of an ordered region in the current loop iteration. */
void glass_ordered_begin(struct glass_thread *self);
void glass_ordered_end(struct glass_thread *self);

/* The calling thread is done with its current chunk: wait for the chunk's
 * turn if it has not come yet, then give the turn to the next chunk. */
void glass_ordered_pass(struct glass_thread *self, struct glass_loop *loop);

#endif
