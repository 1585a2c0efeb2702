/* Worksharing state shared by a team: a small ring of construct descriptors, so
 * that threads leaving a `nowait` construct can start the next ones while
 * others are still in the previous.
 *
 * Every implicit task numbers the worksharing constructs it meets (1, 2, ...;
 * task->ws_count); all threads of a team meet the same constructs in the same
 * order (OpenMP 5.1, 2.10), so that number names the construct team-wide.
 * Construct k lives in slot (k - 1) % GLASS_WS_RING. The first thread to claim
 * the slot for k initializes it once the previous occupant (k - GLASS_WS_RING)
 * has been left by every thread; the others wait until it is published. The
 * last thread to leave hands the slot on to k + GLASS_WS_RING. A thread that
 * races GLASS_WS_RING constructs ahead therefore waits, and only then. */
#ifndef GLASS_CORE_WORKSHARE_H
#define GLASS_CORE_WORKSHARE_H

#include <stdatomic.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "../threads/thread.h"

#define GLASS_WS_RING 8

struct glass_team;
struct glass_thread;
struct glass_doacross;

enum glass_ws_kind {
    GLASS_WS_LOOP,
    GLASS_WS_SECTIONS,
    GLASS_WS_SINGLE_COPY, /* single with copyprivate */
};

/* A worksharing loop over the logical iterations 0 .. count-1 (sections use it
 * too, one iteration per section). `start`, `incr` and `end` are the user's
 * bounds as raw 64-bit values, so each ABI can hand back chunks in its own
 * types: iteration i is start + i * incr (modulo 2^64), and `end` is the
 * exclusive bound that closes the last chunk. */
/* One slot of an ordered loop's turns: the logical iteration that starts
 * the chunk whose turn it is, if the chunk maps here; UINT64_MAX otherwise. */
struct glass_ordered_turn {
    _Alignas(64) _Atomic uint64_t first;
};

struct glass_loop {
    uint64_t count;
    uint64_t start, incr, end;
    uint64_t chunk;      /* iterations per chunk; 0: static without chunk size */
    uint64_t granule;    /* guided: pieces are multiples of it (simd modifier); 1 otherwise */
    int sched;           /* GLASS_SCHED_STATIC, _DYNAMIC or _GUIDED (auto is static) */
    bool monotonic;      /* the modifier asked for (claims are monotonic anyway) */
    bool ordered;        /* has an ordered clause without parameter */
    bool claim_by_add;   /* dynamic: one fetch-add per claim cannot overflow */
    bool report_chunks;  /* a tool takes ws_loop_chunk dispatch events (fixed per loop) */

    /* Dynamic and guided: next unclaimed logical iteration. Threads hammer it,
     * so it gets its own cache line. */
    _Alignas(64) _Atomic uint64_t next;
    /* Nonmonotonic dynamic (loop_steal.c): 1 + the number of the thread that
     * took the loop's last chunk, 0 before. Shares `next`'s line, which that
     * schedule leaves alone. */
    _Atomic unsigned steal_last_taker;

    /* Ordered (ordered.c): the turn to enter ordered regions goes from chunk
     * to chunk through `turns`, a slot (a line) per chunk start modulo the
     * slot count, so that a waiter spins on a line only its predecessor
     * writes. The slots stay with the ring slot from loop to loop. */
    struct glass_ordered_turn *turns;
    unsigned turns_capacity;
    unsigned turns_mask;   /* slot count - 1 (a power of two) */
    uint64_t turns_step;   /* chunk starts are spread over the slots by start / step */
    /* Futex word of waiters asleep for their turn, on its own line (written
     * only when one sleeps); its address is the OMPT wait id of the turn. */
    _Alignas(64) _Atomic unsigned ordered_gen;

    struct glass_doacross *doacross; /* ordered(n) loops, else NULL */
    unsigned doacross_dims;          /* ordered(n) loops: n, bookkeeping or not; else 0 */

    /* Nonmonotonic dynamic (loop_steal.c): each thread's chunks dealt in
     * advance, one range per thread on its own line, used while `steal` is
     * set. The array stays with the ring slot from loop to loop. */
    bool steal;
    uint32_t steal_chunks; /* chunks of the loop, when `steal` */
    unsigned range_capacity;
    struct glass_loop_range *ranges;
};

struct glass_ws {
    /* Ring protocol; construct numbers only grow. */
    _Atomic unsigned long claimed;  /* last construct whose initializer is chosen */
    _Atomic unsigned long ready;    /* last construct whose initialization is published */
    _Atomic unsigned ready_gen;     /* advanced by the initializer when publishing */
    _Atomic unsigned long free_for; /* construct allowed to initialize the slot */
    _Atomic unsigned free_gen;      /* advanced by the last thread to leave */
    _Atomic unsigned left;          /* threads that have left the current construct */

    enum glass_ws_kind kind;
    void *mem;       /* team-shared zeroed scratch (lastprivate conditional, allocate) */
    size_t mem_capacity;
    void *copy_data; /* single copyprivate: the executing thread's data */
    struct glass_loop loop;
};

struct glass_ws_ring {
    struct glass_ws slots[GLASS_WS_RING];
    /* Single constructs without copyprivate need no slot: the last single
     * construct number any thread has won (first thread wins). */
    _Atomic unsigned long single_winner;
};

/* Resets the ring for a new region (the team descriptor is reused). */
void glass_ws_ring_init(struct glass_ws_ring *ring, unsigned nthreads);

/* Releases what the ring's slots keep from region to region (with its team). */
void glass_ws_ring_free(struct glass_ws_ring *ring);

/* Enters the calling implicit task's next worksharing construct. Returns true
 * in the one thread that must initialize the descriptor (self->task->ws) and
 * then call glass_ws_publish; the others return once it is published. */
bool glass_ws_enter(struct glass_thread *self);

/* Same, but never waits for the publication (single with copyprivate: the
 * winner publishes only when its data is ready). */
bool glass_ws_enter_unpublished(struct glass_thread *self);
void glass_ws_wait_published(struct glass_thread *self);

void glass_ws_publish(struct glass_thread *self);

/* Team-shared scratch of `size` zeroed bytes for the construct being
 * initialized. It stays valid until the slot is reused, GLASS_WS_RING
 * constructs later, so code may still read it right after the construct ends
 * (libgomp keeps it until the next construct ends; compilers may rely on
 * that). */
void *glass_ws_alloc_mem(struct glass_ws *ws, size_t size);

/* Combined constructs (parallel loop, parallel sections): the master
 * initializes the team's first construct before any worker runs; threads then
 * join it on their first call (glass_ws_current). */
struct glass_ws *glass_ws_prepare_first(struct glass_team *team);

/* The construct the calling implicit task is in; joins the prepared first
 * construct of a combined region on first use. */
struct glass_ws *glass_ws_join_first(struct glass_thread *self);

static inline struct glass_ws *glass_ws_current(struct glass_thread *self)
{
    /* Only a combined construct lets a thread call in without starting the
     * construct first. */
    if (__builtin_expect(self->task->ws_count == 0, 0))
        return glass_ws_join_first(self);
    return self->task->ws;
}

/* Leaves the current construct (nowait). For a loop or sections construct
 * this is the end of the construct for the thread (OMPT work-end event, with
 * the user's call site `codeptr`). */
void glass_ws_leave_at(struct glass_thread *self, const void *codeptr);

/* Leaves the current construct without the work-end event: for a construct
 * whose ABI reports its work events itself (glass_loop_spec.unreported). */
void glass_ws_leave_unreported(struct glass_thread *self);

/* End of a worksharing construct: leave it, then the implicit barrier unless
 * nowait. The cancellable form returns true when the region was cancelled. */
void glass_ws_end_at(struct glass_thread *self, bool nowait, const void *codeptr);
bool glass_ws_end_cancellable_at(struct glass_thread *self, const void *codeptr);

/* The same where the user's call site is unknown (codeptr NULL in OMPT events). */
static inline void glass_ws_leave(struct glass_thread *self)
{
    glass_ws_leave_at(self, NULL);
}

static inline void glass_ws_end(struct glass_thread *self, bool nowait)
{
    glass_ws_end_at(self, nowait, NULL);
}

static inline bool glass_ws_end_cancellable(struct glass_thread *self)
{
    return glass_ws_end_cancellable_at(self, NULL);
}

#endif
