/* A task: the implicit task of each thread in a team, the initial task, and (with
 * tasking) explicit tasks. Holds the data-environment ICVs and what OMPT and
 * OMPD read about the task. */
#ifndef GLASS_CORE_TASK_H
#define GLASS_CORE_TASK_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "../../ompt/hooks.h"
#include "../settings/icv.h"

struct glass_team;
struct glass_taskgroup;
struct glass_depend_map;
struct glass_depend_node;

/* Values of ompt_task_flag_t, so OMPT reports them unchanged. */
enum glass_task_flag {
    GLASS_TASK_INITIAL = 0x1,
    GLASS_TASK_IMPLICIT = 0x2,
    GLASS_TASK_EXPLICIT = 0x4,
    GLASS_TASK_TARGET = 0x8,
    GLASS_TASK_TASKWAIT = 0x10, /* the task of a taskwait with depend clauses */
    GLASS_TASK_UNDEFERRED = 0x08000000,
    GLASS_TASK_UNTIED = 0x10000000,
    GLASS_TASK_FINAL = 0x20000000,
    GLASS_TASK_MERGEABLE = 0x40000000,
    GLASS_TASK_MERGED = (int)0x80000000u,
};

/* Line-aligned wherever it lives (a worker's implicit task is on its stack,
 * the master's inside the team), so that the layout below decides what shares
 * a line: completing children write their parent's `kids`, and that line must
 * not hold what the parent reads and writes as it creates them. */
struct glass_task {
    _Alignas(64) struct glass_task *parent; /* generating task; for an implicit task the encountering task */
    struct glass_team *team;    /* team the task binds to */
    struct glass_icvs icv;
    unsigned flags;             /* enum glass_task_flag */
    unsigned thread_num;        /* number of the executing thread in `team` */
    unsigned long ws_count;     /* worksharing constructs this implicit task has met */
    unsigned long single_count; /* single constructs this implicit task has met */
    glass_tool_data tool_data;  /* ompt_data_t of the task */
    struct glass_frame frame;   /* ompt_frame_t of the task */
    /* Identifies the task as the owner of locks (lock.c); 0 until the task first
     * takes a lock. Whoever reuses task memory must reset it to 0. */
    uint32_t lock_owner_id;
    /* A single region of GCC's (GOMP_single_start) this implicit task runs
     * and whose end a tool has not been told yet (single.c): gcc calls
     * nothing at the end of the block, so the end is reported at the task's
     * next barrier, worksharing construct or region end. */
    bool single_open;

    /* Worksharing (workshare.c, loop*.c): the construct this implicit task is
     * in (valid once ws_count > 0) and its own progress through it. */
    struct glass_ws *ws;
    unsigned long long ws_static_trip; /* static schedule: chunks taken so far */
    unsigned long long ws_chunk_lo;    /* current chunk, logical iterations [lo, hi) */
    unsigned long long ws_chunk_hi;
    /* Ordered loop: the chunk's iterations that may still run their ordered
     * region while the chunk holds the turn; 0 once the turn is handed on,
     * and outside ordered loops. */
    unsigned long long ws_ordered_left;

    /* Tasking (task*.c, depend.c, taskgroup.c). An implicit or initial task
     * uses only `kids`, `taskgroup`, `depend_map` and `ws_reduction_seq`,
     * and is valid with them all zero. glass_task_new sets up explicit tasks
     * field by field (zeroing the whole task costs more than the rest of
     * creating it): a field an explicit task needs at 0 needs a line there. */
    void (*fn)(void *);                  /* body of an explicit task */
    void *fn_data;                       /* its argument block */
    void (*discard)(void *);             /* instead of fn when discarded unstarted (may be NULL) */
    _Atomic uint64_t kids;               /* children not completed / not freed (task.c) */
    unsigned kids_credits;               /* children counted in `kids` ahead of creation (task.c) */
    _Atomic unsigned char detach;        /* enum glass_detach_state bits; 0: no detach clause */
    bool included;                       /* executed at once by the encountering thread */
    bool counted;                        /* in its parent's, taskgroup's and team's counts */
    bool cut_short;                      /* explicit: left its region at a cancel or cancellation point */
    int priority;                        /* priority clause, clamped to max-task-priority-var */
    unsigned depth;                      /* explicit: generations below `root` */
    struct glass_task *parent_block;     /* explicit: the parent when explicit too, else NULL */
    struct glass_task *root;             /* explicit: the implicit task it descends from */
    struct glass_taskgroup *taskgroup;   /* innermost taskgroup: the task's own, else the one it is in */
    struct glass_depend_map *depend_map; /* dependences among the task's children */
    struct glass_depend_node *depend;    /* explicit: the task's own dependences, or NULL */
    void *args_heap;                     /* argument block allocated apart from the task */
    unsigned long queue_seq;             /* order of arrival in the team's shared queue */
    unsigned long ws_reduction_seq;      /* implicit: worksharing task reductions met */
    size_t arg_size;                     /* explicit: bytes of the argument block (ompt_get_task_memory) */
    /* For debuggers (OMPD): the task the executing thread suspended to run this
     * explicit task (its scheduling task), and the user code the task runs
     * (fn may be an ABI trampoline). */
    struct glass_task *scheduler;
    const void *entry;
    /* Explicit: the chunk of a taskloop the task runs, in logical iterations,
     * for OMPT's taskloop_chunk dispatch (iterations 0: not a taskloop's). */
    struct glass_dispatch_chunk taskloop_chunk;
    const void *single_codeptr; /* the open single's call site */
    /* ompt_data_t of the task for the second and later tools (hooks.h). */
    glass_tool_data later_tools_data[GLASS_OMPT_MAX_TOOLS - 1];
};

#endif
