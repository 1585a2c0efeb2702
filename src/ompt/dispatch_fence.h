/* The fence between a dispatch announcing itself and finalization looking
 * for dispatches (dispatch.h, finalize.c): a Dekker pair. Made asymmetric
 * where the kernel allows it: dispatches, on every event, use a compiler
 * barrier only, and finalization, once, makes every thread of the process
 * execute a full barrier (membarrier's private expedited command). A store
 * a dispatcher made before that barrier is then visible to finalization, and
 * a load it makes after sees finalization's earlier stores; which of the two
 * happens does not matter, as with two full fences. Where membarrier is
 * missing (or under ThreadSanitizer, which does not model it) every dispatch
 * keeps its full fence. */
#ifndef GLASS_OMPT_DISPATCH_FENCE_H
#define GLASS_OMPT_DISPATCH_FENCE_H

#include <stdatomic.h>
#include <stdbool.h>

#include "../core/export.h"

/* True until glass_ompt_dispatch_fence_prepare found membarrier usable. */
extern GLASS_INTERNAL bool glass_ompt_dispatch_fenced;

/* Once, before any callback is enabled. */
void glass_ompt_dispatch_fence_prepare(void);

/* The dispatcher's side, after it announced itself. */
static inline void glass_ompt_dispatch_fence(void)
{
    if (__builtin_expect(glass_ompt_dispatch_fenced, 0))
        atomic_thread_fence(memory_order_seq_cst);
    else
        atomic_signal_fence(memory_order_seq_cst);
}

/* Finalization's side, after it cleared the flags and before it looks at
 * the announcements. */
void glass_ompt_dispatch_fence_all(void);

#endif
