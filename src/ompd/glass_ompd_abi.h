/* The contract between the runtime and libompd.so: what the runtime exports
 * for a debugger and how libompd finds its way through the runtime's memory
 * without including a private runtime header.
 *
 * The runtime (src/ompd-support/) exports two data symbols:
 * - glass_ompd_layout: a table, in read-only data without relocations, giving
 *   the size of each runtime structure libompd reads and the offset and width
 *   of each field, by name ("team.nthreads");
 * - glass_ompd_process: a record of fixed layout (below) filled at start-up,
 *   holding the addresses libompd starts from.
 * libompd reads both with the debugger's callbacks, refuses a table whose
 * magic or version it does not know, or that lacks a name it needs
 * (ompd_rc_incompatible). Adding names keeps the version; changing what a
 * name means changes it. */
#ifndef GLASS_OMPD_ABI_H
#define GLASS_OMPD_ABI_H

#include <stdint.h>

#define GLASS_OMPD_LAYOUT_MAGIC 0x59414c4453414c47ull /* "GLASLDAY" */
#define GLASS_OMPD_LAYOUT_VERSION 1u
#define GLASS_OMPD_PROCESS_MAGIC 0x434f525044504d4full /* "OMPDPROC" */

#define GLASS_OMPD_NAME_LEN 40

struct glass_ompd_layout_entry {
    char name[GLASS_OMPD_NAME_LEN]; /* "sizeof.team", "team.nthreads", ... */
    uint64_t offset;                /* of the field in its structure; 0 for sizeof.* */
    uint64_t size;                  /* bytes of the field, or of the structure */
};

struct glass_ompd_layout {
    uint64_t magic;
    uint64_t version;
    uint64_t count; /* entries that follow */
    struct glass_ompd_layout_entry entries[];
};

/* glass_ompd_process: every member is a target-sized uint64_t. */
struct glass_ompd_process {
    uint64_t magic;
    uint64_t version;      /* GLASS_OMPD_LAYOUT_VERSION */
    uint64_t enabled;      /* debug-var: 1 when OMP_DEBUG=enabled */
    uint64_t initialized;  /* 1 once the runtime has read its environment */
    uint64_t globals;      /* address of the runtime's struct glass_globals */
    uint64_t threads;      /* address of the first registered thread (linked by thread.ompd_next) */
    uint64_t display_vars; /* address of a NULL-terminated array of "NAME=value" strings */
    uint64_t version_string; /* address of the runtime's version string */
};

/* The structures, then the fields, libompd reads. X(struct, field). */
#define GLASS_OMPD_STRUCTS(X) X(thread) X(team) X(task) X(icvs) X(frame) X(globals) X(pointer)

#define GLASS_OMPD_FIELDS(X)                                                                            \
    X(thread, task) X(thread, team) X(thread, num) X(thread, state) X(thread, wait_id)                 \
    X(thread, tool_data) X(thread, pthread) X(thread, tid) X(thread, ompd_next) X(thread, initial_task) \
    X(thread, is_worker) X(thread, place)                                                               \
    X(team, nthreads) X(team, level) X(team, active_level) X(team, parent) X(team, parent_thread_num)   \
    X(team, encountering_task) X(team, child_icvs) X(team, proc_bind) X(team, entry) X(team, members)  \
    X(team, master_task) X(team, tool_data) X(team, league_size) X(team, league_num)                  \
    X(task, parent) X(task, team) X(task, icv) X(task, flags) X(task, thread_num) X(task, tool_data)   \
    X(task, frame) X(task, entry) X(task, scheduler) X(task, root) X(task, priority)                   \
    X(icvs, nthreads) X(icvs, nthreads_next) X(icvs, bind) X(icvs, bind_next) X(icvs, dynamic)         \
    X(icvs, run_sched) X(icvs, run_sched_chunk) X(icvs, thread_limit) X(icvs, max_active_levels)       \
    X(icvs, default_device) X(icvs, default_allocator) X(icvs, place_partition_first)                  \
    X(icvs, place_partition_len)                                                                        \
    X(frame, exit_frame) X(frame, enter_frame) X(frame, exit_frame_flags) X(frame, enter_frame_flags)  \
    X(globals, initial_icvs) X(globals, nthreads_list) X(globals, nthreads_list_len)                   \
    X(globals, bind_list) X(globals, bind_list_len) X(globals, stacksize) X(globals, wait_policy)       \
    X(globals, cancellation) X(globals, max_task_priority) X(globals, display_affinity)                 \
    X(globals, affinity_format) X(globals, num_teams) X(globals, teams_thread_limit) X(globals, debug)  \
    X(globals, num_procs) X(globals, target_offload)

/* Task frames: task.frame is the runtime's ompt_frame_t. An address flagged
 * a runtime frame is the frame pointer of the runtime function that called
 * the task's code, a function that keeps a standard x86-64 frame (so its
 * canonical frame address is 16 bytes up); one flagged an application frame
 * is the canonical frame address of the runtime entry point that the user's
 * code called (the calling user frame's lowest address). libompd reports
 * both as the frames they designate (handles.c, frame_info). */

/* Values libompd interprets (task.flags bits are ompt_task_flag_t). */
#define GLASS_OMPD_TASK_INITIAL 0x1u
#define GLASS_OMPD_TASK_IMPLICIT 0x2u
#define GLASS_OMPD_TASK_EXPLICIT 0x4u
#define GLASS_OMPD_TASK_FINAL 0x20000000u

#endif
