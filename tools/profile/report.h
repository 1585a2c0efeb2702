/* The profile's tables merged over threads (report.c), for the text report
 * and the HTML page. */
#ifndef GLASS_PROFILE_REPORT_H
#define GLASS_PROFILE_REPORT_H

#include "profile.h"

struct region_total {
    const void *codeptr;
    uint64_t calls, total_ns, team_ns, late_waits, join_waits;
    unsigned max_threads;
    uint64_t ns[ACT_COUNT];
    uint64_t category[CAT_COUNT];
    uint64_t tasks_created, tasks_executed, task_max_ns;
    uint64_t *busy_by_index; /* work + task time of each thread index */
    unsigned indices;
    uint64_t *ns_by_index;   /* [index * ACT_COUNT + activity] */
    unsigned ns_indices;
};

struct construct_total {
    const void *codeptr, *region;
    unsigned kind;
    uint64_t wait_id, calls, ns, max_ns, late_waits, join_waits, created;
    uint64_t *ns_by_index, *calls_by_index;
    unsigned indices, call_indices;
};

struct profile_totals {
    struct region_total *regions; /* by total time */
    size_t region_count;
    struct construct_total *constructs; /* by time */
    size_t construct_count;
    uint64_t serial_ns, outside_created;
};

unsigned profile_threads_seen(void);
void profile_totals_make(struct profile_totals *all);
void profile_totals_free(struct profile_totals *all);

extern const char *const profile_category_name[CAT_COUNT];
extern const char *const profile_definitions[];
const char *profile_kind_name(unsigned kind);
enum profile_category profile_kind_category(unsigned kind);
double profile_region_imbalance(const struct region_total *region);
double profile_construct_imbalance(const struct construct_total *c, unsigned team);
/* The region's categories, with the late-start share of barrier waits moved. */
void profile_region_categories(const struct region_total *r, uint64_t category[CAT_COUNT]);
double profile_gain(const struct region_total *r, uint64_t ns);
const char *profile_lock_name(unsigned kind, uint64_t wait_id, char *buf, size_t size);

#endif
