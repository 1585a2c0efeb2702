/* A parallel region's instances in libglass-profile. Late start and fork/join
 * cost are properties of an instance, not of one thread: the members' start
 * times are compared with the master's, and a barrier wait is only explained
 * by a late start when the other threads' work is known. So each instance
 * carries what its members measured, and the last of them to let go of it
 * (the encountering thread at parallel_end, or a worker whose implicit task
 * ends after that) computes the figures and charges them to its own tables,
 * which only it writes. */
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>

#include "profile.h"

struct profile_instance *profile_instance_new(const void *codeptr, unsigned requested, uint64_t begin)
{
    unsigned capacity = requested ? requested : 1;
    if (capacity > PROFILE_MAX_THREADS)
        capacity = PROFILE_MAX_THREADS;
    struct profile_instance *instance =
        calloc(1, sizeof *instance + capacity * sizeof instance->member[0]);
    if (!instance)
        abort();
    atomic_init(&instance->refs, 1);
    instance->codeptr = codeptr;
    instance->begin = begin;
    instance->capacity = capacity;
    return instance;
}

struct region_slot *profile_region_slot(struct profile_thread *t, const void *codeptr, unsigned index)
{
    if (!codeptr)
        codeptr = (const void *)1; /* the runtime did not say where: one "unknown" region */
    uintptr_t hash = ((uintptr_t)codeptr >> 2) ^ ((uintptr_t)index * 0x9E3779B1u);
    for (unsigned probe = 0; probe < PROFILE_REGION_SLOTS; probe++) {
        struct region_slot *slot = &t->regions[(hash + probe) % PROFILE_REGION_SLOTS];
        if (slot->codeptr == codeptr && slot->index == index)
            return slot;
        if (!slot->codeptr) {
            slot->codeptr = codeptr;
            slot->index = index;
            return slot;
        }
    }
    return &t->outside; /* table full: still counted in the thread's totals */
}

struct construct_slot *profile_construct_slot(struct profile_thread *t, const void *region, unsigned kind,
                                              const void *codeptr, unsigned index)
{
    if (!codeptr)
        codeptr = (const void *)1;
    uintptr_t hash = ((uintptr_t)codeptr >> 2) * 31 ^ ((uintptr_t)region >> 2) ^ kind * 0x9E3779B1u ^ index * 977u;
    for (unsigned probe = 0; probe < PROFILE_CONSTRUCT_SLOTS; probe++) {
        struct construct_slot *slot = &t->constructs[(hash + probe) % PROFILE_CONSTRUCT_SLOTS];
        if (slot->codeptr == codeptr && slot->region == region && slot->kind == kind && slot->index == index)
            return slot;
        if (!slot->codeptr) {
            *slot = (struct construct_slot){.codeptr = codeptr, .region = region, .kind = kind, .index = index};
            return slot;
        }
    }
    return NULL; /* table full: the time stays in the region's figures */
}

static uint64_t positive(uint64_t a, uint64_t b)
{
    return a > b ? a - b : 0;
}

/* The figures of a finished instance (profile.h's categories):
 *  - creation: the master's time in the runtime between parallel_begin and
 *    its implicit task, and between its implicit task's end and
 *    parallel_end; the whole team waits for it, so it counts once per thread.
 *  - late start: each worker's start after the master's.
 *  - of the first barrier's wait, the part that the threads' work before it
 *    does not explain, up to how much later the last thread started than
 *    this one: that wait is the late start's doing, not imbalance.
 *  - the join: each thread's wait in the end barrier after the last thread
 *    arrived there, and a worker's time from its implicit task's end to the
 *    region's end. */
static void fold(struct profile_thread *t, struct profile_instance *instance)
{
    unsigned threads = atomic_load_explicit(&instance->threads, memory_order_relaxed);
    unsigned n = threads < instance->capacity ? threads : instance->capacity;
    if (!n || !instance->end)
        return;
    const struct profile_member *m = instance->member;
    uint64_t master_start = m[0].seen ? m[0].start : instance->begin;
    uint64_t master_end = instance->master_end ? instance->master_end : instance->end;
    uint64_t creation = positive(master_start, instance->begin) + positive(instance->end, master_end);
    uint64_t latest = 0, most_busy = 0, late = 0;
    for (unsigned i = 0; i < n; i++) {
        if (!m[i].seen)
            continue;
        if (m[i].start > latest)
            latest = m[i].start;
        if (m[i].reached && m[i].busy_first > most_busy)
            most_busy = m[i].busy_first;
        if (i)
            late += positive(m[i].start, master_start);
    }
    struct region_slot *slot = profile_region_slot(t, instance->codeptr, 0);
    slot->team_ns += (uint64_t)n * (instance->end - instance->begin);
    slot->category[CAT_CREATION] += (uint64_t)n * creation;
    slot->category[CAT_LATE_START] += late;
    /* The join: the last thread reached the end barrier at `last_arrival`;
     * what the threads waited there after it was the runtime and the
     * scheduler waking them, not imbalance. */
    uint64_t last_arrival = 0;
    int all_arrived = 1;
    for (unsigned i = 0; i < n; i++) {
        if (!m[i].seen)
            continue;
        all_arrived &= m[i].final_arrival != 0;
        if (m[i].final_arrival > last_arrival)
            last_arrival = m[i].final_arrival;
    }
    for (unsigned i = 0; i < n; i++) {
        if (!m[i].seen)
            continue;
        if (i && m[i].end)
            slot->category[CAT_CREATION] += positive(instance->end, m[i].end);
        uint64_t join = 0;
        if (all_arrived) {
            join = positive(m[i].final_arrival + m[i].final_wait, last_arrival);
            join = join < m[i].final_wait ? join : m[i].final_wait;
            slot->join_waits += join;
            if (m[i].final_barrier)
                m[i].final_barrier->join_waits += join;
        }
        if (!m[i].reached)
            continue;
        /* The first barrier's wait, less its join when it is the end barrier. */
        uint64_t wait = m[i].wait_first;
        if (m[i].barrier == m[i].final_barrier && m[i].final_wait == wait)
            wait = positive(wait, join);
        uint64_t explained = most_busy - m[i].busy_first;
        uint64_t unexplained = positive(wait, explained);
        uint64_t started_before = positive(latest, m[i].start);
        uint64_t share = unexplained < started_before ? unexplained : started_before;
        if (!share)
            continue;
        slot->late_waits += share;
        if (m[i].barrier)
            m[i].barrier->late_waits += share;
    }
}

void profile_instance_release(struct profile_thread *t, struct profile_instance *instance)
{
    if (atomic_fetch_sub_explicit(&instance->refs, 1, memory_order_acq_rel) != 1)
        return;
    fold(t, instance);
    free(instance);
}
