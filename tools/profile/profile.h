/* libglass-profile: an OMPT tool that measures where each thread's time goes in
 * every parallel region. Written against the public <omp-tools.h> only, so it
 * loads into any OMPT runtime (Glass, LLVM's libomp) via OMP_TOOL_LIBRARIES.
 *
 * Each thread records into its own tables (no lock on the hot path); the tables
 * are merged once, at finalize, into the report. */
#ifndef GLASS_PROFILE_H
#define GLASS_PROFILE_H

#include <stdint.h>
#include <stdio.h>

#include <omp-tools.h>

#include "symbolize.h"

/* What a thread is doing; time is charged to the activity on top of its stack. */
enum profile_activity {
    ACT_IDLE,    /* a worker outside any parallel region: waiting for work */
    ACT_SERIAL,  /* the initial thread outside any parallel region */
    ACT_WORK,    /* in an implicit task, not waiting */
    ACT_BARRIER, /* in a barrier, taskwait or taskgroup wait */
    ACT_LOCK,    /* between mutex_acquire and mutex_acquired */
    ACT_TASK,    /* executing an explicit task */
    ACT_COUNT
};

/* One thread's share of one parallel region (codeptr) as thread `index` of its
 * team, summed over all the region's instances. */
struct region_slot {
    const void *codeptr; /* NULL: the slot is free */
    unsigned index;
    uint64_t calls;      /* counted by index 0, the encountering thread */
    uint64_t total_ns;   /* parallel_begin..parallel_end, index 0 only */
    unsigned max_threads;
    uint64_t ns[ACT_COUNT];
    uint64_t tasks_created, tasks_executed, task_max_ns;
};

/* One thread's waits on one lock, critical, ordered or atomic (by wait id). */
struct lock_slot {
    uint64_t wait_id;
    int used;
    int kind;                /* ompt_mutex_t */
    const void *codeptr;     /* where it was first waited for */
    uint64_t acquisitions, contended, wait_ns;
};

/* One thread's share of one target construct (codeptr, kind), summed over
 * its calls: host time is the construct's begin..end on the thread that
 * encountered it; kernels and copies are timed by their EMI callbacks. */
enum { TO_DEVICE, FROM_DEVICE };
struct target_slot {
    const void *codeptr; /* NULL: the slot is free */
    int kind;            /* ompt_target_t; 0: device memory routines outside any construct */
    int device;          /* the device of its last call */
    uint64_t calls, host_ns;
    uint64_t kernels, kernel_ns;
    uint64_t bytes[2], copies[2], copy_ns[2]; /* by direction: TO_DEVICE, FROM_DEVICE */
    uint64_t allocations, deletions;
};

/* One thread's copies of one map item (its host address) of one construct. */
struct map_slot {
    const void *codeptr; /* the construct's; NULL: the slot is free */
    const void *host;    /* the item's host address */
    uint64_t size;       /* its bytes in the map clause (0: no target_map named it) */
    unsigned item;       /* its place among the construct's map items, from 1 (0: not named) */
    unsigned flags;      /* ompt_target_map_flag_t, all it was mapped with */
    uint64_t bytes[2], copies[2];
};

#define PROFILE_REGION_SLOTS 512
#define PROFILE_TARGET_SLOTS 128
#define PROFILE_MAP_SLOTS 256
#define PROFILE_TARGET_NESTING 8
#define PROFILE_LOCK_SLOTS 256
#define PROFILE_STACK 64

struct profile_thread {
    unsigned number; /* order of first event, 0 = first thread seen */
    int initial;
    uint64_t now;    /* when the activity on top started */
    uint64_t ns[ACT_COUNT]; /* totals over the thread's life, any region */
    struct {
        enum profile_activity activity;
        struct region_slot *region; /* where its time goes; NULL outside regions */
        uint64_t started;           /* for tasks: their start, for the duration */
    } stack[PROFILE_STACK];
    int depth;
    int overflow; /* pushes beyond PROFILE_STACK, ignored but balanced */
    uint64_t parallel_start[PROFILE_STACK];
    int parallel_depth;
    struct region_slot outside; /* time and tasks outside any parallel region */
    struct region_slot regions[PROFILE_REGION_SLOTS];
    struct lock_slot locks[PROFILE_LOCK_SLOTS];
    uint64_t lock_wait_id, lock_wait_start;
    const void *lock_codeptr;
    int lock_kind;
    struct target_slot targets[PROFILE_TARGET_SLOTS];
    struct map_slot maps[PROFILE_MAP_SLOTS];
    struct {
        struct target_slot *slot;
        uint64_t start;
    } target_stack[PROFILE_TARGET_NESTING]; /* the constructs open on the thread */
    int target_depth;
    struct profile_segment *segments; /* NULL unless the timeline is kept */
    unsigned segment_count;
    uint64_t segments_dropped;
};

/* The timeline of `glass profile --html`: what a thread did when. Kept only
 * when an HTML report is wanted, at most PROFILE_SEGMENTS per thread (the rest
 * is counted, not kept). */
struct profile_segment {
    uint64_t start, end;
    enum profile_activity activity;
};
#define PROFILE_SEGMENTS 65536

#define PROFILE_MAX_THREADS 1024
extern struct profile_thread *profile_threads[PROFILE_MAX_THREADS];
extern unsigned profile_thread_count;
extern uint64_t profile_start_ns;
extern int profile_keep_timeline;

uint64_t profile_now(void);

/* The calling thread's record (made at its first event). */
struct profile_thread *profile_self(void);

/* Target constructs (target.c): registers the EMI target callbacks. */
void profile_target_register(ompt_set_callback_t set_callback);
/* The runtime's ompt_get_num_devices, or NULL: a construct whose device
 * number is not below it ran on the host. */
extern ompt_get_num_devices_t profile_num_devices;

/* The "Target regions" and "Map clauses" sections of the report (nothing
 * when the program met no target construct), and their HTML tables. */
void profile_report_targets(FILE *out);
void profile_html_targets(FILE *out);

/* Writes the report of everything recorded so far to `out`. */
void profile_report(FILE *out);

/* Writes the same report as a self-contained HTML page to `path`: the text
 * report (`text`), an SVG timeline of the threads and per-region bars per thread.
 * Returns 0, or -1 when the file cannot be written. */
int profile_report_html(const char *path, const char *text);

#endif
