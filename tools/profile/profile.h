/* libglass-profile: an OMPT tool that measures where each thread's time goes in
 * every parallel region. Written against the public <omp-tools.h> only, so it
 * loads into any OMPT runtime (Glass, LLVM's libomp) via OMP_TOOL_LIBRARIES.
 *
 * Each thread records into its own tables (no lock on the hot path): per
 * region and thread index, the time in each activity and category; per
 * construct of a region (a line of its breakdown), the time inside it. What
 * only a whole team knows (late start, the join) goes through the region
 * instance's shared record (instance.c). The tables are merged once, at
 * finalize, into the report (report.c) and the page (html.c); replay.c feeds
 * the same callbacks a trace's events instead of a live runtime's. */
#ifndef GLASS_PROFILE_H
#define GLASS_PROFILE_H

#include <stdint.h>
#include <stdio.h>

#include <omp-tools.h>

#include "symbolize.h"

/* What a thread is doing, as the timeline colours it; time is charged to the
 * activity on top of its stack. */
enum profile_activity {
    ACT_IDLE,    /* a worker outside any parallel region: waiting for work */
    ACT_SERIAL,  /* the initial thread outside any parallel region */
    ACT_WORK,    /* in an implicit task, not waiting */
    ACT_BARRIER, /* in a barrier, taskwait or taskgroup wait */
    ACT_LOCK,    /* between mutex_acquire and mutex_acquired */
    ACT_TASK,    /* executing an explicit task */
    ACT_COUNT
};

/* Where a region's thread time goes, in the categories of the report (each
 * defined in report.c's definitions, printed with every report). */
enum profile_category {
    CAT_WORK,       /* the implicit task, outside every wait below */
    CAT_TASKS,      /* explicit task bodies */
    CAT_IMBALANCE,  /* waiting in barriers for the other threads */
    CAT_LATE_START, /* a worker not yet started after the master; the first barrier's wait this explains */
    CAT_LOCK,       /* waiting for locks, critical and ordered */
    CAT_ATOMIC,     /* waiting for atomic updates the runtime does with a lock */
    CAT_REDUCTION,  /* reductions' combining, where the runtime reports it */
    CAT_TASK_WAIT,  /* waiting in taskwait and taskgroup for child tasks */
    CAT_SCHEDULING, /* between two tasks a thread ran back to back inside a wait */
    CAT_CREATION,   /* fork and join: the master in the runtime at the region's start and end */
    CAT_COUNT
};

/* What a line of a region's breakdown is. */
enum construct_kind {
    K_LOOP, K_SECTIONS, K_SINGLE, K_SINGLE_OTHER, K_WORKSHARE, K_DISTRIBUTE, K_TASKLOOP, K_SCOPE, K_MASKED,
    K_BARRIER_PARALLEL,  /* the implicit barrier at the end of a parallel region */
    K_BARRIER_WORKSHARE, /* the implicit barrier of a worksharing construct */
    K_BARRIER_IMPLICIT,  /* an implicit barrier the runtime does not say more of */
    K_BARRIER_EXPLICIT,
    K_BARRIER_RUNTIME,   /* one the implementation adds */
    K_TASKWAIT, K_TASKGROUP, K_REDUCTION,
    K_TASK,              /* explicit tasks, by the task construct that created them */
    K_CRITICAL, K_LOCK, K_ATOMIC, K_ORDERED,
    K_COUNT
};

/* One thread's share of one parallel region (codeptr) as thread `index` of its
 * team, summed over all the region's instances. */
struct region_slot {
    const void *codeptr; /* NULL: the slot is free */
    unsigned index;
    uint64_t calls;      /* counted by index 0, the encountering thread */
    uint64_t total_ns;   /* parallel_begin..parallel_end, index 0 only */
    uint64_t team_ns;    /* (parallel_end - parallel_begin) x team size, by whoever closed the instance */
    unsigned max_threads;
    uint64_t ns[ACT_COUNT];
    uint64_t category[CAT_COUNT];
    uint64_t late_waits; /* of the barrier waits (CAT_IMBALANCE), the share moved to CAT_LATE_START */
    uint64_t join_waits; /* and the share moved to CAT_CREATION (the join) */
    uint64_t tasks_created, tasks_executed, task_max_ns;
};

/* One thread's share of one construct of one region: a line of the region's
 * breakdown. Time is the thread's time inside it, nested constructs apart
 * (for a barrier or a lock: its wait). */
struct construct_slot {
    const void *codeptr; /* NULL: the slot is free */
    const void *region;  /* the enclosing parallel region's codeptr, (void *)1: none */
    unsigned kind;       /* enum construct_kind */
    unsigned index;      /* the thread's number in the team */
    uint64_t wait_id;    /* locks and critical: the first lock waited for here */
    uint64_t calls, ns, max_ns;
    uint64_t late_waits; /* barriers: the share of ns charged to late start */
    uint64_t join_waits; /* barriers: the share of ns charged to the join */
    uint64_t created;    /* task constructs: tasks created here */
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
#define PROFILE_CONSTRUCT_SLOTS 1024

/* One parallel region's instance, shared by its team: made at
 * parallel_begin, each implicit task adds what the late-start and
 * fork/join figures need, and the last of the team to leave (instance.c)
 * turns them into categories. */
struct profile_member {
    uint64_t start;         /* the implicit task's begin */
    uint64_t busy_first;    /* its work and task time before its first barrier */
    uint64_t wait_first;    /* its wait in that barrier */
    struct construct_slot *barrier; /* that barrier's line in the member's table: only the
                                     * instance's last holder writes its late_waits */
    int seen, reached;      /* it began; it reached a barrier */
    uint64_t final_arrival; /* its last wait in an implicit barrier: the region's end barrier */
    uint64_t final_wait;
    struct construct_slot *final_barrier;
    uint64_t end;           /* the implicit task's end */
};
struct profile_instance {
    _Atomic unsigned refs;  /* the region itself and each implicit task still open */
    const void *codeptr;
    uint64_t begin, end;    /* parallel_begin and parallel_end on the encountering thread */
    uint64_t master_end;    /* the master's implicit task end */
    unsigned capacity;
    _Atomic unsigned threads; /* the team's size, as its implicit tasks report it */
    struct profile_member member[];
};

/* What a thread's open implicit task has done so far (one per nesting level). */
struct profile_task_level {
    struct profile_instance *instance;
    unsigned index;
    uint64_t busy;          /* work and task time so far */
    struct profile_member mine;
};

/* A thread's timeline, downsampled: PROFILE_BUCKETS buckets of equal width
 * from the profile's start; when the run outgrows them, each two neighbours
 * become one and the width doubles (timeline.c). The whole run is kept. */
#define PROFILE_BUCKETS 2048
struct profile_timeline {
    uint64_t width; /* ns per bucket: a power of two */
    uint64_t ns[PROFILE_BUCKETS][ACT_COUNT];
    /* The parallel region (its number in profile_region_names) most of each
     * bucket's time went to, by a majority vote. */
    uint16_t region[PROFILE_BUCKETS];
    int64_t region_votes[PROFILE_BUCKETS];
    uint64_t device_ns[PROFILE_BUCKETS]; /* device work this thread started: kernels and copies */
};

struct profile_thread {
    unsigned number; /* order of first event, 0 = first thread seen */
    int initial;
    uint64_t now;    /* when the activity on top started */
    uint64_t ns[ACT_COUNT]; /* totals over the thread's life, any region */
    struct {
        enum profile_activity activity;
        enum profile_category category;
        struct region_slot *region;       /* where its time goes; NULL outside regions */
        struct construct_slot *construct; /* the breakdown line it goes to; NULL: the region's body */
        uint64_t started;                 /* for tasks: their start, for the duration */
    } stack[PROFILE_STACK];
    int depth;
    int overflow; /* pushes beyond PROFILE_STACK, ignored but balanced */
    struct profile_instance *parallel[PROFILE_STACK]; /* the regions this thread began, still open */
    int parallel_depth;
    struct profile_task_level levels[PROFILE_STACK]; /* its implicit tasks, innermost last */
    int level_depth;
    int after_task; /* a task just ended inside the wait on top: the next task's start is scheduling */
    struct construct_slot constructs[PROFILE_CONSTRUCT_SLOTS];
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
    struct profile_timeline *timeline; /* NULL unless an HTML report is wanted */
    unsigned timeline_region;          /* the outermost parallel region it is in, by its timeline number */
};

#define PROFILE_MAX_THREADS 1024
extern struct profile_thread *profile_threads[PROFILE_MAX_THREADS];
extern unsigned profile_thread_count;
extern uint64_t profile_start_ns;
extern int profile_keep_timeline;

uint64_t profile_now(void);

/* The runtime's version string, as ompt_start_tool was given it. */
extern char profile_runtime_version[128];

/* ---- instance.c: a region's instances and the figures its team shares ---- */
struct profile_instance *profile_instance_new(const void *codeptr, unsigned requested, uint64_t begin);
/* Drops one reference; the last one folds the instance into the calling
 * thread's tables (late start, fork/join, the team's time) and frees it. */
void profile_instance_release(struct profile_thread *t, struct profile_instance *instance);
struct region_slot *profile_region_slot(struct profile_thread *t, const void *codeptr, unsigned index);
struct construct_slot *profile_construct_slot(struct profile_thread *t, const void *region, unsigned kind,
                                              const void *codeptr, unsigned index);

/* ---- timeline.c ---- */
/* Adds [from, to) spent on `activity` (inside the parallel region numbered
 * `region`, 0: none) to the thread's timeline. */
void profile_timeline_add(struct profile_thread *t, enum profile_activity activity, unsigned region, uint64_t from,
                          uint64_t to);
/* The number the timelines give a parallel region's codeptr (from 1). */
unsigned profile_timeline_number(const void *codeptr);
/* Device work started by the thread: [from, to). */
void profile_timeline_device(struct profile_thread *t, uint64_t from, uint64_t to);
/* The activity time of [from, to) in the thread's timeline, into ns[]; the
 * device time into *device; the number of the region that held most of it (0: none). */
unsigned profile_timeline_read(const struct profile_thread *t, uint64_t from, uint64_t to, uint64_t ns[ACT_COUNT],
                                  uint64_t *device);
/* The parallel regions the timelines name, by number (1..count; 0 is none). */
const void *profile_timeline_region(unsigned number);
unsigned profile_timeline_region_count(void);

/* ---- machine.c: whether threads had a CPU each ---- */
void profile_machine_start(void);
/* Writes the "Machine:" lines: CPUs the process may use, threads, load,
 * involuntary switches; says when the machine was oversubscribed. */
void profile_machine_report(FILE *out, unsigned threads, int html);

/* ---- names.c: one name per call site ---- */
/* Every codeptr the report will name is added first, so that call sites
 * that would share a name are told apart. */
void profile_names_add(const void *codeptr);
/* The name of a codeptr among all the profile names: "file.c:12 (f)",
 * with the column or discriminator, and then the call site's number, when
 * another codeptr would have the same name. Valid until profile_names_end. */
const char *profile_name(const void *codeptr);
void profile_names_end(void);

/* The program's command line, from /proc/self/cmdline, quoted as a shell would read it. */
const char *profile_command_line(void);

/* The calling thread's record (made at its first event). */
struct profile_thread *profile_self(void);

/* Target constructs (target_tables.c): registers the EMI target callbacks. */
void profile_target_register(ompt_set_callback_t set_callback);
/* The runtime's ompt_get_num_devices, or NULL: a construct whose device
 * number is not below it ran on the host. */
extern ompt_get_num_devices_t profile_num_devices;

/* The "Target regions" and "Map clauses" sections of the report (nothing
 * when the program met no target construct), and their HTML tables. */
void profile_report_targets(FILE *out);
void profile_html_targets(FILE *out);

/* Writes the text report to the file `path` (NULL: `fallback`) and, with
 * `html`, the page too. Returns 0, or -1 when a file could not be written. */
int profile_write_reports(const char *path, FILE *fallback, const char *html);

/* ---- replay.c: the profile of a trace's events (`glass report DIR`) ---- */
/* The callbacks, fed by the replay as a runtime would call them. */
struct profile_callbacks {
    ompt_callback_thread_begin_t thread_begin;
    ompt_callback_thread_end_t thread_end;
    ompt_callback_parallel_begin_t parallel_begin;
    ompt_callback_parallel_end_t parallel_end;
    ompt_callback_implicit_task_t implicit_task;
    ompt_callback_work_t work;
    ompt_callback_masked_t masked;
    ompt_callback_sync_region_t sync_region_wait, reduction;
    ompt_callback_mutex_acquire_t mutex_acquire;
    ompt_callback_mutex_t mutex_acquired;
    ompt_callback_nest_lock_t nest_lock;
    ompt_callback_task_create_t task_create;
    ompt_callback_task_schedule_t task_schedule;
};
extern const struct profile_callbacks profile_callbacks;
/* Nonzero during a replay: the time of the event being replayed. */
extern uint64_t profile_replay_clock;
/* Makes the replayed thread `number` the caller's record (made, in number
 * order, if it is new). */
void profile_replay_select(unsigned number);
/* Charges every thread up to the clock, at the replay's end. */
void profile_replay_finish(void);
/* What the run itself would have said of itself: set by the replay. */
extern int profile_pid;
void profile_set_command_line(const char *command);
void profile_machine_recorded(int cpus, double load, long involuntary);

/* Writes the report of everything recorded so far to `out`. */
void profile_report(FILE *out);

/* Writes the same report as a self-contained HTML page to `path`: the text
 * report (`text`), an SVG timeline of the threads, the regions and the devices,
 * and per-region bars per thread scaled to the region's time.
 * Returns 0, or -1 when the file cannot be written. */
int profile_report_html(const char *path, const char *text);

#endif
