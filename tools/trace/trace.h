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
 * otf2_writer.c, json_writer.c).
 *
 * Devices: target constructs are slices of their host thread; each device's
 * kernels, transfers, allocations and deletions (devices.c: from its OMPT
 * trace records, else from the callbacks) become device tracks
 * (device_ops.c), written after the threads', each op linked to its
 * construct. */
#ifndef GLASS_TRACE_H
#define GLASS_TRACE_H

#include <stddef.h>
#include <stdio.h>
#include <stdint.h>

#include <omp-tools.h>

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
    EV_TARGET,           /* endpoint; kind: ompt_target_t, extra: device, a: codeptr, b: construct id */
    EV_DEVICE_OP,        /* endpoint; kind: ompt_target_data_op_t or TRACE_OP_KERNEL, extra: device,
                          * a: bytes (a kernel: requested teams), b: construct id. Recorded from the
                          * callbacks only for devices that are not traced (devices.c) */
};

/* EV_DEVICE_OP's kind for a kernel (target_submit): above every data op type. */
#define TRACE_OP_KERNEL 0x100

struct trace_event {
    uint64_t time; /* CLOCK_MONOTONIC, ns */
    uint8_t type;
    uint8_t endpoint; /* ompt_scope_begin / ompt_scope_end, where it applies */
    uint16_t kind;
    uint32_t extra;
    uint64_t a, b;
};

#define TRACE_TARGET_NESTING 8

struct trace_thread {
    unsigned number; /* order of first event; 0 is the first thread seen */
    int tid;         /* the kernel's thread id */
    struct trace_event *events;
    size_t capacity;
    _Atomic size_t count; /* written by the owner only; read at finalize */
    int fd;               /* the raw file, opened at the first flush; -1 before */
    uint64_t flushed;     /* events already in the raw file */
    uint64_t next_task;   /* explicit task ids: (number + 1) << 40 | counter */
    int target_device[TRACE_TARGET_NESTING]; /* the device of each target construct open on the thread */
    int target_depth;
};

#define TRACE_MAX_THREADS 4096
extern struct trace_thread *trace_threads[TRACE_MAX_THREADS];
extern _Atomic unsigned trace_thread_count;
extern char trace_dir[4096]; /* where everything is written */
/* The traced process (not the recovering one: spill.h): its pid, MPI rank
 * (-1: none) and name. */
extern int trace_pid, trace_rank;
extern char trace_program[256];
extern uint64_t trace_start;  /* when the tool started: before any event */

uint64_t trace_now(void);

/* Appends the thread's buffered events to its raw file and empties the buffer. */
void trace_flush(struct trace_thread *t);

/* Calls `visit` on each of thread t's events in order: the raw file first, then
 * what is still buffered. Returns -1 if the raw file could not be read. */
int trace_replay(struct trace_thread *t, void (*visit)(const struct trace_event *, void *), void *arg);

/* ---- the timeline (timeline.c) and its writers ---- */

enum trace_region_kind {
    R_PARALLEL, R_IMPLICIT_TASK, R_TASK, R_TASK_CREATE, R_SYNC, R_SYNC_WAIT, R_LOCK_WAIT, R_WORK,
    R_MASKED, R_REDUCTION, R_FLUSH, R_CANCEL,
    R_TARGET,    /* a target construct on the host thread; subkind: ompt_target_t */
    R_DEVICE_OP, /* on a device track; subkind: enum trace_op; codeptr: its construct's */
    R_KIND_COUNT
};

/* What a device did, as its track shows it. */
enum trace_op { OP_KERNEL, OP_TO_DEVICE, OP_FROM_DEVICE, OP_ALLOC, OP_DELETE, OP_ASSOCIATE, OP_DISASSOCIATE, OP_OTHER };

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

/* One lane of a device, as a track. */
struct trace_device_track {
    int device;
    unsigned lane;
    char name[96]; /* "device 0 (glass-host)", "device 0 (glass-host) #2" */
};

/* One operation of a device: a kernel, a transfer, an allocation or a
 * deletion, with the host target construct that caused it. */
struct trace_device_op {
    uint64_t start, end;   /* trace clock (CLOCK_MONOTONIC ns) */
    uint64_t bytes;        /* data ops */
    uint64_t construct;    /* the construct's id (the runtime's target_id where known), 0: unknown */
    uint64_t flow;         /* the construct's flow id; 0: none */
    const struct trace_region *region;    /* R_DEVICE_OP: what, and its construct's location */
    const struct trace_region *target;    /* the construct's R_TARGET region, NULL: unknown */
    enum trace_op what;
    int device;
    unsigned requested_teams, granted_teams; /* kernels; granted 0: not known */
    uint8_t measured_on_device; /* times from the device's trace records, not the callbacks */
    uint8_t flow_ends;          /* the construct's last op: it terminates the flow */
    uint8_t lane;
};

struct trace_writer {
    void *state;
    void (*thread_begin)(void *state, unsigned thread);
    void (*enter)(void *state, unsigned thread, uint64_t time, const struct trace_region *region);
    void (*leave)(void *state, unsigned thread, uint64_t time, const struct trace_region *region, uint64_t entered);
    /* An explicit task was created (flow start) / first started (flow end);
     * or, with `target` set, a target construct whose device work follows
     * (flow start; the device ops continue and end it: trace_device_op). */
    void (*flow)(void *state, unsigned thread, uint64_t time, uint64_t id, int start, int target);
    void (*thread_end)(void *state, unsigned thread);
    /* Device tracks, written after every thread's: one per lane of a device
     * (ops that overlap in time go to separate lanes, so each track's slices
     * nest). `track` counts device tracks from 0. */
    void (*device_track_begin)(void *state, unsigned track, const struct trace_device_track *device);
    void (*device_op)(void *state, unsigned track, const struct trace_device_op *op);
    void (*device_track_end)(void *state, unsigned track);
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

/* ---- devices (devices.c, device_ops.c) ---- */

#define TRACE_MAX_DEVICES 64

/* The device callbacks (device_initialize, device_finalize): tracing starts
 * on each device as it is initialized. */
void trace_devices_register(ompt_set_callback_t set_callback);
/* The size of the device trace buffers the tool hands out. */
void trace_devices_buffer(size_t bytes);
/* One line per device on `out`: where its times came from, and its buffers. */
void trace_devices_report(FILE *out);
/* EV_DEVICE_OP's kind as a trace_op. */
enum trace_op trace_op_of(int optype);
/* Whether device `device` hands the tool trace records (its ops then come
 * from them, not from the callbacks). */
int trace_device_traced(int device);
/* Whether a traced device has not been finalized yet (its last records may
 * still come). */
int trace_devices_pending(void);
/* The device's type ("glass-host"), or NULL. */
const char *trace_device_type(int device);

/* Adds one op to its device's list (any thread; locked). */
void trace_device_add(const struct trace_device_op *op);
/* Calls `visit` on every op of every device so far. */
void trace_devices_each(void (*visit)(struct trace_device_op *, void *), void *arg);
/* Sorts each device's ops by start, gives them lanes, names and flow roles
 * (from the constructs' table), and writes the device tracks. Returns the
 * number of ops written. */
long long trace_devices_write(struct trace_writer *writers, int count);

/* The target constructs met (timeline.c): by id, the construct's R_TARGET
 * region (NULL until its begin is replayed), its device ops and how many of
 * them were written so far. */
struct trace_construct {
    uint64_t id; /* 0: a free slot */
    const struct trace_region *region;
    unsigned ops, written;
};
struct trace_construct *trace_construct_of(uint64_t id, int add);

/* The flow id of a construct: apart from task ids. */
static inline uint64_t trace_target_flow(uint64_t construct)
{
    return construct ? (construct & 0x3fffffffffffffffull) | 0x4000000000000000ull : 0;
}

/* The named region of a kind, subkind and codeptr (timeline.c). */
const struct trace_region *trace_region_of(enum trace_region_kind kind, int subkind, const void *codeptr);

#endif
