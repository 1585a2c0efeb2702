/* The ordered construct without parameters: ordered regions of a worksharing
 * loop run in the order of the loop's iterations. */
#ifndef GLASS_CORE_ORDERED_H
#define GLASS_CORE_ORDERED_H

struct glass_thread;
struct glass_loop;

/* Start and end of an ordered region in the current loop iteration.
 * `codeptr` is the user's call site for the OMPT mutex events (NULL: unknown). */
void glass_ordered_begin_at(struct glass_thread *self, const void *codeptr);
void glass_ordered_end_at(struct glass_thread *self, const void *codeptr);

static inline void glass_ordered_begin(struct glass_thread *self)
{
    glass_ordered_begin_at(self, (const void *)0);
}

static inline void glass_ordered_end(struct glass_thread *self)
{
    glass_ordered_end_at(self, (const void *)0);
}

/* Sets up the turns of an ordered loop before it is published (the first
 * chunk holds the turn); glass_ordered_loop_free releases them with the
 * team's worksharing ring. */
void glass_ordered_loop_init(struct glass_loop *loop, unsigned nthreads);
void glass_ordered_loop_free(struct glass_loop *loop);

/* The calling thread is done with its current chunk: wait for the chunk's
 * turn if it has not come yet, then give the turn to the next chunk. */
void glass_ordered_pass(struct glass_thread *self, struct glass_loop *loop);

#endif
