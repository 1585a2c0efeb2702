/* Doacross dependences. A chunk of a doacross loop covers whole outer
 * iterations and its thread runs their inner iterations in lexicographic
 * order, so "how far has the thread running outer iteration i got" is one
 * number that only grows: the last posted iteration vector, linearized, plus
 * one. It is kept per owner of a range of outer iterations: per thread for
 * static schedules (a thread runs its chunks in order), per chunk for
 * dynamic, per outer iteration for guided (chunk bounds are not computable
 * there). A wait for vector v looks up the owner of v's outer iteration and
 * sleeps until its progress passes v. */
#include "doacross.h"

#include <stdlib.h>

#include "loop.h"
#include "../runtime.h"
#include "../threads/team.h"
#include "../sync/wait.h"

struct progress {
    _Atomic uint64_t posted; /* linearized last posted vector + 1; 0: none */
    _Atomic unsigned gen;    /* advanced after each post (one poster per entry) */
};

struct glass_doacross {
    unsigned dims;
    int sched;
    uint64_t chunk;
    unsigned nthreads;
    const struct glass_loop *loop;
    size_t stride;   /* bytes between progress entries */
    char *entries;
    uint64_t counts[]; /* iterations of each dimension */
};

struct glass_doacross *glass_doacross_create(const struct glass_loop *loop, unsigned dims,
                                             const uint64_t *counts, unsigned nthreads)
{
    if (nthreads == 1)
        return NULL; /* one thread runs every iteration in order */
    uint64_t total = 1;
    for (unsigned d = 0; d < dims; d++) {
        if (counts[d] == 0)
            return NULL; /* no iteration runs, so nothing posts or waits */
        if (__builtin_mul_overflow(total, counts[d], &total) || total == UINT64_MAX)
            glass_fatal("doacross loop nest with more than 2^64 iterations");
    }

    size_t nentries, stride;
    if (loop->sched == GLASS_SCHED_STATIC) {
        nentries = nthreads;
        stride = 64; /* one cache line per thread: each posts to its own */
    } else if (loop->sched == GLASS_SCHED_DYNAMIC) {
        nentries = (counts[0] - 1) / loop->chunk + 1;
        stride = sizeof(struct progress);
    } else {
        nentries = counts[0];
        stride = sizeof(struct progress);
    }
    struct glass_doacross *doacross = malloc(sizeof *doacross + dims * sizeof(uint64_t));
    char *entries = nentries <= SIZE_MAX / stride ? aligned_alloc(64, (nentries * stride + 63) & ~(size_t)63)
                                                  : NULL;
    if (!doacross || !entries)
        glass_fatal("out of memory for a doacross loop of %llu outer iterations",
                    (unsigned long long)counts[0]);
    for (size_t i = 0; i < nentries; i++) {
        struct progress *entry = (struct progress *)(entries + i * stride);
        atomic_init(&entry->posted, 0);
        atomic_init(&entry->gen, 0);
    }
    doacross->dims = dims;
    doacross->sched = loop->sched;
    doacross->chunk = loop->chunk;
    doacross->nthreads = nthreads;
    doacross->loop = loop;
    doacross->stride = stride;
    doacross->entries = entries;
    for (unsigned d = 0; d < dims; d++)
        doacross->counts[d] = counts[d];
    return doacross;
}

void glass_doacross_free(struct glass_doacross *doacross)
{
    free(doacross->entries);
    free(doacross);
}

static struct progress *entry_of(const struct glass_doacross *doacross, uint64_t outer)
{
    size_t index;
    if (doacross->sched == GLASS_SCHED_STATIC)
        index = glass_loop_static_owner(doacross->loop, doacross->nthreads, outer);
    else if (doacross->sched == GLASS_SCHED_DYNAMIC)
        index = outer / doacross->chunk;
    else
        index = outer;
    return (struct progress *)(doacross->entries + index * doacross->stride);
}

/* Row-major position of the vector in the loop nest (fits: checked at creation). */
static uint64_t linearize(const struct glass_doacross *doacross, const uint64_t *iteration)
{
    uint64_t position = iteration[0];
    for (unsigned d = 1; d < doacross->dims; d++)
        position = position * doacross->counts[d] + iteration[d];
    return position;
}

static struct glass_doacross *current(struct glass_thread *self)
{
    struct glass_task *task = self->task;
    return task->ws_count ? task->ws->loop.doacross : NULL;
}

unsigned glass_doacross_dims(struct glass_thread *self)
{
    struct glass_doacross *doacross = current(self);
    return doacross ? doacross->dims : 0;
}

unsigned glass_doacross_loop_dims(struct glass_thread *self)
{
    struct glass_task *task = self->task;
    return task->ws_count ? task->ws->loop.doacross_dims : 0;
}

void glass_doacross_post(struct glass_thread *self, const uint64_t *iteration)
{
    struct glass_doacross *doacross = current(self);
    if (!doacross)
        return;
    struct progress *entry = entry_of(doacross, iteration[0]);
    atomic_store_explicit(&entry->posted, linearize(doacross, iteration) + 1, memory_order_release);
    glass_gen_advance(&entry->gen);
}

void glass_doacross_wait(struct glass_thread *self, const uint64_t *iteration)
{
    struct glass_doacross *doacross = current(self);
    if (!doacross)
        return;
    /* A sink outside the iteration space names no iteration: nothing to wait
     * for (compilers normally filter these out already). */
    for (unsigned d = 0; d < doacross->dims; d++)
        if (iteration[d] >= doacross->counts[d])
            return;
    struct progress *entry = entry_of(doacross, iteration[0]);
    uint64_t position = linearize(doacross, iteration);
    if (atomic_load_explicit(&entry->posted, memory_order_acquire) > position)
        return;

    int previous_state = atomic_load_explicit(&self->state, memory_order_relaxed);
    const void *previous_wait_id = self->wait_id;
    self->wait_id = entry;
    glass_set_state(self, GLASS_STATE_WAIT_ORDERED);
    for (;;) {
        unsigned seen = glass_gen_current(&entry->gen);
        if (atomic_load_explicit(&entry->posted, memory_order_acquire) > position)
            break;
        glass_gen_wait(&entry->gen, seen, NULL, NULL);
    }
    glass_set_state(self, previous_state);
    self->wait_id = previous_wait_id;
}
