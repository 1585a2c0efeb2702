/* libglass-trace: an OMPT tool that records every event it can register into
 * per-thread buffers and, at the end, writes the run in the formats asked for
 * (formats.h): Perfetto's binary protobuf trace, an OTF2 archive (when built
 * with the OTF2 library), a Chrome/Perfetto JSON timeline. Written against the public <omp-tools.h> only,
 * so it loads into any OMPT runtime (Glass, LLVM's libomp).
 *
 * Recording (record.c) touches only the calling thread's buffer: no lock, no
 * allocation after a thread's first event. A full buffer is appended to the
 * thread's raw file in the output directory, so memory stays bounded and no
 * event is dropped. At finalize, timeline.c replays each thread's events into
 * nested intervals and hands them to the writers (perfetto_writer.c,
 * otf2_writer.c, json_writer.c). */
#ifndef GLASS_TRACE_H
#define GLASS_TRACE_H

#include <stddef.h>
#include <stdint.h>

/* What an event records; its fields' meaning depends on the type. */
enum trace_event_type {
    EV_THREAD_BEGIN = 1, /* kind: ompt_thread_t */
    EV_THREAD_END,
    EV_PARALLEL_BEGIN,   /* a: codeptr, extra: requested parallelism, kind: flags */
    EV_PARALLEL_END,     /* a: codeptr */
    EV_IMPLICIT_TASK,    /* endpoint; a: the region's codeptr, extra: index, kind: flags, b: parallelism */
    EV_WORK,             /* endpoint; kind: ompt_work_t, a: codeptr, b: count */
    EV_DISPATCH,         /* kind: ompt_dispatch_t, b: the chunk/section instance */
    EV_SYNC_REGION,      /* endpoint; kind: ompt_sync_region_t, a: codeptr */
    EV_SYNC_WAIT,        /* endpoint; kind: ompt_sync_region_t, a: codeptr */
    EV_MUTEX_ACQUIRE,    /* kind: ompt_mutex_t, a: codeptr, b: wait id */
    EV_MUTEX_ACQUIRED,   /* kind: ompt_mutex_t, a: codeptr, b: wait id */
    EV_MUTEX_RELEASED,   /* kind: ompt_mutex_t, a: codeptr, b: wait id */
    EV_NEST_LOCK,        /* endpoint; a: codeptr, b: wait id */
    EV_LOCK_INIT,        /* kind: ompt_mutex_t, a: codeptr, b: wait id */
    EV_LOCK_DESTROY,     /* kind: ompt_mutex_t, a: codeptr, b: wait id */
    EV_TASK_CREATE,      /* extra: flags, kind: has dependences, a: codeptr, b: the new task's id */
    EV_TASK_SCHEDULE,    /* kind: prior status, a: prior task id, b: next task id (0: not explicit) */
    EV_DEPENDENCES,      /* extra: number of dependences, b: task id */
    EV_TASK_DEPENDENCE,  /* a: source task id, b: sink task id */
    EV_MASKED,           /* endpoint; a: codeptr */
    EV_CANCEL,           /* extra: flags, a: codeptr */
    EV_REDUCTION,        /* endpoint; kind: ompt_sync_region_t, a: codeptr */
    EV_FLUSH,            /* a: codeptr */
    EV_TARGET,           /* endpoint; kind: ompt_target_t, extra: device, a: codeptr */
};

struct trace_event {
    uint64_t time; /* CLOCK_MONOTONIC, ns */
    uint8_t type;
    uint8_t endpoint; /* ompt_scope_begin / ompt_scope_end, where it applies */
    uint16_t kind;
    uint32_t extra;
    uint64_t a, b;
};

struct trace_thread {
    unsigned number; /* order of first event; 0 is the first thread seen */
    int tid;         /* the kernel's thread id */
    struct trace_event *events;
    size_t capacity;
    _Atomic size_t count; /* written by the owner only; read at finalize */
    int fd;               /* the raw file, opened at the first flush; -1 before */
    uint64_t flushed;     /* events already in the raw file */
    uint64_t next_task;   /* explicit task ids: (number + 1) << 40 | counter */
};

#define TRACE_MAX_THREADS 4096
extern struct trace_thread *trace_threads[TRACE_MAX_THREADS];
extern _Atomic unsigned trace_thread_count;
extern char trace_dir[4096]; /* where everything is written */
extern uint64_t trace_start;  /* when the tool started: before any event */

uint64_t trace_now(void);

/* Calls `visit` on each of thread t's events in order: the raw file first, then
 * what is still buffered. Returns -1 if the raw file could not be read. */
int trace_replay(struct trace_thread *t, void (*visit)(const struct trace_event *, void *), void *arg);

/* ---- the timeline (timeline.c) and its writers ---- */

enum trace_region_kind {
    R_PARALLEL, R_IMPLICIT_TASK, R_TASK, R_TASK_CREATE, R_SYNC, R_SYNC_WAIT, R_LOCK_WAIT, R_WORK,
    R_MASKED, R_REDUCTION, R_FLUSH, R_CANCEL, R_KIND_COUNT
};

/* A named region: one per kind, subkind (sync, work or mutex kind) and source
 * location (its name); ids are dense from 0. */
struct trace_region {
    unsigned id;
    enum trace_region_kind kind;
    int subkind;
    const void *codeptr;
    char name[320];     /* "parallel @ file.c:12 (main)" */
    const char *category; /* short class for the JSON "cat": "parallel", "barrier", ... */
};

struct trace_writer {
    void *state;
    void (*thread_begin)(void *state, unsigned thread);
    void (*enter)(void *state, unsigned thread, uint64_t time, const struct trace_region *region);
    void (*leave)(void *state, unsigned thread, uint64_t time, const struct trace_region *region, uint64_t entered);
    /* An explicit task was created (flow start) / first started (flow end). */
    void (*flow)(void *state, unsigned thread, uint64_t time, uint64_t task, int start);
    void (*thread_end)(void *state, unsigned thread);
};

/* Replays every thread into the writers. Returns the number of events read,
 * or -1 on a read error. */
long long trace_timeline(struct trace_writer *writers, int count);

/* Every region met so far, by id (valid after trace_timeline). */
extern struct trace_region **trace_regions;
extern unsigned trace_region_count;

/* The writers: open (NULL on failure, with a message), then their callbacks,
 * then close (0 on success). */
void *perfetto_writer_open(struct trace_writer *w, const char *path, int pid, int rank);
int perfetto_writer_close(void *state);
/* Only in a build with the OTF2 library (GLASS_TRACE_OTF2). */
void *otf2_writer_open(struct trace_writer *w, const char *dir);
int otf2_writer_close(void *state, uint64_t start, uint64_t end);
void *json_writer_open(struct trace_writer *w, const char *path, int pid, int rank);
int json_writer_close(void *state);

#endif
