/* The single construct: the first thread to arrive runs the block. */
#ifndef GLASS_CORE_SINGLE_H
#define GLASS_CORE_SINGLE_H

#include <stdbool.h>

struct glass_thread;

/* True in the one thread that runs the block. No barrier: the compiler adds
 * one unless nowait. */
bool glass_single_begin(struct glass_thread *self);

/* single with copyprivate: NULL in the thread that runs the block, which then
 * calls glass_single_copy_end with the address of its values; the other
 * threads get that address once it is available. The executing thread's data
 * must stay valid until every thread has copied (compilers end the construct
 * with a barrier). */
void *glass_single_copy_begin(struct glass_thread *self);
void glass_single_copy_end(struct glass_thread *self, void *data);

#endif
