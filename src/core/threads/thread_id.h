/* Process-unique small thread numbers: the "global thread id" (gtid) the Clang
 * ABI hands to compiled code and gets back on nearly every call, also usable
 * by tools that want a dense thread index.
 *
 * A thread gets the lowest free number the first time it asks for one. The
 * number of an initial thread (a user pthread that ran OpenMP code) is freed
 * when the thread exits and may be handed out again; pool workers keep theirs
 * until they are retired (glass_pool_retire_idle). Looking a thread up by
 * number takes two loads and no lock. */
#ifndef GLASS_CORE_THREAD_ID_H
#define GLASS_CORE_THREAD_ID_H

#include "thread.h"

int glass_thread_gtid_assign(struct glass_thread *self);

/* The calling thread's descriptor while the thread holds a number, NULL
 * otherwise: what the OMPT entry points' watched halves look at first
 * (dispatch_core.h), one load for both questions. Set when the number is
 * assigned, cleared when it is given back. */
extern __thread struct glass_thread *glass_registered_self_ptr __attribute__((tls_model("initial-exec")));

/* The calling thread's number; `self` must be glass_self(). */
static inline int glass_thread_gtid(struct glass_thread *self)
{
    if (__builtin_expect(self->global_id != 0, 1))
        return (int)self->global_id - 1;
    return glass_thread_gtid_assign(self);
}

/* Gives back the number of a pool worker that ends (glass_pool_retire_idle),
 * before its memory goes: a walk over all threads must not find it. */
void glass_thread_gtid_release(struct glass_thread *self);

/* The thread that holds number `gtid`, or NULL (never assigned, out of
 * range, or freed). */
struct glass_thread *glass_thread_by_gtid(int gtid);

/* Every number ever handed out is below this bound (for walking all threads). */
unsigned glass_thread_gtid_limit(void);

/* How many numbers are held by live threads. */
unsigned glass_thread_gtid_count(void);

#endif
