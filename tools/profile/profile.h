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

#define PROFILE_REGION_SLOTS 512
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

/* Writes the report of everything recorded so far to `out`. */
void profile_report(FILE *out);

/* Writes the same report as a self-contained HTML page to `path`: the text
 * report (`text`), an SVG timeline of the threads and per-region bars per thread.
 * Returns 0, or -1 when the file cannot be written. */
int profile_report_html(const char *path, const char *text);

#endif
