/* Internal control variables (OpenMP 5.1 section 2.4).
 *
 * Data-environment ICVs travel with every task (struct glass_icvs); the rest are
 * global to the device (struct glass_global_icvs, in glass_globals). */
#ifndef GLASS_CORE_ICV_H
#define GLASS_CORE_ICV_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* Values of omp_sched_t; the monotonic modifier is the top bit as in the spec. */
enum glass_sched {
    GLASS_SCHED_STATIC = 1,
    GLASS_SCHED_DYNAMIC = 2,
    GLASS_SCHED_GUIDED = 3,
    GLASS_SCHED_AUTO = 4,
    GLASS_SCHED_MONOTONIC = (int)0x80000000u,
};

/* Values of omp_proc_bind_t. */
enum glass_proc_bind {
    GLASS_BIND_FALSE = 0,
    GLASS_BIND_TRUE = 1,
    GLASS_BIND_PRIMARY = 2,
    GLASS_BIND_CLOSE = 3,
    GLASS_BIND_SPREAD = 4,
};

#define GLASS_SUPPORTED_ACTIVE_LEVELS 255 /* omp_get_supported_active_levels() */
#define GLASS_MAX_LIST 16 /* longest OMP_NUM_THREADS / OMP_PROC_BIND list kept */

struct glass_icvs {
    unsigned nthreads;           /* nthreads-var, first element */
    unsigned char nthreads_next; /* index into glass_globals.nthreads_list for child regions */
    unsigned char bind_next;     /* same for bind-var */
    signed char bind;            /* bind-var, first element (enum glass_proc_bind) */
    bool dynamic;                /* dyn-var */
    int run_sched;               /* run-sched-var kind, with GLASS_SCHED_MONOTONIC */
    int run_sched_chunk;         /* 0: unspecified */
    unsigned thread_limit;       /* thread-limit-var */
    unsigned max_active_levels;  /* max-active-levels-var */
    int default_device;          /* default-device-var */
    int device_num;              /* the device the task runs on (omp_get_device_num); -1: the host */
    uintptr_t default_allocator; /* def-allocator-var (an omp_allocator_handle_t) */
    /* place-partition-var: places place_partition_first .. + len - 1 of
     * glass_places; len 0 when there is no place list. */
    int place_partition_first;
    int place_partition_len;
    /* The rest of nthreads-var when a num_threads clause gave a list
     * (OpenMP 6.0): nthreads_next then indexes this list of
     * nthreads_list_len items, which lives in the team of the region that
     * clause created (and so outlives every task that can see it); NULL: the
     * list is glass_globals.nthreads_list (OMP_NUM_THREADS). */
    const unsigned *nthreads_list;
    unsigned nthreads_list_len;
};

/* Child data environment of a parallel region: lists advance one level. */
void glass_icvs_for_child(const struct glass_icvs *parent, struct glass_icvs *child);

#endif
