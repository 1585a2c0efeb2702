/* The copyprivate clause when only the executing thread knows it executed the
 * single region (the Clang ABI decides the single construct first and
 * broadcasts afterwards; the GCC ABI uses glass_single_copy_*, single.h).
 *
 * Every thread of the team calls glass_copyprivate_begin; the one that
 * executed the region passes its data with `source` true and every thread
 * gets that data back. After copying from it, every thread calls
 * glass_copyprivate_end, which returns once all have copied, so the source's
 * data may live on its stack (OpenMP 5.1, 2.21.6.2). */
#ifndef GLASS_CORE_COPYPRIVATE_H
#define GLASS_CORE_COPYPRIVATE_H

#include <stdbool.h>

struct glass_thread;

void *glass_copyprivate_begin(struct glass_thread *self, void *data, bool source);
void glass_copyprivate_end(struct glass_thread *self);

/* Only the broadcast, for compilers that copy inline and end with a barrier
 * of their own (the Clang ABI's __kmpc_copyprivate_light): the source's
 * data must stay valid until that barrier. */
void *glass_copyprivate_broadcast(struct glass_thread *self, void *data, bool source);

#endif
