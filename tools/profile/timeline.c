/* The timeline of `glass profile --html`, downsampled as the run goes: each
 * thread keeps PROFILE_BUCKETS buckets of what it did (profile.h); when the
 * run outgrows them, neighbours merge and the width doubles, so the whole
 * run is kept in a fixed size, at a resolution of about 1/1000 of its
 * length or better. Each thread writes only its own buckets. */
#include <pthread.h>
#include <stdlib.h>
#include <string.h>

#include "profile.h"

#define FIRST_WIDTH 1024 /* ns per bucket at the start: a run of 2 ms fits */

/* ---- the regions' numbers ---- */

#define MAX_NUMBERED 4096
static const void *numbered[MAX_NUMBERED + 1];
static unsigned numbered_count;
static pthread_mutex_t numbering = PTHREAD_MUTEX_INITIALIZER;

unsigned profile_timeline_number(const void *codeptr)
{
    pthread_mutex_lock(&numbering);
    unsigned number = 1;
    while (number <= numbered_count && numbered[number] != codeptr)
        number++;
    if (number > numbered_count) {
        if (numbered_count == MAX_NUMBERED)
            number = 0; /* too many regions: the rest are drawn unnamed */
        else
            numbered[number = ++numbered_count] = codeptr;
    }
    pthread_mutex_unlock(&numbering);
    return number;
}

const void *profile_timeline_region(unsigned number)
{
    return number && number <= numbered_count ? numbered[number] : NULL;
}

unsigned profile_timeline_region_count(void)
{
    return numbered_count;
}

/* ---- the buckets ---- */

static struct profile_timeline *timeline_of(struct profile_thread *t)
{
    if (!t->timeline) {
        t->timeline = calloc(1, sizeof *t->timeline);
        if (!t->timeline)
            abort();
        t->timeline->width = FIRST_WIDTH;
    }
    return t->timeline;
}

/* A weighted majority vote (Boyer and Moore's): the bucket keeps one
 * candidate; a vote for another takes votes away and replaces it when
 * they run out. A region that held most of a bucket wins it. */
static void vote(struct profile_timeline *tl, unsigned b, unsigned region, int64_t weight)
{
    if (tl->region[b] == region) {
        tl->region_votes[b] += weight;
    } else if (tl->region_votes[b] >= weight) {
        tl->region_votes[b] -= weight;
    } else {
        tl->region_votes[b] = weight - tl->region_votes[b];
        tl->region[b] = (uint16_t)region;
    }
}

/* Doubles the width until `offset` (ns from the profile's start) fits. */
static void fit(struct profile_timeline *tl, uint64_t offset)
{
    while (offset >= tl->width * PROFILE_BUCKETS) {
        for (unsigned b = 0; b < PROFILE_BUCKETS / 2; b++) {
            unsigned from = 2 * b;
            for (int a = 0; a < ACT_COUNT; a++)
                tl->ns[b][a] = tl->ns[from][a] + tl->ns[from + 1][a];
            tl->device_ns[b] = tl->device_ns[from] + tl->device_ns[from + 1];
            uint16_t region = tl->region[from + 1];
            int64_t votes = tl->region_votes[from + 1];
            tl->region[b] = tl->region[from];
            tl->region_votes[b] = tl->region_votes[from];
            vote(tl, b, region, votes);
        }
        size_t half = PROFILE_BUCKETS / 2;
        memset(tl->ns + half, 0, half * sizeof tl->ns[0]);
        memset(tl->device_ns + half, 0, half * sizeof tl->device_ns[0]);
        memset(tl->region + half, 0, half * sizeof tl->region[0]);
        memset(tl->region_votes + half, 0, half * sizeof tl->region_votes[0]);
        tl->width *= 2;
    }
}

/* Calls add(bucket, ns) for each bucket [from, to) overlaps. */
#define EACH_BUCKET(tl, from, to, body)                                                                  \
    do {                                                                                                 \
        uint64_t lo_ = (from) - profile_start_ns, hi_ = (to) - profile_start_ns;                         \
        for (uint64_t b_ = lo_ / (tl)->width; b_ < PROFILE_BUCKETS && b_ * (tl)->width < hi_; b_++) {    \
            uint64_t start_ = b_ * (tl)->width, end_ = start_ + (tl)->width;                             \
            uint64_t overlap_ = (hi_ < end_ ? hi_ : end_) - (lo_ > start_ ? lo_ : start_);               \
            unsigned bucket = (unsigned)b_;                                                              \
            uint64_t ns = overlap_;                                                                      \
            body;                                                                                        \
        }                                                                                                \
    } while (0)

void profile_timeline_add(struct profile_thread *t, enum profile_activity activity, unsigned region, uint64_t from,
                          uint64_t to)
{
    if (from < profile_start_ns)
        from = profile_start_ns;
    if (to <= from)
        return;
    struct profile_timeline *tl = timeline_of(t);
    fit(tl, to - profile_start_ns);
    EACH_BUCKET(tl, from, to, {
        tl->ns[bucket][activity] += ns;
        if (region)
            vote(tl, bucket, region, (int64_t)ns);
    });
}

void profile_timeline_device(struct profile_thread *t, uint64_t from, uint64_t to)
{
    if (from < profile_start_ns)
        from = profile_start_ns;
    if (to <= from)
        return;
    struct profile_timeline *tl = timeline_of(t);
    fit(tl, to - profile_start_ns);
    EACH_BUCKET(tl, from, to, tl->device_ns[bucket] += ns);
}

unsigned profile_timeline_read(const struct profile_thread *t, uint64_t from, uint64_t to, uint64_t out[ACT_COUNT],
                               uint64_t *device)
{
    memset(out, 0, ACT_COUNT * sizeof *out);
    *device = 0;
    const struct profile_timeline *tl = t->timeline;
    if (!tl || to <= from)
        return 0;
    unsigned best = 0;
    uint64_t best_ns = 0;
    /* A bucket wider than [from, to) gives it its share, pro rata. */
    EACH_BUCKET(tl, from, to, {
        double share = (double)ns / (double)tl->width;
        uint64_t busy = 0;
        for (int a = 0; a < ACT_COUNT; a++) {
            uint64_t part = (uint64_t)((double)tl->ns[bucket][a] * share);
            busy += part;
            out[a] += part;
        }
        *device += (uint64_t)((double)tl->device_ns[bucket] * share);
        if (tl->region[bucket] && busy > best_ns) {
            best = tl->region[bucket];
            best_ns = busy;
        }
    });
    return best;
}
